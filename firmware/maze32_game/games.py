# The games, one entry each (STYLE 9): the board's menu (app.py), the twin's menu and `maze32 play
# --mode` (host/play.py, host/cli.py) and the README's list all read this table, so a key means the
# same game everywhere and a new game is one entry here plus its modules. An entry names its text
# view module (which holds the round: `new_round(seed, size, options)`, imported only when the game
# is chosen: worlds cost RAM a Duel does not need), its panel drawing (a function of screen.py), and
# the module that plays it over a link, if it can be. Duel over a link is a way to play the Duel
# entry, not a game of its own: its round comes from that module and is drawn by the same view.
# Bench is a board-menu action (app.py), not a game. A game whose round needs large buffers names a
# module whose reserve() makes them: new_round makes them first, on a heap the last game has left
# whole (loading.forget), then loads the game's code packed (loading.packed).
# What a round's end offers, every frontend alike (app.play on the board, host/play.run on the twin):
# its records (records.py: its figures kept per `record_key`, in the order of its round's record():
# their labels, each followed by - (lower is better) or + (higher), "time" a time in frames; "" for
# none), its level link (links.py, level_link) and, for a game with `ghost`, a won run kept as the
# ghost to race (ghost.py). One string, not tuples: this table is in a board's RAM from boot.


class Game:
    def __init__(self, key, name, title, goal, view, panel, sized=False, link=None, link_title=None,
                 buffers=None, records="", record_key="seed", level_link=True, ghost=False):
        self.key = key            # the menu key, everywhere
        self.name = name          # --mode, and each round's .name
        self.title = title
        self.goal = goal          # one sentence: the menus and the README state it
        self.view = view          # the module of its round and text view
        self.panel = panel        # the function of screen.py that draws it on a display
        self.sized = sized        # played at the maze size of the menu (--size)
        self.link = link          # the module that plays it over a link, or None
        self.link_title = link_title
        self.buffers = buffers    # the module of its large buffers (reserve()), or None
        self.records = records    # the figures records.py keeps (see the top)
        self.record_key = record_key
        self.level_link = level_link  # its end screen gives the level's link (links.py)
        self.ghost = ghost        # a won round's run is kept as the ghost to race (its round's replay())


GAMES = (
    Game("1", "duel", "Duel vs bot", "get your key, then your exit, before the bot",
         "duel_view", "draw_duel", sized=True, link="link_duel",
         link_title="Duel over radio", records="time- steps-", record_key="level code", ghost=True),
    Game("2", "deeper", "Deeper", "reach each hatch before a ghost catches you", "deeper_view",
         "draw_deeper", records="depth+"),
    Game("3", "explore", "Explore", "dig, climb and build your way to the stairs, a depth deeper each",
         "explore_view", "draw_explore", buffers="explore_buffers", records="depth+"),
)


# Actions of every menu beside the games': the records screen (records.py), over all of them; and
# the board's race against the ghost of its last won Duel (board_runs.py; the twin's is play --ghost).
RECORDS_KEY = "t"
GHOST_KEY = "g"


def keys():
    return "".join([g.key for g in GAMES])


def names():
    return [g.name for g in GAMES]


def by_key(key):
    for g in GAMES:
        if g.key == key:
            return g
    return None


def by_name(name):
    for g in GAMES:
        if g.name == name:
            return g
    return None


def linked():
    # The games that can be played over a link (the board's radio, the twin's UDP).
    return [g for g in GAMES if g.link]


def module(name):
    # A module of this package an entry names (its view, link or buffers), imported on first use. The
    # fromlist makes __import__ return maze32_game.<name> itself, not the package, on CPython and
    # MicroPython alike.
    return __import__("maze32_game." + name, None, None, (name,))


def new_round(game, seed, size, options):
    # A round of `game` (an entry): options are the frontend's (bot: the Duel bot's level, record: keep
    # the paths, cache: a function making Explore's chunk cache), each game taking those it uses. The
    # last round's line arenas (arenas.py) go first: this round's code loads into the room they held.
    module("arenas").release()
    if game.buffers:         # its buffers first, then its code loaded packed (see the top)
        module(game.buffers).reserve()
        return module("loading").packed(lambda: module(game.view).new_round(seed, size, options))
    # Duel's and Deeper's rules need the library's core: loaded first (core()), then their code,
    # packed too: its loader's garbage left as it came would split the heap the round needs
    core()
    return module("loading").packed(module, game.view).new_round(seed, size, options)


def core():
    # The library's core (maze32's Config, Maze, generate, validate, hashing: maze32/__init__.py loads
    # them at the first use of one of their names, not at boot), loaded packed now, before the code
    # that needs it: Duel's and Deeper's rounds, the c prompt, a ghost, Bench, the radio. On a board
    # that keeps machine code (loading.py) it stays for good where it lands, so it must land on a heap
    # left whole: loaded in passing by the c prompt's from-import (among the prompt's Maze and
    # Workspace), a won Duel, then Deeper, then Explore found no room for Explore's round on the
    # RISC-V board, native and viper (tests/boards/test_riscv.py, every game after a won Duel).
    return module("loading").packed(lambda: __import__("maze32").Config)


def extras(game):
    # -> whether a round's end of `game` offers anything to keep (records or a ghost).
    return bool(game.records) or game.ghost


def menu_line(game, size, extra=""):
    # "  1  Duel vs bot (32x32)  get your key, ..." (extra goes in the brackets too).
    detail = ""
    if game.sized:
        detail = "%dx%d" % size
    if extra:
        detail = detail + ", " + extra if detail else extra
    return "  %s  %s%s  %s" % (game.key, game.title, " (" + detail + ")" if detail else "", game.goal)


def readme_lines():
    # The README's list of games (tests/test_play.py holds the README to it).
    return ["- `%s` **%s** (`--mode %s`): %s." % (g.key, g.title, g.name, g.goal) for g in GAMES]
