# The board's application: a menu on the serial console of the games (games.py: Duel against the
# bot, Deeper, Explore), Duel over radio against another board (firmware/maze32_game/link_duel.py), and Bench.
# Hardware is reached only through adapters (console keys and frames, clock, entropy here; the
# profile's display and buttons in display.py and buttons.py, opened lazily), so the same code runs on
# the MicroPython unix port in a terminal, which is how it is tested. The views are the games' own
# (games.py names them), drawn through term.py's Screen on the alternate screen, which is left again
# on every way out (q, Ctrl-C, an error).
import json
import os
import select
import sys

from maze32_game import games, loading
# The library's core (maze32's Config, Maze, generate, validate, hashing: 17 KB on a board) is not
# loaded at boot: maze32/__init__.py loads it at the first use of one of its names, which Explore
# (its world needs maze32._compat and rng only) and the self-test never make. What needs it loads it
# first, packed, on a heap left whole (games.core): Duel's and Deeper's rounds (games.new_round), the
# menu's c prompt, ghost, Bench and radio (menu.act). Not levelcode.py either: the games that make or
# check a level code (Duel, the c prompt, a ghost) import it as they need it.
from maze32_game import term as tm     # noqa: E402  (as tm: `term` is the terminal object passed around here)
from maze32_game.term import ticks_ms, sleep_ms  # noqa: E402

SIZE = (80, 24)                        # the console's size when the terminal does not say


def write(text):
    sys.stdout.write(text)


class Keys:
    # Non-blocking reader of the console's characters.
    def __init__(self, stream=None):
        self.stream = stream or sys.stdin
        self.poll = select.poll()
        self.poll.register(self.stream, select.POLLIN)

    def ready(self):
        return bool(self.poll.poll(0))

    def read_char(self):
        return self.stream.read(1)

    def typed(self):
        # Joined once: a str grown a character at a time copies it whole each time (a paste of a
        # ghost's 26 KB text took seconds a frame).
        chars = []
        while self.ready():
            chars.append(self.read_char())
        return "".join(chars)


class Frontends:
    # Where frames go and extra keys come from besides the console: the profile's display and
    # buttons, when the board has them (none on the unix port, which has no machine.Pin), or the
    # display driver handed to main() (display.py says what it must have).
    def __init__(self, profile, display=None):
        self.display, self.buttons = display, None
        if display is None:
            try:
                from maze32_game import display as panels
                self.display = panels.open_display(profile)
            except (ImportError, AttributeError, OSError):
                pass
        try:
            from maze32_game import buttons
            self.buttons = buttons.open_buttons(profile)
        except (ImportError, AttributeError, OSError):
            pass

    def draw(self, rnd):
        # The round on the display by its game's panel function (games.py names it, screen.py has
        # it), in the driver's colours (a driver of one's own without fg and bg: 1 on 0).
        d = self.display
        if d:
            from maze32_game import screen
            cell = 8 if d.height <= 64 else 10
            fn = getattr(screen, games.by_name(rnd.name).panel)
            fn(d, rnd.game, d.width, d.height, cell, getattr(d, "fg", 1), getattr(d, "bg", 0))
            d.show()

    def key(self):
        return self.buttons.pressed() if self.buttons else None


class Terminal:
    # The serial console as term.py's loops use it (see the top of term.py).
    def __init__(self, keys, front):
        self.keys = keys
        self.front = front
        self.screen = tm.Screen(write)
        self.cols, self.rows = SIZE
        self.pending = ""
        self.away = self.playing = False     # the host left (attach.py); a round is in play (play())

    def typed(self):
        text = self.keys.typed()
        if "\x1b[O" in text or "\x1b[I" in text:     # the host leaving or coming back
            from maze32_game import attach
            text = attach.events(self, text)
        return text

    def size(self):
        return (0, 0) if self.away else (self.cols, self.rows)

    def show(self, lines):
        self.screen.show(lines)

    def now_ms(self):
        return ticks_ms()

    def sleep_ms(self, ms):
        sleep_ms(ms)

    def button(self):
        return self.front.key()

    def draw(self, rnd):
        self.front.draw(rnd)

    def ask_size(self):
        # The terminal's size asked (menu.py's: at the start, and when the host comes back).
        games.module("menu").ask_size(self)


def board_profile():
    # board.json (deploy writes it); missing, damaged, or JSON that is no object: a board without one
    try:
        with open("board.json") as f:
            profile = json.load(f)
    except (OSError, ValueError):
        profile = None
    return profile if isinstance(profile, dict) else {"name": "unknown", "title": "a board without board.json"}


