# maze32 play: the desktop twin of the games in this terminal. The games, the rules, the keys, the
# views and the loops are the firmware's own (firmware/maze32_game/games.py lists them; term.py is the terminal
# layer; the package maze32_game, imported when a game starts); this file is only the terminal: raw
# mode and the alternate screen (restored on every way out: q, Ctrl-C, an error, SIGTERM, SIGHUP),
# bytes in, frames out, and the twin's small menu. host/duel_link.py plays a Duel over UDP in the
# same terminal.
import contextlib
import os
import select
import signal
import sys
import time

from host import paths
from host.errors import CliError



def firmware_games():
    from maze32_game import games
    return games


class Modes:
    # --mode's choices: games.py's names, read only when argparse checks or lists them, so that
    # the game's modules load for play alone, never for the other commands.
    def __contains__(self, name):
        return name in firmware_games().names()

    def __iter__(self):
        return iter(firmware_games().names())


def terminal_fd():
    fd = sys.stdin.fileno()
    if not os.isatty(fd):
        raise CliError("play needs a terminal (stdin is not one)")
    return fd


def hang_up(signum, frame):
    # SIGTERM and SIGHUP leave through the same finally blocks as q: the terminal is restored.
    raise SystemExit(128 + signum)


@contextlib.contextmanager
def hung_up_exits():
    # Inside, SIGTERM and SIGHUP (the terminal closed) raise SystemExit (128 + the signal), so every
    # finally block runs as for Ctrl-C (`web serve`: its temporary page removed).
    handlers = dict((s, signal.signal(s, hang_up)) for s in (signal.SIGTERM, signal.SIGHUP))
    try:
        yield
    finally:
        for s, h in handlers.items():
            signal.signal(s, h)


@contextlib.contextmanager
def raw_terminal(fd, out, enter=""):
    # Raw mode (and `enter` written) inside; on the way out, however it happens, the terminal's modes
    # and term.LEAVE. A terminal that hung up cannot be written to any more: that is not an error here.
    import termios
    import tty
    from maze32_game import term
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
            out.write(term.LEAVE + "\r")
            out.flush()
        except OSError:
            pass
        try:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        except termios.error:
            pass


NOT_DEPLOYED = "no module named 'maze32_game'"     # what a board says when play finds no game on it


def attach(port, timeout=None):
    # The board's own game (firmware/maze32_game/app.py) in this terminal. Ctrl-] (or the terminal
    # closing) leaves it running, paused, and the next attach comes back to it where it was; with none
    # running there, the board starts it. No port: the kept virtual board (host/kept_board.py), started
    # if need be, and soft-reset before a fresh start, so that it runs what was last deployed.
    from host import transport
    fd = terminal_fd()
    kept = port is None
    if kept:
        from host import kept_board
        port = kept_board.ensure()
    try:
        with transport.connected(port, timeout, enter=False) as board:
            with raw_terminal(fd, sys.stdout):
                ended = board.resume(fd, sys.stdout.buffer)
                if ended is None:
                    board.enter()
                    if kept:
                        board.soft_reset()
                    ended = board.attach("from maze32_game import app\napp.main()\n", fd, sys.stdout.buffer)
                if ended:
                    board.soft_reset()      # the game's buffers and modules go: the board is left fresh
    except CliError as e:
        if NOT_DEPLOYED not in str(e):
            raise
        # a board nothing was deployed to (a newcomer's first play --board): what to run, not its ImportError
        raise CliError("the board has no game on it yet: run maze32 deploy%s first, then play again"
                       % ("" if kept else " --port " + port), code=1)
    if ended:
        said = "the board's game ended"
    elif port == transport.RISCV:        # this command's board: it stops with it
        said = ("detached: the RISC-V board stops with this command (its files stay);\n"
                "the next play --port riscv starts its menu afresh")
    else:
        said = "detached: the game waits on the board, paused; play again to go on"
    sys.stdout.write("\r\n%s\n" % said)
    return 0


class Terminal:
    # This terminal as the firmware's loops use it (see the top of firmware/maze32_game/term.py).
    def __init__(self, fd, out):
        from maze32_game import term
        self.fd, self.out = fd, out
        self.screen = term.Screen(self.write)
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
        # text: a str, or a painted row's UTF-8 bytes (firmware/term.py's terminal contract)
        self.out.write(text if isinstance(text, str) else str(text, "utf-8"))
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


def menu_lines(term, games, records, game, cols, rows):
    # The twin's menu after a game (m on the end screen): games.py's games, the records, a new seed, quit.
    if cols < term.MIN_SIZE[0] or rows < term.MIN_SIZE[1]:
        return term.too_small(cols, rows)
    lines = [term.BOLD + "maze32 play" + term.RESET, ""]
    lines += [games.menu_line(g, game["size"], game["bot_name"] if g.sized else "") for g in games.GAMES]
    lines += [records.MENU_LINE, "  n  new random seed", "  q  quit", "", "seed %d" % game["seed"]]
    return [term.fit(line, cols) for line in lines]


def chunk_cache():
    # Explore's chunks cached on disk as on the board's flash (worlds/<seed>/depth_N under
    # ~/.cache/maze32, capped at 64 MiB).
    from maze32.world.cache import ChunkCache
    return ChunkCache(str(paths.CACHE), 64 * 1024 * 1024)


