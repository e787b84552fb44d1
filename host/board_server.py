# What every board the host serves shares (micropython-lib's pattern of a base that a subclass completes
# with a few methods): a loopback listener, the serve loop that gives the board's console to one client
# at a time (each maze32 command connects afresh, as to a serial port), and start/stop. The host reaches
# any of them through mpremote exactly as it reaches a real board (`socket://127.0.0.1:PORT`).
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

IDLE_WAIT = 0.1       # seconds between looks at the stop flag while no client is connected


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
                try:
                    self._serve_client(client)
                except OSError:
                    pass                                 # the client went away mid-exchange
                finally:
                    client.close()
        finally:
            self._halt()
            self.listener.close()
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
        self.listener.close()
        self._release()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
