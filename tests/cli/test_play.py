"""maze32 play: the views of SPEC 12 (maze32_game/term.py and the games' views) without a terminal, and the twin driven
through a real 80 x 24 pseudo-terminal read by a terminal emulator: the window follows the player, a
Duel won against the easiest bot ends on the end screen, every way out restores the terminal."""
import contextlib
import os
import re
import signal
import subprocess
import sys
import time

import pyte
import pytest

from maze32_game import deeper  # noqa: E402
from maze32_game import games  # noqa: E402
from maze32_game import term as tm  # noqa: E402  (as tm: the tests name their terminals term)
from maze32_game.deeper_view import BANNER_TICKS, DeeperRound  # noqa: E402
from maze32_game.duel_view import DuelRound  # noqa: E402
from maze32_game.term import read_keys, split_keys, Screen  # noqa: E402
from host import render  # noqa: E402
from support import ROOT, maze32, one_line_error  # noqa: E402
from terminals import ARROW, MAZE32, PtyProcess, route, served_board, tile_of  # noqa: E402

SGR = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
NAME = {(1, 0): "right", (-1, 0): "left", (0, 1): "down", (0, -1): "up"}


def Terminal(*args, size=(80, 24)):
    return PtyProcess([MAZE32, *args], size=size)


def plain(line):
    return SGR.sub("", line)


def on_screen(lines, size):
    # lines as a terminal of `size` shows them (term.Screen's output fed to pyte).
    shown = pyte.Screen(*size)
    Screen(pyte.Stream(shown).feed).show(lines)
    return shown


# -- without a terminal -----------------------------------------------------------------------------
def test_keys():
    # term.read_keys is what both the board (app.py) and the twin (host/play.py) decode keys with.
    assert read_keys("\x1b[Ax") == ("up", False, "")
    assert read_keys("dZ?q") == ("right", True, "")
    assert read_keys("") == (None, False, "")
    assert read_keys("W\x03") == ("up", True, "")
    assert read_keys("\x1b[Zs") == ("down", False, "")          # an unknown sequence is skipped whole
    assert read_keys("a\x1b[") == ("left", False, "\x1b[")      # an arrow cut off: kept for later
    assert read_keys("\x1b[" + "B") == ("down", False, "")
    assert read_keys("\x1b") == (None, False, "\x1b")
    assert read_keys("\x1bd") == ("right", False, "")            # a lone Esc is ignored
    assert read_keys("\x1bOC") == ("right", False, "")           # arrows in application mode
    assert split_keys("2\x1b[24;80Rs\x1b[1") == (["2", "s"], "\x1b[1")   # a terminal's reply skipped
    assert tm.join_keys(["up", "x"]) == "\x1b[Ax"


def test_an_escape_that_never_ends_is_dropped_not_kept_for_ever():
    # ESC [ then digits without a final byte, read after read: was kept whole as the rest each time,
    # growing without end (a board's heap: MemoryError); the keys after it still count.
    rest = ""
    for _ in range(1000):
        keys, rest = split_keys(rest + ("\x1b[" if not rest else "") + "1;" * 50)
        assert len(rest) <= 24
    assert read_keys(rest + "1;1w") == ("up", False, "")
    assert split_keys("\x1b[" + "9" * 20) == ([], "\x1b[" + "9" * 20)      # a reply still arriving


def test_rounds_end_with_one_message_for_both_frontends():
    game = DeeperRound(5)
    g = game.game.ghost_at(0)            # ghosts sleep until the player comes near: start beside one
    game.game.player = next(g + d for d in (-32, 1, 32, -1) if game.game.level.tiles[g + d] == 1)
    message = None
    for _ in range(400):                 # standing still beside it: the ghost comes
        message = game.tick(None)
        if message:
            break
    assert message == "caught by a ghost at depth 1: score %d" % game.game.score
    frame = game.view(80, 24)
    assert "@" not in "".join(frame) and tm.BUMP + "G" in "".join(frame)   # the ghost on the player
    duel = DuelRound(9, 8, 8, bot_level=2)
    for _ in range(2000):
        message = duel.tick(None)
        if message:
            break
    assert message == "the bot (walk) got out first" and "duel  key" in "\n".join(duel.view(80, 24))


def test_the_games_table_is_what_every_menu_and_the_readme_list():
    # games.py: one key a game, the same on the board's menu, the twin's and in --mode; every game's
    # round comes from its view module and says its name; the README's list is the table's.
    assert games.keys() == "123" and games.names() == ["duel", "deeper", "explore"]
    for g in games.GAMES:
        rnd = games.new_round(g, 7, (8, 8), {})
        assert rnd.name == g.name and "terminal too small" in plain(rnd.view(30, 10)[0])
        assert 3 <= len(rnd.view(80, 24)) <= 24
    readme = (ROOT / "README.md").read_text()
    assert "\n".join(games.readme_lines()) in readme
    one_line_error(maze32("play", "--mode", "chess"), 2, "choose from 'duel', 'deeper', 'explore'")


