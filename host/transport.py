# The connection to a board, real or virtual: the only module that imports mpremote. Everything above
# it asks for what it needs (exec, files, soft reset) and gets a CliError with one line on failure.
#
# Every exchange has a deadline. mpremote's own reads have none on some paths (the "OK" after an exec,
# the raw-paste header, the flush loop of enter_raw_repl, and every loop that keeps reading while a
# board keeps printing), so the serial port it reads is wrapped in host/serial_link.py's Link, which
# bounds each read and each poll by the deadline of the current step: the board either answers within
# it or the step ends with one line naming the board, what was being done and what came back.
import contextlib
import io
import math
import os
import select
import time

from mpremote.transport import TransportError
from mpremote.transport_serial import SerialTransport

from host import board_key
from host.serial_link import POLL, Expired, Link, Lost, Restarted, reason as _reason
from host.errors import CliError

DEFAULT_TIMEOUT = 5.0        # seconds per step: entering the raw REPL, one exec, a soft reset
TIMEOUT_RANGE = (0.5, 3600.0)
CHUNK = 1024                 # bytes of a file per exec while copying
QUIET = 0.1                  # seconds without output after the raw REPL banner: the board is waiting


def check_timeout(value):
    # -> seconds as a float; CliError (exit 2) for anything that is not a finite time in range.
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        raise CliError("timeout: %r is not a number of seconds" % (value,))
    low, high = TIMEOUT_RANGE
    if not math.isfinite(seconds) or not low <= seconds <= high:
        raise CliError("timeout: must be %g..%g seconds, got %s" % (low, high, value))
    return seconds


# What `play --port` says to the board's game as it leaves and comes back (maze32_game/attach.py), and how
# long a game (reading its keys every 50 ms) has to answer with its screen before the board is at its REPL.
DETACHED = b"\x1b[O"
ATTACHED = b"\x1b[I"
SCREEN = b"\x1b[?1049h"           # the game's first bytes of an answer: the alternate screen (term.ENTER)
RESUME_WAIT = 1.0
# A program resumed may be the one a board's boot ran (main.py): it ends not with the raw REPL's Ctrl-D
# but in the friendly REPL, whose banner (MicroPython's pyexec.c) is its first line to this terminal.
BANNER = b"MicroPython v"
FRIENDLY = b'Type "help()" for more information.\r\n'
BANNER_LINE = 120                  # the longest first line of it looked for (a board's and MCU's names)
HOLD = 0.5                         # seconds what may be the banner waits for the rest of it


def _banner_start(data):
    # Where the friendly REPL's banner may have begun in the last bytes that came (a console's bytes
    # come split anywhere: the last line may hold only its first letters), or -1.
    start = data.rfind(BANNER)
    if start < 0:
        start = data.rfind(b"\n") + 1
        if start == len(data) or not BANNER.startswith(data[start:]):
            return -1
    return start if len(data) - start < BANNER_LINE + len(FRIENDLY) else -1


