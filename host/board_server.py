# What every board the host serves shares (micropython-lib's pattern of a base that a subclass completes
# with a few methods): a loopback listener, the serve loop that gives the board's console to one client
# at a time (each maze32 command connects afresh, as to a serial port), and start/stop. The host reaches
# any of them through mpremote exactly as it reaches a real board (`socket://127.0.0.1:PORT`). Being
# open to every local user, the listener gives the console only to a connection whose first line is
# the board's key (host/board_key.py); any other is dropped and counted in `refused`.
#
# A board supplies:
#   _boot()                 start the board (its process); sets self.proc
#   _halt()                 stop it; safe to call twice
#   _serve_client(client)   relay bytes between the client and the board until the client leaves
# and may supply:
#   _idle()                 what to do while no client is connected; True when one is waiting
#   _release()              give back what the board holds beyond its process (a lock on its folder)
# The two boards: host/virtual_board.py (the unix port on a pty), host/riscv_board.py (QEMU).
import os
import select
import socket
import threading
import time

from host import board_key

IDLE_WAIT = 0.1       # seconds between looks at the stop flag while no client is connected
KEY_WAIT = 2.0        # seconds a new connection has to send its key line (ours send it at once)
KEY_LINE = len(board_key.PREFIX) + 64 + 1    # the longest line read as a key: the prefix, 64 hex digits, \n


def listen(host, port):
    # The loopback listener; CliError when the port is out of range or taken.
    from host.errors import CliError
    if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= 65535:
        raise CliError("virtual board: port %r is outside 0..65535" % (port,))
    try:
        return socket.create_server((host, port))
    except OSError as e:
        raise CliError("virtual board: cannot listen on %s:%d (%s)"
                       % (host, port, os.strerror(e.errno) if e.errno else e))


class BoardServer:
    def __init__(self, host, port):
        self.listener = listen(host, port)
        self.listener.settimeout(IDLE_WAIT)          # a client gone between select and accept
        self.url = "socket://%s:%d" % self.listener.getsockname()[:2]
        self.port = self.listener.getsockname()[1]
        try:
            self.key = board_key.make(self.port)
        except BaseException:
            self.listener.close()
            raise
        self.refused = 0          # connections dropped for want of the key
        self.on_refused = None    # called (with no argument) after each such drop: `board serve` says so
        self.proc = None
        self._stop = threading.Event()
        self._thread = None

    # -- what a board may supply -------------------------------------------------------------------
    def _idle(self):
        r, _, _ = select.select([self.listener], [], [], IDLE_WAIT)
        return bool(r)

    def _release(self):
        pass

    # -- serving -----------------------------------------------------------------------------------
    def _admitted(self, client):
        # Read the client's first line byte by byte (nothing past it is taken from the console's
        # stream) within KEY_WAIT; is it the board's key line? A line that stops looking like one (a
        # stranger's mpremote sends Ctrl-C first) ends at once; the key itself is compared only whole,
        # in constant time, so how soon a guess is dropped tells nothing of the key.
        line = b""
        end = time.monotonic() + KEY_WAIT
        try:
            while not line.endswith(b"\n") and len(line) < KEY_LINE and board_key.could_be(line):
                left = end - time.monotonic()
                if left <= 0 or not select.select([client], [], [], left)[0]:
                    break
                byte = client.recv(1)
                if not byte:
                    break
                line += byte
        except OSError:
            return False
        return board_key.line_ok(line, self.key)

    def _close(self):
        self.listener.close()
        board_key.forget(self.port, self.key)

    def serve_forever(self):
        try:
            if self.proc is None:
                self._boot()
            while not self._stop.is_set():
                if not self._idle():
                    continue
                try:
                    client, _ = self.listener.accept()
                except socket.timeout:
                    continue
                client.setblocking(True)
                client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)   # no 40 ms Nagle stalls
                if not self._admitted(client):
                    self.refused += 1                    # counted before the client can see it closed
                    client.close()
                    if self.on_refused:
                        self.on_refused()
                    continue
                try:
                    self._serve_client(client)
                except OSError:
                    pass                                 # the client went away mid-exchange
                finally:
                    client.close()
        finally:
            self._halt()
            self._close()
            if self._thread is None:                     # served in the foreground: done with it
                self._release()

    def start(self):
        # Boot here (errors are raised to the caller), then serve from a background thread; returns self.
        try:
            self._boot()
        except BaseException:
            self.stop()
            raise
        self._thread = threading.Thread(target=self.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self):
        self._stop.set()
        if self._thread:
            self._thread.join(5)
        self._halt()
        self._close()
        self._release()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
