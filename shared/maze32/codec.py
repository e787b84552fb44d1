# The maze32/1 JSON document (SPEC 3.7) as plain dicts and lists, both ways. Runs on every runtime
# (the board has json too) but allocates freely: it is for export and import, never for generation.
from maze32.config import config_from_dict, MAX_PAIRS, MAX_ATTEMPTS, FIELDS as CONFIG_FIELDS
from maze32.hashing import FORMAT, maze_hash
from maze32.maze import Maze, Workspace, START, EXIT, KEY, COMPASS, FIRST_PAIR, MAX_SLOTS
from maze32.maze import EDGES, CYCLOMATIC, DEAD_ENDS, CROSSINGS, REACHED
from maze32.grid import MAX_SIDE
from maze32.validate import CHECK_NAMES, DIMENSIONS, HASH, SEED, validate, measure_key_exits
from maze32.fairness import measure_fairness, ROUTES, BRIDGES, DECISIONS

_SINGLES = (("start", START), ("exit", EXIT), ("key", KEY), ("compass", COMPASS))


def seed_of(hi, lo):
    return (hi << 16) | lo


def metrics(maze, ws):
    # Metrics of SPEC 3.6 from the workspace of the last validate(); -1 = not reachable.
    measure_key_exits(maze, ws)
    measure_fairness(maze, ws)
    fair = ws.fairness
    t = ws.topology
    players = []
    for p in (0, 1):
        base = p * 2 * MAX_SLOTS
        r = ws.routes

        def own(slot, member):
            return r[base + 2 * slot + member]

        start_key = own(KEY, p)
        key_exit = ws.key_exit[p]
        players.append({
            "start_key": start_key,
            "key_exit": key_exit,
            "start_exit": own(EXIT, p),
            "start_compass": own(COMPASS, p),
            "solution": start_key + key_exit if start_key >= 0 and key_exit >= 0 else -1,
            # Per pair: distance to the member on the player's own side first, then to its rotation.
            "start_landmarks": [[own(s, p), own(s, 1 - p)] for s in _pair_slots(maze, 0)],
            "start_artifacts": [[own(s, p), own(s, 1 - p)] for s in _pair_slots(maze, 1)],
            "disjoint_routes": fair[3 * p + ROUTES],
            "route_bridges": fair[3 * p + BRIDGES],
            "route_decisions": fair[3 * p + DECISIONS],
        })
    return {"edges": t[EDGES], "cyclomatic": t[CYCLOMATIC], "dead_ends": t[DEAD_ENDS],
            "half_crossings": t[CROSSINGS], "reachable": t[REACHED], "players": players}


def _pair_slots(maze, artifacts):
    first = FIRST_PAIR + (maze.landmark_pairs if artifacts else 0)
    count = maze.artifact_pairs if artifacts else maze.landmark_pairs
    return range(first, first + count)


def placements(maze):
    def pair(slot):
        return [list(maze.position(slot, 0)), list(maze.position(slot, 1))]
    d = {}
    for name, slot in _SINGLES:
        d[name] = pair(slot)
    d["landmarks"] = [pair(s) for s in _pair_slots(maze, 0)]
    d["artifacts"] = [pair(s) for s in _pair_slots(maze, 1)]
    return d


def checks(mask):
    # Every named check of SPEC 3.5 with True when it holds.
    return dict((name, not mask & (1 << i)) for i, name in enumerate(CHECK_NAMES))


def to_dict(maze, ws, cfg, mask):
    w = maze.width
    return {
        "format": FORMAT,
        "width": w,
        "height": maze.height,
        "requested_seed": seed_of(maze.requested_hi, maze.requested_lo),
        "candidate_seed": seed_of(maze.candidate_hi, maze.candidate_lo),
        "attempts": maze.attempts,
        "config": cfg.as_dict(),
        "cells": [[maze.cell(x, y) for x in range(w)] for y in range(maze.height)],
        "placements": placements(maze),
        "metrics": metrics(maze, ws),
        "checks": checks(mask),
        "hash": maze_hash(maze, ws),
    }


class FormatError(ValueError):
    # A document that is not a readable maze32/1 maze (as opposed to a maze that breaks a rule).
    pass


# Every field a maze32/1 document may hold; anything else is a claim nothing here could verify.
FIELDS = ("format", "width", "height", "requested_seed", "candidate_seed", "attempts", "config", "cells",
          "placements", "metrics", "checks", "hash")
_PLACES = ("start", "exit", "key", "compass", "landmarks", "artifacts")


