"""maze32 play driven through a real pseudo-terminal: start a game, move, quit."""
import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "firmware"))
import deeper  # noqa: E402
from host.play import parse_keys, render_deeper  # noqa: E402

MAZE32 = str(Path(sys.executable).parent / "maze32")


class Terminal:
    def __init__(self, *args):
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen([MAZE32, *args], stdin=slave, stdout=slave, stderr=slave,
                                     close_fds=True)
        os.close(slave)
        self.screen = b""

    def read(self, seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if select.select([self.master], [], [], 0.05)[0]:
                try:
                    self.screen += os.read(self.master, 65536)
                except OSError:
                    break
        return self.screen.decode(errors="replace")

    def last_frame(self):
        text = self.screen.decode(errors="replace")
        return text.rsplit("\x1b[H\x1b[2J", 1)[-1]

    def send(self, data):
        os.write(self.master, data)

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)
        os.close(self.master)


def at_sign(frame, width):
    # (column, row) of "@" counted in 2-character cells over the maze rows of a deeper frame.
    for row, line in enumerate(frame.split("\r\n")):
        if "@" in line:
            return line.index("@") // width, row
    return None


def test_deeper_starts_moves_and_quits():
    term = Terminal("play", "--mode", "deeper", "--seed", "5")
    try:
        assert "deeper  depth 1" in term.read(2.0)
        assert at_sign(term.last_frame(), 2) == (1, 1)
        game = deeper.Deeper(5)
        key, seq = ("right", b"\x1b[C") if game.level.tiles[34] else ("down", b"\x1b[B")
        term.send(b"x" + seq)                              # an unknown key, then an arrow
        term.read(1.0)
        assert at_sign(term.last_frame(), 2) == ((2, 1) if key == "right" else (1, 2))
        term.send(b"q")
        term.read(1.5)
        assert term.proc.wait(10) == 0
        assert "quit" in term.screen.decode(errors="replace")
    finally:
        term.close()


def test_duel_shows_the_fogged_maze_and_quits():
    term = Terminal("play", "--mode", "duel", "--seed", "9", "--size", "12x12")
    try:
        text = term.read(2.0)
        assert "duel  key no" in text and "@" in term.last_frame() and "░" in term.last_frame()
        term.send(b"q")
        term.read(1.0)
        assert term.proc.wait(10) == 0
    finally:
        term.close()


def test_keys_and_frames_without_a_terminal():
    assert parse_keys(b"\x1b[Ax") == ("up", False)
    assert parse_keys(b"dZ?q") == ("right", True)
    assert parse_keys(b"") == (None, False)
    frame = render_deeper(deeper.Deeper(2))
    assert frame.splitlines()[1].startswith("██@ ") and "depth 1" in frame


def test_play_on_the_board_through_mpremote(tmp_path):
    # deploy to a virtual board, then `maze32 play --port URL`: the board's own menu and game, typed
    # at from this terminal, until the board's program ends.
    env = dict(os.environ, MAZE32_VIRTUAL_BOARD=str(tmp_path / "board"))
    assert subprocess.run([MAZE32, "deploy"], env=env, capture_output=True, timeout=300).returncode == 0
    server = subprocess.Popen([MAZE32, "board", "serve"], stdout=subprocess.PIPE, text=True, env=env)
    try:
        url = None
        for _ in range(5):
            m = re.search(r"socket://127\.0\.0\.1:\d+", server.stdout.readline())
            if m:
                url = m.group(0)
                break
        term = Terminal("play", "--port", url)
        try:
            assert "maze32 on Espressif ESP32-C6-DevKitC-1" in term.read(4.0)
            term.send(b"2")
            assert "deeper  depth 1" in term.read(2.0)
            term.send(b"q")
            term.read(1.0)
            term.send(b"x")
            term.read(1.0)
            term.send(b"q")
            text = term.read(3.0)
            assert "bye" in text and "the board's game ended" in text
            assert term.proc.wait(10) == 0
        finally:
            term.close()
    finally:
        server.terminate()
        server.wait(10)


def test_play_rejects_a_forged_code_before_the_terminal():
    proc = subprocess.run([MAZE32, "play", "--code", "1SG0-0000-7RBJS"], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=60)
    assert proc.returncode == 1 and proc.stderr.startswith("maze32: level code: not a maze")
