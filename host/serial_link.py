# The serial port of a board as host/transport.py drives it through mpremote: Link bounds every read
# and poll by the deadline of the current step (mpremote's own reads have none on some paths), and
# the exceptions a step ends with. Nothing here knows the REPL; transport.py does.
import contextlib
import select
import socket
import time

REBOOT = b"soft reboot\r\n"    # what a board prints when its interpreter restarts
POLL = 0.05                  # longest wait of one poll of the port (mpremote sleeps 10 ms between polls)


class Expired(Exception):
    # The step's deadline passed (or the board was silent longer than the step allows).
    pass


class Lost(Exception):
    # The port went away: a socket closed, a USB device unplugged.
    pass


class Restarted(Exception):
    # The board printed "soft reboot" in the middle of a step: whatever it was running is gone.
    pass


class Link:
    # The serial port as mpremote sees it, with every read and poll bounded by the step's deadline.
    # Reads are non-blocking underneath (select on the port, then what has arrived goes to `buf`), so
    # a wait is never longer than POLL between two checks of the deadline. Attributes mpremote sets or
    # reads that are not ours (rts, dtr, ...) go to the port.
    OWN = ("port", "end", "idle", "last", "received", "tail", "buf", "fd", "watch")

    def __init__(self, port):
        object.__setattr__(self, "port", port)
        port.timeout = 0
        sock = getattr(port, "_socket", None)        # socket://: no Nagle delay on small writes
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            self.fd = port.fileno()
        except Exception:
            self.fd = None               # rfc2217:// and the like: poll instead of select
        self.buf = b""
        self.reset(None, None)

    def reset(self, seconds, idle, watch=False):
        now = time.monotonic()
        self.end = None if seconds is None else now + seconds
        self.idle = idle
        self.last = now
        self.received = 0
        self.tail = b""                  # the step's last bytes received, to recognise a restart
        self.watch = watch               # does a restart end the step?

    def __getattr__(self, name):
        return getattr(self.port, name)

    def __setattr__(self, name, value):
        if name in Link.OWN:
            object.__setattr__(self, name, value)
        elif name != "timeout":          # the port stays non-blocking; deadlines are ours
            setattr(self.port, name, value)

    def check(self):
        now = time.monotonic()
        if self.end is not None and now >= self.end:
            raise Expired()
        if self.idle is not None and now >= self.last + self.idle:
            raise Expired()

    def fill(self, wait):
        # Wait up to `wait` seconds (never past the deadline) for data; add what came to buf.
        if self.end is not None:
            wait = max(0.0, min(wait, self.end - time.monotonic()))
        try:
            if self.fd is not None:
                if wait and not select.select([self.fd], [], [], wait)[0]:
                    return b""
                data = self.port.read(65536)
            else:
                data = self.port.read(65536)
                if not data and wait:
                    time.sleep(min(wait, 0.005))
        except (OSError, ValueError) as e:
            raise Lost(reason(e))
        if data:
            self.received += len(data)
            self.last = time.monotonic()
            self.tail = (self.tail + data)[-64:]
            self.buf += data
            if self.watch and REBOOT in self.tail:
                raise Restarted()
        return data

    def take(self, n=None):
        n = len(self.buf) if n is None else n
        data, self.buf = self.buf[:n], self.buf[n:]
        return data

    def inWaiting(self):
        self.check()
        if not self.buf:
            self.fill(0)
        return len(self.buf)

    in_waiting = property(lambda self: self.inWaiting())

    def read(self, size=1):
        # Blocks until `size` bytes came (as mpremote expects of a port without timeout), or the deadline.
        while len(self.buf) < size:
            self.check()
            self.fill(POLL)
        return self.take(size)

    def read_until(self, min_num_bytes, ending, timeout=10, data_consumer=None, timeout_overall=None):
        # mpremote's SerialTransport.read_until, same arguments and result, without a sleep per poll
        # and bounded by the step's deadline as well as its own timeouts.
        got = b""
        begin = last = time.monotonic()
        while not got.endswith(ending):
            self.check()
            if self.buf:
                keep = len(ending) - 1
                joined = (got[-keep:] if keep else b"") + self.buf
                i = joined.find(ending)
                piece = self.take(None if i < 0 else i + len(ending) - (len(joined) - len(self.buf)))
                last = time.monotonic()
                if data_consumer:
                    data_consumer(piece)
                    got = (got + piece)[-len(ending):] if len(ending) > 1 else piece
                else:
                    got += piece
                continue
            now = time.monotonic()
            waits = [POLL]
            if timeout is not None:
                waits.append(last + timeout - now)
            if timeout_overall is not None:
                waits.append(begin + timeout_overall - now)
            if min(waits) <= 0:
                break
            self.fill(min(waits))
        return got

    def write(self, data):
        try:
            return self.port.write(data)
        except (OSError, ValueError) as e:
            if type(e).__name__ == "SerialTimeoutException":
                raise Expired()
            raise Lost(reason(e))


def reason(e):
    # The last line of an exception's text (pyserial's and mpremote's run to several), or its type's name.
    text = str(e).strip().splitlines()
    return text[-1] if text else type(e).__name__
