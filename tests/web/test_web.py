"""maze32 web without a browser: what the page holds, the server's answers and one-line errors, the
level links of maze32 code and of the end screens, and the page's Python (host/webtwin/maze32_web.py)
stepped frame by frame on CPython as the page's frame loop steps it."""
import importlib.util
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
from support import MAZE32, ROOT, maze32, one_line_error

PAGE_PYTHON = ROOT / "host" / "webtwin" / "maze32_web.py"


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
    for module in ["maze32/generate.mpy", "maze32/world/tiles.mpy", "maze32_web.mpy"] + [
            "maze32_game/%s.mpy" % m for m in ("__init__", "games", "term", "duel", "duel_view", "deeper",
                                               "deeper_view", "explore", "explore_view", "explore_buffers")]:
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
def page_module():
    spec = importlib.util.spec_from_file_location("maze32_web", str(PAGE_PYTHON))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_frames(twin, frames, typed="", start=0, ms=33):
    # Frames of the page's loop, 30 a second; typed goes in with the first. -> the last lines drawn, the clock.
    lines = None
    for i in range(frames):
        out = twin.frame(typed if i == 0 else "", start + i * ms, 100, 30)
        lines = out if out is not None else lines
    return lines, start + frames * ms


def test_the_page_ticks_the_game_at_its_own_pace_whatever_its_frame_rate():
    twin = page_module().Twin("http://page/", 12345)
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
    module = page_module()
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