def _show(v):
    # A value as a message quotes it: JSON's true/false/null, else repr, clipped (a file may hold
    # megabytes in one field).
    if v is True or v is False or v is None:
        return "true" if v is True else "false" if v is False else "null"
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def from_dict(d):
    # -> (config or None, maze, recorded hash). config is None when the size itself is invalid; then
    # validate() reports `dimensions` and nothing else. Raises FormatError naming the bad field.
    # requested_seed, candidate_seed and attempts are optional (a maze made by hand has none); when
    # present they are in range here, and seed_mask checks that they make this maze.
    if not isinstance(d, dict):
        raise FormatError("not a maze32/1 document (top level is not an object)")
    if d.get("format") != FORMAT:
        raise FormatError("format: expected %r, got %s" % (FORMAT, _show(d.get("format"))))
    for name in d:
        if name not in FIELDS:
            raise FormatError("unknown field %s (a maze32/1 document has %s)" % (_show(name), ", ".join(FIELDS)))
    w = _field_int(d, "width")
    h = _field_int(d, "height")
    maze = Maze()
    recorded = d.get("hash")
    if not isinstance(recorded, str):
        raise FormatError("hash: missing or not a string")
    settings = d.get("config")
    if not isinstance(settings, dict):
        raise FormatError("config: missing or not an object")
    for name in settings:
        v = settings[name]
        if name not in CONFIG_FIELDS:
            raise FormatError("config: unknown setting %s" % _show(name))
        if isinstance(v, bool) or not isinstance(v, int):
            raise FormatError("config.%s: expected an integer, got %s" % (name, _show(v)))
    for name, value in (("width", w), ("height", h)):
        if name in settings and settings[name] != value:
            raise FormatError("config.%s: %d contradicts %s %d" % (name, settings[name], name, value))
    settings = dict(settings)
    settings["width"] = w          # the settings a size implies (exit separation) are the document's size's
    settings["height"] = h
    try:
        cfg = config_from_dict(settings)
    except ValueError as e:
        if str(e).startswith("size:"):
            cfg = None          # an invalid size is the `dimensions` check's verdict, not a format error
        else:
            raise FormatError("config: " + str(e))
    seeds = _seeds(d, cfg)
    if seeds[0] is not None:
        maze.requested_hi, maze.requested_lo = seeds[0] >> 16, seeds[0] & 0xFFFF
    if seeds[1] is not None:
        maze.candidate_hi, maze.candidate_lo = seeds[1] >> 16, seeds[1] & 0xFFFF
    if seeds[2] is not None:
        maze.attempts = seeds[2]
    if not (1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE):
        maze.width = w
        maze.height = h
        return cfg, maze, recorded
    _read_cells(maze, d.get("cells"), w, h)
    _read_placements(maze, d.get("placements"), w, h)
    return cfg, maze, recorded


def _field_int(d, name):
    v = d.get(name)
    if isinstance(v, bool) or not isinstance(v, int):
        raise FormatError("%s: missing or not an integer" % name)
    return v


def _seeds(d, cfg):
    # -> (requested, candidate, attempts), each None when not recorded; FormatError when out of range,
    # or when a candidate seed or attempt count is recorded without the requested seed they came from.
    out = []
    for name in ("requested_seed", "candidate_seed"):
        if name not in d:
            out.append(None)
            continue
        v = _field_int(d, name)
        if v < 0 or v > 0xFFFFFFFF:
            raise FormatError("%s: out of range 0..4294967295" % name)
        out.append(v)
    if "attempts" in d:
        v = _field_int(d, "attempts")
        top = cfg.max_attempts if cfg is not None else MAX_ATTEMPTS
        if v < 1 or v > top:
            raise FormatError("attempts: %s is outside 1..%d (max_attempts)" % (_show(v), top))
        out.append(v)
    else:
        out.append(None)
    if out[0] is None and (out[1] is not None or out[2] is not None):
        raise FormatError("%s: recorded without requested_seed, so nothing can reproduce it"
                          % ("candidate_seed" if out[1] is not None else "attempts"))
    return out


def _read_cells(maze, rows, w, h):
    if not isinstance(rows, list) or len(rows) != h:
        raise FormatError("cells: expected %d rows" % h)
    for y, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != w:
            raise FormatError("cells[%d]: expected %d values" % (y, w))
        for x, v in enumerate(row):
            if isinstance(v, bool) or not isinstance(v, int) or v < 0 or v > 15:
                raise FormatError("cells[%d][%d]: expected passage flags 0..15, got %s" % (y, x, _show(v)))
            maze.cells[(y << 5) | x] = v


def _read_placements(maze, p, w, h):
    if not isinstance(p, dict):
        raise FormatError("placements: missing or not an object")
    for name in p:
        if name not in _PLACES:
            raise FormatError("placements: unknown object %s" % _show(name))
    lists = {}
    for name in ("landmarks", "artifacts"):
        v = p.get(name)
        if not isinstance(v, list) or len(v) > MAX_PAIRS:
            raise FormatError("placements.%s: expected a list of at most %d pairs" % (name, MAX_PAIRS))
        lists[name] = v
    maze.shape(w, h, len(lists["landmarks"]), len(lists["artifacts"]))
    for name, slot in _SINGLES:
        _read_pair(maze, slot, p.get(name), "placements." + name)
    slot = FIRST_PAIR
    for name in ("landmarks", "artifacts"):
        for i, pair in enumerate(lists[name]):
            _read_pair(maze, slot, pair, "placements.%s[%d]" % (name, i))
            slot += 1


