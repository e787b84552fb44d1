# maze32 play: the desktop twin of the game in this terminal. The rules, the keys and the frames are
# the firmware's own (firmware/duel.py, deeper.py, console.py, imported through paths.firmware when
# a game starts); this file is only the terminal: raw mode, bytes in, frames out, 20 a second.
import os
import select
import sys
import time

from host import paths
from host.errors import CliError

FRAME_SECONDS = 1 / 20                 # 20 game ticks a second
CLEAR = "\x1b[H\x1b[2J"


def terminal_fd():
    fd = sys.stdin.fileno()
    if not os.isatty(fd):
        raise CliError("play needs a terminal (stdin is not one)")
    return fd


def attach(port, timeout=None):
    # The board's own game (firmware/app.py) in this terminal; Ctrl-] leaves it.
    import termios
    import tty
    from host import transport
    fd = terminal_fd()
    saved = termios.tcgetattr(fd)
    with transport.connected(port, timeout) as board:
        try:
            tty.setraw(fd)
            ended = board.attach("import app\napp.main()\n", fd, sys.stdout.buffer)
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
    sys.stdout.write("\r\n%s\n" % ("the board's game ended" if ended else "detached"))
    return 0


def typed(fd):
    # Everything typed since the last frame, as text (console.read_keys decodes it).
    data = b""
    while select.select([fd], [], [], 0)[0]:
        chunk = os.read(fd, 64)
        if not chunk:
            break
        data += chunk
    return data.decode("latin-1")


def run(mode, seed, size, bot_level, out=sys.stdout):
    import termios
    import tty
    fd = terminal_fd()
    console, = paths.firmware("console")
    game = console.DuelRound(seed, size[0], size[1], bot_level) if mode == "duel" else console.DeeperRound(seed)
    saved = termios.tcgetattr(fd)
    rest, message = "", ""
    try:
        tty.setraw(fd)
        out.write("\x1b[?25l")
        while True:
            start = time.monotonic()
            key, quit_, rest = console.read_keys(rest + typed(fd))
            if quit_:
                message = "quit"
                break
            message = game.tick(key)
            out.write(CLEAR + game.frame() + "\r\n")
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
