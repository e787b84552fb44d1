# The desktop twin: shared/maze32 driven from CPython for the commands: mazes by seed or level code,
# maze32/1 files in and out, Deeper's hedge levels. Library errors become CliError here.
import errno
import json
import os
import sys

from maze32 import Config, Maze, Workspace, generate, validate, split_seed, maze_hash, CHECK_NAMES, OK
from maze32 import levelcode
from maze32.codec import to_dict, FormatError
from host.errors import CliError

SETTINGS = ("seams", "cycles", "view_radius", "min_exit_separation", "landmark_pairs",
            "artifact_pairs", "max_attempts")


def make_config(size, settings):
    w, h = size
    try:
        return Config(width=w, height=h, **settings)
    except ValueError as e:
        raise CliError(str(e))


def failure_counts(ws):
    # ws.fails after a FAILED generation -> {check name or "placement": attempts that failed it}.
    # Only the checks generation runs count: bit 15 of CHECK_NAMES (`seed`, files only) is not index
    # PLACEMENT of ws.fails, nor is `hash` ever counted.
    from maze32.validate import PLACEMENT, HASH
    counts = dict((name, ws.fails[i]) for i, name in enumerate(CHECK_NAMES)
                  if (1 << i) < HASH and ws.fails[i])
    if ws.fails[PLACEMENT]:
        counts["placement"] = ws.fails[PLACEMENT]
    return counts


class Result:
    # One generated maze with everything a report needs.
    def __init__(self, seed, cfg, maze, ws, status, mask):
        self.seed = seed
        self.cfg = cfg
        self.maze = maze
        self.ws = ws
        self.status = status
        self.mask = mask

    @property
    def ok(self):
        return self.status == OK and self.mask == 0

    def hash(self):
        # The maze's hash alone, without the metrics document() measures.
        return maze_hash(self.maze, self.ws)

    def document(self):
        # The maze32/1 document of a generated maze, or what failed when generation gave up.
        if self.status != OK:
            return {"seed": self.seed, "width": self.cfg.width, "height": self.cfg.height,
                    "generated": False, "attempts": self.maze.attempts,
                    "failures": failure_counts(self.ws)}
        return to_dict(self.maze, self.ws, self.cfg, self.mask)


def build(seed, cfg):
    maze, ws = Maze(), Workspace()
    hi, lo = split_seed(seed)
    status = generate(maze, ws, cfg, hi, lo)
    mask = validate(maze, ws, cfg) if status == OK else ws.last_mask
    return Result(seed, cfg, maze, ws, status, mask)


def from_code(code):
    # The maze a level code names, checked as the board checks it (levelcode.check): a malformed code
    # is bad input (exit 2), another format version or another maze a failed check (exit 1).
    maze, ws = Maze(), Workspace()
    try:
        seed, width, height = levelcode.check(code, maze, ws)
    except levelcode.Mismatch as e:
        raise CliError(str(e), code=1)
    except levelcode.CodeError as e:
        raise CliError(str(e))
    cfg = make_config((width, height), {})
    return Result(seed, cfg, maze, ws, OK, validate(maze, ws, cfg))


def requested(seed, code, size, settings):
    # The maze that --seed (with --size and settings) or --code names.
    if code is None:
        if seed is None:
            raise CliError("give --seed N or --code CODE")
        return build(seed, make_config(size, settings))
    if seed is not None:
        raise CliError("give --seed or --code, not both")
    if settings:
        raise CliError("level codes name default settings; drop the setting options")
    return from_code(code)


def level_code(seed, size, settings):
    # -> (Result, the shareable level code, or None when generation failed). Codes name default settings.
    if settings:
        raise CliError("level codes name default settings; drop the setting options")
    result = build(seed, make_config(size, {}))
    if result.status != OK:
        return result, None
    return result, levelcode.encode(size[0], size[1], seed, result.hash())


def game_seed(seed, code, size):
    # -> (seed, size) for a game: a level code's (checked), the given seed, or a random one.
    if code is not None:
        if seed is not None:
            raise CliError("give --seed or --code, not both")
        result = from_code(code)
        return result.seed, (result.cfg.width, result.cfg.height)
    make_config(size, {})
    return (int.from_bytes(os.urandom(4), "little") if seed is None else seed), size


def hedge_level(seed, level):
    # Deeper's hedge-maze level as a document: tiles, spawn, hatch, ghosts, checks, hash.
    from maze32 import hedge
    lv, ws = hedge.HedgeLevel(), Workspace()
    hi, lo = split_seed(seed)
    if hedge.generate_hedge(lv, ws, level, hi, lo) != 0:
        raise CliError("hedge level %d of seed %d failed after %d attempts" % (level, seed, lv.attempts),
                       code=1)
    mask = hedge.validate_hedge(lv, ws)
    return {"format": hedge.FORMAT, "level": level, "seed": seed, "side": lv.side,
            "tiles": [[lv.tiles[(y << 5) | x] for x in range(lv.side)] for y in range(lv.side)],
            "spawn": [1, 1], "hatch": [lv.hatch & 31, lv.hatch >> 5],
            "ghosts": [{"x": lv.gx[i], "y": lv.gy[i], "cooldown": lv.cooldown[i]} for i in range(lv.ghosts)],
            "checks": dict((name, not mask & (1 << i)) for i, name in enumerate(hedge.HEDGE_CHECKS)),
            "hash": hedge.hedge_hash(lv, ws)}


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
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant,
                          object_pairs_hook=_object)
    except Malformed:
        raise
    except json.JSONDecodeError as e:
        raise Malformed("not JSON (%s at line %d column %d)" % (e.msg, e.lineno, e.colno))
    except (ValueError, RecursionError, MemoryError) as e:          # bounded above; never expected
        raise Malformed("not JSON (%s)" % (str(e).splitlines() or [type(e).__name__])[0][:80])


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


def check_file(path):
    # The verdict on any maze32/1 file: {"file", "valid", "failed": [check names], "false_claims":
    # [lines], "checks": count}. Valid = every check holds and every recorded claim is true.
    from maze32 import check_names
    from maze32.codec import check_document
    doc = read_json(path)
    try:
        mask, false = check_document(doc)
    except FormatError as e:
        raise CliError("%s: %s" % (shown(path), e))
    failed = check_names(mask)
    return {"file": path, "valid": not failed and not false, "failed": failed, "false_claims": false,
            "checks": len(CHECK_NAMES)}


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


def write_json(path, doc):
    write_output(path, json.dumps(doc, indent=1) + "\n")


def output_path(text):
    # An output file name as given on the command line: not empty, no NUL (argparse type).
    if not text:
        raise CliError("output: the file name is empty (use - for stdout)")
    if "\0" in text:
        raise CliError("output: %s: a file name cannot hold NUL" % shown(text))
    return text


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
