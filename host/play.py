# maze32 play: the desktop twin of the game in this terminal. The rules are the firmware's own
# (firmware/duel.py, firmware/deeper.py); this file is only a frontend: keys in, ANSI frames out.
import os
import select
import sys
import time
from pathlib import Path

from host.errors import CliError

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "firmware"))
import deeper  # noqa: E402
import duel  # noqa: E402
from console import render_duel, render_deeper  # noqa: E402,F401  (the board's own frames)

FRAME_SECONDS = 1 / 20                 # 20 game ticks a second
ARROWS = {b"\x1b[A": "up", b"\x1b[B": "down", b"\x1b[C": "right", b"\x1b[D": "left"}
LETTERS = {b"w": "up", b"s": "down", b"a": "left", b"d": "right"}
CLEAR = "\x1b[H\x1b[2J"


def parse_keys(data):
    # Bytes typed since the last frame -> (last movement key or None, quit?).
    key, quit_ = None, False
    i = 0
    while i < len(data):
        if data[i:i + 3] in ARROWS:
            key = ARROWS[data[i:i + 3]]
            i += 3
            continue
        ch = data[i:i + 1].lower()
        if ch in LETTERS:
            key = LETTERS[ch]
        elif ch in (b"q", b"\x03"):
            quit_ = True
        i += 1                          # anything else is ignored
    return key, quit_


def attach(port):
    # The board's own game (firmware/app.py) in this terminal; Ctrl-] leaves it.
    if not os.isatty(sys.stdin.fileno()):
        raise CliError("play needs a terminal (stdin is not one)")
    import termios
    import tty
    from host import transport
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    with transport.connected(port) as board:
        try:
            tty.setraw(fd)
            ended = board.attach("import app\napp.main()\n", fd, sys.stdout.buffer)
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
    sys.stdout.write("\r\n%s\n" % ("the board's game ended" if ended else "detached"))
    return 0


def run(mode, seed, size, bot_level, out=sys.stdout):
    if not os.isatty(sys.stdin.fileno()):
        raise CliError("play needs a terminal (stdin is not one)")
    import termios
    import tty
    game = duel.Duel(seed, *size) if mode == "duel" else deeper.Deeper(seed)
    bot = duel.Bot(bot_level, seed + 1) if mode == "duel" else None
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    message = ""
    try:
        tty.setraw(fd)
        out.write("\x1b[?25l")
        while True:
            start = time.monotonic()
            data = b""
            while select.select([fd], [], [], 0)[0]:
                chunk = os.read(fd, 64)
                if not chunk:
                    break
                data += chunk
            key, quit_ = parse_keys(data)
            if quit_:
                message = "quit"
                break
            if mode == "duel":
                winner = game.tick(key, bot.choose(duel.PlayerView(game, 1)))
                frame = render_duel(game)
                if winner is not None:
                    message = "you win!" if winner == 0 else "the bot got out first"
            else:
                outcome = game.tick(key)
                frame = render_deeper(game)
                if outcome == deeper.CAUGHT:
                    message = "caught by a ghost at depth %d: score %d" % (game.depth, game.score)
            out.write(CLEAR + frame + "\r\n")
            out.flush()
            if message:
                break
            time.sleep(max(0.0, FRAME_SECONDS - (time.monotonic() - start)))
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write("\x1b[?25h\r\n")
    out.write(message + "\n")
    out.flush()
    return 0
