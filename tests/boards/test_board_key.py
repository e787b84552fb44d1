"""The served board's key (host/board_key.py, host/board_server.py): a loopback port is open to every
local user and a board's console runs what it is sent, so the console goes only to a connection that
first sends the board's key, kept in a file only this user can read. Real parts: the virtual board,
mpremote's own command line, another user (nobody, through setpriv) on the same machine."""
import os
import re
import select
import signal
import socket
import stat
import subprocess
import sys
import time

import pytest

from host import board_key, transport
from host.virtual_board import VirtualBoard
from support import ROOT, SETPRIV
from terminals import served_board

KEYED_MPREMOTE = (sys.executable, "-m", "host.board_key")
NOBODY = (SETPRIV, "--reuid=65534", "--regid=65534", "--clear-groups")
# What a stranger's stock mpremote would have the board run: a file written in the board's folder.
INTRUSION = "open('intruded', 'w').write('x')"


def stderr_of(proc):
    return proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else ""


def closed_soon(sock, within=1.5):
    # Did the server close `sock` (recv gives b"") within `within` seconds, having sent nothing?
    r, _, _ = select.select([sock], [], [], within)
    try:
        return bool(r) and sock.recv(100) == b""
    except ConnectionResetError:              # closed with what it was sent unread
        return True


def test_a_connection_without_the_key_is_dropped_and_counted(tmp_path):
    # Was: anything that connected got the board's console. Now mpremote's first bytes, or a key line
    # of the right form with the wrong key, are dropped unanswered (a stranger's mpremote at once) and
    # counted; the host's own connection (which presents the key) is served as before.
    with VirtualBoard(tmp_path) as vb:
        with socket.create_connection(("127.0.0.1", vb.port), timeout=10) as s:
            s.sendall(b"\r\x03\x03\x01" + INTRUSION.encode() + b"\x04")
            assert closed_soon(s)
        with socket.create_connection(("127.0.0.1", vb.port), timeout=10) as s:
            s.sendall(board_key.PREFIX + b"0" * 64 + b"\n\x01" + INTRUSION.encode() + b"\x04")
            assert closed_soon(s)
        end = time.monotonic() + 5
        while vb.refused < 2 and time.monotonic() < end:
            time.sleep(0.02)
        assert vb.refused == 2
        board = transport.Board(vb.url, 5.0)
        try:
            assert board.exec("import os\nprint(sorted(os.listdir()))").strip() == "[]"
        finally:
            board.close()
    assert not (tmp_path / "intruded").exists()


def test_the_key_is_this_users_alone_and_goes_with_the_board(tmp_path, monkeypatch):
    # 0600 in a 0700 folder (a folder left open by an older umask is closed first); the file is gone
    # when the board stops, and a later board on another port has a key of its own.
    runtime = tmp_path / "run"
    (runtime / "maze32" / "board-keys").mkdir(parents=True)
    os.chmod(str(runtime / "maze32" / "board-keys"), 0o755)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    with VirtualBoard(tmp_path / "board") as vb:
        path = board_key.key_file(vb.port)
        assert path.parent == runtime / "maze32" / "board-keys"
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
        assert board_key.for_url(vb.url) == board_key.PREFIX + vb.key.encode() + b"\n"
        first = vb.key
    assert not path.exists()
    with VirtualBoard(tmp_path / "board") as vb:
        assert vb.key != first and len(vb.key) == 64


@pytest.mark.skipif(os.getuid() != 0 or not SETPRIV, reason="needs root to run a command as another user")
def test_another_user_cannot_reach_a_served_boards_console(tmp_path):
    # `maze32 board serve`, then another local user: it cannot read the key, and its mpremote is
    # refused (the server says so on one line); this user's mpremote, presenting the key, gets in.
    env = dict(os.environ, MAZE32_VIRTUAL_BOARD=str(tmp_path / "board"))
    with served_board(env) as url:
        port = int(url.rsplit(":", 1)[1])
        key = board_key.key_file(port)
        peek = subprocess.run([*NOBODY, "cat", str(key)], capture_output=True, text=True, timeout=30)
        assert peek.returncode != 0 and "Permission denied" in peek.stderr
        stranger = subprocess.run([*NOBODY, *KEYED_MPREMOTE, "connect", url, "exec", INTRUSION],
                                  capture_output=True, text=True, timeout=60, cwd="/")
        assert stranger.returncode != 0 and "Connection reset by peer" in stderr_of(stranger)   # it got in, then out
        mine = subprocess.run([*KEYED_MPREMOTE, "connect", url, "exec", "import os\nprint(os.listdir())"],
                              capture_output=True, text=True, timeout=60)
        assert mine.returncode == 0 and "intruded" not in mine.stdout, mine.stdout + mine.stderr
    assert not (tmp_path / "board" / "intruded").exists()


def test_board_serve_says_when_it_refuses_a_connection(tmp_path):
    # One line per connection refused, with the count, where the person serving the board looks.
    env = dict(os.environ, MAZE32_VIRTUAL_BOARD=str(tmp_path / "board"))
    server = subprocess.Popen([sys.executable, "-m", "host", "board", "serve"], stdout=subprocess.PIPE,
                              text=True, env=env)
    try:
        lines = [server.stdout.readline()]
        while lines[-1] and "Ctrl-C stops it" not in lines[-1]:
            lines.append(server.stdout.readline())
        port = int(re.search(r"socket://127\.0\.0\.1:(\d+)", "".join(lines)).group(1))
        assert "%s -m host.board_key connect" % sys.executable in "".join(lines)      # how mpremote gets in
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            s.sendall(b"\r\x03")
            assert closed_soon(s)
        assert server.stdout.readline().strip() == "refused a connection without the board's key (1 so far)"
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(10)


def test_the_keyed_mpremote_without_pyserial_is_one_line_naming_the_interpreter():
    # A shell's own python (no pyserial, no mpremote) running `-m host.board_key`: one line, exit 2.
    blocked = ("import runpy, sys\n"
               "sys.modules['serial'] = sys.modules['serial.urlhandler'] = None\n"
               "sys.argv = ['board_key', 'connect', 'socket://127.0.0.1:1', 'exec', 'print(1)']\n"
               "runpy.run_module('host.board_key', run_name='__main__')\n")
    proc = subprocess.run([sys.executable, "-c", blocked], capture_output=True, text=True, timeout=60, cwd=ROOT)
    lines = proc.stderr.splitlines()
    assert proc.returncode == 2 and len(lines) == 1, proc.stderr
    assert lines[0].startswith("maze32: ") and ".venv/bin/python -m host.board_key" in lines[0]
