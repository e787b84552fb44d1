"""The board's application (firmware/maze32_game/app.py) on the MicroPython unix port in a raw 80 x 24 terminal:
the menu, a Deeper game that moves and quits, a Duel window that fits, a level code (and a forged one
refused by the command line's own check), the end screen of a won Duel, and leaving."""
import contextlib
import os

import pytest

import runtimes
from support import ROOT
from terminals import ARROW, PtyProcess, route, tile_of, win_duel


PROFILE = '{"name": "esp32-c6-devkitc-1", "title": "Test Board"}'


def Board(folder, profile=PROFILE):
    # The firmware's main.py under the unix port, its console on a raw pseudo-terminal.
    (folder / "board.json").write_text(profile)
    env = dict(os.environ, MICROPYPATH="%s:%s" % (ROOT / "shared", ROOT / "firmware"))
    return PtyProcess([runtimes.micropython_binary(), str(ROOT / "firmware" / "main.py")], env=env,
                      cwd=str(folder), raw=True)


@contextlib.contextmanager
def on_the_menu(folder, menu="2  Deeper", profile=PROFILE):
    # A Board booted to its menu (the line `menu` shown); after the block, q on the menu says bye and
    # the board exits 0. The board is closed either way.
    board = Board(folder, profile)
    try:
        assert board.wait_for(menu, 4.0), board.text()
        yield board
        board.send(b"q")
        assert board.wait_for("bye", 3.0) and board.proc.wait(10) == 0
    finally:
        board.close()


def test_menu_deeper_duel_code_and_quit(tmp_path):
    from maze32_game import duel, games
    with on_the_menu(tmp_path) as board:
        assert "maze32 on Test Board" in board.text()
        # The Duel's line names the bot it plays, as the twin's menu does (was: the size alone).
        duel_line = games.menu_line(games.GAMES[0], (32, 32), duel.BOT_LEVELS[0][0])
        assert duel_line.startswith("  1  Duel vs bot (32x32, stroll)")
        assert duel_line in board.text().splitlines(), board.text()
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
    assert board.restored(modes=False)


def test_the_code_prompt_takes_at_most_the_longest_ghost_and_says_so(tmp_path):
    # Was: every character pasted at the `c` prompt kept, without end (a paste of anything grew the
    # board's heap to a MemoryError). Now past the longest ghost's text the rest is dropped, said on
    # one line under the prompt, and Enter says it instead of parsing a text cut short.
    from maze32_game import ghost
    note = "too long (at most %d characters; the rest was dropped)" % ghost.MAX_TEXT
    with on_the_menu(tmp_path) as board:
        board.send(b"c")
        assert board.wait_for("level code:", 2.0)
        paste = b"maze32-ghost:" + b"A" * (ghost.MAX_TEXT + 500)
        for i in range(0, len(paste), 1024):          # a chunk at a time, the board's screens read between
            board.send(paste[i:i + 1024])
            board.read(0.02)
        assert board.wait_for(note, 10.0), board.text()
        assert note not in board.text().splitlines()[-3]        # the prompt line is above it
        board.send(b"\r")
        assert board.wait_for("level code: " + note, 3.0), board.text()
        board.send(b"c1SG0-0000-7RBJR\r")                      # the prompt takes a code again
        assert board.wait_for("code loaded: seed 7, 32x32", 3.0), board.text()


@pytest.mark.parametrize("profile", ["[]", "null", '"esp32"'])
def test_a_board_json_that_is_no_object_boots_as_a_board_without_one(tmp_path, profile):
    # (was: AttributeError at boot, 'list' object has no attribute 'get': no menu, the REPL)
    with on_the_menu(tmp_path, "maze32 on a board without board.json", profile):
        pass


@pytest.mark.slow
def test_a_won_duel_ends_on_the_end_screen(tmp_path):
    # Seed 9 at 16 x 16 (its code), won along the shortest route at a human pace against the board's
    # bot; the end screen's r plays it again, m goes back to the menu.
    with on_the_menu(tmp_path) as board:
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
    assert board.restored(modes=False)


def test_duel_over_radio_from_the_menu_waits_and_can_be_cancelled(tmp_path):
    # Menu r on a board without a radio (the unix port has no espnow): it hosts on UDP instead and
    # says so (firmware/maze32_game/link_duel.py); q cancels back to the menu, which says what happened.
    with on_the_menu(tmp_path, "r  Duel over radio") as board:
        board.send(b"r")
        assert board.wait_for("no radio here: waiting on UDP port", 4.0), board.text()
        board.send(b"q")
        assert board.wait_for("2  Deeper", 4.0), board.text()


def test_bench_from_the_menu_is_a_table_for_a_person(tmp_path):
    # b: a line per size a person reads on the 80 x 24 console (mean, slowest, heap allocated), not
    # the host's maze32-time lines, which on a raw console staircased across the screen.
    with on_the_menu(tmp_path, "b  Bench") as board:
        board.send(b"b")
        assert board.wait_for("bench done (any key)", 60.0), board.text()
        text = board.text()
        assert "maze32-time" not in text and "Bench: generate + validate of seeds 0..9" in text
        for size in ("32x32", " 8x8 "):
            line = [l for l in text.splitlines() if l.strip().startswith(size.strip())]
            assert line and "mean" in line[0] and "heap allocated 0 B" in line[0], text
        board.send(b" ")
        assert board.wait_for("2  Deeper", 4.0), board.text()


