"""Test helpers: a program on a real pseudo-terminal of a given size, read through a terminal-screen
emulator (pyte); a served virtual board; a Duel's shortest route as arrow keys."""
import contextlib
import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import termios
import time
import tty

import pyte

from support import MAZE32

ARROW = {(1, 0): b"\x1b[C", (-1, 0): b"\x1b[D", (0, 1): b"\x1b[B", (0, -1): b"\x1b[A"}    # (dx, dy)


def route(seed, size):
    # Player 1's shortest route start -> key -> exit in a Duel maze, as steps (dx, dy).
    from host import render, twin
    doc = twin.build(seed, twin.make_config((size, size), {})).document()
    cells = render.solution(doc, 0)
    return [(b[0] - a[0], b[1] - a[1]) for a, b in zip(cells, cells[1:])]


def win_duel(term, seed, size, pause):
    # Player 1's shortest route typed into term, up to the end screen: a key every `pause` seconds at
    # the most, and none before the last one's step shows, as a person plays. A frame takes the last
    # movement key typed since the one before (term_choose.read_keys), so keys typed faster than a
    # slow board draws are dropped by design: on a loaded machine the RISC-V board lost 9 of 58.
    steps = route(seed, size)
    for n, step in enumerate(steps, 1):
        term.send(ARROW[step])
        term.read(pause)
        if n < len(steps):              # the last step wins: the end screen has no status line
            assert term.wait_for("steps %d  " % n, 10.0), (n, term.text())
    assert term.wait_for("r  replay", 4.0), term.text()


def tile_of(term):
    # Deeper: the player's tile (x, y) on the screen (2 columns a tile, the header line above).
    at = term.find("@")
    return None if at is None else (at[0] // 2, at[1] - 1)


class PtyProcess:
    # cmd on a pseudo-terminal of size (columns, rows); raw=True puts the terminal in raw mode first
    # (as a board's console). screen is every byte written so far; display the screen they make.
    def __init__(self, cmd, env=None, cwd=None, raw=False, size=(80, 24)):
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        if raw:
            tty.setraw(slave)
        self.proc = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=slave, close_fds=True,
                                     env=env, cwd=cwd)
        os.close(slave)
        self.screen = b""
        self.display = pyte.Screen(*size)
        self.stream = pyte.ByteStream(self.display)

    def read(self, seconds):
        # Everything written so far, after waiting `seconds` for more.
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if select.select([self.master], [], [], 0.05)[0]:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    break
                self.screen += data
                self.stream.feed(data)
        return self.screen.decode(errors="replace")

    def wait_for(self, text, seconds):
        # Read until text is on the screen (True) or seconds have passed (False).
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.read(0.1)
            if text in self.text():
                return True
        return False

    def text(self):
        # The screen as the terminal shows it now, one line per row, trailing blanks cut.
        return "\n".join(line.rstrip() for line in self.display.display)

    def find(self, glyph):
        # (column, row) of the first glyph on the screen, or None.
        for row, line in enumerate(self.display.display):
            if glyph in line:
                return line.index(glyph), row
        return None

    def modes(self):
        # The terminal's modes now: (echo on?, canonical input?).
        lflag = termios.tcgetattr(self.master)[3]
        return bool(lflag & termios.ECHO), bool(lflag & termios.ICANON)

    def restored(self, modes=True):
        # Whether the program left the terminal as it found it: the alternate screen left after it was
        # last entered, the cursor shown after it was last hidden, echo and line input back on (unless
        # modes=False: a board's console, raw before and after).
        out = self.screen
        alt = out.rfind(b"\x1b[?1049h") < out.rfind(b"\x1b[?1049l")
        cursor = out.rfind(b"\x1b[?25l") < out.rfind(b"\x1b[?25h") and not self.display.cursor.hidden
        return alt and cursor and (not modes or self.modes() == (True, True))

    def send(self, data):
        os.write(self.master, data)

    def start(self, seconds=3.0):
        # Past a game's start screen (term.play's "press a key to start"): True once it was shown.
        if not self.wait_for("press a key to start", seconds):
            return False
        self.send(b" ")
        self.read(0.2)
        return True

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)
        os.close(self.master)


@contextlib.contextmanager
def served_board(env, *options):
    # `maze32 board serve OPTIONS` in the background; yields its socket:// URL.
    server = subprocess.Popen([MAZE32, "board", "serve", *options], stdout=subprocess.PIPE, text=True, env=env)
    try:
        url = None
        for _ in range(5):
            m = re.search(r"socket://127\.0\.0\.1:\d+", server.stdout.readline())
            if m:
                url = m.group(0)
                break
        assert url, "board serve printed no URL"
        yield url
    finally:
        server.send_signal(signal.SIGINT)       # as Ctrl-C: it stops its MicroPython process too
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(10)


def quit_the_board(term, wait):
    # q on the board's menu: the game ends, the host says so and exits 0, and nothing on the way was
    # a MemoryError or a traceback.
    term.send(b"q")
    assert term.wait_for("the board's game ended", wait), term.text()
    assert term.proc.wait(20) == 0
    assert b"MemoryError" not in term.screen and b"Traceback" not in term.screen


EXPLORE_KEYS = {"left": b"a", "right": b"d", "up": b"w", "down": b"s"}