def _read_pair(maze, slot, pair, where):
    if not isinstance(pair, list) or len(pair) != 2:
        raise FormatError("%s: expected [[x, y], [x, y]]" % where)
    for member, xy in enumerate(pair):
        if not isinstance(xy, list) or len(xy) != 2 or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in xy):
            raise FormatError("%s[%d]: expected [x, y] integers" % (where, member))
        e = 2 * slot + member
        # Off-grid coordinates are kept off-grid (255) for the placement_bounds check to report.
        maze.px[e] = xy[0] if 0 <= xy[0] < 255 else 255
        maze.py[e] = xy[1] if 0 <= xy[1] < 255 else 255


def hash_mask(maze, ws, recorded):
    # The files-only `hash` check: HASH if the recorded hash differs from the recomputed one.
    return 0 if recorded == maze_hash(maze, ws) else HASH


def seed_mask(maze, ws, cfg, requested, candidate=None, attempts=None):
    # The files-only `seed` check: SEED unless generating the recorded requested seed with the file's
    # settings makes this very maze (same hash), through the recorded candidate seed and attempt count
    # when those are recorded too. Nothing recorded, nothing to reproduce: 0. Allocates a second maze
    # and workspace (host side, like the rest of this module).
    if requested is None:
        return 0
    from maze32.generate import generate, OK
    made, mws = Maze(), Workspace()
    if generate(made, mws, cfg, requested >> 16, requested & 0xFFFF) != OK:
        return SEED
    if maze_hash(made, mws) != maze_hash(maze, ws):
        return SEED
    if candidate is not None and seed_of(made.candidate_hi, made.candidate_lo) != candidate:
        return SEED
    if attempts is not None and made.attempts != attempts:
        return SEED
    return 0


def check_document(d):
    # Everything a maze32/1 document claims, verified: -> (mask, false claims). mask has a bit per failed
    # check (CHECK_NAMES): every rule of SPEC 3.5 judged from the cells and placements, the files-only
    # `hash` and `seed` checks. False claims are the recorded `checks` and `metrics` that differ from
    # what this maze gives, as "field: recorded X, is Y" lines. FormatError for a malformed document.
    cfg, maze, recorded = from_dict(d)
    recorded_checks = _recorded_checks(d)
    recorded_metrics = d.get("metrics")
    if "metrics" in d and not isinstance(recorded_metrics, dict):
        raise FormatError("metrics: expected an object, got %s" % _show(recorded_metrics))
    ws = Workspace()
    mask = validate(maze, ws, cfg)
    wrong_metrics = None
    if mask & DIMENSIONS:
        judged = ("dimensions",)          # nothing else is judged on a grid of the wrong shape
    else:
        judged = CHECK_NAMES
        if recorded_metrics is not None and mask == 0:
            # Metrics are measured only on a maze that keeps every rule (routes, objects on the grid).
            wrong_metrics = _difference(recorded_metrics, metrics(maze, ws), "metrics")
        mask |= hash_mask(maze, ws, recorded)
        mask |= seed_mask(maze, ws, cfg, d.get("requested_seed"), d.get("candidate_seed"), d.get("attempts"))
    false = []
    if recorded_checks is not None:
        for i, name in enumerate(CHECK_NAMES):
            if name in recorded_checks and name in judged and recorded_checks[name] != (not mask & (1 << i)):
                false.append("checks.%s: recorded %s, is %s" % (
                    name, _show(recorded_checks[name]), _show(not mask & (1 << i))))
    if wrong_metrics:
        false.append(wrong_metrics)
    return mask, false


def _recorded_checks(d):
    if "checks" not in d:
        return None
    c = d["checks"]
    if not isinstance(c, dict):
        raise FormatError("checks: expected an object, got %s" % _show(c))
    for name in c:
        if name not in CHECK_NAMES:
            raise FormatError("checks: unknown check %s" % _show(name))
        if not isinstance(c[name], bool):
            raise FormatError("checks.%s: expected true or false, got %s" % (name, _show(c[name])))
    return c


def _difference(recorded, actual, where):
    # The first place where recorded differs from actual ("where.key[i]: recorded X, is Y"), or None.
    # Strict: a value must have the same type too (true is not 1, 5.0 is not 5).
    if isinstance(actual, dict):
        if not isinstance(recorded, dict):
            return "%s: recorded %s, is an object" % (where, _show(recorded))
        for key in actual:
            if key not in recorded:
                return "%s.%s: missing" % (where, key)
            found = _difference(recorded[key], actual[key], "%s.%s" % (where, key))
            if found:
                return found
        for key in recorded:
            if key not in actual:
                return "%s: %s is not a metric" % (where, _show(key))
        return None
    if isinstance(actual, list):
        if not isinstance(recorded, list) or len(recorded) != len(actual):
            return "%s: recorded %s, is a list of %d" % (where, _show(recorded), len(actual))
        for i in range(len(actual)):
            found = _difference(recorded[i], actual[i], "%s[%d]" % (where, i))
            if found:
                return found
        return None
    if type(recorded) is not type(actual) or recorded != actual:
        return "%s: recorded %s, is %s" % (where, _show(recorded), _show(actual))
    return None
