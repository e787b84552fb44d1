# The desktop twin: shared/maze32 driven from CPython for the commands: mazes by seed or level code,
# maze32/1 documents and the check of a maze32/1 file, Deeper's hedge levels. Library errors become
# CliError here. Files themselves (bounded reading, atomic writing) are host/files.py's.
import os

from maze32 import Config, Maze, Workspace, generate, validate, split_seed, maze_hash, CHECK_NAMES, OK
from maze32 import levelcode
from maze32.codec import to_dict, FormatError
from host.errors import CliError
from host.files import read_json, shown

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
    world = code.split(" ")[0].split("-")
    # What Explore's header shows (a level code's middle group has four characters: never a depth)
    if len(world) == 3 and all(part.isdigit() for part in world) and 1 <= int(world[1]) <= 255:
        raise CliError("%s is an Explore world's code (seed-depth-candidate), not a level code: "
                       "maze32 play --mode explore --seed %s --depth %s deals it again"
                       % (code.split(" ")[0], world[0], world[1]))
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
