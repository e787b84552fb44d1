# maze32's files: bounded input and atomic output, for every command and every format (maze32/1,
# bands, maze32-world/7, pictures). Reading is bounded so that no file of any size or shape costs
# more than reading its limit; writing is whole or not at all, and never replaces a link or a device.
import errno
import gc
import json
import os
import sys
from pathlib import Path

from host.errors import CliError


# -- files in: bounded, so no file of any size or shape costs more than reading 4 MiB -------------
MAX_FILE_BYTES = 4 << 20     # a 32x32 maze32/1 export is about 9 KB; bands about 10 KB
MAX_DEPTH = 32               # nesting of arrays and objects (maze32/1 needs 5)
MAX_NUMBER = 24              # characters of one JSON number (seeds have 10 digits)
_TOKENS = None


class Malformed(ValueError):
    # Input that is not a file of ours at all: too big, too deep, not UTF-8, not JSON.
    pass


def shown(path):
    # A path as one-line messages quote it: as given, unless it holds control characters; long ones
    # shortened in the middle.
    text = str(path)
    if not text.isprintable():
        text = repr(text)
    return text if len(text) <= 120 else text[:60] + "..." + text[-50:]


def read_bytes(path, limit=MAX_FILE_BYTES):
    # The bytes of a file, at most `limit` of them; CliError for what cannot be read. A FIFO with no
    # writer reads as empty instead of waiting for one; a directory, a socket say what they are.
    import stat
    if "\0" in str(path):
        raise CliError("%s: no such file (a file name cannot hold NUL)" % shown(path))
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise CliError("%s: no such file" % shown(path))
    except IsADirectoryError:
        raise CliError("%s: is a directory" % shown(path))
    except PermissionError:
        raise CliError("%s: permission denied" % shown(path))
    except OSError as e:
        raise CliError("%s: cannot read it (%s)" % (shown(path), e.strerror or e))
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise CliError("%s: is a directory" % shown(path))
        if stat.S_ISREG(st.st_mode) and st.st_size > limit:
            raise CliError("%s: too big (%d bytes; a file of ours is at most %d)" % (shown(path), st.st_size, limit))
        if not stat.S_ISREG(st.st_mode):
            os.set_blocking(fd, True)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise CliError("%s: too big (more than %d bytes; a file of ours is at most that)" % (shown(path), limit))
        return b"".join(chunks)
    except OSError as e:
        raise CliError("%s: cannot read it (%s)" % (shown(path), e.strerror or e))
    finally:
        os.close(fd)


def parse_json(data):
    # bytes -> the JSON value; Malformed (one line) for text that is not UTF-8 JSON, or JSON beyond our
    # bounds: nested deeper than MAX_DEPTH, numbers longer than MAX_NUMBER characters, NaN or Infinity,
    # a key given twice. The bounds are checked before anything is built.
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise Malformed("not a text file (byte 0x%02x at offset %d is not UTF-8)" % (data[e.start], e.start))
    depth = nesting(text)
    if depth > MAX_DEPTH:
        raise Malformed("nested %s levels deep (at most %d)" % (depth if depth < 1000 else "1000+", MAX_DEPTH))
    # The collector is held off while the parser builds: JSON makes no cycles, and a document of a
    # million empty lists otherwise triggers full collections of everything the process holds.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant,
                          object_pairs_hook=_object)
    except Malformed:
        raise
    except json.JSONDecodeError as e:
        raise Malformed("not JSON (%s at line %d column %d)" % (e.msg, e.lineno, e.colno))
    except (ValueError, RecursionError, MemoryError) as e:          # bounded above; never expected
        raise Malformed("not JSON (%s)" % (str(e).splitlines() or [type(e).__name__])[0][:80])
    finally:
        if collecting:
            gc.enable()


