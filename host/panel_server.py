# The virtual board's panel (`maze32 board serve --panel ssd1306|st7789`): the board's game drives
# its own display driver over host/virtual_panel.py's bus, whose records arrive on a loopback socket
# here; host/panels.py decodes them into the panel's picture, written as a PNG a person can open
# (panel.png in the board's folder), replaced atomically (a temporary file renamed over it) whenever
# the picture changed, at most every UPDATE seconds. The board connects once per boot; the panel (its
# decoder) outlives the boots, as a real one keeps its memory across a soft reset.
import json
import os
import shutil
import socket
import threading
import time
from pathlib import Path

from host import panels

UPDATE = 0.25             # seconds between two PNGs at most (a frame is 50 ms; a picture takes longer)
SCALE = {"ssd1306": 4, "st7789": 2}     # PNG pixels a side per panel pixel: an OLED's are small
READERS = 8               # connections read at once (the board's is one; it reconnects at each boot)
BUS_MODULE = Path(__file__).with_name("virtual_panel.py")


def display_of(kind):
    # The display entry of the first profile (boards/*.json) with a panel of that kind.
    from host import boards
    for profile in boards.load_all().values():
        d = profile.get("display")
        if d and d["kind"] == kind:
            return d
    from host.errors import CliError
    raise CliError("board serve: no board profile has a %s panel" % kind)


class PanelServer:
    def __init__(self, root, kind):
        self.root, self.kind = Path(root), kind
        self.display = display_of(kind)
        self.bus = panels.Bus(self.display)
        self.png = self.root / "panel.png"
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(0.1)
        self.port = self.listener.getsockname()[1]
        self._stop = threading.Event()
        self._lock = threading.Lock()              # the bus and the PNG, shared by the readers
        self._readers = threading.BoundedSemaphore(READERS)
        self._shown, self._last, self._dirty = None, 0.0, False
        self._failed = None       # the last line said of a PNG that could not be written
        self.note = None          # note(line): told of each problem in the stream, as it is found
        self._told = 0
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def install(self):
        # Before each boot: the bus module in the board's lib/, and panel.json naming the panel and port.
        lib = self.root / "lib"
        lib.mkdir(exist_ok=True)
        shutil.copyfile(BUS_MODULE, lib / "virtual_panel.py")
        (self.root / "panel.json").write_text(json.dumps({"display": self.display, "port": self.port}))

    @staticmethod
    def uninstall(root):
        # A board served without a panel: no panel.json, so the bus module left behind finds none.
        try:
            (Path(root) / "panel.json").unlink()
        except FileNotFoundError:
            pass

    def _serve(self):
        # Each connection read by a thread of its own, at most READERS at once (more are closed): one
        # that connects and says nothing (a stranger on the port, a board's previous boot) must not
        # keep the board's own from being read, which would block its writes and so its game.
        while not self._stop.is_set():
            try:
                client, _ = self.listener.accept()
            except socket.timeout:
                with self._lock:
                    self._write(False)
                continue
            except OSError:
                return
            if not self._readers.acquire(blocking=False):
                client.close()
                continue
            threading.Thread(target=self._reader, args=(client,), daemon=True).start()

    def _reader(self, client):
        try:
            with client:
                self._read(client)
        finally:
            self._readers.release()

    def _read(self, client):
        client.settimeout(UPDATE)
        pending = b""
        while not self._stop.is_set():
            try:
                data = client.recv(1 << 16)
            except socket.timeout:
                with self._lock:
                    self._write(False)                # the last frame of a burst
                continue
            except OSError:
                return
            if not data:
                return
            recs, pending = panels.records(pending + data)
            claimed = panels.oversized(pending)
            with self._lock:                          # one panel, whichever connection feeds it
                for kind, payload in recs:
                    self.bus.feed(kind, payload)
                self._dirty = self._dirty or bool(recs)
                if claimed:
                    self.bus.decoder.problem("a record of %d bytes (at most %d): the connection dropped"
                                             % (claimed, panels.MAX_RECORD))
                self._tell()
                self._write(True)
            if claimed:
                return

    def _tell(self):
        d = self.bus.decoder
        for line in d.problems[self._told:]:
            if self.note:
                self.note("panel: %s" % line)
        self._told = len(d.problems)

    def summary(self):
        d = self.bus.decoder
        return "panel: %d frames decoded, %d problems in the stream" % (d.frames, d.errors)

    def _write(self, busy):
        # The PNG, when the picture changed, and not more often than every UPDATE while frames come.
        now = time.monotonic()
        if not self._dirty or (busy and now - self._last < UPDATE):
            return
        image = self.bus.decoder.image()
        self._dirty, self._last = False, now
        if image == self._shown:
            return
        self._shown = image
        tmp = self.png.with_name(".panel.png.part")
        try:
            tmp.write_bytes(panels.png(self.bus.decoder, SCALE[self.kind]))
            os.replace(tmp, self.png)
            self._failed = None
        except OSError as e:                          # the folder gone or full: said once, tried again
            self._shown = None
            line = "panel: cannot write %s (%s)" % (self.png, e.strerror or e)
            if self.note and line != self._failed:
                self.note(line)
            self._failed = line

    def stop(self):
        if self._stop.is_set():                       # a board's stop and its release both call this
            return
        self._stop.set()
        self._thread.join(2)
        self.listener.close()
        for _ in range(READERS):                      # the readers see the flag within UPDATE
            self._readers.acquire(timeout=2)