def test_screen_rewrites_only_the_lines_that_changed():
    out = []
    screen = Screen(out.append)

    def written():
        # What one show wrote (a line at a time: a whole frame joined may find no hole in a board's heap).
        text = "".join(out)
        del out[:]
        return text
    screen.show(["a", "b", "c"])
    assert written() == "\x1b[H\x1b[2J\x1b[1;1Ha\x1b[K\x1b[2;1Hb\x1b[K\x1b[3;1Hc\x1b[K"
    screen.show(["a", "b", "c"])
    assert out == []                                       # nothing changed: nothing written
    screen.show(["a", "B"])
    assert written() == "\x1b[2;1HB\x1b[K\x1b[3;1H\x1b[J"  # no clear: one line, the rest erased


@pytest.mark.parametrize("size", [(80, 24), (120, 50), (40, 12)])
def test_every_view_fits_and_the_window_follows_the_player(size):
    cols, rows = size

    def fits(lines):
        assert len(lines) <= rows and max(len(plain(line)) for line in lines) < cols, lines
        return lines

    rnd = DuelRound(7, 32, 32, 1)
    steps = route(7, 32)
    for i, step in enumerate(steps):
        rnd.tick(NAME[step])
        lines = fits(rnd.view(cols, rows))
        assert "@" in "".join(lines), (i, size)                # the player is always in the window
        assert "code 1SG0-0000-7RBJR" in plain(lines[0])       # the level code always visible
        if rnd.message:
            break
    assert rnd.message == "you win!"
    keys = ["r  replay", "m  menu", "q  quit", "p  save the replay sheet"]
    end = fits(tm.end_lines(rnd, cols, rows, keys, "replay sheet written to maze32-replay-7.svg"))
    text = "\n".join(plain(line) for line in end)
    assert "you win!" in text and "steps       109   shortest route 109" in text
    assert "level code  1SG0-0000-7RBJR" in text and all(k in text for k in keys)
    game = DeeperRound(3)
    for _ in range(8):                                      # deep levels are the largest (21 x 21)
        game.game.descend()
    game.banner = 0
    assert game.game.level.side == 21 and "@" in "".join(fits(game.view(cols, rows)))
    game.banner = 1
    fits(game.view(cols, rows))


def test_colours_remembered_cells_and_bumps():
    rnd = DuelRound(7, 32, 32, 1)
    screen = on_screen(rnd.view(80, 24), (80, 24))
    x, y = next((x, y) for y, line in enumerate(screen.display) for x, ch in enumerate(line) if ch == "@")
    assert screen.buffer[y][x].fg == "cyan" and screen.buffer[y][x].bold      # Player 1, like render
    fgs = set(ch.fg for row in screen.buffer.values() for ch in row.values() if ch.data in "─│┌┐└┘├┤┬┴┼")
    assert fgs == {"default"}                               # at the start every known wall is in view
    for step in route(7, 32)[:12]:
        rnd.tick(NAME[step])
    screen = on_screen(rnd.view(80, 24), (80, 24))
    fgs = set(ch.fg for row in screen.buffer.values() for ch in row.values() if ch.data in "─│┌┐└┘├┤┬┴┼")
    assert fgs == {"default", "brightblack"}                # walls out of view now: remembered, grey
    # A bump: a key into a wall leaves the player where they are and says so for a moment.
    me = rnd.game.players[0]
    wall = next(k for k, (d, flag) in (("up", (-32, 1)), ("right", (1, 2)), ("down", (32, 4)),
                                       ("left", (-1, 8))) if not rnd.game.maze.cells[me.cell] & flag)
    cell = me.cell
    rnd.tick(wall)
    assert me.cell == cell and plain(rnd.view(80, 24)[-1]).endswith("bump")
    assert tm.BUMP + "@" in "".join(rnd.view(80, 24))
    for _ in range(tm.BUMP_TICKS):
        rnd.tick(None)
    assert "bump" not in rnd.view(80, 24)[-1]


def test_deeper_pauses_on_a_banner_between_levels():
    # The first level opens on term.play's start screen, each one after on a "depth N" banner.
    from support import route_keys
    rnd = DeeperRound(4)
    assert rnd.banner == 0 and "depth 1" in plain(rnd.view(80, 24)[-1])
    for key in route_keys(rnd.game, rnd.game.level.hatch):
        assert rnd.tick(key) is None
    assert rnd.game.depth == 2 and rnd.banner == BANNER_TICKS
    assert "depth 2" in "".join(rnd.view(80, 24)) and "2 ghosts" in "".join(rnd.view(80, 24))
    ghosts = list(rnd.game.level.chase.pos)
    for _ in range(BANNER_TICKS - 1):
        rnd.tick("right")                                   # the banner: keys do nothing
    assert list(rnd.game.level.chase.pos) == ghosts          # the ghosts wait too
    assert rnd.game.player == 33
    assert rnd.steps == rnd.cleared                         # the route taken was a shortest one


