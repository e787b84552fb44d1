"""The device loop against the virtual board: the real MicroPython unix port on a pty, reached through
real mpremote. Deploy, time, their error paths, flashing's refusals and the board profiles."""
import json
import os
import struct

import pytest

from host.deploy import check_compatible, parse_mpy
from host.errors import CliError
from hostile_board import HostileBoard
from terminals import explore_through_the_menu, served_board
from support import ROOT, duel_rows, maze32, one_line_error

# What deploy ships: every library module, main.py and every module of the game, board.json and maze32.json.
SHIPPED = len(list((ROOT / "shared" / "maze32").rglob("*.py"))) + len(list((ROOT / "firmware").rglob("*.py"))) + 2


@pytest.fixture(scope="module")
def deployed(tmp_path_factory):
    board = tmp_path_factory.mktemp("board")
    first = maze32("deploy", board=board)
    assert first.returncode == 0, first.stderr
    return board, first


@pytest.mark.slow
def test_deploy_copies_library_firmware_and_profile(deployed):
    board, first = deployed
    assert "copied %d, unchanged 0" % SHIPPED in first.stdout
    assert (board / "lib" / "maze32" / "generate.mpy").read_bytes()[:2] == b"M\x06"
    assert (board / "lib" / "maze32_game" / "board_bench.mpy").exists() and (board / "main.py").exists()
    assert json.loads((board / "board.json").read_text())["name"] == "esp32-c6-devkitc-1"
    assert json.loads((board / "maze32.json").read_text()) == {"flavour": "native", "arch": "x64"}
    assert "native flavour" in first.stdout       # the fastest the x64 virtual board supports
    assert not list(board.rglob("*.part"))


@pytest.mark.slow
def test_second_deploy_copies_nothing(deployed):
    board, _ = deployed
    again = maze32("deploy", board=board)
    assert again.returncode == 0 and "copied 0, unchanged %d, removed 0" % SHIPPED in again.stdout


@pytest.mark.slow
def test_time_on_the_board_matches_the_twin(deployed, tmp_path):
    board, _ = deployed
    out = tmp_path / "t.json"
    proc = maze32("time", "--size", "32x32", "--size", "8x8", "--size", "12x20",
                  "--seeds", "0..4", "-o", str(out), board=board)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "every hash matches the desktop twin" in proc.stdout
    doc = json.loads(out.read_text())
    golden = {(w, h, s): d for w, h, s, d, _ in duel_rows()}
    assert len(doc["results"]) == 15
    for r in doc["results"]:
        assert r["hash"] == golden[(r["width"], r["height"], r["seed"])]
    assert [s["heap_growth"] for s in doc["sizes"]] == [0, 0, 0]
    assert doc["flavour"] == "native" and "native flavour" in proc.stdout
    assert all(s["min_us"] <= s["median_us"] <= s["p95_us"] <= s["max_us"] for s in doc["sizes"])


@pytest.mark.slow
@pytest.mark.parametrize("flavour", ["bytecode", "viper"])
def test_each_flavour_deploys_removes_stale_twins_and_matches(tmp_path, flavour):
    # Stale: .py twins, modules of the flat layout before maze32/world/ (world.py would be the
    # package's rival; world_tiles.mpy is just dead weight on the flash), and the game's modules at the
    # board's top, where deploy put them before lib/maze32_game/ (bench.mpy: board_bench's old name).
    board = tmp_path / "b"
    lib, game = board / "lib" / "maze32", board / "lib" / "maze32_game"
    lib.mkdir(parents=True)
    game.mkdir()
    (game / "board_bench.py").write_text("raise ImportError('stale twin ran')\n")
    for flat in ("app.mpy", "bench.mpy"):
        (board / flat).write_bytes(b"M\x06 the flat layout")
    for stale in ("grid.py", "world.py", "world_tiles.mpy"):
        (lib / stale).write_text("raise ImportError('stale twin ran')\n")
    proc = maze32("deploy", "--emit", flavour, "--board", "m5stack-nanoc6", board=board)
    assert proc.returncode == 0, proc.stderr
    assert "removed 6" in proc.stdout and flavour + " flavour" in proc.stdout
    assert not [p for p in (game / "board_bench.py", board / "app.mpy", board / "bench.mpy") if p.exists()]
    assert not [stale for stale in ("grid.py", "world.py", "world_tiles.mpy") if (lib / stale).exists()]
    assert (lib / "world" / "tiles.mpy").is_file()
    timed = maze32("time", "--size", "16x16", "--seeds", "3..5", board=board)
    assert timed.returncode == 0, timed.stdout + timed.stderr
    assert flavour + " flavour" in timed.stdout


