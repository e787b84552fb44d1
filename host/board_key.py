# The key a served board (host/board_server.py) asks of every connection before it gives it the console.
# A loopback port is open to every local user, and a board's console runs any code it is sent: so each
# served board makes a random key, kept in a 0600 file named for its port in a 0700 folder of this user
# (XDG_RUNTIME_DIR/maze32/board-keys, else the cache's), and a client first sends the line
# `maze32-key KEY\n`. The host's own clients (host/transport.py) do that for a loopback socket:// URL
# that has a key file; `python -m host.board_key ARGS` runs mpremote's command line doing the same.
import os
import secrets
import stat
import sys
from pathlib import Path
from urllib.parse import urlsplit

from host.errors import CliError

PREFIX = b"maze32-key "
LOOPBACK = ("127.0.0.1", "localhost", "::1")
HEX = b"0123456789abcdef"


def folder():
    # The user's folder of keys, made 0700 here; a folder of someone else's or open to others is refused.
    from host.paths import CACHE
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    base = Path(runtime) / "maze32" if os.path.isabs(runtime) else CACHE
    path = base / "board-keys"
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = path.lstat()
    except OSError as e:
        raise CliError("board key folder %s: cannot create it (%s)" % (path, e.strerror or e))
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid():
        raise CliError("board key folder %s: not a folder of this user's" % path)
    if st.st_mode & 0o077:
        os.chmod(str(path), 0o700)       # ours, made by an older umask: close it before a key goes in
    return path


def key_file(port):
    return folder() / str(int(port))


def make(port):
    # A fresh key for the board on `port`, written atomically (a client never reads half of one).
    key = secrets.token_hex(32)
    path = key_file(port)
    tmp = path.with_name("%s.%d.part" % (path.name, os.getpid()))
    try:
        fd = os.open(str(tmp), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(key)
        os.replace(str(tmp), str(path))
    except OSError as e:
        raise CliError("board key %s: cannot write it (%s)" % (path, e.strerror or e))
    return key


def forget(port, key):
    # Remove the key file of `port` if it still holds this board's key (not a later board's).
    try:
        path = key_file(port)
        if path.read_text() == key:
            path.unlink()
    except (OSError, ValueError, CliError):
        pass


def for_url(url):
    # The line to send first on `url`: b"" unless it is a loopback socket:// URL with a key file of ours.
    try:
        parts = urlsplit(url)
        if parts.scheme != "socket" or parts.hostname not in LOOPBACK or parts.port is None:
            return b""
        path = key_file(parts.port)
        st = path.lstat()
        if not stat.S_ISREG(st.st_mode) or st.st_uid != os.getuid():
            return b""
        return PREFIX + path.read_text().strip().encode("ascii") + b"\n"
    except (OSError, ValueError, CliError):
        return b""


def present(port, url):
    # Send the key line of `url` on the open pyserial `port`, if it has one; closed again if that fails.
    line = for_url(url)
    if line:
        try:
            port.write(line)
        except Exception:
            port.close()
            raise


def could_be(line):
    # Could `line`, read so far, still become a key line? (Only its form is looked at, never the key.)
    head, rest = line[:len(PREFIX)], line[len(PREFIX):]
    return PREFIX.startswith(head) and all(c in HEX for c in rest.rstrip(b"\n")) and rest.count(b"\n") <= 1


def line_ok(line, key):
    # Is `line` (what a client sent, up to its newline) this board's key line? In constant time.
    import hmac
    return hmac.compare_digest(line, PREFIX + key.encode("ascii") + b"\n")


def present_in_pyserial():
    # Make pyserial's socket:// ports send their key line as they open (for mpremote's command line).
    from serial.urlhandler import protocol_socket

    opened = protocol_socket.Serial.open

    def open_and_present(self):
        opened(self)
        present(self, self.portstr)

    protocol_socket.Serial.open = open_and_present


def main(argv):
    # mpremote's command line with the key presented: `python -m host.board_key connect URL exec ...`.
    # Run by another interpreter than the install's (a shell's python), pyserial or mpremote is missing:
    # one line naming the one to use, not a traceback.
    try:
        present_in_pyserial()
        from mpremote.main import main as mpremote_main
    except ImportError as e:
        sys.stderr.write("maze32: %s: run this with the interpreter maze32 is installed in "
                         "(.venv/bin/python -m host.board_key ...)\n" % e)
        return 2
    sys.argv = ["mpremote"] + list(argv)
    return mpremote_main()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