def nesting(text):
    # Deepest nesting of [ and { outside strings, in linear time whatever the text (an unterminated
    # string runs to the end; the parser reports it).
    import itertools
    import re
    global _TOKENS
    if _TOKENS is None:
        _TOKENS = (re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.S), re.compile(r"[^\[\]{}]+"))
    strings, others = _TOKENS
    brackets = others.sub("", strings.sub("", text))
    if not brackets:
        return 0
    return max(itertools.accumulate(map(_STEP.__getitem__, brackets)))


_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _int(s):
    if len(s) > MAX_NUMBER:
        raise Malformed("an integer of %d digits (at most %d)" % (len(s), MAX_NUMBER))
    return int(s)


def _float(s):
    import math
    if len(s) > MAX_NUMBER:
        raise Malformed("a number of %d characters (at most %d)" % (len(s), MAX_NUMBER))
    v = float(s)
    if not math.isfinite(v):
        raise Malformed("number %s is out of range" % s)
    return v


def _constant(name):
    raise Malformed("%s is not a JSON number" % name)


def _object(pairs):
    d = dict(pairs)
    if len(d) != len(pairs):
        seen = set()
        for k, _ in pairs:
            if k in seen:
                raise Malformed("key %s given twice in one object" % _clip(k))
            seen.add(k)
    return d


def _clip(v):
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def read_json(path, limit=MAX_FILE_BYTES):
    # A JSON file of ours (maze, bands; worlds when they come), read within the bounds above.
    try:
        return parse_json(read_bytes(path, limit))
    except Malformed as e:
        raise CliError("%s: %s" % (shown(path), e))


# -- files out: whole or not at all, and never a replaced link or device ---------------------------
def write_output(path, text):
    # A command's output file; "-" is stdout.
    if path == "-":
        if isinstance(text, bytes):          # a picture: the bytes as they are
            sys.stdout.flush()
            sys.stdout.buffer.write(text)
            sys.stdout.buffer.flush()
        else:
            sys.stdout.write(text)
            sys.stdout.flush()
    else:
        write_file(path, text)


def write_json(path, doc, compact=False):
    # compact: no whitespace at all (a world's tiles: megabytes), else indented for people.
    write_output(path, (json.dumps(doc, separators=(",", ":")) if compact else json.dumps(doc, indent=1)) + "\n")


def output_path(text):
    # An output file name as given on the command line: not empty, no NUL (argparse type).
    if not text:
        raise CliError("output: the file name is empty (use - for stdout)")
    if "\0" in text:
        raise CliError("output: %s: a file name cannot hold NUL" % shown(text))
    return text


def output_file(text):
    # An output file as given on the command line (argparse type), refused before the work when it
    # cannot be one: a folder, or in a folder that does not exist (a sweep of hours ended on that).
    output_path(text)
    if text != "-":
        if os.path.isdir(text):
            raise CliError("%s: cannot write (is a directory)" % shown(text))
        folder = os.path.dirname(os.path.abspath(text))
        if not os.path.isdir(folder):
            raise CliError("%s: cannot write (no folder %s)" % (shown(text), shown(folder)))
    return text


def output_folder(out, command, marker, what):
    # A folder a command writes (`what`, e.g. "an index"): a new or empty one, or one it wrote before
    # (it holds `marker`); never a folder holding something else, nor stdout. -> its Path, created.
    if out == "-":
        raise CliError("%s: -o - is stdout, and %s is a folder: give its name" % (command, what))
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise CliError("%s: %s exists and is not a folder" % (command, out))
    if out.is_dir() and any(out.iterdir()) and not (out / marker).is_file():
        raise CliError("%s: %s is not empty and holds no %s: refusing to write into it" % (command, out, marker))
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise CliError("%s: cannot create %s (%s)" % (command, out, e.strerror or e))
    if not os.access(str(out), os.W_OK | os.X_OK):
        raise CliError("%s: %s is not writable" % (command, out))
    return out