@pytest.mark.slow
def test_board_serve_is_reachable_by_url(deployed):
    board, _ = deployed
    env = dict(os.environ, MAZE32_VIRTUAL_BOARD=str(board))
    with served_board(env) as url:
        proc = maze32("time", "--port", url, "--size", "8x8", "--seeds", "0..2", "--json", board=board)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert json.loads(proc.stdout)["port"] == url          # --json: the document on stdout


@pytest.mark.slow
def test_explore_from_the_virtual_boards_menu_twice(deployed):
    # Explore from the board's own menu (its key), its stairs taken, walked, dug, back to the menu,
    # twice (issue 19).
    board, _ = deployed
    env = dict(os.environ, MAZE32_VIRTUAL_BOARD=str(board))
    with served_board(env) as url:
        explore_through_the_menu(url, env)


def test_time_without_firmware_reports_the_board_error(tmp_path):
    line = one_line_error(maze32("time", "--seeds", "0..1", board=tmp_path / "empty"), 1)
    assert "board raised" in line and "bench" in line


def test_no_such_port(tmp_path):
    line = one_line_error(maze32("deploy", "--port", "/dev/ttyNOPE", board=tmp_path), 2)
    assert "/dev/ttyNOPE" in line


def test_a_board_that_never_answers(tmp_path):
    # A loopback socket that accepts and stays silent (hostile_board.py), as a hung board would.
    with HostileBoard("silent") as silent:
        line = one_line_error(maze32("time", "--port", silent.url, "--timeout", "1", board=tmp_path), 2)
        assert "did not answer" in line


@pytest.mark.parametrize("args,words", [
    (["deploy", "--board", "nope"], ["unknown board", "nope"]),
    (["time", "--seeds", "9..3"], ["seeds", "empty"]),
    (["time", "--seeds", "nine"], ["seeds"]),
    (["time", "--size", "7x7"], ["size"]),
    (["flash", "--port", "/dev/ttyNOPE", "--firmware", "/no/such.bin"], ["no such file"]),
])
def test_bad_device_input(tmp_path, args, words):
    line = one_line_error(maze32(*args, board=tmp_path), 2)
    for w in words:
        assert w in line


def image(path, chip_id):
    header = bytes([0xE9, 3, 2, 0x2F]) + b"\0" * 8 + struct.pack("<H", chip_id) + b"\0" * 10
    path.write_bytes(header + b"\xff" * 64)
    return path


def test_flash_refuses_an_image_for_another_chip_before_touching_the_port(tmp_path):
    s3 = image(tmp_path / "s3.bin", 9)
    line = one_line_error(maze32("flash", "--port", "/dev/ttyNOPE", "--firmware", str(s3), board=tmp_path), 2)
    assert "ESP32-S3" in line and "not the ESP32-C6" in line
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"MZ not a firmware image at all....")
    assert "not an ESP firmware image" in one_line_error(
        maze32("flash", "--port", "/dev/ttyNOPE", "--firmware", str(junk), board=tmp_path), 2)


def test_flash_with_a_c6_image_but_no_chip_is_a_clear_error(tmp_path):
    c6 = image(tmp_path / "c6.bin", 13)
    line = one_line_error(maze32("flash", "--port", "/dev/ttyNOPE", "--firmware", str(c6), board=tmp_path), 2)
    assert "/dev/ttyNOPE" in line


def test_mpy_version_mismatch_is_refused():
    assert parse_mpy(2822) == (6, 3, "x64")
    with pytest.raises(CliError, match="v6.1"):
        check_compatible(6 | (1 << 8) | (11 << 10), "bytecode")
    with pytest.raises(CliError, match="native"):
        check_compatible(6 | (3 << 8), "native")
    assert check_compatible(6 | (3 << 8) | (11 << 10), "auto") == ("rv32imc", "native")
    assert check_compatible(6 | (3 << 8), "auto") == (None, "bytecode")
