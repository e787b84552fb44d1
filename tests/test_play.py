"""maze32 play driven through a real pseudo-terminal: start a game, move, quit."""
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "firmware"))
import deeper  # noqa: E402
from console import read_keys, render_deeper, DuelRound, DeeperRound  # noqa: E402
from terminals import MAZE32, PtyProcess, served_board  # noqa: E402


def Terminal(*args):
    return PtyProcess([MAZE32, *args])


def at_sign(frame, width):
    # (column, row) of "@" counted in 2-character cells over the maze rows of a deeper frame.
    for row, line in enumerate(frame.split("\r\n")):
        if "@" in line:
            return line.index("@") // width, row
    return None


def test_deeper_starts_moves_and_quits():
    term = Terminal("play", "--mode", "deeper", "--seed", "5")
    try:
        assert "deeper  depth 1" in term.read(2.0)
        assert at_sign(term.last_frame(), 2) == (1, 1)
        game = deeper.Deeper(5)
        key, seq = ("right", b"\x1b[C") if game.level.tiles[34] else ("down", b"\x1b[B")
        term.send(b"x" + seq)                              # an unknown key, then an arrow
        term.read(1.0)
        assert at_sign(term.last_frame(), 2) == ((2, 1) if key == "right" else (1, 2))
        term.send(b"q")
        term.read(1.5)
        assert term.proc.wait(10) == 0
        assert "quit" in term.screen.decode(errors="replace")
    finally:
        term.close()


def test_duel_shows_the_fogged_maze_and_quits():
    term = Terminal("play", "--mode", "duel", "--seed", "9", "--size", "12x12")
    try:
        text = term.read(2.0)
        assert "duel  key no" in text and "@" in term.last_frame() and "░" in term.last_frame()
        term.send(b"q")
        term.read(1.0)
        assert term.proc.wait(10) == 0
    finally:
        term.close()


def test_keys_and_frames_without_a_terminal():
    # console.read_keys is what both the board (app.py) and the twin (host/play.py) decode keys with.
    assert read_keys("\x1b[Ax") == ("up", False, "")
    assert read_keys("dZ?q") == ("right", True, "")
    assert read_keys("") == (None, False, "")
    assert read_keys("W\x03") == ("up", True, "")
    assert read_keys("\x1b[Zs") == ("down", False, "")          # an unknown sequence is skipped whole
    assert read_keys("a\x1b[") == ("left", False, "\x1b[")      # an arrow cut off: kept for later
    assert read_keys("\x1b[" + "B") == ("down", False, "")
    assert read_keys("\x1b") == (None, False, "\x1b")
    assert read_keys("\x1bd") == ("right", False, "")            # a lone Esc is ignored
    frame = render_deeper(deeper.Deeper(2))
    assert frame.splitlines()[1].startswith("██@ ") and "depth 1" in frame


def test_rounds_end_with_one_message_for_both_frontends():
    game = DeeperRound(5)
    message = None
    for _ in range(400):                 # standing still: a ghost comes
        message = game.tick(None)
        if message:
            break
    assert message == "caught by a ghost at depth 1: score %d" % game.game.score
    duel = DuelRound(9, 8, 8, bot_level=2)
    for _ in range(2000):
        message = duel.tick(None)
        if message:
            break
    assert message == "the bot (walk) got out first" and "duel  key" in duel.frame()


def test_play_on_the_board_through_mpremote(tmp_path):
    # deploy to a virtual board, then `maze32 play --port URL`: the board's own menu and game, typed
    # at from this terminal, until the board's program ends.
    env = dict(os.environ, MAZE32_VIRTUAL_BOARD=str(tmp_path / "board"))
    assert subprocess.run([MAZE32, "deploy"], env=env, capture_output=True, timeout=300).returncode == 0
    with served_board(env) as url:
        term = Terminal("play", "--port", url)
        try:
            assert "maze32 on Espressif ESP32-C6-DevKitC-1" in term.read(4.0)
            term.send(b"2")
            assert "deeper  depth 1" in term.read(2.0)
            term.send(b"q")
            term.read(1.0)
            term.send(b"x")
            term.read(1.0)
            term.send(b"q")
            text = term.read(3.0)
            assert "bye" in text and "the board's game ended" in text
            assert term.proc.wait(10) == 0
        finally:
            term.close()


def test_play_rejects_a_forged_code_before_the_terminal():
    # The same check and message as validate --code (maze32.levelcode.check).
    proc = subprocess.run([MAZE32, "play", "--code", "1SG0-0000-7RBJS"], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=60)
    assert proc.returncode == 1 and proc.stderr.startswith("maze32: level code: hash differs for seed 7")


def test_play_imports_no_firmware_until_a_game_starts():
    # Importing host.play leaves sys.path alone; paths.firmware puts firmware/ on it for a game.
    code = ("import sys; before = list(sys.path); import host.play, host.cli; "
            "assert sys.path == before, 'sys.path changed'; assert 'duel' not in sys.modules; "
            "from host import paths; console, = paths.firmware('console'); "
            "assert console.__file__.startswith(str(paths.FIRMWARE))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
