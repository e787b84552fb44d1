# The board's application: a menu on the serial console, then Duel against the bot, Deeper or Bench.
# Hardware is reached only through adapters (console keys and frames, clock, entropy here; the
# profile's display and buttons in display.py and buttons.py, opened lazily), so the same code runs on
# the MicroPython unix port in a terminal, which is how it is tested.
import json
import os
import select
import sys
import time

import console
from maze32 import Maze, Workspace, levelcode

FRAME_MS = 50                          # 20 frames a second
CLEAR = "\x1b[H\x1b[2J"
WINDOW = (7, 4)                        # Duel cells shown around the player: 15 x 9


def ticks_ms():
    return time.ticks_ms() if hasattr(time, "ticks_ms") else int(time.time() * 1000)


def ticks_diff(a, b):
    return time.ticks_diff(a, b) if hasattr(time, "ticks_diff") else a - b


def sleep_ms(ms):
    if ms > 0:
        time.sleep_ms(ms) if hasattr(time, "sleep_ms") else time.sleep(ms / 1000)


class Keys:
    # Non-blocking key reader on the console; console.read_keys decodes what was typed.
    def __init__(self, stream=None):
        self.stream = stream or sys.stdin
        self.poll = select.poll()
        self.poll.register(self.stream, select.POLLIN)
        self.rest = ""                 # an arrow key's bytes cut off at the end of the last frame

    def ready(self):
        return bool(self.poll.poll(0))

    def read_char(self):
        return self.stream.read(1)

    def frame_keys(self):
        # -> (movement key or None, quit?) from what was typed since the last frame.
        text = self.rest
        while self.ready():
            text += self.read_char()
        key, quit_, self.rest = console.read_keys(text)
        return key, quit_

    def wait_char(self):
        while not self.ready():
            sleep_ms(10)
        return self.read_char()


def board_profile():
    try:
        with open("board.json") as f:
            return json.load(f)
    except (OSError, ValueError):
        return {"name": "unknown", "title": "a board without board.json"}


def random_seed():
    b = os.urandom(4)
    return b[0] | (b[1] << 8) | (b[2] << 16) | ((b[3] & 0x7F) << 24)


def write(text):
    sys.stdout.write(text)


class Frontends:
    # Where frames go and extra keys come from besides the console: the profile's display and
    # buttons, when the board has them (none on the unix port, which has no machine.Pin).
    def __init__(self, profile):
        self.display = self.buttons = None
        try:
            import display
            import buttons
            self.display = display.open_display(profile)
            self.buttons = buttons.open_buttons(profile)
        except (ImportError, AttributeError, OSError):
            pass

    def draw(self, draw_fn, game):
        d = self.display
        if d:
            cell = 8 if d.height <= 64 else 10
            draw_fn(d.fb, game, d.width, d.height, cell, d.fg, d.bg)
            d.show()

    def key(self):
        return self.buttons.pressed() if self.buttons else None


def play_duel(keys, seed, size, front):
    import screen
    game = console.DuelRound(seed, size[0], size[1])
    return loop(keys, front, game, lambda: front.draw(screen.draw_duel, game.game))


def play_deeper(keys, seed, front):
    import screen
    game = console.DeeperRound(seed)
    return loop(keys, front, game, lambda: front.draw(screen.draw_deeper, game.game))


def loop(keys, front, game, draw):
    # The game clock: one tick and one frame every FRAME_MS, whatever the keys do.
    while True:
        start = ticks_ms()
        key, quit_ = keys.frame_keys()
        if quit_:
            return "quit"
        message = game.tick(key or front.key())
        write(CLEAR + game.frame(WINDOW) + "\r\n")
        draw()
        if message:
            return message
        sleep_ms(FRAME_MS - ticks_diff(ticks_ms(), start))


def bench():
    import bench as board_bench
    board_bench.run([(32, 32), (8, 8)], 0, 9, 1)


def read_code(keys):
    write("level code: ")
    text = ""
    while True:
        ch = keys.wait_char()
        if ch in ("\r", "\n"):
            return text
        text += ch
        write(ch)


def main(keys=None):
    keys = keys or Keys()
    profile = board_profile()
    front = Frontends(profile)
    seed, size = random_seed(), (16, 16)
    while True:
        write(CLEAR + "maze32 on %s\r\n\r\n" % profile.get("title", profile.get("name")))
        write("  1  Duel vs bot (%dx%d)\r\n  2  Deeper\r\n  3  Bench\r\n" % size)
        write("  c  enter a level code    n  new random seed    q  quit\r\n\r\nseed %d\r\n" % seed)
        choice = keys.wait_char()
        if choice == "1":
            message = play_duel(keys, seed, size, front)
        elif choice == "2":
            message = play_deeper(keys, seed, front)
        elif choice == "3":
            bench()
            message = "bench done"
        elif choice == "c":
            try:                       # the command line's own check: format version and hash too
                seed, w, h = levelcode.check(read_code(keys), Maze(), Workspace())
                size = (w, h)
                message = "code loaded: seed %d, %dx%d" % (seed, w, h)
            except ValueError as e:
                message = str(e)
        elif choice == "n":
            seed = random_seed()
            continue
        elif choice in ("q", "\x03"):
            write("bye\r\n")
            return
        else:
            continue
        write("\r\n%s (any key)\r\n" % message)
        keys.wait_char()
