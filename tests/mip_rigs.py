"""What the mip tests share (tests/boards/test_mip*.py, test_frozen_riscv.py): a counting static file
server, mpremote as a user runs it, the golden catalogue run on a board, the game started from lib/."""
import os
import subprocess
import sys
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import runtimes
from host import package
from support import ROOT, duel_rows, script_text
from terminals import PtyProcess

LIBRARY_FILES = len(package.sources(ROOT / "shared" / "maze32"))
GAME_FILES = len(package.game_modules())


class Counting(SimpleHTTPRequestHandler):
    # A static file server that counts the bytes of the files it sends (what mip moves).
    sent = None

    def copyfile(self, source, outputfile):
        data = source.read()
        self.sent.append((self.path, len(data)))
        outputfile.write(data)

    def log_message(self, *args):
        pass


class Served:
    # DIR over HTTP on loopback, in a thread; .url, .sent = [(path, bytes)].
    def __init__(self, folder):
        self.sent = []
        handler = type("Handler", (Counting,), {"sent": self.sent})
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(folder)))
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def mpremote(url, *args, cwd=None):
    # mpremote's own command line, presenting the served board's key (host/board_key.py) as it connects.
    proc = subprocess.run([sys.executable, "-m", "host.board_key", "connect", url, *args], capture_output=True,
                          text=True, timeout=300, cwd=cwd)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


def catalogue_on(url, rows):
    code = script_text("catalogue.py", {"rows": [[w, h, s] for w, h, s, _, _ in rows]})
    return [line.split() for line in mpremote(url, "exec", code).splitlines()]


def matches_golden(url):
    rows = duel_rows()[::5]                    # every size, 44 mazes
    got = catalogue_on(url, rows)
    assert got == [[str(w), str(h), str(s), d, str(a)] for w, h, s, d, a in rows]


def game_starts(folder):
    # The installed game's menu on the unix port in a raw terminal, from lib/ alone; q leaves it.
    env = dict(os.environ, MICROPYPATH="./lib")
    term = PtyProcess([runtimes.micropython_binary(), "-c", "from maze32_game import app; app.main()"], env=env,
                      cwd=str(folder), raw=True)
    try:
        assert term.wait_for("2  Deeper", 5.0), term.text()
        term.send(b"q")
        assert term.wait_for("bye", 3.0), term.text()
        assert term.proc.wait(10) == 0
    finally:
        term.close()
