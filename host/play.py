# maze32 play: the desktop twin of the game in this terminal. The rules, the keys and the views are
# the firmware's own (firmware/duel.py, deeper.py, console.py, imported through paths.firmware when
# a game starts); this file is only the terminal: raw mode and the alternate screen (restored on every
# way out: q, Ctrl-C, an error, SIGTERM, SIGHUP), bytes in, frames out, and the twin's small menu.
import contextlib
import os
import select
import signal
import sys
import time

from host import paths
from host.errors import CliError

RESTORE = "\x1b[0m\x1b[?25h\x1b[?1049l"  # console.LEAVE: attributes, cursor, normal screen


def terminal_fd():
    fd = sys.stdin.fileno()
    if not os.isatty(fd):
        raise CliError("play needs a terminal (stdin is not one)")
    return fd


def hang_up(signum, frame):
    # SIGTERM and SIGHUP leave through the same finally blocks as q: the terminal is restored.
    raise SystemExit(128 + signum)


@contextlib.contextmanager
def raw_terminal(fd, out, enter=""):
    # Raw mode (and `enter` written) inside; on the way out, however it happens, the terminal's modes
    # and RESTORE. A terminal that hung up cannot be written to any more: that is not an error here.
    import termios
    import tty
    saved = termios.tcgetattr(fd)
    handlers = dict((s, signal.signal(s, hang_up)) for s in (signal.SIGTERM, signal.SIGHUP))
    try:
        tty.setraw(fd)
        out.write(enter)
        out.flush()
        yield
    finally:
        for s, h in handlers.items():
            signal.signal(s, h)
        try:
            out.write(RESTORE + "\r")
            out.flush()
        except OSError:
            pass
        try:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        except termios.error:
            pass


def attach(port, timeout=None):
    # The board's own game (firmware/app.py) in this terminal; Ctrl-] leaves it.
    from host import transport
    fd = terminal_fd()
    with transport.connected(port, timeout) as board:
        with raw_terminal(fd, sys.stdout):
            ended = board.attach("import app\napp.main()\n", fd, sys.stdout.buffer)
    sys.stdout.write("\r\n%s\n" % ("the board's game ended" if ended else "detached"))
    return 0


class Terminal:
    # This terminal as the firmware's console loops use it (see the top of firmware/console.py).
    def __init__(self, console, fd, out):
        self.fd, self.out = fd, out
        self.screen = console.Screen(self.write)
        self.pending = ""
        self.last_size = None

    def typed(self):
        data = b""
        while select.select([self.fd], [], [], 0)[0]:
            chunk = os.read(self.fd, 256)
            if not chunk:
                break
            data += chunk
        return data.decode("latin-1")

    def write(self, text):
        self.out.write(text)
        self.out.flush()

    def size(self):
        try:
            cols, rows = os.get_terminal_size(self.out.fileno())
        except (OSError, ValueError):
            cols = rows = 0
        size = (cols or 80, rows or 24)
        if size != self.last_size:
            self.last_size = size
            self.screen.clear()                 # a resized terminal: draw it all again
        return size

    def show(self, lines):
        self.screen.show(lines)

    def now_ms(self):
        return int(time.monotonic() * 1000)

    def sleep_ms(self, ms):
        if ms > 0:
            time.sleep(ms / 1000)

    def button(self):
        return None

    def draw(self, rnd):
        pass


def menu_lines(console, game, cols, rows):
    # The twin's menu after a game (m on the end screen).
    if cols < console.MIN_SIZE[0] or rows < console.MIN_SIZE[1]:
        return console.too_small(cols, rows)
    lines = [console.BOLD + "maze32 play" + console.RESET, ""]
    lines += ["  1  Duel vs bot (%dx%d, %s)" % (game["size"][0], game["size"][1], game["bot_name"]),
              "  2  Deeper", "  3  Explore", "  n  new random seed", "  q  quit", "", "seed %d" % game["seed"]]
    return [console.fit(line, cols) for line in lines]


def explore_round(seed):
    # Explore in the twin: its chunks cached on disk as on the board's flash (worlds/<seed>/depth_N
    # under ~/.cache/maze32, capped at 64 MiB).
    from maze32.world.cache import ChunkCache
    explore, = paths.firmware("explore")
    base = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "maze32")
    return explore.ExploreRound(seed, cache=ChunkCache(base, 64 * 1024 * 1024))


def replay_sheet():
    # host.render.replay_svg when this maze32 has it (the replay sheet of a Duel), else None.
    from host import render
    return getattr(render, "replay_svg", None)


def save_replay(rnd, path):
    # Player 1's and the bot's paths over the maze, as an SVG sheet (host.render.replay_svg).
    from host import twin
    m = rnd.game.maze
    doc = twin.build(rnd.seed, twin.make_config((m.width, m.height), {})).document()
    twin.write_output(path, replay_sheet()(doc, [list(rnd.paths[0]), list(rnd.paths[1])]))
    return path


def run(mode, seed, size, bot_level, out=sys.stdout, replay=None):
    # Rounds in this terminal until the player quits; then one line with the last result and its code.
    fd = terminal_fd()
    if replay == "-":
        raise CliError("--replay: a file name, not - (the terminal is the game's)")
    if replay and not replay_sheet():
        raise CliError("--replay: this maze32 cannot draw replay sheets yet (host.render.replay_svg)")
    console, duel = paths.firmware("console", "duel")
    term = Terminal(console, fd, out)
    game = {"mode": mode, "seed": seed, "size": size, "bot": bot_level,
            "bot_name": duel.BOT_LEVELS[bot_level - 1][0]}
    last = ""
    with raw_terminal(fd, out, console.ENTER):
        while True:
            if game["mode"] == "duel":
                rnd = console.DuelRound(game["seed"], game["size"][0], game["size"][1], game["bot"],
                                        record=True)
            elif game["mode"] == "deeper":
                rnd = console.DeeperRound(game["seed"])
            else:
                rnd = explore_round(game["seed"])
            ended = console.play(rnd, term)
            last = rnd.one_line()
            if not ended:
                break
            choice = after_game(console, term, rnd, replay)
            if choice == "m":
                choice = console.choose(term, lambda cols, rows: menu_lines(console, game, cols, rows), "123nq")
                while choice == "n":
                    game["seed"] = int.from_bytes(os.urandom(4), "little")
                    choice = console.choose(term, lambda cols, rows: menu_lines(console, game, cols, rows),
                                            "123nq")
                if choice in ("1", "2", "3"):
                    game["mode"] = {"1": "duel", "2": "deeper", "3": "explore"}[choice]
            if choice == "q":
                break
    out.write(last + "\n")
    out.flush()
    return 0


def after_game(console, term, rnd, replay):
    # The end screen, and the replay sheet of a Duel (written to `replay` at once; p writes one to
    # maze32-replay-<seed>.svg). -> "r", "m" or "q".
    choices = [("r", "replay"), ("m", "menu"), ("q", "quit")]
    note = ""
    can_draw = rnd.name == "duel" and replay_sheet() is not None
    if can_draw:
        choices.append(("p", "save the replay sheet"))
        if replay:
            note = "replay sheet written to %s" % save_replay(rnd, replay)
    while True:
        choice = console.end_screen(rnd, term, choices, note)
        if choice != "p":
            return choice
        try:
            note = "replay sheet written to %s" % save_replay(rnd, "maze32-replay-%d.svg" % rnd.seed)
        except CliError as e:
            note = str(e)