def records_book(records):
    # The twin's records (firmware/maze32_game/records.py) in $XDG_DATA_HOME/maze32/records.txt; a folder that
    # cannot be made leaves them unsaved, which the end screen says.
    try:
        paths.DATA_HOME.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass
    path = paths.DATA_HOME / "records.txt"
    if path.exists() and not path.is_file():      # a FIFO would hold the game before its first frame
        raise CliError("records file %s: not a regular file (remove it: the records are kept there)" % path)
    return records.Records(str(path))


def record_round(records, book, rnd):
    # records.after_round with the file read again first, under a lock: twins that end rounds at once
    # each keep the others' records, and no two write the file at once. -> the end screen's line.
    from host import files
    with files.locked(book.path):
        book.load()
        return records.after_round(book, rnd)


def save_replay(rnd, path):
    # Player 1's and the bot's paths over the maze, as an SVG sheet (host.render.replay_svg).
    from host import files, render, twin
    m = rnd.game.maze
    doc = twin.build(rnd.seed, twin.make_config((m.width, m.height), {})).document()
    files.write_output(path, render.replay_svg(doc, [list(rnd.paths[0]), list(rnd.paths[1])]))
    return path


def run(mode, seed, size, bot_level, out=sys.stdout, replay=None, depth=1, ghost=None, web_url=None):
    # Rounds in this terminal until the player quits; then a line with the last result and its code,
    # one with what it did to the records, and where its ghost was saved when that round was a won
    # Duel (an earlier one's end screen said). ghost: a verified ghost.Replay of this seed
    # and size (host/ghost_files.py), raced instead of the bot while the seed stays.
    from host import ghost_files
    fd = terminal_fd()
    if replay == "-":
        raise CliError("--replay: a file name, not - (the terminal is the game's)")
    from maze32_game import duel, games, links, records, term
    terminal = Terminal(fd, out)
    book = records_book(records)
    game = {"mode": mode, "seed": seed, "size": size, "bot": bot_level,
            "bot_name": duel.BOT_LEVELS[bot_level - 1][0], "ghost": ghost}
    menu = lambda cols, rows: menu_lines(term, games, records, game, cols, rows)    # noqa: E731
    keys = games.keys() + records.MENU_KEY + "nq"
    last = saved = ""
    with raw_terminal(fd, out, term.ENTER):
        while True:
            rnd = games.new_round(games.by_name(game["mode"]), game["seed"], game["size"],
                                  {"bot": game["bot"], "record": True, "cache": chunk_cache, "depth": depth,
                                   "ghost": game["ghost"]})
            ended = term.play(rnd, terminal)
            entry = games.by_name(game["mode"])          # what its round's end offers (games.py)
            record = record_round(records, book, rnd)
            won = rnd.replay() if entry.ghost else None       # a won Duel's run, for its ghost
            saved = ghost_files.save(won) if won is not None else ""   # said of this round only
            note = join(record, saved)
            last = "\n".join([rnd.one_line()] + [n for n in (record, saved) if n])   # lines that fit 80 columns
            if not ended:
                break
            if entry.level_link:
                links.show_link(rnd, web_url, depth if game["mode"] == "explore" else 1)
            choice = after_game(term, terminal, rnd, replay, note)
            if choice == "m":
                choice = term.choose(terminal, menu, keys)
                while choice in ("n", records.MENU_KEY):
                    if choice == "n":
                        game["seed"] = int.from_bytes(os.urandom(4), "little")
                        game["ghost"] = None                    # the ghost ran the old seed's maze
                    else:
                        term.choose(terminal, lambda cols, rows: records.screen_lines(book, cols, rows),
                                    records.ANY_KEY)
                    choice = term.choose(terminal, menu, keys)
                if games.by_key(choice):
                    game["mode"] = games.by_key(choice).name
            if choice == "q":
                break
    out.write(last + "\n")
    out.flush()
    return 0


def after_game(term, terminal, rnd, replay, note=""):
    # The end screen (note: what the round did to the records), and the replay sheet of a Duel
    # (written to `replay` at once; p writes one to maze32-replay-<seed>.svg). -> "r", "m" or "q".
    choices = [("r", "replay"), ("m", "menu"), ("q", "quit")]
    records_note = note
    can_draw = getattr(rnd, "paths", None) is not None       # a recorded Duel
    if can_draw:
        choices.append(("p", "save the replay sheet"))
        if replay:
            note = join(records_note, sheet_line(rnd, replay))
    while True:
        choice = term.end_screen(rnd, terminal, choices, note)
        if choice != "p":
            return choice
        note = join(records_note, sheet_line(rnd, "maze32-replay-%d.svg" % rnd.seed))


def sheet_line(rnd, path):
    # The replay sheet written to path -> the end screen's line about it: where, or why not (the
    # game is played: a file that cannot be written ends nothing).
    try:
        return "replay sheet written to %s" % save_replay(rnd, path)
    except CliError as e:
        return str(e)


def join(*notes):
    # The end screen's notes, those not empty, in one text: a line each (term.wrap).
    return "\n".join([n for n in notes if n])