def test_a_duel_records_both_paths_for_the_replay_sheet():
    rnd = DuelRound(9, 16, 16, 1, record=True)
    for step in route(9, 16):
        rnd.tick(NAME[step])
    assert rnd.message == "you win!"
    for p, path in enumerate(rnd.paths):
        assert path[0] == rnd.game.slot_cell(0, p)          # from the start, one step at a time
        assert all(abs(b - a) in (1, 32) for a, b in zip(path, path[1:]))
    assert len(rnd.paths[0]) == rnd.shortest + 1 and len(rnd.paths[1]) == rnd.game.players[1].steps + 1


class Scripted:
    # A terminal for term.play without a terminal: keys[i] typed before frame i, size by frame, the
    # frames shown kept; the clock is the frames' (sleep moves it on).
    def __init__(self, keys, sizes=lambda i: (80, 24)):
        self.keys, self.sizes = keys, sizes
        self.frames, self.pending, self.ms = [], "", 0

    def typed(self):
        i = len(self.frames)
        if i >= len(self.keys):
            return "q"
        return self.keys[i]

    def size(self):
        return self.sizes(len(self.frames))

    def show(self, lines):
        # a line is a str or a painted row's UTF-8 bytes (term.py's terminal contract)
        self.frames.append("\n".join(plain(x if isinstance(x, str) else str(x, "utf-8")) for x in lines))

    def now_ms(self):
        return self.ms

    def sleep_ms(self, ms):
        self.ms += max(ms, 0)

    def button(self):
        return None

    def draw(self, rnd):
        pass


def first_step(rnd):
    me = rnd.game.players[0]
    return next(k for k, (d, flag) in (("w", (-32, 1)), ("d", (1, 2)), ("s", (32, 4)), ("a", (-1, 8)))
                if rnd.game.maze.cells[me.cell] & flag)


def test_a_game_waits_for_a_key_then_for_the_first_move():
    # The start screen states the goal; a key takes it off without moving; nothing ticks (the bot,
    # the clock) until the first move.
    rnd = DuelRound(7, 32, 32, 5)                           # dash: a move every frame once it runs
    term = Scripted([""] * 5 + ["x"] + [""] * 20 + [first_step(rnd)] + [""] * 3)
    assert tm.play(rnd, term) is False
    assert "Goal: get your key, then your exit, before the bot." in term.frames[0]
    assert "press a key to start" in term.frames[4] and "press a key" not in term.frames[5]
    assert "duel  key no" in term.frames[5]
    bot = rnd.game.players[1]
    assert rnd.ticks == 4 and rnd.game.players[0].steps == 1 and bot.steps > 0
    assert "time 0:00" in term.frames[25]


def test_a_game_pauses_on_a_key_and_while_the_terminal_is_too_small():
    rnd = DuelRound(7, 32, 32, 5)
    step = first_step(rnd)
    small = lambda i: (30, 10) if 10 <= i < 40 else (80, 24)    # noqa: E731
    keys = [" ", step] + [""] * 8 + [""] * 30 + ["p"] + [""] * 30 + [" "] + [""] * 5
    term = Scripted(keys, small)
    assert tm.play(rnd, term) is False
    assert all("terminal too small" in f for f in term.frames[10:40])
    assert all("paused" in f for f in term.frames[40:71]) and "duel  key" in term.frames[72]
    # frames 1..9 and 71..76 tick: 9 + 6, the 61 frames between do not
    assert rnd.ticks == 15


@pytest.mark.parametrize("name,wanted", [
    ("duel", ["@  you", "B  the bot", "K  your key", "E  your exit, in the other half", "C  compass",
              "A  artifact", "L  landmark", "·  fog"]),
    ("deeper", ["@  you", "H  the hatch", "G  a ghost asleep", "G  a ghost awake", "██  hedge"]),
    ("explore", ["@  you", '""  grass', "░░  dirt", "██  stone", "▒▒  sand", "~~  water", "≈≈  lava",
                 "%%  acid", "||  wood", "[]  door", "^^  trap", ">>  stairs", "**  item"])])
def test_help_shows_the_goal_keys_and_every_glyph(name, wanted):
    # ? covers the game (paused) with its goal, the keys and the legend; any key goes back.
    rnd = games.new_round(games.by_name(name), 7, (32, 32), {})
    term = Scripted([" ", "?", "", "x", ""])
    tm.play(rnd, term)
    shown = term.frames[1]
    assert "Goal: " + games.by_name(name).goal in shown and "p pause" in shown and "? help" in shown
    assert all(w in shown for w in wanted), shown
    assert max(len(x) for x in shown.splitlines()) < 80 and len(shown.splitlines()) <= 24
    assert "any key goes back" in term.frames[2] and "any key" not in term.frames[3]
    assert rnd.ticks == 0


