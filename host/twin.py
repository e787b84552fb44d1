# The desktop twin: shared/maze32 driven from CPython, plus parsing of the values users type.
import json
import os
import tempfile

from maze32 import Config, Maze, Workspace, generate, validate, split_seed, OK
from maze32.codec import to_dict, from_dict, hash_mask, FormatError
from host.errors import CliError

SETTINGS = ("seams", "cycles", "view_radius", "min_exit_separation", "landmark_pairs",
            "artifact_pairs", "max_attempts")


def parse_seed(text):
    try:
        seed = int(text, 0)
    except ValueError:
        raise CliError("seed: %r is not an integer" % text)
    if seed < 0 or seed > 0xFFFFFFFF:
        raise CliError("seed: %d is outside 0..4294967295" % seed)
    return seed


def parse_size(text):
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise CliError("size: %r is not WxH (for example 32x32)" % text)
    return int(parts[0]), int(parts[1])


def make_config(size, settings):
    w, h = size
    try:
        return Config(width=w, height=h, **settings)
    except ValueError as e:
        raise CliError(str(e))


def failure_counts(ws):
    # ws.fails after a FAILED generation -> {check name or "placement": attempts that failed it}.
    from maze32 import CHECK_NAMES
    from maze32.validate import PLACEMENT
    counts = dict((name, ws.fails[i]) for i, name in enumerate(CHECK_NAMES) if ws.fails[i])
    if ws.fails[PLACEMENT]:
        counts["placement"] = ws.fails[PLACEMENT]
    return counts


class Result:
    # One generated maze with everything a report needs.
    def __init__(self, cfg, maze, ws, status, mask):
        self.cfg = cfg
        self.maze = maze
        self.ws = ws
        self.status = status
        self.mask = mask

    @property
    def ok(self):
        return self.status == OK and self.mask == 0

    def document(self):
        return to_dict(self.maze, self.ws, self.cfg, self.mask)


def build(seed, cfg):
    maze, ws = Maze(), Workspace()
    hi, lo = split_seed(seed)
    status = generate(maze, ws, cfg, hi, lo)
    mask = validate(maze, ws, cfg) if status == OK else ws.last_mask
    return Result(cfg, maze, ws, status, mask)


def load_file(path):
    # -> (cfg or None, maze, recorded hash); CliError for anything that is not a readable maze32/1 file.
    try:
        with open(path, "r", encoding="utf-8") as f:
            doc = json.load(f)
    except FileNotFoundError:
        raise CliError("%s: no such file" % path)
    except IsADirectoryError:
        raise CliError("%s: is a directory" % path)
    except PermissionError:
        raise CliError("%s: permission denied" % path)
    except UnicodeDecodeError:
        raise CliError("%s: not a text file" % path)
    except json.JSONDecodeError as e:
        raise CliError("%s: not JSON (%s at line %d column %d)" % (path, e.msg, e.lineno, e.colno))
    except OSError as e:
        raise CliError("%s: %s" % (path, e.strerror or e))
    try:
        return from_dict(doc)
    except FormatError as e:
        raise CliError("%s: %s" % (path, e))


def check_loaded(cfg, maze, recorded):
    # Mask of failed checks of a loaded maze, the files-only hash check included.
    ws = Workspace()
    mask = validate(maze, ws, cfg)
    if cfg is not None and not (mask & 1):
        mask |= hash_mask(maze, ws, recorded)
    return mask, ws


def write_atomically(path, text):
    # Nothing half-written: write a temporary file beside the target, then rename it into place.
    directory = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(prefix=".maze32-", dir=directory)
    except OSError as e:
        raise CliError("%s: cannot write (%s)" % (path, e.strerror or e))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as e:
        os.unlink(tmp)
        raise CliError("%s: cannot write (%s)" % (path, e.strerror or e))
