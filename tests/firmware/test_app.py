"""The board's application (firmware/maze32_game/app.py) on the MicroPython unix port in a raw 80 x 24 terminal:
the menu, a Deeper game that moves and quits, a Duel window that fits, a level code (and a forged one
refused by the command line's own check), the end screen of a won Duel, and leaving."""
import os

import pytest

import runtimes
from support import ROOT
from terminals import ARROW, PtyProcess, route, tile_of


def Board(folder):
    # The firmware's main.py under the unix port, its console on a raw pseudo-terminal.
    (folder / "board.json").write_text('{"name": "esp32-c6-devkitc-1", "title": "Test Board"}')
    env = dict(os.environ, MICROPYPATH="%s:%s" % (ROOT / "shared", ROOT / "firmware"))
    return PtyProcess([runtimes.micropython_binary(), str(ROOT / "firmware" / "main.py")], env=env,
                      cwd=str(folder), raw=True)


def test_menu_deeper_duel_code_and_quit(tmp_path):
    board = Board(tmp_path)
    try:
        assert board.wait_for("2  Deeper", 4.0) and "maze32 on Test Board" in board.text()
        # A level code first, so that the games below have a known seed: the menu's own is random,
        # and one Deeper level in ten has a ghost that catches a player standing still in 4 seconds.
        board.send(b"c1SG0-0000-7RBJR\r")                 # typed ahead: the code prompt gets it all
        assert board.wait_for("code loaded: seed 7, 32x32", 3.0), board.text()
        board.send(b"2")                                  # seed 7: no ghost comes for 8 seconds
        assert board.start(2.0)                           # the goal, then the level
        assert board.wait_for("deeper  depth 1", 3.0)
        assert tile_of(board) == (1, 1)
        board.send(b"s")                                  # down, or a wall: the frame keeps coming
        board.read(0.5)
        board.send(b"q")
        assert board.wait_for("quit  time", 2.0)          # back on the menu, the game in one line
        board.send(b"1")
        assert board.start() and board.wait_for("duel  key no", 3.0)
        lines = board.text().splitlines()
        assert "code 1SG0-0000-7RBJR  seed 7  32x32" in lines[0] and board.find("@")
        assert len(lines) <= 24 and max(len(line) for line in lines) < 80
        board.send(b"q")
        assert board.wait_for("2  Deeper", 2.0)
        board.send(b"c1SG0-0000-7RBJS\r")                 # the last digit changes the hash prefix
        assert board.wait_for("level code: hash differs for seed 7 at 32x32", 3.0)
        board.send(b"q")
        assert board.wait_for("bye", 3.0)
        assert board.proc.wait(10) == 0
        assert board.restored(modes=False)
    finally:
        board.close()


@pytest.mark.slow
def test_a_won_duel_ends_on_the_end_screen(tmp_path):
    # Seed 9 at 16 x 16 (its code), won along the shortest route at a human pace against the board's
    # bot; the end screen's r plays it again, m goes back to the menu.
    board = Board(tmp_path)
    try:
        assert board.wait_for("2  Deeper", 4.0)
        board.send(b"c18G0-0000-96H9Z\r")
        assert board.wait_for("code loaded: seed 9, 16x16", 3.0)
        board.send(b"1")
        assert board.start() and board.wait_for("duel  key no", 3.0)
        for step in route(9, 16):
            board.send(ARROW[step])
            board.read(0.12)
        assert board.wait_for("r  replay", 4.0), board.text()
        text = board.text()
        assert "you win!" in text and "steps       58   shortest route 58 (+0)" in text
        assert "level code  18G0-0000-96H9Z   seed 9, 16x16" in text and "m  menu" in text
        board.send(b"r")
        assert board.start() and board.wait_for("steps 0", 3.0) and "duel  key no" in board.text()
        board.send(b"q")
        assert board.wait_for("2  Deeper", 2.0)
        board.send(b"q")
        assert board.wait_for("bye", 3.0) and board.proc.wait(10) == 0
        assert board.restored(modes=False)
    finally:
        board.close()


def test_duel_over_radio_from_the_menu_waits_and_can_be_cancelled(tmp_path):
    # Menu r on a board without a radio (the unix port has no espnow): it hosts on UDP instead and
    # says so (firmware/maze32_game/link_duel.py); q cancels back to the menu, which says what happened.
    board = Board(tmp_path)
    try:
        assert board.wait_for("r  Duel over radio", 4.0), board.text()
        board.send(b"r")
        assert board.wait_for("no radio here: waiting on UDP port", 4.0), board.text()
        board.send(b"q")
        assert board.wait_for("2  Deeper", 4.0), board.text()
        board.send(b"q")
        assert board.wait_for("bye", 3.0)
        assert board.proc.wait(10) == 0
    finally:
        board.close()


def test_explore_from_the_menu_walks_and_goes_back(tmp_path):
    # Menu 3 (games.py's Explore, as in the twin): Explore's side view on the board's console, its chunks cached under cache/worlds/ in the
    # board's folder (its flash); q goes back to the menu.
    board = Board(tmp_path)
    try:
        assert board.wait_for("3  Explore", 4.0), board.text()
        assert "b  Bench" in board.text()
        board.send(b"3")
        assert board.start(10.0) and board.wait_for("explore  depth 1", 10.0), board.text()
        board.send(b"d")
        board.read(0.5)
        board.send(b"q")
        assert board.wait_for("2  Deeper", 6.0), board.text()
        assert any((tmp_path / "cache" / "worlds").iterdir())
        board.send(b"q")
        assert board.wait_for("bye", 3.0)
        assert board.proc.wait(10) == 0
    finally:
        board.close()