def test_explore_from_the_menu_walks_and_goes_back(tmp_path):
    # Menu 3 (games.py's Explore, as in the twin): Explore's side view on the board's console, its chunks cached under cache/worlds/ in the
    # board's folder (its flash); q goes back to the menu.
    with on_the_menu(tmp_path, "3  Explore") as board:
        assert board.wait_for("b  Bench", 4.0), board.text()    # the menu's later lines may still be coming
        board.send(b"3")
        assert board.start(10.0) and board.wait_for("explore  depth 1", 10.0), board.text()
        board.send(b"d")
        board.read(0.5)
        board.send(b"q")
        assert board.wait_for("2  Deeper", 6.0), board.text()
        assert any((tmp_path / "cache" / "worlds").iterdir())


def test_records_from_the_menu_and_after_a_game(tmp_path):
    # A Deeper run left after a step is a record for its seed, in records.txt on the board's flash; the
    # menu's t shows the records screen (every game of games.py), any key goes back.
    with on_the_menu(tmp_path, "t  records    g  race your last won") as board:
        board.send(b"c1SG0-0000-7RBJR\r")
        assert board.wait_for("code loaded: seed 7, 32x32", 3.0), board.text()
        board.send(b"2")
        assert board.start(2.0) and board.wait_for("deeper  depth 1", 3.0)
        board.send(b"s")                                  # (1, 1)'s one way out: down
        assert board.wait_for("steps 1", 3.0), board.text()
        board.send(b"q")
        assert board.wait_for("first Deeper record for seed 7: depth 1", 3.0), board.text()
        assert (tmp_path / "records.txt").read_text().startswith("maze32-records/1\ndeeper 7 1 ")
        board.send(b"t")
        assert board.wait_for("any key goes back to the menu", 3.0), board.text()
        text = board.text()
        assert "Deeper: best depth, per seed" in text and "Duel vs bot: best time" in text
        assert "  7                depth 1" in text
        board.send(b"x")
        assert board.wait_for("2  Deeper", 3.0)


@pytest.mark.slow
def test_a_won_duel_is_the_ghost_to_race_from_the_menu(tmp_path):
    # Seed 9 at 16 x 16 won: its run is kept in ghost.txt on the board's flash; g races it (the ghost
    # wins against a player who stands still after one move), its text pasted at c races it too, and
    # a damaged text is refused with one line.
    from maze32_game import ghost
    with on_the_menu(tmp_path, "g  race your last won") as board:
        board.send(b"g")
        assert board.wait_for("no ghost yet: win a Duel first", 3.0), board.text()
        board.send(b"c18G0-0000-96H9Z\r")
        assert board.wait_for("code loaded: seed 9, 16x16", 3.0)
        board.send(b"1")
        assert board.start()
        win_duel(board, 9, 16, 0.08)
        assert "you win!" in board.text() and "ghost to race now (g on the menu)" in board.text()
        text = (tmp_path / "ghost.txt").read_text().strip()
        assert ghost.parse(text).code == "18G0-0000-96H9Z"
        board.send(b"m")
        assert board.wait_for("g  race your last won", 3.0)
        board.send(b"g")
        assert board.start() and board.wait_for("ghost run 0:", 3.0), board.text()
        board.send(ARROW[route(9, 16)[0]])
        # The ghost takes as many frames as the won run did: on a loaded machine both the run and
        # the race are slower than 20 frames a second, so the wait is the run's length, three times.
        run_s = ghost.parse(text).ticks * 0.05
        assert board.wait_for("the ghost got out first", 3 * run_s + 5.0), board.text()
        assert board.wait_for("r  replay", 3.0), board.text()      # the end screen (keys before it are not its)
        board.send(b"m")
        assert board.wait_for("g  race your last won", 3.0)
        board.send(b"c" + text.encode() + b"\r")
        assert board.start() and board.wait_for("ghost run 0:", 3.0), board.text()
        board.send(b"q")
        assert board.wait_for("g  race your last won", 3.0)
        board.send(b"c" + text[:-1].encode() + (b"0" if text[-1] != "0" else b"1") + b"\r")
        assert board.wait_for("ghost: its checksum does not match", 3.0), board.text()


@pytest.mark.parametrize("where", ["play", "end_screen"])
def test_a_round_that_finds_no_room_is_a_line_on_the_menu(monkeypatch, where):
    # app.play under CPython: a MemoryError in a round (its frames) or at its end (the end screen's
    # code), as a board's heap split too finely gives, is the menu's line and no crash of the app.
    # The MemoryError is the only stand-in: a C6's fragmented heap cannot be made here.
    import types
    from maze32_game import app, games, term as tm

    def no_room(*args, **kwargs):
        raise MemoryError("memory allocation failed, allocating 1024 bytes")
    monkeypatch.setattr(tm, "play", (lambda rnd, term: True) if where == "end_screen" else no_room)
    monkeypatch.setattr(tm, "end_screen", no_room, raising=False)
    monkeypatch.setattr(app, "runs", lambda action, rnd: "")
    term = types.SimpleNamespace(playing=False)
    line = app.play(term, games.by_name("deeper"), 7, (32, 32))
    assert line == "deeper: no memory left on this board for that round (restart the board)"
    assert term.playing is False
