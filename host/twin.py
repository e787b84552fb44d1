# The desktop twin: shared/maze32 driven from CPython for the commands: mazes by seed or level code,
# maze32/1 files in and out, Deeper's hedge levels. Library errors become CliError here.
import json
import os
import sys
import tempfile

from maze32 import Config, Maze, Workspace, generate, validate, split_seed, maze_hash, CHECK_NAMES, OK
from maze32 import levelcode
from maze32.codec import to_dict, from_dict, hash_mask, FormatError
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
    from maze32 import CHECK_NAMES
    from maze32.validate import PLACEMENT
    counts = dict((name, ws.fails[i]) for i, name in enumerate(CHECK_NAMES) if ws.fails[i])
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


def check_file(path):
    # The verdict on any maze32/1 file: {"file", "valid", "failed": [check names], "checks": count}.
    from maze32 import check_names
    mask, _ = check_loaded(*load_file(path))
    failed = check_names(mask)
    return {"file": path, "valid": not failed, "failed": failed, "checks": len(CHECK_NAMES)}


def write_output(path, text):
    # A command's output file; "-" is stdout.
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        write_atomically(path, text)


def write_json(path, doc):
    write_output(path, json.dumps(doc, indent=1) + "\n")


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