class Board:
    def __init__(self, port, timeout=DEFAULT_TIMEOUT, enter=True):
        # enter=False: the port opened, nothing sent, so a program running there goes on (resume()).
        self.port = port
        self.kept = False                 # a program left running on purpose (detached): close() keeps it
        self.timeout = check_timeout(timeout)
        try:
            with _quiet():
                self.t = SerialTransport(port, baudrate=115200)
                board_key.present(self.t.serial, port)    # a board this host serves: its key first
        except (TransportError, OSError, ValueError) as e:
            raise CliError("port %s: cannot open it (%s)" % (port, _reason(e)))
        self.t.serial.write_timeout = self.timeout        # a board that stops reading cannot block a write
        self.link = self.t.serial = Link(self.t.serial)
        self.t.read_until = self.link.read_until
        if enter:
            self.enter()

    def enter(self):
        # Into the raw REPL (whatever runs is interrupted); the port is closed if that fails.
        try:
            self._enter_raw("entering the raw REPL")
        except BaseException:
            self._drop()
            raise

    # -- steps: one exchange, one deadline, one line on failure ---------------------------------------
    @contextlib.contextmanager
    def step(self, what, seconds=None, idle=None, watch=True, expect=None):
        # watch: a restart of the board ends the step at once (not while resetting or entering the REPL);
        # expect: the one answer the step waits for (a banner, an acknowledgement), named if it never comes.
        seconds = self.timeout if seconds is None else seconds
        self.link.reset(seconds, idle, watch)
        try:
            with _quiet():
                yield
        except Expired:
            if expect and not self._restarted():
                raise CliError("board at %s did not answer within %g s: %s (no %s; %d bytes came back)"
                               % (self.port, seconds, what, expect, self.link.received))
            raise CliError(self._late(what, seconds, idle))
        except Restarted:
            raise CliError("board at %s restarted: %s (it printed 'soft reboot')" % (self.port, what))
        except Lost as e:
            raise CliError("board at %s disconnected: %s (%s)" % (self.port, what, e))
        except TransportError as e:
            if self._restarted():
                raise CliError("board at %s restarted: %s (it printed 'soft reboot')" % (self.port, what))
            raise CliError("board at %s answered wrongly: %s (%s)" % (self.port, what, _reason(e)))
        finally:
            self.link.reset(None, None)

    def _restarted(self):
        return b"soft reboot" in self.link.tail

    def _late(self, what, seconds, idle):
        link = self.link
        if self._restarted():
            return "board at %s restarted: %s (it printed 'soft reboot', then nothing more)" % (self.port, what)
        if not link.received:
            return "board at %s did not answer within %g s: %s (nothing came back)" % (self.port, seconds, what)
        silent = time.monotonic() - link.last
        if idle is not None and silent >= idle:
            return ("board at %s fell silent for %g s: %s (after %d bytes)"
                    % (self.port, idle, what, link.received))
        if silent < 2 * POLL + 0.1:
            return ("board at %s did not finish within %g s: %s (its output never ended: %d bytes)"
                    % (self.port, seconds, what, link.received))
        return ("board at %s did not finish within %g s: %s (%d bytes, then silence)"
                % (self.port, seconds, what, link.received))

    def _enter_raw(self, what):
        # Ctrl-C (interrupt whatever runs), Ctrl-A (raw REPL), wait for the banner; again, with more
        # patience each time, until the step's deadline: a board busy booting or running a program that
        # ignores one Ctrl-C still gets in.
        with self.step(what, watch=False, expect="raw REPL banner after Ctrl-C, Ctrl-A"):
            tries = 0
            while True:
                tries += 1
                try:
                    self.t.enter_raw_repl(soft_reset=False, timeout_overall=min(tries, self.timeout))
                    break
                except TransportError:
                    continue
        with self.step(what + ", then its prompt"):
            self._settle()

    def _settle(self):
        # What the board prints right after its banner (the prompt; a second banner when it was already
        # on its way into raw mode, as after a soft reset) is read until the board has been quiet for
        # QUIET; it then waits at its raw prompt, which the next exec expects to read: one ">".
        link = self.link
        quiet_until = time.monotonic() + QUIET
        while time.monotonic() < quiet_until:
            link.check()
            if link.fill(quiet_until - time.monotonic()):
                quiet_until = time.monotonic() + QUIET
        link.buf = b">"

    def _send(self, code, what):
        # The code of an exec, up to the board's acknowledgement (raw-paste ack or "OK"): a short step.
        with self.step(what, expect="acknowledgement of the code"):
            self.t.exec_raw_no_follow(code)

    def exec(self, code, consumer=None, timeout=None, idle=None, what=None):
        # Run code on the board; consumer(bytes) sees its output as it arrives. Returns all output.
        # timeout bounds the whole exec (default: the board's timeout); idle, if given, bounds the
        # silence between two pieces of output.
        what = what or "running %s" % _first_line(code)
        seconds = self.timeout if timeout is None else timeout
        self._send(code, what)
        with self.step(what, seconds, idle):
            out, err = self.t.follow(seconds, consumer)
        if err:
            lines = err.decode(errors="replace").strip().splitlines()
            raise CliError("board raised %s: %s" % (lines[-1] if lines else "an error", what), code=1)
        return out.decode(errors="replace")

    def resume(self, stdin_fd, out, escape=b"\x1d"):
        # On a board opened with enter=False: ask a game left running there to come back (ATTACHED); if
        # its screen comes within RESUME_WAIT, attach this terminal to it as attach() does, else -> None
        # (no game runs: the caller enters the raw REPL, whose Ctrl-C clears what was sent).
        link = self.link
        link.reset(RESUME_WAIT, None)
        try:
            link.write(ATTACHED)
            while SCREEN not in link.buf:
                link.check()
                link.fill(POLL)
        except (Expired, Lost):
            return None
        finally:
            link.reset(None, None)
        data = link.take()
        out.write(data[data.find(SCREEN):])
        out.flush()
        return self._follow(stdin_fd, out, escape)

    def attach(self, code, stdin_fd, out, escape=b"\x1d"):
        # Run code on the board with this terminal attached: bytes typed go to the board, the board's
        # output comes back, until the program ends or this terminal leaves: `escape` (Ctrl-]) typed,
        # its input ended, or it hung up (SIGHUP, SIGTERM: SystemExit). Leaving tells the program
        # (DETACHED: a game pauses) and leaves it running, for resume() to come back to. Returns True
        # if the program ended by itself. Starting it has deadlines; then it runs as long as it likes.
        self.exec("pass", what="checking the board runs code")
        self._send(code, "starting the program")
        return self._follow(stdin_fd, out, escape)

    def _follow(self, stdin_fd, out, escape):
        shown = [b"\n"]                   # the last byte shown: an error then starts on a line of its own
        try:
            return self._attached(stdin_fd, out, escape, shown)
        except BaseException as e:
            if isinstance(e, SystemExit):
                self._leave_running()
            if shown[0] != b"\n":
                with contextlib.suppress(OSError, ValueError):
                    out.write(b"\r\n")
                    out.flush()
            if isinstance(e, Expired):
                raise CliError("board at %s stopped reading: running the program (a write took over %g s)"
                               % (self.port, self.timeout))
            if isinstance(e, (Lost, OSError, ValueError)):
                raise CliError("board at %s disconnected: running the program (%s)" % (self.port, _reason(e)))
            if isinstance(e, Restarted):
                raise CliError("board at %s restarted: running the program (it printed 'soft reboot')"
                               % self.port)
            raise
        finally:
            self.link.reset(None, None)

    def _attached(self, stdin_fd, out, escape, shown):
        link = self.link
        watched = [stdin_fd] + ([link.fd] if link.fd is not None else [])
        link.reset(None, None, watch=True)
        held, held_at = b"", 0.0           # what may be the friendly REPL's banner, not shown yet
        while True:
            readable = select.select(watched, [], [], 0.02)[0]
            link.fill(0)
            quiet = held and not link.buf and time.monotonic() - held_at > HOLD    # it was the program's
            if link.buf or quiet:
                data, held = held + link.take(), b""
                end = data.find(b"\x04")
                friendly = data.find(FRIENDLY)
                if friendly >= 0 and (end < 0 or friendly < end):    # main.py's program ended
                    start = data.rfind(BANNER, 0, friendly)
                    self._show(out, data[:friendly if start < 0 else start], shown)
                    self.t.in_raw_repl = False                         # soft_reset goes raw first
                    return True
                start = -1 if quiet or end >= 0 else _banner_start(data)
                if start >= 0:
                    data, held, held_at = data[:start], data[start:], time.monotonic()
                self._show(out, data[:end] if end >= 0 else data, shown)
                if end >= 0:
                    link.buf = data[end + 1:] + link.buf
                    self._program_error()
                    return True
            if stdin_fd in readable:
                try:
                    typed = os.read(stdin_fd, 64)
                except OSError:                           # the terminal went away (EIO)
                    typed = b""
                if not typed or escape in typed:          # end of input, or Ctrl-]
                    self._leave_running()
                    return False
                link.write(typed)

    @staticmethod
    def _show(out, text, shown):
        out.write(text)
        out.flush()
        shown[0] = text[-1:] or shown[0]

    def _leave_running(self):
        # This terminal leaves; the program stays (paused, if it is a game) and close() leaves it be.
        with contextlib.suppress(Exception):
            self.link.write(DETACHED)
        self.kept = True

    def _program_error(self):
        # After the program's output and its Ctrl-D comes its error output, up to a second Ctrl-D.
        with self.step("reading the program's error output"):
            err = self.link.read_until(1, b"\x04", timeout=None)
        lines = err[:-1].decode(errors="replace").strip().splitlines()
        if lines:
            raise CliError("board raised %s: running the program" % lines[-1], code=1)

    def write_file(self, path, data):
        # Written under a temporary name in chunks and renamed: a half-copied file never has the real name.
        tmp = path + ".part"
        self.exec("f=open(%r,'wb')\nw=f.write" % tmp, what="creating %s" % tmp)
        for i in range(0, len(data), CHUNK):
            self.exec("w(%r)" % data[i:i + CHUNK],
                      what="writing %s (bytes %d..%d of %d)" % (tmp, i, min(i + CHUNK, len(data)), len(data)))
        self.exec("f.close()\nimport os\ntry:\n os.remove(%r)\nexcept OSError:\n pass\nos.rename(%r, %r)"
                  % (path, tmp, path), what="renaming %s to %s" % (tmp, path))

    def soft_reset(self):
        # Ctrl-D in the raw REPL: the board restarts its interpreter and comes back to the raw REPL
        # (from the raw REPL a board's boot does not run main.py, so no game starts again).
        if not self.t.in_raw_repl:
            self._enter_raw("entering the raw REPL to soft-reset")
        with self.step("soft-resetting (Ctrl-D)", watch=False, expect="'soft reboot'"):
            self.link.write(b"\x04")
            data = self.link.read_until(1, b"soft reboot\r\n", timeout=None)
            if not data.endswith(b"soft reboot\r\n"):
                raise Expired()
            self.t.in_raw_repl = False
        self._enter_raw("entering the raw REPL after the soft reset")

    def close(self):
        # Ctrl-C first: a program left running by a step that gave up (a runaway loop, an import that
        # never returns) is interrupted rather than left to burn the board's CPU; then the friendly REPL.
        if self.kept:                     # not after a detach: that program was left running on purpose
            return self._drop()
        try:
            with self.step("leaving the raw REPL", min(self.timeout, 1.0)):
                self.link.write(b"\x03")
                self.t.exit_raw_repl()
        except Exception:
            pass
        self._drop()

    def _drop(self):
        port = self.link.port
        with contextlib.suppress(Exception):
            sock = getattr(port, "_socket", None)
            if sock is not None:             # socket://: pyserial's close() sleeps 0.3 s after closing it
                sock.close()
                port._socket = None
                port.is_open = False
            port.close()


