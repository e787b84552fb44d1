"""Test helpers: a program on a real pseudo-terminal, and a served virtual board."""
import contextlib
import os
import pty
import re
import select
import subprocess
import sys
import time
import tty
from pathlib import Path

MAZE32 = str(Path(sys.executable).parent / "maze32")
CLEAR = "\x1b[H\x1b[2J"


class PtyProcess:
    # cmd on a pseudo-terminal; raw=True puts the terminal in raw mode first (as a board's console).
    def __init__(self, cmd, env=None, cwd=None, raw=False):
        self.master, slave = pty.openpty()
        if raw:
            tty.setraw(slave)
        self.proc = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=slave, close_fds=True,
                                     env=env, cwd=cwd)
        os.close(slave)
        self.screen = b""

    def read(self, seconds):
        # Everything written so far, after waiting `seconds` for more.
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if select.select([self.master], [], [], 0.05)[0]:
                try:
                    self.screen += os.read(self.master, 65536)
                except OSError:
                    break
        return self.screen.decode(errors="replace")

    def last_frame(self):
        return self.screen.decode(errors="replace").rsplit(CLEAR, 1)[-1]

    def send(self, data):
        os.write(self.master, data)

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)
        os.close(self.master)


@contextlib.contextmanager
def served_board(env):
    # `maze32 board serve` in the background; yields its socket:// URL.
    server = subprocess.Popen([MAZE32, "board", "serve"], stdout=subprocess.PIPE, text=True, env=env)
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
        server.terminate()
        server.wait(10)