def test_what_the_player_picks_up_leaves_the_map_and_is_said():
    rnd = DuelRound(7, 32, 32, 1)
    me = rnd.game.players[0]
    assert "no compass yet" in plain(rnd.view(80, 24)[-1])
    assert plain(rnd.view(80, 24)[-2]).startswith("arrows/WASD move")      # no event yet: the keys
    c = me.compass_cell                                     # beside the compass, then onto it
    key, me.cell = next((k, c - d) for k, (d, flag) in (("down", (32, 4)), ("up", (-32, 1)),
                        ("right", (1, 2)), ("left", (-1, 8))) if rnd.game.maze.cells[c - d] & flag)
    rnd.game.reveal(me)
    assert "C" in plain("".join(rnd.view(80, 24)))
    rnd.tick(key)
    lines = [plain(x) for x in rnd.view(80, 24)]
    assert me.has_compass and "C" not in "".join(lines[1:-2])
    assert lines[-2].startswith("compass: your key lies ") and "compass " in lines[-1]
    for _ in range(tm.NOTE_TICKS):
        rnd.tick(None)
    assert plain(rnd.view(80, 24)[-2]).startswith("arrows/WASD move")


def test_taking_the_key_is_said_and_the_key_leaves_the_map():
    rnd = DuelRound(7, 32, 32, 1)
    me = rnd.game.players[0]
    for step in route(7, 32):
        rnd.tick(NAME[step])
        if me.has_key:
            break
    lines = [plain(x) for x in rnd.view(80, 24)]
    assert lines[-2].startswith("key taken! now your exit E, in the other half")
    assert " K " not in "".join(lines[1:-2])


def test_the_message_line_says_a_ghost_wakes_and_a_dig():
    game = DeeperRound(5)
    g = game.game.ghost_at(0)
    game.game.player = next(g + d for d in (-32, 1, 32, -1) if game.game.level.tiles[g + d] == 1)
    game.tick(None)
    assert game.game.level.chase.awake[0] and plain(game.view(80, 24)[-2]).startswith("a ghost wakes")
    rnd = games.new_round(games.by_name("explore"), 7, (32, 32), {})
    below = rnd.game.tile(rnd.game.x, rnd.game.y + 1)
    rnd.tick("down")                                        # seed 7 spawns on grass: dig it
    assert below == 1 and plain(rnd.view(80, 24)[-2]) == "dug grass"


@pytest.mark.parametrize("name", ["duel", "deeper", "explore"])
def test_end_screens_read_right_when_you_quit_at_once(name):
    rnd = games.new_round(games.by_name(name), 7, (32, 32), {})
    text = "\n".join(plain(x) for x in tm.end_lines(rnd, 80, 24, ["r  replay", "m  menu"]))
    assert "+-" not in text and "0 level" not in text and "0 steps" not in text and "0 items" not in text
    assert "you quit" in text and "level code" in text and "again)" in text and "r  replay" in text
    if name == "duel":
        assert "steps       0   (the shortest route out is " in text and "stroll, no steps" in text
    if name == "deeper":
        assert "(no level cleared yet)" in text
        from support import route_keys
        for key in route_keys(rnd.game, rnd.game.level.hatch):
            rnd.tick(key)
        end = [plain(x) for x in tm.end_lines(rnd, 80, 24, ["r  replay"])]
        assert "1 level cleared, shortest route through it %d" % rnd.cleared in "\n".join(end)
    assert all(len(plain(x)) < 80 for x in tm.end_lines(rnd, 80, 24, ["r  replay"]))


def test_each_note_of_an_end_screen_starts_a_line_of_its_own():
    # The records' note, the ghost's file and the board's "q also" were joined with spaces and wrapped
    # as one text: the next began mid-line ("steps 58   your / run's ghost: ...").
    rnd = games.new_round(games.by_name("duel"), 7, (32, 32), {})
    notes = ["first Duel record for level code 18G0-0000-96H9Z: time 0:13.7, steps 58",
             "your run's ghost: /tmp/g/18G0-0000-96H9Z.txt\nrace it: maze32 play --ghost FILE",
             "q also goes back to the menu"]
    lines = [plain(x).strip() for x in tm.end_lines(rnd, 80, 24, ["r  replay"], "\n".join(notes))]
    assert notes[0] in lines and "q also goes back to the menu" in lines, lines
    assert any(x.startswith("your run's ghost: ") for x in lines), lines
    assert tm.wrap("a b\nc", 80) == ["a b", "c"]


# -- in a terminal ----------------------------------------------------------------------------------
def test_deeper_starts_moves_and_quits():
    term = Terminal("play", "--mode", "deeper", "--seed", "5")
    try:
        assert term.wait_for("Goal: reach each hatch", 3.0)   # the start screen first
        term.send(b" ")
        assert term.wait_for("deeper  depth 1", 3.0)
        assert tile_of(term) == (1, 1)
        game = deeper.Deeper(5)
        key, seq = ("right", b"\x1b[C") if game.level.tiles[34] else ("down", b"\x1b[B")
        term.send(b"x" + seq)                              # an unknown key, then an arrow
        term.read(0.5)
        assert tile_of(term) == ((2, 1) if key == "right" else (1, 2))
        term.send(b"q")
        assert term.proc.wait(10) == 0
        term.read(0.3)
        assert term.restored()
        assert re.search(r"quit  time \d:\d\d\.\d, 1 step, seed 5", term.text())
    finally:
        term.close()


