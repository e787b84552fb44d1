"""The browser twin in a real browser: headless Chromium (Debian's chromium, chromium-driver) and
selenium, the page served by `maze32 web serve`, the games played in MicroPython's webassembly port
with keys typed into the page. Skipped, with one line saying why, where there is no Chromium."""
import json
import os
import re
import tempfile
from pathlib import Path

import pytest

import browser
from support import maze32
from terminals import route

REASON = browser.missing()
if REASON:
    pytest.skip("browser tests: " + REASON, allow_module_level=True)

pytestmark = pytest.mark.slow
SEED, SIZE = 7, 16          # a 16x16 Duel: a short route, the slowest bot far behind


@pytest.fixture(scope="module")
def url():
    with browser.served() as address:
        yield address


@pytest.fixture(scope="module")
def driver():
    with browser.chromium() as d:
        yield d


def level(seed=SEED, size=SIZE):
    # The twin's word on a Duel level: maze32 code's code and link, maze32 validate's hash.
    doc = json.loads(maze32("code", "--seed", str(seed), "--size", "%dx%d" % (size, size), "--json").stdout)
    checked = json.loads(maze32("validate", "--code", doc["code"], "--json").stdout)
    return doc["code"], checked["hash"]


def screenshot(driver, name):
    # A PNG for a person to look at: $MAZE32_SCREENSHOTS, else maze32-screenshots in the temp folder.
    folder = Path(os.environ.get("MAZE32_SCREENSHOTS") or Path(tempfile.gettempdir()) / "maze32-screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    assert driver.save_screenshot(str(path))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    print("screenshot:", path)
    return path


def test_the_page_loads_from_web_serve_and_opens_on_its_menu(driver, url):
    s = browser.open_page(driver, url)
    assert "maze32 in the browser" in s["text"]
    for line in ("1  Duel vs bot (32x32)", "2  Deeper", "3  Explore"):
        assert line in s["text"]
    assert s["link"] == "" and s["hash"] == ""
    # The frame loop runs: frames are drawn and the game's ticks go on, while the page answers.
    later = browser.wait_for(driver, lambda t: t["frames"] >= s["frames"] + 10 and t["ticks"] > s["ticks"])
    assert later["frames"] > s["frames"]


def test_a_level_link_shows_the_maze_whose_hash_is_the_twins(driver, url):
    code, expected = level()
    browser.open_page(driver, url + "#code=" + code)
    # on a page already open only the fragment changes: its hashchange opens the level a frame later
    s = browser.wait_for(driver, lambda t: t["text"].startswith("maze32 duel"), 20, "the level")
    header = s["text"].splitlines()[0]
    assert header.startswith("maze32 duel  code %s  seed %d  %dx%d" % (code, SEED, SIZE, SIZE)), header
    assert s["hash"] == expected
    assert s["link"] == url + "#code=" + code
    assert "press a key to start" in s["text"]


def test_a_bad_level_link_says_what_is_wrong_on_the_menu(driver, url):
    driver.get("about:blank")
    s = browser.open_page(driver, url + "#code=1SG0-0000-7RBJX")
    assert "maze32 in the browser" in s["text"]
    assert "level link: level code: hash differs for seed 7" in " ".join(s["text"].split()), s["text"]


def test_keys_move_the_player_and_a_game_ends_on_its_end_screen_with_the_link(driver, url):
    code, _ = level()
    driver.get("about:blank")
    browser.open_page(driver, url + "#code=" + code)
    steps = route(SEED, SIZE)
    browser.press(driver, "x")                                      # past the start screen
    browser.press(driver, browser.ARROWS[steps[0]])
    s = browser.wait_for(driver, lambda t: "steps 1 " in t["text"], 10, "the first step")
    assert "steps 1 " in s["text"]
    screenshot(driver, "web-duel-playing.png")
    browser.press(driver, *[browser.ARROWS[d] for d in steps[1:]])
    s = browser.wait_for(driver, lambda t: "level link" in t["text"], 20, "the end screen")
    text = s["text"]
    assert "you win!" in text
    assert "steps       %d   shortest route %d (+0)" % (len(steps), len(steps)) in text
    assert "level link  %s#code=%s" % (url, code) in text
    screenshot(driver, "web-duel-end.png")
    browser.press(driver, "r")                                      # r: the same maze again
    s = browser.wait_for(driver, lambda t: "press a key to start" in t["text"], 10, "the replay")
    assert code in s["text"].splitlines()[0]


def test_help_shows_over_the_game_and_goes_away(driver, url):
    driver.get("about:blank")
    browser.open_page(driver, url + "#mode=deeper&seed=3")
    browser.press(driver, "x", "ARROW_RIGHT")
    browser.wait_for(driver, lambda t: "deeper  depth 1" in t["text"], 10, "Deeper's status line")
    browser.press(driver, "?")
    s = browser.wait_for(driver, lambda t: "any key goes back to the game" in t["text"], 10, "the help")
    assert "maze32 deeper  seed 3" in s["text"]
    browser.press(driver, "x")
    browser.wait_for(driver, lambda t: "deeper  depth 1" in t["text"], 10, "the game again")


def test_explore_walks_a_world_made_in_the_page(driver, url):
    driver.get("about:blank")
    browser.open_page(driver, url + "#mode=explore&seed=7")
    browser.press(driver, "x", "ARROW_RIGHT")
    s = browser.wait_for(driver, lambda t: "explore  depth 1 (surface)" in t["text"], 20, "Explore's status line")
    assert s["text"].splitlines()[0].startswith("maze32 explore  world 7-")
    assert s["link"] == url + "#mode=explore&seed=7"


def test_a_resized_window_redraws_the_game_at_its_new_size(driver, url):
    code, _ = level()
    driver.get("about:blank")
    browser.open_page(driver, url + "#code=" + code)
    try:
        for width, height in ((1400, 900), (1401, 900)):          # a new grid; the same grid, redrawn
            driver.set_window_size(width, height)
            s = browser.wait_for(driver, lambda t: t["text"].startswith("maze32 duel  code " + code), 10,
                                 "the redrawn start screen")
            assert "press a key to start" in s["text"]
            pixels = driver.execute_script(
                "const c = document.getElementById('screen'), d = c.getContext('2d')"
                ".getImageData(0, 0, c.width, Math.min(c.height, 40)).data;"
                "let n = 0; for (let i = 0; i < d.length; i += 4) n += d[i] > 100; return n")
            assert pixels > 200                                    # the header's letters are drawn
    finally:
        driver.set_window_size(1100, 700)


# -- records in the browser's storage, ghost races --------------------------------------------------
RECORDS_KEY = "maze32-records"


@pytest.fixture(scope="module")
def won(driver, url):
    # A Duel won on a page whose storage was empty: the end screen's state (text, ghost).
    code, _ = level()
    driver.get("about:blank")
    browser.open_page(driver, url)
    driver.execute_script("localStorage.clear()")
    driver.get("about:blank")
    browser.open_page(driver, url + "#code=" + code)
    browser.press(driver, "x", *[browser.ARROWS[d] for d in route(SEED, SIZE)])
    s = browser.wait_for(driver, lambda t: "level link" in t["text"] and t["ghost"], 20, "the end screen")
    assert "first Duel record for level code %s: time" % code in " ".join(s["text"].split())
    s["code"] = code
    s["time"] = [x.split()[1] for x in s["text"].splitlines() if x.strip().startswith("time ")][0]
    s["stored"] = driver.execute_script("return localStorage.getItem(arguments[0])", RECORDS_KEY)
    s["shot"] = screenshot(driver, "web-duel-ghost-end.png")
    return s


def records_screen(driver, url):
    driver.get("about:blank")
    browser.open_page(driver, url)
    browser.press(driver, "t")
    return browser.wait_for(driver, lambda t: "maze32 records" in t["text"], 10, "the records screen")


def test_records_survive_a_reload_and_show_on_the_records_screen(driver, url, won):
    assert won["stored"].startswith("maze32-records/1\nduel %s " % won["code"])
    s = records_screen(driver, url)                    # a page loaded afresh: t on its menu
    assert "kept in this browser's storage (localStorage maze32-records)" in s["text"]
    assert "%s  time %s, steps 46" % (won["code"], won["time"]) in s["text"]
    screenshot(driver, "web-records.png")
    browser.press(driver, "x")
    browser.wait_for(driver, lambda t: "maze32 in the browser" in t["text"], 10, "the menu again")


def test_a_damaged_stored_value_is_refused_counted_and_said(driver, url, won):
    from maze32_game import records
    good = records.line_of("deeper", "7", [4])
    damaged = records.line_of("deeper", "8", [9]).replace(" 9 ", " 99 ")
    driver.execute_script("localStorage.setItem(arguments[0], arguments[1])", RECORDS_KEY,
                          "maze32-records/1\n%s\n%s\n" % (good, damaged))
    try:
        s = records_screen(driver, url)
        assert s["recordsNote"] == "stored records: 1 line ignored (damaged)"
        assert "stored records: 1 line ignored (damaged)" in s["text"]
        assert "  7                depth 4" in s["text"] and "depth 99" not in s["text"]
        status = driver.find_element("id", "status")
        assert status.text == "stored records: 1 line ignored (damaged)" and "error" in status.get_attribute("class")
        # A value far bigger than records ever are: refused whole (handed to the port cut), said.
        driver.execute_script("localStorage.setItem(arguments[0], 'maze32-records/1\\n' + 'x'.repeat(4000000))",
                              RECORDS_KEY)
        s = records_screen(driver, url)
        assert s["recordsNote"].startswith("the records in this browser's storage") and \
            "is over 16384 bytes (ignored)" in s["recordsNote"]
        assert "none yet" in s["text"]
    finally:
        driver.execute_script("localStorage.setItem(arguments[0], arguments[1])", RECORDS_KEY, won["stored"])


def test_a_won_duels_ghost_shows_below_the_screen_and_its_link_races_it(driver, url, won):
    text = won["ghost"]
    assert text.startswith("maze32-ghost:") and len(text) < 200
    assert "your run's ghost: below the screen" in " ".join(won["text"].split())
    # (the fixture's page is gone: open a fresh one with the link the bar gives)
    link = url + "#ghost=" + text
    driver.get("about:blank")
    s = browser.open_page(driver, link)
    header = s["text"].splitlines()[0]
    assert header.startswith("maze32 duel  code %s  seed %d  %dx%d  ghost run %s"
                             % (won["code"], SEED, SIZE, SIZE, won["time"])), header
    assert s["link"] == link
    # One move (both clocks start), then standing on my start: the ghost's exit is beside it, so the
    # race's last frame (it stays a second) shows the ghost there, out first, for the screenshot.
    steps = route(SEED, SIZE)
    browser.press(driver, "x", browser.ARROWS[steps[0]])
    browser.wait_for(driver, lambda t: "the ghost got out first" in t["text"], 10, "the ghost's last frame")
    screenshot(driver, "web-ghost-race.png")
    s = browser.wait_for(driver, lambda t: "the ghost got out first" in t["text"] and "level link" in t["text"], 20,
                         "the end screen of the ghost's win")
    assert "  time        %s" % won["time"] in s["text"]            # frame for frame: on the run's own frame
    assert "ghost       a %s run, 46 steps, out" % won["time"] in s["text"]
    assert s["ghost"] == ""
    assert not driver.find_element("id", "ghost").is_displayed()


def test_the_ghost_bar_holds_the_text_and_a_paste_at_c_races_it(driver, url, won):
    driver.get("about:blank")
    browser.open_page(driver, url)
    browser.press(driver, "c")
    browser.wait_for(driver, lambda t: "level code or ghost (paste it)" in t["text"], 10, "the entry")
    driver.execute_script("const d = new DataTransfer(); d.setData('text/plain', arguments[0]);"
                          "document.body.dispatchEvent(new ClipboardEvent('paste', {clipboardData: d, bubbles: true}))",
                          won["ghost"])
    browser.press(driver, "ENTER")
    s = browser.wait_for(driver, lambda t: "ghost run" in t["text"].splitlines()[0], 10, "the race")
    assert s["link"] == url + "#ghost=" + won["ghost"]


def test_a_bad_ghost_link_says_why(driver, url, won):
    text = won["ghost"]
    changed = text[:-6] + ("0" if text[-6] != "0" else "1") + text[-5:]
    driver.get("about:blank")
    s = browser.open_page(driver, url + "#ghost=" + changed)
    assert "maze32 in the browser" in s["text"]
    words = "ghost link: its checksum does not match (the text was cut or changed)"
    assert words in " ".join(s["text"].split())
    assert driver.find_element("id", "status").text == words
    # A link far longer than any ghost's: refused as too long (the page hands its Python the start).
    driver.get("about:blank")
    s = browser.open_page(driver, url + "#ghost=maze32-ghost:" + "0" * 200000)
    assert "ghost link: too long (" in driver.find_element("id", "status").text
    assert "maze32 in the browser" in s["text"]
