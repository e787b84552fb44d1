# The virtual board `maze32 play --board` attaches to, kept running between two attaches as a board
# stays on when its serial monitor closes: the game left (Ctrl-], or the terminal closed) waits there,
# paused, and the next `play --board` comes back to it (transport.Board.resume).
#
# It is a VirtualBoard (host/virtual_board.py) served by a process of its own, started by the first
# `play --board` (`python -m host.kept_board FOLDER`, in a session of its own so that the terminal
# closing does not end it). Beside the board's folder, FOLDER.kept.json says where it listens
# ({"pid", "url"}) and FOLDER.kept.log holds what it printed. It stops after IDLE_LIMIT seconds without
# a terminal attached, or on SIGINT/SIGTERM (stop()), its MicroPython process with it.
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from host import board_key
from host.errors import CliError
from host.virtual_board import VirtualBoard, board_folder

IDLE_LIMIT = 3600.0       # seconds unattached before the kept board stops by itself
START_WAIT = 20.0         # seconds the first `play --board` waits for it to listen


def state_file(root):
    return Path(str(root) + ".kept.json")


def log_file(root):
    return Path(str(root) + ".kept.log")


def running(root):
    # The URL of the kept board of folder `root` if its process lives and it accepts a connection.
    try:
        state = json.loads(state_file(root).read_text())
        pid, url = int(state["pid"]), str(state["url"])
        os.kill(pid, 0)
        host, port = url[len("socket://"):].rsplit(":", 1)
        with socket.create_connection((host, int(port)), timeout=1.0) as probe:
            probe.sendall(board_key.for_url(url))        # ours: not counted as a stranger's
        return url
    except (OSError, ValueError, KeyError, TypeError):
        return None


def ensure(root=None):
    # The kept board's URL, started here when none answers. CliError (one line) if it does not start.
    root = board_folder(root)
    url = running(root)
    if url:
        return url
    with open(str(log_file(root)), "wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "host.kept_board", str(root)], stdin=subprocess.DEVNULL,
                                stdout=log, stderr=log,
                                start_new_session=True)
    end = time.monotonic() + START_WAIT
    while time.monotonic() < end:
        if proc.poll() is not None:
            said = log_file(root).read_text(errors="replace").strip().splitlines()
            raise CliError("virtual board: it did not start (%s)" % (said[-1] if said else "no output"))
        url = running(root)
        if url:
            return url
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    raise CliError("virtual board: it did not start listening within %g s" % START_WAIT)


def stop(root=None):
    # Stop the kept board of folder `root`, if one runs (its MicroPython process goes with it).
    root = Path(root) if root else board_folder(None)
    try:
        pid = int(json.loads(state_file(root).read_text())["pid"])
        os.kill(pid, signal.SIGINT)
    except (OSError, ValueError, KeyError, TypeError):
        return False
    for _ in range(100):
        try:
            os.kill(pid, 0)
        except OSError:
            return True
        time.sleep(0.05)
    return False


class KeptBoard(VirtualBoard):
    # A virtual board that stops by itself after IDLE_LIMIT seconds with no terminal attached.
    def __init__(self, root, idle_limit=IDLE_LIMIT):
        VirtualBoard.__init__(self, root)
        self.idle_limit = idle_limit
        self.since = time.monotonic()

    def _idle(self):
        if VirtualBoard._idle(self):
            return True
        if time.monotonic() - self.since > self.idle_limit:
            self._stop.set()
        return False

    def _serve_client(self, client):
        try:
            VirtualBoard._serve_client(self, client)
        finally:
            self.since = time.monotonic()


def main(argv):
    root = Path(argv[0])
    board = KeptBoard(root)
    signal.signal(signal.SIGTERM, lambda signum, frame: board._stop.set())
    state = state_file(board.root)
    tmp = Path(str(state) + ".part")
    tmp.write_text(json.dumps({"pid": os.getpid(), "url": board.url}))
    os.replace(str(tmp), str(state))
    print("kept virtual board on %s" % board.url, flush=True)
    try:
        board.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        board._halt()
        try:
            if json.loads(state.read_text())["pid"] == os.getpid():
                state.unlink()
        except (OSError, ValueError, KeyError):
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