@pytest.mark.slow
def test_a_duel_at_80x24_is_won_against_the_easiest_bot():
    # Seed 9 at 16 x 16 in an 80 x 24 terminal: the player at a brisk human pace along the shortest
    # route (about 8 keys a second) against stroll; then the end screen, r plays it again, m goes to
    # the menu, 2 starts Deeper, q quits.
    term = Terminal("play", "--seed", "9", "--size", "16x16", "--bot", "stroll")
    try:
        assert term.start() and term.wait_for("duel  key no", 3.0)
        lines = term.text().splitlines()
        assert "code 18G0-0000-96H9Z" in lines[0] and "seed 9" in lines[0]
        for step in route(9, 16):
            assert term.find("@") is not None, term.text()
            term.send(ARROW[step])
            term.read(0.12)
        assert term.wait_for("level code", 3.0), term.text()
        text = term.text()
        assert "you win!" in text
        assert re.search(r"time +0:\d\d\.\d", text)
        assert "steps       58   shortest route 58 (+0)" in text
        assert "level code  18G0-0000-96H9Z   seed 9, 16x16" in text
        assert "r  replay" in text and "m  menu" in text and "q  quit" in text
        assert term.screen.count(b"\x1b[2J") == 1          # one clear: frames overwrite their lines
        term.send(b"r")
        assert term.start() and term.wait_for("duel  key no  no compass yet  view 3  steps 0", 3.0)
        term.send(b"\x1b[C")                                # seed 9's first step is to the right
        term.read(0.3)
        assert "steps 1" in term.text()
        term.send(b"q")
        assert term.proc.wait(10) == 0
        term.read(0.3)
        assert term.restored() and "1 step (shortest 58), level code 18G0-0000-96H9Z" in term.text()
    finally:
        term.close()


@contextlib.contextmanager
def duel_of_seed_9(*options):
    # The twin's Duel on seed 9 at 16 x 16 (its shortest route is terminals.route's), past its start.
    term = Terminal("play", "--seed", "9", "--size", "16x16", *options)
    try:
        assert term.start() and term.wait_for("duel  key no", 3.0)
        yield term
    finally:
        term.close()


@pytest.mark.slow
def test_q_in_a_won_games_last_frame_shows_its_end_screen():
    # Was: q in the second a won game's last frame stays counted as quitting it: no end screen, no
    # level link, the twin ended. Now it cuts that frame short (q itself no answer on the end screen).
    *steps, last = route(9, 16)
    with duel_of_seed_9("--bot", "stroll") as term:
        for step in steps:
            term.send(ARROW[step])
            term.read(0.1)
        term.send(ARROW[last])                              # the winning move, and q a few frames after
        term.read(0.15)
        term.send(b"q")
        assert term.wait_for("r  replay", 3.0), term.text()
        assert "you win!" in term.text() and term.proc.poll() is None
        term.send(b"q")
        assert term.proc.wait(10) == 0
        term.read(0.3)
        assert term.restored() and "level code 18G0-0000-96H9Z" in term.text()


@pytest.mark.slow
def test_the_end_screen_leads_to_the_menu():
    term = Terminal("play", "--seed", "9", "--size", "16x16")
    try:
        assert term.start() and term.wait_for("duel  key no", 3.0)
        for step in route(9, 16):
            term.send(ARROW[step])
            term.read(0.1)
        assert term.wait_for("r  replay", 4.0), term.text()
        term.send(b"m")
        assert term.wait_for("2  Deeper", 2.0)
        term.send(b"2")
        assert term.wait_for("Goal: reach each hatch", 2.0) and "seed 9" in term.text()
        term.send(b"\x03")
        assert term.proc.wait(10) == 0
        term.read(0.3)
        assert term.restored()
    finally:
        term.close()


@pytest.mark.parametrize("way", ["q", "ctrl-c", "SIGTERM", "SIGHUP"])
def test_every_way_out_restores_the_terminal(way):
    term = Terminal("play", "--seed", "3", "--size", "32x32")
    try:
        assert term.start() and term.wait_for("duel  key no", 3.0)
        assert not term.restored() and term.modes() == (False, False)     # raw, alternate screen
        if way in ("q", "ctrl-c"):
            term.send(b"q" if way == "q" else b"\x03")
            assert term.proc.wait(10) == 0
        else:
            sig = getattr(signal, way)
            term.proc.send_signal(sig)
            assert term.proc.wait(10) == 128 + sig
        term.read(0.3)
        assert term.restored(), term.screen[-200:]
    finally:
        term.close()


