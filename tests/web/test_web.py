"""maze32 web without a browser: what the page holds, the server's answers and one-line errors, the
level links of maze32 code and of the end screens, and the page's Python (host/webtwin/maze32_web.py)
stepped frame by frame on CPython as the page's frame loop steps it."""
import json
import socket
import subprocess
import urllib.request

import pytest

import browser
from host import web
from maze32_game import games
from maze32_game import links
from maze32_game import term
from support import MAZE32, maze32, one_line_error
from terminals import route



@pytest.fixture(scope="module")
def page(tmp_path_factory):
    out = tmp_path_factory.mktemp("page") / "site"
    proc = maze32("web", "build", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    return out


def test_build_writes_the_page_the_port_and_the_modules_in_one_blob(page):
    names = sorted(p.name for p in page.iterdir())
    assert names == ["canvas.js", "index.html", "lib.bin", "lib.json", "micropython.mjs", "micropython.wasm",
                     "twin.js"]
    table = json.loads((page / "lib.json").read_text())["files"]
    blob = (page / "lib.bin").read_bytes()
    # The table covers the blob exactly, each file a .mpy (bytecode: its header's arch bits zero).
    spans = sorted(table.values())
    assert spans[0][0] == 0 and sum(n for _, n in spans) == len(blob)
    assert all(a + n == b for (a, n), (b, _) in zip(spans, spans[1:]))
    for name, (offset, length) in table.items():
        assert name.endswith(".mpy") and blob[offset] == ord("M") and blob[offset + 2] >> 2 == 0, name
    for module in ["maze32/generate.mpy", "maze32/world/tiles.mpy", "maze32_web.mpy", "web_keep.mpy"] + [
            "maze32_game/%s.mpy" % m for m in ("__init__", "games", "term", "duel", "duel_view", "deeper",
                                               "deeper_view", "explore", "explore_view", "explore_buffers",
                                               "records", "ghost", "checksum")]:
        assert module in table
    # The board's menu, radio and panels are not the page's.
    for module in ["app", "link", "link_espnow", "display", "buttons", "screen", "trust"]:
        assert "maze32_game/%s.mpy" % module not in table
    assert "main.mpy" not in table
    port = web.WASM_PORT
    assert (page / "micropython.wasm").read_bytes() == (port / "micropython.wasm").read_bytes()


def test_build_refuses_a_folder_of_something_else_and_a_missing_port(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    one_line_error(maze32("web", "build", "-o", str(tmp_path)), 2, "not empty", "lib.json")
    one_line_error(maze32("web", "build", "-o", str(tmp_path / "new"), "--micropython", str(tmp_path)), 2,
                   "no MicroPython webassembly port", "micropython.mjs")
    one_line_error(maze32("web", "build", "-o", "-"), 2, "stdout")


@pytest.mark.slow                       # a second build: seconds of mpy-cross
def test_build_again_into_its_own_page(page):
    proc = maze32("web", "build", "-o", str(page))
    assert proc.returncode == 0 and "wrote the page to" in proc.stdout


@pytest.mark.slow                       # two builds: seconds of mpy-cross each
def test_a_build_over_a_page_swaps_it_whole_and_a_failed_one_leaves_it(page, tmp_path):
    # Was: the files written one by one into the page, so a build failing half-way (here at the port's
    # .wasm, over the size a process may write) left a new index.html beside the old blob. Now the
    # page is built beside the folder and swapped in by a rename: the old page or the new, never both.
    import resource
    import shutil
    site = tmp_path / "site"
    shutil.copytree(str(page), str(site))
    site.chmod(0o751)
    old = (site / "index.html").read_text() + "<!-- the old page -->\n"
    (site / "index.html").write_text(old)
    limit = lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (200000, 200000))   # noqa: E731
    proc = maze32("web", "build", "-o", str(site), preexec_fn=limit)
    one_line_error(proc, 2, "micropython.wasm", "File too large")
    assert (site / "index.html").read_text() == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]            # nothing half-built beside it
    proc = maze32("web", "build", "-o", str(site))
    assert proc.returncode == 0, proc.stderr
    assert (site / "index.html").read_bytes() == (web.PAGE / "index.html").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
    assert site.stat().st_mode & 0o777 == 0o751                            # the folder's mode kept


