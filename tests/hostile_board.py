"""A board that misbehaves, on a loopback socket, for the host's error paths (tests/boards/test_hostile_boards.py).

A broken board cannot exist here (no hardware), so this stands in for one: a small socket server that
speaks just enough of MicroPython's raw REPL (the banner, Ctrl-A into raw mode, raw-paste refused, code
up to Ctrl-D, "OK", output, Ctrl-D, errors, Ctrl-D, ">", and Ctrl-D on an empty line as a soft reset) to
misbehave in one chosen way. Real mpremote reaches it through `socket://127.0.0.1:PORT`, exactly as it
reaches the virtual board. Kinds:

  silent                   accepts the connection and never says anything
  banner-then-silent       prints MicroPython's banner and prompt, then ignores everything
  never-acknowledges       enters the raw REPL, takes the code of an exec and never says "OK"
  endless-output           enters the raw REPL, acknowledges an exec, then prints and never ends
  disconnect-mid-transfer  answers execs (an empty output; the .mpy version the local mpy-cross
                           emits, for an ESP32-C6), then closes the connection in the middle of
                           receiving a file, or in the middle of a program's output
  lying                    (not in KINDS: it ends well) answers every exec at once, without output,
                           except the bench, whose output is the `bench` bytes the test gives it
"""
import socket
import threading
import time

BANNER = (b"MicroPython v1.27.0 on 2025-12-09; ESP32C6 module with ESP32C6\r\n"
          b"Type \"help()\" for more information.\r\n>>> ")
RAW = b"raw REPL; CTRL-B to exit\r\n>"
KINDS = ("silent", "banner-then-silent", "never-acknowledges", "endless-output", "disconnect-mid-transfer")
CUT_AFTER = 6000          # bytes received before disconnect-mid-transfer hangs up in the middle of an exec


def mpy_value():
    # sys.implementation._mpy of an ESP32-C6 whose .mpy version is the one mpy-cross here emits.
    from host.deploy import cross_version
    version, sub = cross_version()
    return version | (sub << 8) | (11 << 10)          # arch 11: rv32imc


class HostileBoard:
    def __init__(self, kind, bench=b""):
        assert kind in KINDS or kind == "lying", kind
        self.kind = kind
        self.bench = bench
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(0.1)
        self.url = "socket://127.0.0.1:%d" % self.listener.getsockname()[1]
        self.mpy = mpy_value() if kind == "disconnect-mid-transfer" else 0
        self.connections = 0
        self.misbehaved_at = None      # time.monotonic() when it first misbehaved: a deadline starts there
        self._stop = threading.Event()
        self._threads = []

    def __enter__(self):
        t = threading.Thread(target=self._accept, daemon=True)
        t.start()
        self._threads.append(t)
        return self

    def __exit__(self, *exc):
        self._stop.set()
        for t in self._threads:
            t.join(2)
        self.listener.close()

    def misbehave(self):
        if self.misbehaved_at is None:
            self.misbehaved_at = time.monotonic()

    def _accept(self):
        while not self._stop.is_set():
            try:
                conn, _ = self.listener.accept()
            except socket.timeout:
                continue
            except OSError:
                return
            self.connections += 1
            t = threading.Thread(target=self._serve, args=(conn,), daemon=True)
            t.start()
            self._threads.append(t)

    def _serve(self, conn):
        conn.settimeout(0.1)
        try:
            Session(self, conn).run()
        except OSError:
            pass                       # the host went away
        finally:
            conn.close()


class Session:
    def __init__(self, board, conn):
        self.board = board
        self.conn = conn
        self.kind = board.kind
        self.raw = False
        self.code = b""
        self.received = 0

    def recv(self):
        # -> bytes, b"" when the host closed, None when nothing came within 0.1 s
        try:
            data = self.conn.recv(4096)
        except socket.timeout:
            return None
        self.received += len(data)
        return data

    def run(self):
        if self.kind != "silent":
            self.conn.sendall(BANNER)
        if self.kind in ("silent", "banner-then-silent"):
            self.board.misbehave()                     # from here on it says nothing more
        while not self.board._stop.is_set():
            data = self.recv()
            if data == b"":
                return
            if not data or self.kind in ("silent", "banner-then-silent"):
                continue
            for b in data:
                if not self.byte(b):
                    return

    def byte(self, b):
        # One byte from the host; False ends the session.
        if not self.raw:
            if b == 1:
                self.raw = True
                self.conn.sendall(b"\r\n" + RAW)
            return True
        if b == 1:
            if self.code == b"\x05A":                   # raw-paste request: not supported here
                self.conn.sendall(b"R\x00")
            else:
                self.conn.sendall(b"\r\n" + RAW)
            self.code = b""
        elif b == 2:
            self.raw = False
            self.conn.sendall(b"\r\n" + BANNER)
        elif b == 3:
            self.code = b""
        elif b == 4:
            code, self.code = self.code, b""
            if not code:
                self.conn.sendall(b"soft reboot\r\n" + RAW)
                return True
            return self.execute(code)
        else:
            self.code += bytes([b])
            if self.kind == "disconnect-mid-transfer" and self.received > CUT_AFTER:
                self.board.misbehave()
                return False                           # hang up in the middle of an exec's code
        return True

    def execute(self, code):
        if self.kind in ("never-acknowledges", "endless-output"):
            self.board.misbehave()
        if self.kind == "never-acknowledges":
            self.wait_for_close()
            return False
        self.conn.sendall(b"OK")
        if self.kind == "lying":
            out = self.board.bench if b"import board_bench" in code else b""
            self.conn.sendall(out + b"\x04\x04>")
            return True
        if self.kind == "endless-output":
            line = b"x" * 1022 + b"\r\n"
            while not self.board._stop.is_set():
                self.conn.sendall(line)
                time.sleep(0.01)
                self.drain()
            return False
        # disconnect-mid-transfer: a program that prints (bench, game) is cut in its output; anything
        # else is answered as if it ran without output.
        if b"import board_bench" in code or b"import app" in code:
            self.conn.sendall(b"maze32-flavour native\r\nmaze32 on ESP32-C6\r\nmaze32-ti")
            self.board.misbehave()
            time.sleep(0.1)
            return False
        out = b"%d\r\n" % self.board.mpy if b"sys.implementation._mpy" in code else b""
        self.conn.sendall(out + b"\x04\x04>")
        return True

    def drain(self):
        # Read and forget what the host sends; raises OSError when it has gone.
        self.conn.setblocking(False)
        try:
            while True:
                data = self.conn.recv(4096)
                if not data:
                    raise OSError("host closed")
        except BlockingIOError:
            pass
        finally:
            self.conn.settimeout(0.1)

    def wait_for_close(self):
        while not self.board._stop.is_set():
            if self.recv() == b"":
                return