def locked(path):
    # A context manager keeping other processes out of a read-change-write of path (the twin's
    # records and ghosts, which two twins may save at once): an advisory lock on path + ".lock", held
    # for the block. Where no lock can be had (a read-only folder, a file system without locks) the
    # block runs unlocked: its write then says itself whether it failed.
    import contextlib
    import fcntl

    @contextlib.contextmanager
    def held():
        try:
            fd = os.open(path + ".lock", os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o666)
        except OSError:
            fd = None
        try:
            if fd is not None:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX)
                except OSError:
                    pass
            yield
        finally:
            if fd is not None:
                os.close(fd)
    return held()


def write_file(path, text):
    # Write text (str, or bytes as they are) to path:
    # - a regular file (new or existing) is written whole or not at all: a temporary file beside it,
    #   then renamed over it. A new file gets the mode the umask gives (0666 minus the umask), an
    #   existing one keeps its mode (and owner, where permitted); a read-only one is refused.
    # - a symlink: its target is written that way; the link stays.
    # - a character device or a FIFO (/dev/null, a terminal, a pipe) is written in place, never
    #   replaced; a FIFO without a reader is refused rather than waited on. Directories, block devices
    #   and sockets are refused.
    import stat
    output_path(path)
    data = text if isinstance(text, bytes) else text.encode("utf-8", "replace")
    try:
        st = os.stat(path)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise CliError("%s: cannot write (%s)" % (shown(path), e.strerror or e))
    if st is not None and not stat.S_ISREG(st.st_mode):
        if stat.S_ISDIR(st.st_mode):
            raise CliError("%s: cannot write (is a directory)" % shown(path))
        if stat.S_ISCHR(st.st_mode) or stat.S_ISFIFO(st.st_mode):
            return _write_in_place(path, data, stat.S_ISFIFO(st.st_mode))
        raise CliError("%s: cannot write (not a regular file, a %s; refusing to replace it)"
                       % (shown(path), "block device" if stat.S_ISBLK(st.st_mode) else "socket"))
    target = path
    if os.path.islink(path):
        target = os.path.realpath(path)
        if os.path.islink(target):
            raise CliError("%s: cannot write (a symlink loop)" % shown(path))
    if st is not None and not os.access(target, os.W_OK):
        raise CliError("%s: cannot write (permission denied)" % shown(path))
    _replace(target, data, st, path)


def _write_in_place(path, data, fifo):
    flags = os.O_WRONLY | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags | (os.O_NONBLOCK if fifo else 0))
    except OSError as e:
        if fifo and e.errno == errno.ENXIO:
            raise CliError("%s: cannot write (a FIFO that nothing reads)" % shown(path))
        raise CliError("%s: cannot write (%s)" % (shown(path), e.strerror or e))
    try:
        os.set_blocking(fd, True)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    except BrokenPipeError:
        raise CliError("%s: cannot write (its reader went away)" % shown(path))
    except OSError as e:
        raise CliError("%s: cannot write (%s)" % (shown(path), e.strerror or e))
    finally:
        os.close(fd)


def _replace(target, data, st, shown_as):
    # The atomic write of a regular file: temporary file in the target's folder, fsync, rename.
    directory = os.path.dirname(os.path.abspath(target))
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    tmp = fd = None
    try:
        for _ in range(100):
            tmp = os.path.join(directory, ".maze32-%s.tmp" % os.urandom(6).hex())
            try:
                fd = os.open(tmp, flags, 0o666 if st is None else 0o600)    # the umask applies to 0666
                break
            except FileExistsError:
                continue
        if fd is None:
            raise OSError(errno.EEXIST, "no free temporary name")
        if st is not None:
            if (st.st_uid, st.st_gid) != (os.getuid(), os.getgid()):
                try:
                    os.fchown(fd, st.st_uid, st.st_gid)
                except OSError:
                    pass                          # only root may give a file away; keep ours then
            os.fchmod(fd, stat_mode(st))
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
        os.close(fd)
        fd = None
        os.replace(tmp, target)
        tmp = None
    except OSError as e:
        raise CliError("%s: cannot write (%s)" % (shown(shown_as), e.strerror or e))
    finally:
        if fd is not None:
            os.close(fd)
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def stat_mode(st):
    return st.st_mode & 0o7777