def explore_stairs_keys(first=1, tries=40, most=50):
    # The first seed from `first` on whose depth-1 world the pilot (bench/explore_pilot.py: the check's route
    # played with the game's own tick, on CPython) takes the stairs without water on the way (water
    # slows a step by the clock, which a typed sequence cannot follow) in `most` keys or fewer (a
    # board's test types one key a frame or slower), and its keys as
    # [(key, ticks it waits after: a fall)]: the same world on every runtime, so the same keys win it
    # on a board.
    import explore_pilot
    from maze32_game import explore
    from maze32.world.tiles import WATER
    for seed in range(first, first + tries):
        game = explore.Explore(seed, 1)
        path, _ = explore_pilot.route(game, (game.x, game.y))
        if not path or len(path) > most or any(game.tile(x, y) == WATER for x, y in path):
            continue
        keys = []
        real = game.tick

        def tick(key):
            if key is None and keys:
                keys[-1][1] += 1
            elif key is not None:
                keys.append([key, 0])
            return real(key)
        game.tick = tick
        won = explore_pilot.fly(game, path, 20 * len(path) + 500)[0] == "stairs" and game.depth == 2
        if won and len(keys) <= most:
            return seed, [(EXPLORE_KEYS[k], n) for k, n in keys]
    raise AssertionError("no seed of %d..%d whose stairs the pilot takes dry in %d keys"
                         % (first, first + tries - 1, most))


def type_a_move(term, key, settle, wait):
    # A game key whose move shows (every pilot key moves the player or digs or builds a tile), typed
    # as a person plays: the next only once this one's change is on the screen, then `settle`
    # seconds for a fall. A frame takes the last key typed since the one before, so keys typed at a
    # fixed pace were dropped by a board slowed by a loaded machine (CI: viper 3 tiles short of the
    # stairs). The map is the screen less its last two lines (the clock ticks on the status line).
    def shown():
        return term.display.display[1:-2]
    before = shown()
    for _ in range(2):                          # typed again once if nothing showed
        term.send(key)
        end = time.monotonic() + wait / 2
        while time.monotonic() < end and shown() == before:
            term.read(0.05)
        if shown() != before:
            break
    term.read(settle)


def explore_through_the_menu(url, env=None, rounds=2, wait=20.0):
    # `maze32 play --port URL`: the board's own menu, a level code for a seed whose stairs the pilot
    # takes (explore_stairs_keys), its Explore key (games.py's), the stairs taken by those keys, a walk
    # and a dig at depth 2, back to the menu, `rounds` times, then quit. Asserts each step's screen (no
    # MemoryError on the way): the next world dealt on a heap the first one's frames have split.
    from host import twin
    from maze32_game import games
    key = games.by_name("explore").key.encode()
    seed, keys = explore_stairs_keys()
    term = PtyProcess([MAZE32, "play", "--port", url], env=env)
    try:
        assert term.wait_for("maze32 on", wait), term.text()
        term.send(b"c" + twin.level_code(seed, (32, 32), {})[1].encode() + b"\r")
        assert term.wait_for("code loaded: seed %d" % seed, wait), term.text()
        for _ in range(rounds):
            term.display.reset()
            term.send(key)
            assert term.start(wait * 3), term.screen[-600:]                      # its goal, then a key
            assert term.wait_for("explore  depth 1", wait), term.screen[-600:]
            for k, falls in keys:
                type_a_move(term, k, 0.3 + 0.08 * falls, wait)
            assert term.wait_for("explore  depth 2", wait), term.text()         # the stairs, taken
            for k in (b"d", b"d", b"s", b"a", b"s"):         # walk, dig
                term.send(k)
                term.read(0.4)
            assert "explore  depth 2" in term.text() and b"MemoryError" not in term.screen, term.text()
            term.display.reset()
            term.send(b"q")
            assert term.wait_for("enter a level code", wait), term.screen[-600:]  # the menu again,
            assert term.wait_for(", depth 2, items", wait), term.text()  # then its quit line below it
        quit_the_board(term, wait)
    finally:
        term.close()


def every_game_through_the_menu(url, seed=9, size=16, wait=20.0):
    # `maze32 play --port URL`: a Duel won from the board's own menu (level code entered at c, its
    # records and ghost kept), then each other game of the registry chosen from the menu after the
    # last and played a few keys, then quit. Asserts each step's screen and no MemoryError.
    from host import twin
    from maze32_game import games
    code = twin.level_code(seed, (size, size), {})[1]
    term = PtyProcess([MAZE32, "play", "--port", url])
    try:
        assert term.wait_for("maze32 on", wait), term.text()
        term.send(b"c" + code.encode() + b"\r")
        assert term.wait_for("code loaded: seed %d" % seed, wait), term.text()
        term.send(games.by_name("duel").key.encode())
        assert term.start(wait * 3), term.screen[-600:]
        win_duel(term, seed, size, 0.3)
        assert "you win!" in term.text(), term.text()
        term.display.reset()            # the menu's lines, once drawn again, are the menu's (see below)
        term.send(b"m")
        for game in games.GAMES:
            if game.name == "duel":
                continue
            # The menu again, drawn anew, before its key: a key typed with the last one (q, m) in one
            # frame of a slow board is read by that round with it and dropped, as a game drops
            # whatever comes with its quit; "quit" alone also matched the round's own last line.
            assert term.wait_for("enter a level code", wait), term.screen[-600:]
            term.send(game.key.encode())
            assert term.start(wait * 3), term.screen[-600:]
            for k in (b"d", b"s", b"a"):
                term.send(k)
                term.read(0.4)
            assert b"MemoryError" not in term.screen, term.text()
            term.display.reset()
            term.send(b"q")
        assert term.wait_for("quit  time", wait), term.screen[-600:]
        quit_the_board(term, wait)
    finally:
        term.close()
