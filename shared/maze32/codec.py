# The maze32/1 JSON document (SPEC 3.7) as plain dicts and lists, both ways. Runs on every runtime
# (the board has json too) but allocates freely: it is for export and import, never for generation.
from maze32.config import config_from_dict, MAX_PAIRS
from maze32.hashing import FORMAT, maze_hash
from maze32.maze import Maze, START, EXIT, KEY, COMPASS, FIRST_PAIR, MAX_SLOTS
from maze32.maze import EDGES, CYCLOMATIC, DEAD_ENDS, CROSSINGS, REACHED
from maze32.grid import MAX_SIDE
from maze32.validate import CHECK_NAMES, HASH, measure_key_exits
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


def from_dict(d):
    # -> (config or None, maze, recorded hash). config is None when the size itself is invalid; then
    # validate() reports `dimensions` and nothing else. Raises FormatError naming the bad field.
    if not isinstance(d, dict):
        raise FormatError("not a maze32/1 document (top level is not an object)")
    if d.get("format") != FORMAT:
        raise FormatError("format: expected %r, got %r" % (FORMAT, d.get("format")))
    w = _field_int(d, "width")
    h = _field_int(d, "height")
    maze = Maze()
    recorded = d.get("hash")
    if not isinstance(recorded, str):
        raise FormatError("hash: missing or not a string")
    settings = d.get("config")
    if not isinstance(settings, dict):
        raise FormatError("config: missing or not an object")
    for name, value in (("width", w), ("height", h)):
        if name in settings and settings[name] != value:
            raise FormatError("config.%s: %r contradicts %s %d" % (name, settings[name], name, value))
    try:
        cfg = config_from_dict(settings)
    except ValueError as e:
        if str(e).startswith("size:"):
            cfg = None          # an invalid size is the `dimensions` check's verdict, not a format error
        else:
            raise FormatError("config: " + str(e))
    maze.requested_hi, maze.requested_lo = _seed_halves(d, "requested_seed")
    maze.candidate_hi, maze.candidate_lo = _seed_halves(d, "candidate_seed")
    maze.attempts = _field_int(d, "attempts")
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


def _seed_halves(d, name):
    v = _field_int(d, name)
    if v < 0 or v > 0xFFFFFFFF:
        raise FormatError("%s: out of range 0..4294967295" % name)
    return (v >> 16) & 0xFFFF, v & 0xFFFF


def _read_cells(maze, rows, w, h):
    if not isinstance(rows, list) or len(rows) != h:
        raise FormatError("cells: expected %d rows" % h)
    for y, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != w:
            raise FormatError("cells[%d]: expected %d values" % (y, w))
        for x, v in enumerate(row):
            if isinstance(v, bool) or not isinstance(v, int) or v < 0 or v > 15:
                raise FormatError("cells[%d][%d]: expected passage flags 0..15, got %r" % (y, x, v))
            maze.cells[(y << 5) | x] = v


def _read_placements(maze, p, w, h):
    if not isinstance(p, dict):
        raise FormatError("placements: missing or not an object")
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