@contextlib.contextmanager
def _quiet():
    # mpremote prints raw data on some failures; keep the host's output to its own one-line errors.
    with contextlib.redirect_stdout(io.StringIO()):
        yield


def _first_line(code):
    line = code.strip().splitlines()[0] if code.strip() else "nothing"
    return line if len(line) <= 40 else line[:37] + "..."


RISCV = "riscv"      # the pseudo-port of the RISC-V board (host/riscv_board.py)


@contextlib.contextmanager
def connected(port, timeout=DEFAULT_TIMEOUT, enter=True):
    # A board on `port`, or, with no port, the virtual board (started here for this command); the
    # port name RISCV is the RISC-V board (built on first use, started here for this command, its
    # flash kept between commands in ~/.cache/maze32/riscv-board). enter=False: as Board's.
    timeout = check_timeout(DEFAULT_TIMEOUT if timeout is None else timeout)
    with _served(port) as url:
        board = Board(url, timeout, enter)
        try:
            yield board
        finally:
            board.close()


@contextlib.contextmanager
def _served(port):
    # The URL to reach `port` on, with the board this command serves (RISCV, or none given) running.
    if port == RISCV:
        import sys
        from host import riscv_board
        firmware = riscv_board.build_firmware(lambda line: sys.stderr.write(line + "\n"))
        with riscv_board.RiscvBoard(firmware=firmware) as rb:
            yield rb.url
    elif port:
        yield port
    else:
        from host.virtual_board import VirtualBoard
        with VirtualBoard() as vb:
            yield vb.url
