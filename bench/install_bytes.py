"""Installing onto the virtual board: `maze32 deploy` (its native flavour on x64, and bytecode) against
`mpremote mip install maze32-game` of the index (bytecode library and game).

Each way onto a fresh virtual board (the unix port), then again onto the same board (nothing changed),
through a relay on loopback that counts the bytes on the board's link both ways (what a serial line
would carry: mpremote's raw-REPL code and the files it writes), plus for mip the bytes its HTTP server
sent. Wall-clock seconds are this machine's, on a shared machine: a rough guide, not a figure to test.
    .venv/bin/python bench/install_bytes.py
"""
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
from host.virtual_board import VirtualBoard  # noqa: E402
from test_mip import Served  # noqa: E402

BIN = Path(sys.executable).parent


class Relay:
    # Loopback TCP relay in front of a board's socket:// URL, counting bytes each way.
    def __init__(self, target):
        host, port = target[len("socket://"):].split(":")
        self.target = (host, int(port))
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = "socket://127.0.0.1:%d" % self.listener.getsockname()[1]
        self.to_board = self.from_board = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            client, _ = self.listener.accept()
            board = socket.create_connection(self.target)
            for s in (client, board):           # as the virtual board's own socket: no Nagle delays
                s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            threading.Thread(target=self._pump, args=(client, board, "to_board"), daemon=True).start()
            threading.Thread(target=self._pump, args=(board, client, "from_board"), daemon=True).start()

    def _pump(self, src, dst, counter):
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                setattr(self, counter, getattr(self, counter) + len(data))
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


def measure(name, cmd, relay, served=None):
    before = (relay.to_board, relay.from_board, sum(n for _, n in served.sent) if served else 0)
    start = time.monotonic()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    seconds = time.monotonic() - start
    assert proc.returncode == 0, proc.stdout + proc.stderr
    time.sleep(0.3)                    # the relay's last bytes
    http = (sum(n for _, n in served.sent) if served else 0) - before[2]
    print("%-48s %6.1f s  to board %8d B  from board %7d B  over HTTP %7d B"
          % (name, seconds, relay.to_board - before[0], relay.from_board - before[1], http))


def main():
    with tempfile.TemporaryDirectory() as tmp:
        index = Path(tmp) / "mip"
        subprocess.run([str(BIN / "maze32"), "package", "-o", str(index)], check=True, capture_output=True)
        served = Served(index)
        for way in ("deploy", "deploy --emit bytecode", "mip"):
            with VirtualBoard(Path(tmp) / way.replace(" ", "_")) as vb:
                relay = Relay(vb.url)
                if way.startswith("deploy"):
                    cmd = [str(BIN / "maze32"), "deploy", "--port", relay.url] + way.split()[1:]
                else:
                    cmd = [str(BIN / "mpremote"), "connect", relay.url, "mip", "install", "--index",
                           served.url, "maze32-game"]
                measure("%s, fresh board" % way, cmd, relay, served if way == "mip" else None)
                measure("%s, again (nothing changed)" % way, cmd, relay, served if way == "mip" else None)
        served.close()


if __name__ == "__main__":
    main()