def random_seed():
    b = os.urandom(4)
    return b[0] | (b[1] << 8) | (b[2] << 16) | ((b[3] & 0x7F) << 24)


def chunk_cache():
    # Explore's chunks, cached in the board's flash under cache/worlds/ (capped).
    from maze32.world.cache import ChunkCache
    return ChunkCache("cache", 256 * 1024)


def runs(action, *args):
    # board_runs.py's action (a round's records and ghost, the records screen, a ghost to race),
    # loaded at its first use and forgotten on the way back to the menu (loading.forget); a heap with
    # no room for it is a line, not a crash.
    try:
        # loaded packed: its loader's temporaries reused at once, not left between a game's objects
        return getattr(loading.packed(games.module, "board_runs"), action)(*args)
    except MemoryError:
        return "records and ghosts: no memory left on this board (restart it)"


# The modules a round's end loads (play): the records and the ghost, the level link, the end screen.
ENDS = ("board_runs", "links", "term_end")


def play(term, game, seed, size, ghost_run=None):
    # Rounds of one game until the player goes back to the menu, each offered to what games.py says
    # its end offers: the records, a won Duel's run kept as the ghost to race (board_runs.py), the
    # level link. ghost_run: a verified ghost.Replay of this level, raced instead of the bot. -> the
    # last round's one line, and what it did to the records.
    name_ends(game)
    while True:
        try:
            rnd = games.new_round(game, seed, size, {"cache": chunk_cache, "ghost": ghost_run})
            term.playing = True
            ended = tm.play(rnd, term)
            term.playing = False
            note = runs("round_ended", rnd) if games.extras(game) else ""
            if not ended or end_screen(term, game, rnd, note) != "r":
                return rnd.one_line() + ("\n" + note if note else "")
        except MemoryError:
            # A heap split too finely for the round's code, its level link or its end screen: the
            # menu again with a line, never a crash of the board's app (CI saw one after a won Duel).
            term.playing = False
            return "%s: no memory left on this board for that round (restart the board)" % game.name


def name_ends(game):
    # A round's frames split the heap it left free, and a round's end that grows the names' table then
    # finds no block for it (loading.name_early): the end's names go in before the round. Not for a
    # game of large buffers (Explore): they and its line arenas over them are made before its code on a
    # heap kept whole, which holds a 149 KB block at its first frame (bench/heap_riscv.py), and the
    # table grown early would hold 7 KB more through its whole round.
    if not game.buffers:
        loading.name_early(ENDS)


def end_screen(term, game, rnd, note):
    # A round that ended: its level link (links.py, loaded only now) and its end screen, whose note
    # is what the records said. -> the key chosen there.
    if game.level_link:
        from maze32_game.links import show_link
        show_link(rnd)
    return tm.end_screen(rnd, term, (("r", "replay"), ("m", "menu")),
                         (note + "\n" if note else "") + "q also goes back to the menu", also="q")


def main(keys=None, display=None):
    # display: a driver of one's own instead of the profile's (a framebuf.FrameBuffer with show()).
    keys = keys or Keys()
    profile = board_profile()
    title = profile.get("title", profile.get("name"))
    term = Terminal(keys, Frontends(profile, display))
    loading.mark()          # what is loaded now stays; the self-test's code, the menu's, every game's go again
    from maze32_game import trust
    # 32x32: SPEC 3.1's default, as `maze32 play` and the maze commands deal a seed
    seed, size, message = random_seed(), (32, 32), trust.check()   # refuses wrong machine code
    loading.keep_machine_code(trust.installed(), trust.frozen())
    write(tm.ENTER)
    try:
        term.ask_size()
        while True:
            loading.forget()    # the last choice's modules (a game's, the records', the radio's, the menu's)
            menu = loading.packed(games.module, "menu")
            choice = menu.choose(term, title, seed, size, message)
            message = ""
            game = games.by_key(choice)
            if game:
                menu = None
                loading.forget()         # the menu's code (menu.py, term_choose.py): no round in play holds it
                message = play(term, game, seed, size)
            elif choice == "n":
                seed = random_seed()
            elif choice == "q":
                break
            else:                        # records, a ghost, Bench, the radio, a level code
                message, seed, size = menu.act(term, choice, title, seed, size)
    finally:
        write(tm.LEAVE)
        loading.forget()    # the REPL after the app (a deploy, a test) needs that heap
    write("bye\r\n")


def __getattr__(name):
    # The menu's lines and keys (menu.py's), for a frontend or test that asks app.py for them.
    if name in ("menu_lines", "BOT_NAME", "RADIO", "BENCH"):
        return getattr(games.module("menu"), name)
    raise AttributeError(name)