def test_an_error_restores_the_terminal_too(monkeypatch):
    # play.raw_terminal, around any error: modes back, the alternate screen left, the error goes on.
    import io
    import pty
    import termios
    from host import play
    master, slave = pty.openpty()
    try:
        before = termios.tcgetattr(slave)
        out = io.StringIO()
        with pytest.raises(RuntimeError):
            with play.raw_terminal(slave, out, tm.ENTER):
                assert not termios.tcgetattr(slave)[3] & termios.ECHO
                raise RuntimeError("boom")
        assert termios.tcgetattr(slave) == before
        assert out.getvalue().startswith(tm.ENTER) and tm.LEAVE in out.getvalue()
        assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
    finally:
        os.close(master)
        os.close(slave)


def test_play_deals_a_seed_as_the_maze_commands_do():
    # One default size (SPEC 3.1's 32x32): `play --seed 3` is `code --seed 3`'s maze.
    code = maze32("code", "--seed", "3").stdout.split()[0]
    term = Terminal("play", "--seed", "3")
    try:
        assert term.start() and term.wait_for("duel  key no", 3.0)
        assert ("code %s  seed 3  32x32" % code) in term.text().splitlines()[0]
        term.send(b"q")
        assert term.proc.wait(10) == 0
    finally:
        term.close()


def test_a_small_terminal_is_told_so():
    term = Terminal("play", "--seed", "3", size=(36, 10))
    try:
        assert term.wait_for("terminal too small", 3.0)
        assert term.wait_for("maze32 needs 40 x 12", 3.0), term.text()     # the screen may still be arriving
        term.send(b"q")
        assert term.proc.wait(10) == 0
    finally:
        term.close()


def won_with_replay(tmp_path, sheet):
    # `play --replay sheet` on seed 9 at 16x16, won along its shortest route. -> the terminal (close it)
    term = PtyProcess([MAZE32, "play", "--seed", "9", "--size", "16x16", "--replay", str(sheet)],
                      cwd=str(tmp_path))
    assert term.start() and term.wait_for("duel  key no", 3.0)
    for step in route(9, 16):
        term.send(ARROW[step])
        term.read(0.1)
    return term


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(render, "replay_svg"), reason="host.render.replay_svg not there yet")
def test_a_won_duel_writes_its_replay_sheet(tmp_path):
    sheet = tmp_path / "replay.svg"       # named from its folder: the end screen's 80 columns hold the name
    term = won_with_replay(tmp_path, sheet.name)
    try:
        assert term.wait_for("written to", 4.0), term.text()
        # the message wraps where the records' and the ghost's notes share its lines
        assert "replay sheet written to replay.svg" in " ".join(term.text().split()), term.text()
        assert "<svg" in sheet.read_text()
        term.send(b"p")
        assert term.wait_for("maze32-replay-9.svg", 2.0)
        assert "<svg" in (tmp_path / "maze32-replay-9.svg").read_text()
        term.send(b"q")
        assert term.proc.wait(10) == 0
    finally:
        term.close()


@pytest.mark.parametrize("target, said", [("folder", "cannot write (is a directory)"),
                                          ("missing/replay.svg", "cannot write (no folder ")])
def test_a_replay_file_that_cannot_be_written_is_one_line_before_the_game(tmp_path, target, said):
    # (was: the game played, then at its end the error, and the session over without its end screen)
    (tmp_path / "folder").mkdir()
    term = PtyProcess([MAZE32, "play", "--replay", str(tmp_path / target)], cwd=str(tmp_path))
    try:
        assert term.proc.wait(20) == 2
        term.read(0.5)
        text = "".join(term.text().split("\n")).strip()
        assert text.startswith("maze32: %s" % tmp_path) and said in text, text
    finally:
        term.close()


@pytest.mark.slow
def test_a_replay_sheet_that_fails_to_write_after_a_game_is_its_end_screens_line(tmp_path):
    # A file that cannot be written, found only at the end: the end screen says why, the session goes on.
    if os.geteuid() == 0:
        target = "/proc/version"                   # not writable even for root
    else:
        target = str(tmp_path / "locked.svg")
        (tmp_path / "locked.svg").write_text("")
        os.chmod(str(tmp_path / "locked.svg"), 0o444)
    term = won_with_replay(tmp_path, target)
    try:
        assert term.wait_for("r  replay", 4.0), term.text()
        assert "cannot write" in " ".join(term.text().split()), term.text()
        term.send(b"q")
        assert term.proc.wait(10) == 0
    finally:
        term.close()


def deployed(tmp_path):
    # The environment of a virtual board folder under tmp_path, with the library and game deployed.
    env = dict(os.environ, MAZE32_VIRTUAL_BOARD=str(tmp_path / "board"))
    assert maze32("deploy", env=env).returncode == 0
    return env


@contextlib.contextmanager
def attached(*args, env, size=(80, 24)):
    # `maze32 play ARGS` (--port URL, --board) on a terminal of `size`, closed after.
    term = PtyProcess([MAZE32, "play", *args], env=env, size=size)
    try:
        yield term
    finally:
        term.close()