def serve(*args):
    return subprocess.Popen([MAZE32, "web", "serve", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def test_serve_serves_the_page_with_its_types(page):
    with browser.served(page) as url:
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(url) as r:
            assert r.headers["Content-Type"].startswith("text/html") and b"twin.js" in r.read()
        with urllib.request.urlopen(url + "micropython.wasm") as r:
            assert r.headers["Content-Type"] == "application/wasm"
            assert r.read() == (page / "micropython.wasm").read_bytes()
        with urllib.request.urlopen(url + "twin.js") as r:
            assert r.headers["Content-Type"].startswith("text/javascript")


def test_serve_says_in_one_line_what_is_wrong(page, tmp_path):
    one_line_error(maze32("web", "serve", str(tmp_path / "absent")), 2, "not a folder")
    one_line_error(maze32("web", "serve", str(tmp_path)), 2, "no page of maze32 web build")
    one_line_error(maze32("web", "serve", str(page), "--port", "70000"), 2, "port")
    one_line_error(maze32("web", "serve", str(page), "--port", "0", "--bind", "192.0.2.1"), 2,
                   "not an address of this machine")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        one_line_error(maze32("web", "serve", str(page), "--port", str(port)), 2, "port %d" % port, "in use")


def test_code_prints_the_level_link_beside_the_code():
    proc = maze32("code", "--seed", "7", "--size", "16x16", env={web.URL_ENV: None})
    assert proc.stdout.split() == ["18G0-0000-73YFX", "http://127.0.0.1:8032/#code=18G0-0000-73YFX"]
    doc = json.loads(maze32("code", "--seed", "7", "--json", env={web.URL_ENV: "https://example.org/m32/"}).stdout)
    assert doc["link"] == "https://example.org/m32/#code=" + doc["code"]
    doc = json.loads(maze32("code", "--seed", "7", "--json", "--web-url", "http://h:1/").stdout)
    assert doc["link"] == "http://h:1/#code=" + doc["code"]
    one_line_error(maze32("code", "--seed", "7", "--web-url", "ftp://x/"), 2, "web url", "http://")


def test_the_boards_default_page_is_the_one_web_serve_serves():
    assert links.WEB_URL == "http://127.0.0.1:%d/" % web.DEFAULT_PORT


def test_every_end_screen_shows_the_level_link_beside_the_code():
    for game in games.GAMES:
        rnd = games.new_round(game, 5, (16, 16), {})
        assert "level link" not in "\n".join(term.end_lines(rnd, 120, 30, ["r  replay"]))   # none given
        links.show_link(rnd, "https://example.org/", 3)
        lines = [term.fit(x, 200) for x in term.end_lines(rnd, 120, 30, ["r  replay"])]
        text = "\n".join(lines)
        expected = ("code=" + rnd.code) if game.name == "duel" else "mode=%s&seed=5&depth=3" % game.name
        assert "level link  https://example.org/#%s\n" % expected in text + "\n", game.name
        assert rnd.link == "https://example.org/#" + expected
        labels = [line.split("  ")[1].strip() for line in lines if line.startswith("  ") and "  " in line[2:]]
        assert labels.index("level link") == labels.index("level code") + 1, game.name
    assert links.level_link(rnd) == "http://127.0.0.1:8032/#mode=explore&seed=5"       # the board's


# -- the page's Python, stepped as the page steps it ------------------------------------------------
def run_frames(twin, frames, typed="", start=0, ms=33):
    # Frames of the page's loop, 30 a second; typed goes in with the first. -> the last lines drawn, the clock.
    lines = None
    for i in range(frames):
        out = twin.frame(typed if i == 0 else "", start + i * ms, 100, 30)
        lines = out if out is not None else lines
    return lines, start + frames * ms


def test_the_page_ticks_the_game_at_its_own_pace_whatever_its_frame_rate():
    twin = browser.page_module().Twin("http://page/", 12345)
    assert twin.open("#code=18G0-0000-73YFX") == ""
    lines, now = run_frames(twin, 30, "x")                          # a second at 30 frames
    assert "press a key" not in lines
    assert twin.ticks in (20, 21)                                   # 20 game ticks a second
    _, now = run_frames(twin, 1, "\x1b[C", now)                     # after 10 s hidden: a few ticks,
    before = twin.ticks                                             # not 200 caught up
    twin.frame("", now + 10000, 100, 30)
    assert twin.ticks - before <= 6
    assert twin.link() == "http://page/#code=18G0-0000-73YFX"
    assert len(twin.maze_hash()) == 64


def test_a_level_link_that_is_wrong_opens_the_menu_saying_why():
    module = browser.page_module()
    for fragment, words in [("#code=ZZZZ", "level code"), ("#mode=chess&seed=1", "no game 'chess'"),
                            ("#mode=deeper&seed=-4", "seed '-4'"), ("#mode=deeper&seed=4294967296", "0..4294967295"),
                            ("#mode=explore&seed=1&depth=0", "depth '0'")]:
        twin = module.Twin("http://page/", 1)
        problem = twin.open(fragment)
        assert problem.startswith("level link: ") and words in problem, (fragment, problem)
        lines, _ = run_frames(twin, 2)
        assert "maze32 in the browser" in lines and words in " ".join(lines.split())
    twin = module.Twin("http://page/", 1)
    assert twin.open("#mode=deeper&seed=9") == "" and twin.link() == "http://page/#mode=deeper&seed=9"
    lines, now = run_frames(twin, 2)
    assert "maze32 deeper  seed 9" in lines
    assert twin.open("#mode=explore&seed=9&depth=8") == ""
    assert twin.link() == "http://page/#mode=explore&seed=9&depth=8"
    lines, _ = run_frames(twin, 2, "x", now)
    assert "explore  depth 8" in lines


# -- the page's records (in the browser's storage) and ghosts, on CPython --------------------------
CODE = "18G0-0000-73YFX"                # maze32 code --seed 7 --size 16x16
ARROW_KEYS = {(0, -1): "\x1b[A", (0, 1): "\x1b[B", (1, 0): "\x1b[C", (-1, 0): "\x1b[D"}


class Storage:
    # The browser's localStorage as the page's Python sees it: getItem (None when absent), setItem.
    # full: setItem fails as a full storage does (a JS QuotaExceededError).
    def __init__(self, items=None, full=False):
        self.items = dict(items or {})
        self.full = full

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        if self.full:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        self.items[key] = value


def win(twin, now=0, pace=3):
    # Player 1's shortest route on 18G0-0000-73YFX, a key every `pace` frames, to the end screen.
    # -> its lines, the clock.
    lines, now = run_frames(twin, 2, "x", now)
    for step in route(7, 16):
        _, now = run_frames(twin, pace, ARROW_KEYS[step], now)
    lines, now = run_frames(twin, 45, "", now)          # the last frame stays a second, then the end screen
    assert lines and "you win!" in lines, lines
    return lines, now


def flat(lines):
    return " ".join(lines.split())


def test_records_kept_in_the_browsers_storage_are_there_for_the_next_page():
    module = browser.page_module()
    storage = Storage()
    twin = module.Twin("http://page/", 1, storage)
    assert twin.open("#code=" + CODE) == ""
    lines, now = win(twin)
    assert "first Duel record for level code %s: time" % CODE in flat(lines)
    value = storage.items["maze32-records"]
    assert value.startswith("maze32-records/1\nduel %s " % CODE) and value.endswith("\n")
    # A page loaded again (a new Twin on the same storage): its records screen (t) has the record,
    # and the same run again is no new best.
    twin = module.Twin("http://page/", 2, storage)
    assert twin.records_note() == ""
    lines, now = run_frames(twin, 4, "t")
    assert "kept in this browser's storage (localStorage maze32-records)" in lines
    assert CODE + "  time 0:0" in lines and ", steps 46" in lines
    lines, now = run_frames(twin, 2, "x", now)
    assert "maze32 in the browser" in lines
    twin.open("#code=" + CODE)
    lines, _ = win(twin, now)
    assert "records for this level code: time" in flat(lines) and "new best" not in lines
    assert storage.items["maze32-records"] == value


def test_a_faster_run_is_a_new_best_on_its_end_screen_and_in_the_storage():
    module = browser.page_module()
    storage = Storage()
    twin = module.Twin("http://page/", 1, storage)
    twin.open("#code=" + CODE)
    win(twin, pace=4)
    slow = storage.items["maze32-records"]
    twin = module.Twin("http://page/", 1, storage)
    twin.open("#code=" + CODE)
    lines, _ = win(twin, pace=3)
    assert "new best! time 0:0" in flat(lines) and "(was 0:0" in lines and "steps 46, best 46" in lines
    assert storage.items["maze32-records"] != slow and storage.items["maze32-records"].count("\n") == 2


def test_a_damaged_stored_value_is_refused_line_by_line_and_said():
    module = browser.page_module()
    good = module.web_keep.records.line_of("deeper", "7", [4])
    damaged = module.web_keep.records.line_of("deeper", "8", [9]).replace(" 9 ", " 99 ")
    storage = Storage({"maze32-records": "maze32-records/1\n%s\n%s\n" % (good, damaged)})
    twin = module.Twin("http://page/", 1, storage)
    assert twin.records_note() == "stored records: 1 line ignored (damaged)"
    lines, _ = run_frames(twin, 4, "t")
    assert "stored records: 1 line ignored (damaged)" in lines
    assert "  7                depth 4" in lines and "depth 99" not in lines
    # Not ours at all: refused whole, said, and the next record replaces it.
    storage = Storage({"maze32-records": "{\"best\": 3}"})
    twin = module.Twin("http://page/", 1, storage)
    assert twin.records_note().startswith("the records in this browser's storage") and "(ignored)" in twin.records_note()


def test_a_storage_that_refuses_a_write_keeps_the_value_before_and_says_so():
    module = browser.page_module()
    before = "maze32-records/1\n%s\n" % module.web_keep.records.line_of("deeper", "7", [4])
    storage = Storage({"maze32-records": before}, full=True)
    twin = module.Twin("http://page/", 1, storage)
    twin.open("#code=" + CODE)
    lines, _ = win(twin)
    assert "records not saved (QuotaExceededError" in flat(lines)
    assert storage.items["maze32-records"] == before
    twin = module.Twin("http://page/", 1, None)             # no storage at all: said, the game goes on
    assert twin.records_note() == "records not kept: this browser gives the page no storage"


def test_a_won_duels_ghost_link_races_that_run_frame_for_frame():
    module = browser.page_module()
    twin = module.Twin("http://page/", 1, Storage())
    twin.open("#code=" + CODE)
    lines, _ = win(twin)
    run_time = [x for x in lines.splitlines() if x.strip().startswith("time")][0].split()[1]
    text = twin.ghost_text()
    assert text.startswith("maze32-ghost:") and len(text) < 200
    assert twin.ghost_url() == "http://page/#ghost=" + text
    assert "your run's ghost: below the screen" in flat(lines)
    # The link on another page: the same level, the ghost where the bot would be; one move of mine
    # starts both clocks, then I stand still and the ghost gets out on the run's own frame.
    other = module.Twin("http://other/", 9, Storage())
    assert other.open("#ghost=" + text) == ""
    assert other.link() == "http://other/#ghost=" + text
    lines, now = run_frames(other, 2)
    assert lines.startswith("maze32 duel  code %s  seed 7  16x16  ghost run %s" % (CODE, run_time))
    lines, now = run_frames(other, 2, "x", now)
    lines, now = run_frames(other, 2, ARROW_KEYS[route(7, 16)[0]], now)
    lines, now = run_frames(other, 200, "", now)
    assert "the ghost got out first" in lines
    assert "  time        %s" % run_time in lines
    assert "level link  http://other/#code=" + CODE in lines
    assert other.ghost_text() == ""                         # a race lost leaves no ghost of mine


def test_a_ghost_link_that_does_not_fit_says_why_on_the_menu():
    module = browser.page_module()
    twin = module.Twin("http://page/", 1, Storage())
    twin.open("#code=" + CODE)
    win(twin)
    replay = twin.won
    text = twin.ghost_text()
    changed = text[:-6] + ("0" if text[-6] != "0" else "1") + text[-5:]
    other_level = maze32("code", "--seed", "8", "--size", "16x16").stdout.split()[0]
    for fragment, words in [
            ("#ghost=" + changed, "ghost link: its checksum does not match (the text was cut or changed)"),
            ("#ghost=" + text[:30], "ghost link: "),
            ("#ghost=hello", "ghost link: not a maze32 replay"),
            ("#ghost=" + type(replay)(other_level, replay.ticks, replay.moves).text(),
             "ghost link: the run does not fit level %s" % other_level),
            ("#ghost=" + type(replay)(CODE[:-1] + "Z", replay.ticks, replay.moves).text(),
             "ghost link: its level %s: level code: hash differs" % (CODE[:-1] + "Z"))]:
        page = module.Twin("http://page/", 1, Storage())
        problem = page.open(fragment)
        assert problem.startswith(words), (fragment, problem)
        assert "\n" not in problem
        lines, _ = run_frames(page, 2)
        assert "maze32 in the browser" in lines and words in flat(lines)


def test_c_on_the_menu_takes_a_pasted_ghost_or_a_typed_code():
    module = browser.page_module()
    twin = module.Twin("http://page/", 1, Storage())
    twin.open("#code=" + CODE)
    win(twin)
    text = twin.ghost_text()
    page = module.Twin("http://page/", 1, Storage())
    page.open("")
    lines, now = run_frames(page, 4, "c")
    assert "level code or ghost (paste it)" in lines
    page.paste(text[:20] + "\n")                           # a paste: printable characters only
    page.paste(text[20:])
    lines, now = run_frames(page, 4, "\r", now)
    assert "ghost run" in lines.splitlines()[0] and page.link() == "http://page/#ghost=" + text
    page.open("")
    lines, now = run_frames(page, 8, "c" + CODE.lower() + "\r", now)
    assert lines.startswith("maze32 duel  code %s  seed 7  16x16  bot stroll" % CODE)
    page.open("")
    lines, now = run_frames(page, 4, "cZZ\x7fQ\r", now)
    assert "maze32 in the browser" in lines and "level link: level code" in flat(lines)
    lines, now = run_frames(page, 4, "c\x1b", now)
    assert "level code or ghost" not in lines
    # A paste far longer than any ghost: kept to one character past the longest, which Enter refuses.
    page.paste("maze32-ghost:" + "0" * 100000)
    assert len(page.entry) == module.MAX_TEXT + 1
    lines, now = run_frames(page, 4, "\r", now)
    assert "ghost link: too long (%d characters" % (module.MAX_TEXT + 1) in flat(lines)
