"""The board's application (firmware/app.py) on the MicroPython unix port in a raw terminal: the
menu, a Deeper game that moves and quits, a Duel frame, a level code (and a forged one refused by the
command line's own check), and leaving."""
import os
from pathlib import Path

from terminals import PtyProcess
from test_play import at_sign
import runtimes

ROOT = Path(__file__).resolve().parent.parent


def Board(folder):
    # The firmware's main.py under the unix port, its console on a raw pseudo-terminal.
    (folder / "board.json").write_text('{"name": "esp32-c6-devkitc-1", "title": "Test Board"}')
    env = dict(os.environ, MICROPYPATH="%s:%s" % (ROOT / "shared", ROOT / "firmware"))
    return PtyProcess([runtimes.micropython_binary(), str(ROOT / "firmware" / "main.py")], env=env,
                      cwd=str(folder), raw=True)


def test_menu_deeper_duel_code_and_quit(tmp_path):
    board = Board(tmp_path)
    try:
        text = board.read(3.0)
        assert "maze32 on Test Board" in text and "2  Deeper" in text
        # A level code first, so that the games below have a known seed: the menu's own is random,
        # and one Deeper level in ten has a ghost that catches a player standing still in 4 seconds.
        board.send(b"c1SG0-0000-7RBJR\r")
        assert "code loaded: seed 7, 32x32" in board.read(2.0)
        board.send(b"x")
        board.read(1.0)
        board.send(b"2")                                  # seed 7: no ghost comes for 8 seconds
        board.read(1.5)
        assert "deeper  depth 1" in board.last_frame()
        assert at_sign(board.last_frame(), 2) == (1, 1)
        board.send(b"s")                                  # down, or a wall: the frame keeps coming
        board.read(1.0)
        board.send(b"q")
        assert "quit (any key)" in board.read(1.5)
        board.send(b"x")
        board.read(1.0)
        board.send(b"1")
        board.read(1.5)
        frame = board.last_frame()
        assert "duel  key no" in frame and "@" in frame
        assert len(frame.split("\r\n")) <= 2 * 9 + 2      # the board draws a 15 x 9 window of 32 x 32
        board.send(b"q")
        board.read(1.0)
        board.send(b"x")
        board.read(1.0)
        board.send(b"c1SG0-0000-7RBJS\r")                 # the last digit changes the hash prefix
        assert "level code: hash differs for seed 7 at 32x32" in board.read(2.0)
        board.send(b"x")
        board.read(1.0)
        board.send(b"q")
        assert "bye" in board.read(2.0)
        assert board.proc.wait(10) == 0
    finally:
        board.close()