@pytest.mark.slow
def test_play_on_the_board_through_mpremote(tmp_path):
    # deploy to a virtual board, then `maze32 play --port URL`: the board's own menu and game, typed
    # at from this terminal, until the board's program ends.
    env = deployed(tmp_path)
    with served_board(env) as url:
        with attached("--port", url, env=env) as term:
            assert term.wait_for("maze32 on Espressif ESP32-C6-DevKitC-1", 6.0)
            term.send(b"2")
            assert term.start(4.0) and term.wait_for("deeper  depth 1", 4.0), term.text()
            assert tile_of(term) == (1, 1)
            term.send(b"q")
            assert term.wait_for("quit  time", 3.0)               # back on the menu
            term.send(b"q")
            assert term.wait_for("the board's game ended", 5.0)
            assert term.proc.wait(10) == 0
            term.read(0.3)
            assert term.restored() and "bye" in term.screen.decode(errors="replace")


def test_the_friendly_repls_banner_is_held_back_however_it_is_split():
    # A game a board's boot started ends in the friendly REPL (tests/boards/test_riscv.py plays it): its
    # banner is not the game's output, and a console's bytes come split anywhere, so what may be its
    # start is held back until the rest shows what it is; the game's own output is never held.
    from host.transport import _banner_start
    game = b"\x1b[?1049lbye\r\n"
    banner = b"MicroPython v1.28.0 on 2026-12-02; ESP32C6 module with ESP32C6\r\nType "
    for cut in range(len(banner) + 1):
        assert _banner_start(game + banner[:cut]) == (-1 if cut == 0 else len(game)), cut
    for output in (b"seed 718358332\x1b[K", b"\r\n", b"Mazes\r\n", b"key no  exit no\r\nM" + b"x" * 300):
        assert _banner_start(output) == -1, output


@pytest.mark.slow
def test_play_on_a_board_nothing_was_deployed_to_says_to_deploy(tmp_path):
    # A newcomer's first `play --port`/`--board` before any deploy: one line naming the command to run,
    # not the board's ImportError; the terminal restored.
    env = dict(os.environ, MAZE32_VIRTUAL_BOARD=str(tmp_path / "board"))
    with served_board(env) as url:
        with attached("--port", url, env=env) as term:
            assert term.proc.wait(30) == 1
            said = term.read(0.3).replace("\r", "").replace("\n", "")
            assert ("maze32: the board has no game on it yet: run maze32 deploy --port %s first, then play again"
                    % url) in said, said
            assert "ImportError" not in said and "Traceback" not in said and term.restored()


def walk_into_deeper(term):
    # From the board's menu: Deeper, past its start screen, a few steps; -> (the player's tile, the
    # status line's steps).
    term.send(b"2")
    assert term.start(4.0) and term.wait_for("deeper  depth 1", 4.0), term.text()
    for key in (b"d", b"d", b"s", b"s"):
        term.send(key)
        term.read(0.3)
    # the last keys' steps shown (a loaded machine's board draws them later than 0.3 s)
    end = time.monotonic() + 5.0
    while True:
        steps = re.search(r"deeper  depth 1  ghosts 1  steps (\d+) ", term.text())
        if (steps and int(steps.group(1)) > 0) or time.monotonic() > end:
            break
        term.read(0.1)
    assert steps and int(steps.group(1)) > 0, term.text()
    return tile_of(term), steps.group(0)


def comes_back_paused(term, where):
    # The game left on the board: paused on the screen of the terminal that came, then where it was.
    assert term.wait_for("paused: any key goes on (q quits)", 8.0), term.text()
    assert "maze32 deeper" in term.text()
    term.send(b" ")
    term.read(0.5)
    tile, steps = where
    assert steps in term.text() and tile_of(term) == tile, term.text()


@pytest.mark.slow
def test_a_game_left_on_the_board_is_there_when_you_come_back(tmp_path):
    # Ctrl-] and the terminal closing (SIGHUP) leave the board's game running, paused; `play --port`
    # again shows it where it was (maze32_game/attach.py), on a terminal of another size.
    env = deployed(tmp_path)
    with served_board(env) as url:
        with attached("--port", url, env=env) as term:
            assert term.wait_for("maze32 on", 8.0), term.text()
            where = walk_into_deeper(term)
            term.send(b"\x1d")
            assert term.wait_for("detached: the game waits on the board", 5.0) and term.proc.wait(10) == 0
            assert term.restored()
        with attached("--port", url, env=env) as term:
            comes_back_paused(term, where)
            term.proc.send_signal(signal.SIGHUP)              # the terminal closes
            assert term.proc.wait(10) == 128 + signal.SIGHUP
        with attached("--port", url, env=env, size=(100, 30)) as term:
            comes_back_paused(term, where)
            term.send(b"q")
            assert term.wait_for("quit  time", 3.0)
            term.send(b"q")                                   # the board's menu: the program ends
            assert term.wait_for("the board's game ended", 5.0) and term.proc.wait(10) == 0
        with attached("--port", url, env=env) as term:        # nothing left running: a fresh start
            assert term.wait_for("maze32 on", 8.0) and "paused" not in term.text(), term.text()
            term.send(b"q")
            assert term.wait_for("the board's game ended", 5.0)


