# The connection to a board, real or virtual: the only module that imports mpremote. Everything above
# it asks for what it needs (exec, files, soft reset) and gets a CliError with one line on failure.
import contextlib
import io
import time

from mpremote.transport import TransportError, TransportExecError
from mpremote.transport_serial import SerialTransport

from host.errors import CliError

RETRY_DELAYS = (0.0, 0.3, 1.0)   # back-off between raw-REPL attempts


class Board:
    def __init__(self, port, timeout=10.0):
        self.port = port
        self.timeout = timeout
        try:
            with _quiet():
                self.t = SerialTransport(port, baudrate=115200)
        except (TransportError, OSError, ValueError) as e:
            raise CliError("port %s: cannot open it (%s)" % (port, _reason(e)))
        self._enter_raw()

    def _enter_raw(self):
        last = None
        for delay in RETRY_DELAYS:
            time.sleep(delay)
            try:
                with _quiet():
                    self.t.enter_raw_repl(soft_reset=False, timeout_overall=self.timeout)
                return
            except (TransportError, OSError) as e:
                last = e
        raise CliError("board at %s did not answer: no raw REPL after %d tries (%s)"
                       % (self.port, len(RETRY_DELAYS), _reason(last)))

    def exec(self, code, consumer=None, timeout=None):
        # Run code on the board; consumer(bytes) sees its output as it arrives. Returns all output.
        try:
            with _quiet():
                self.t.exec_raw_no_follow(code)
                out, err = self.t.follow(timeout or self.timeout, consumer)
        except TransportError as e:
            raise CliError("board at %s stopped answering (%s)" % (self.port, _reason(e)))
        except OSError as e:
            raise CliError("board at %s disconnected (%s)" % (self.port, _reason(e)))
        if err:
            lines = err.decode(errors="replace").strip().splitlines()
            raise CliError("board raised %s" % (lines[-1] if lines else "an error"), code=1)
        return out.decode(errors="replace")

    def attach(self, code, stdin_fd, out, escape=b"\x1d"):
        # Run code on the board with this terminal attached: bytes typed go to the board, the board's
        # output comes back, until the program ends or `escape` (Ctrl-]) is typed. Returns True if the
        # program ended by itself.
        import os
        import select
        try:
            with _quiet():
                self.t.exec_raw_no_follow(code)
            serial = self.t.serial
            serial.timeout = 0            # reads return what has arrived (socket:// reports only 0/1 waiting)
            while True:
                if serial.in_waiting:
                    data = serial.read(65536)
                    end = data.find(b"\x04")
                    out.write(data[:end] if end >= 0 else data)
                    out.flush()
                    if end >= 0:
                        return True
                readable = select.select([stdin_fd], [], [], 0.005)[0]
                if readable:
                    typed = os.read(stdin_fd, 64)
                    if escape in typed:
                        serial.write(b"\x03")            # interrupt the program, back to the REPL
                        return False
                    serial.write(typed)
        except (TransportError, OSError) as e:
            raise CliError("board at %s disconnected (%s)" % (self.port, _reason(e)))

    def write_file(self, path, data):
        # Written under a temporary name and renamed: a half-copied file never has the real name.
        tmp = path + ".part"
        try:
            with _quiet():
                self.t.fs_writefile(tmp, data)
        except (TransportError, TransportExecError, OSError) as e:
            raise CliError("board at %s: writing %s failed (%s)" % (self.port, path, _reason(e)))
        self.exec("import os\ntry:\n os.remove(%r)\nexcept OSError:\n pass\nos.rename(%r, %r)"
                  % (path, tmp, path))

    def soft_reset(self):
        # Ctrl-D in the raw REPL: the board restarts its interpreter and comes back to the raw REPL.
        try:
            with _quiet():
                self.t.serial.write(b"\x04")
                data = self.t.read_until(1, b"soft reboot\r\n", timeout_overall=self.timeout)
                if not data.endswith(b"soft reboot\r\n"):
                    raise TransportError("no soft reboot")
                self.t.in_raw_repl = False
        except (TransportError, OSError) as e:
            raise CliError("board at %s did not soft-reset (%s)" % (self.port, _reason(e)))
        self._enter_raw()

    def close(self):
        try:
            with _quiet():
                self.t.exit_raw_repl()
                self.t.close()
        except Exception:
            pass


@contextlib.contextmanager
def _quiet():
    # mpremote prints raw data on some failures; keep the host's output to its own one-line errors.
    with contextlib.redirect_stdout(io.StringIO()):
        yield


def _reason(e):
    text = str(e).strip().splitlines()
    return text[-1] if text else type(e).__name__


@contextlib.contextmanager
def connected(port, timeout=10.0):
    # A board on `port`, or, with no port, the virtual board (started here for this command).
    if port:
        board = Board(port, timeout)
        try:
            yield board
        finally:
            board.close()
        return
    from host.virtual_board import VirtualBoard
    with VirtualBoard() as vb:
        board = Board(vb.url, timeout)
        try:
            yield board
        finally:
            board.close()