@pytest.mark.slow
def test_play_board_keeps_its_virtual_board_between_attaches(tmp_path):
    # `play --board`: the kept virtual board (host/kept_board.py) outlives the command, so the game
    # left there is still there for the next `play --board`.
    from host import kept_board
    env = deployed(tmp_path)
    root = tmp_path / "board"
    try:
        with attached("--board", env=env) as term:
            assert term.wait_for("maze32 on", 20.0), term.text()
            where = walk_into_deeper(term)
            term.send(b"\x1d")
            assert term.wait_for("detached", 5.0) and term.proc.wait(10) == 0
        url = kept_board.running(root)
        assert url
        with attached("--board", env=env) as term:
            comes_back_paused(term, where)
            term.send(b"\x1d")
            assert term.wait_for("detached", 5.0) and term.proc.wait(10) == 0
        assert kept_board.running(root) == url                # the same board, not a second one
    finally:
        assert kept_board.stop(root)
    assert kept_board.running(root) is None


def test_play_rejects_a_forged_code_before_the_terminal():
    # The same check and message as validate --code (maze32.levelcode.check).
    proc = maze32("play", "--code", "1SG0-0000-7RBJS", timeout=60)
    assert proc.returncode == 1 and proc.stderr.startswith("maze32: level code: hash differs for seed 7")


def test_play_imports_no_firmware_until_a_game_starts():
    # Importing host.play and building the parser (--mode lists games.py lazily) leave sys.path
    # alone and load no game module; a game imports the package maze32_game, found where paths.GAME says.
    code = ("import sys; before = list(sys.path); import host.play, host.cli; host.cli.build_parser(); "
            "assert sys.path == before, 'sys.path changed'; assert 'maze32_game.duel' not in sys.modules; "
            "from host import paths; from maze32_game import term; "
            "assert term.__file__.startswith(str(paths.GAME))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr


def test_explore_in_the_twin_starts_walks_and_quits(tmp_path):
    # maze32 play --mode explore at 80 x 24: the side view, its chunks cached under XDG_CACHE_HOME
    # (as on the board's flash), q leaves with the terminal restored.
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "data"))
    term = PtyProcess([MAZE32, "play", "--mode", "explore", "--seed", "5"], env=env)
    try:
        assert term.start(10.0) and term.wait_for("explore  depth 1", 10.0), term.text()
        assert term.find("@") is not None
        term.send(b"d")
        term.read(0.3)
        term.send(b"q")
        assert term.proc.wait(10) == 0
        term.read(0.3)
        assert term.restored()
        # the lines left behind say what the end screen would (was: only the time and the seed), each
        # within 80 columns (the records' note was joined on and wrapped)
        last = r"^quit  time \d:\d\d\.\d, depth 1, items 0, world 5-1-0 surface\b"
        assert re.search(last, term.text(), re.M), term.text()
        assert re.search(r"^first Explore record for seed 5: depth 1\b", term.text(), re.M), term.text()
        assert any((tmp_path / "maze32" / "worlds").iterdir())
    finally:
        term.close()


def test_explore_in_the_twin_starts_deeper_and_r_goes_back_to_the_spawn(tmp_path):
    # --depth 8: the first world is a dungeon's; the status line's bearing to the stairs is the
    # spawn's again after r. Seed 3's spawn there stands on the floor (a BSP spawn over a shaft falls,
    # and no key holds a fall).
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path))
    term = PtyProcess([MAZE32, "play", "--mode", "explore", "--seed", "3", "--depth", "8"], env=env)
    try:
        assert term.start(10.0), term.text()                 # past the goal screen
        assert term.wait_for("explore  depth 8 (dungeon)", 10.0), term.text()
        status = lambda: re.search(r"stairs [\d,]+ [NESW]+ straight", term.text()).group(0)   # noqa: E731
        at_spawn = status()
        assert "r: to spawn" in term.text()
        for k in (b"d", b"d", b"d", b"a", b"d", b"d"):
            term.send(k)
            term.read(0.15)
        assert status() != at_spawn, term.text()           # walked (or fell) away
        term.send(b"r")
        term.read(0.5)
        assert status() == at_spawn, term.text()
        assert "back on the spawn (what you dug stays dug)" in term.text(), term.text()   # said, not silent
        term.send(b"q")
        assert term.proc.wait(10) == 0
    finally:
        term.close()


def test_play_depth_is_checked_in_one_line():
    one_line_error(maze32("play", "--mode", "explore", "--depth", "0"), 2, "depth: must be 1..255, got 0")
    one_line_error(maze32("play", "--mode", "explore", "--depth", "256"), 2, "depth: must be 1..255")
    one_line_error(maze32("play", "--mode", "explore", "--depth", "deep"), 2, "depth: 'deep' is not an integer")
    one_line_error(maze32("play", "--mode", "duel", "--depth", "3"), 2, "--depth goes with --mode explore")
