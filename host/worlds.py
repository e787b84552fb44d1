# The world facade (SPEC 10), beside twin.py's maze facade: shared/maze32's world modules driven from
# CPython for the `maze32 world` commands and the tests. A world is named by spec_for; build gives a
# Region (tiles, spawn, stairs, rooms); metrics, validation and document describe it; check_file
# judges any maze32-world/7 file; sweep summarises a range of seeds. Library errors become CliError.
#
# Builds: a whole world without a cache goes through maze32.world.whole.build_world (one pass of each field
# stage over the world); a region, or anything with a cache, goes chunk by chunk (the cache's, or
# generate_chunk's). Both give the same tiles (tests/test_world.py).
import os
import time
from collections import deque

from maze32.rng import split_seed
from maze32.world.tiles import (MATERIALS, SOLID, LIQUID, CHUNK, CHUNK_SHIFT, REGION_SHIFT, STRATEGIES,
                                KIND_NAMES, WorldSpec, WorldWorkspace, kind_of)
from maze32.world import generate_chunk, locate, chunk_rooms, region_rooms, KINDS
from maze32.world.whole import build_world
from maze32.world import codec as world_codec, check as world_check
from host.errors import CliError
from host.files import read_json, shown
from host.stats import spread

DEFAULT_SIZE = (2048, 2048)          # the largest world (validate and export default to it)
EXPLORE_SIZE = (128, 128)            # Explore's worlds (maze32_game/explore.py's WORLD_SIDE; a test holds them equal)
TEST_SIZE = (250, 250)               # sweeps default to the test size


# -- what names a world ---------------------------------------------------------------------------------
def spec_for(seed, depth, size, strategy="bsp"):
    hi, lo = split_seed(seed)
    try:
        return WorldSpec(hi, lo, depth, size[0], size[1], STRATEGIES.index(strategy))
    except ValueError as e:
        raise CliError(str(e))


def region_in(spec, region):
    if region is None:
        return 0, 0, spec.width, spec.height
    x, y, w, h = region
    if x + w > spec.width or y + h > spec.height:
        raise CliError("region: %d,%d,%d,%d reaches beyond the world (%d x %d)"
                       % (x, y, w, h, spec.width, spec.height))
    return region


def open_cache(folder, limit, report=None):
    # A ChunkCache on `folder` (the folder that holds worlds/), or None.
    if folder is None:
        return None
    from maze32.world.cache import ChunkCache
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise CliError("cache: %s is not a folder" % folder)
    return ChunkCache(folder, limit, report)


def around_spawn(spec, view):
    # The region of at most view = (w, h) tiles centred on the spawn, inside the world.
    sx, sy, _, _ = locate(WorldWorkspace(), spec, bytearray(CHUNK * CHUNK))
    w, h = min(view[0], spec.width), min(view[1], spec.height)
    return (min(max(0, sx - w // 2), spec.width - w), min(max(0, sy - h // 2), spec.height - h), w, h)


def chunks_in(spec, region):
    # How many chunks a build of region (None: the whole world) visits: a progress bar's total.
    ox, oy, w, h = region_in(spec, region)
    return ((((ox + w - 1) >> CHUNK_SHIFT) - (ox >> CHUNK_SHIFT) + 1)
            * (((oy + h - 1) >> CHUNK_SHIFT) - (oy >> CHUNK_SHIFT) + 1))


# -- building ----------------------------------------------------------------------------------------
class Region:
    # A built region of a world: tiles (w * h bytes, row-major), where it lies, spawn, stairs, the rooms
    # wholly inside it, and how long the build took.
    def __init__(self, spec, seed, ox, oy, w, h):
        self.spec = spec
        self.seed = seed
        self.ox, self.oy, self.w, self.h = ox, oy, w, h
        self.tiles = bytearray(w * h)
        self.spawn = (0, 0)
        self.stairs = (0, 0)
        self.rooms = []
        self.seconds = 0.0
        self.chunks = 0

    @property
    def whole(self):
        return self.ox == 0 and self.oy == 0 and self.w == self.spec.width and self.h == self.spec.height

    def at(self, x, y):
        return self.tiles[(y - self.oy) * self.w + (x - self.ox)]

    def digest(self):
        s = self.spec
        return world_codec.region_hash(s.width, s.height, s.depth, self.ox, self.oy, self.w, self.h,
                                       self.tiles, self.spawn, self.stairs, self.rooms)

    def check_mask(self):
        # The failed checks' bit mask (world_check), hash excluded (it is this build's own).
        s = self.spec
        flat = [v for r in self.rooms for v in r]
        view = world_check.View(s.width, s.height, s.depth, self.ox, self.oy, self.w, self.h, self.tiles,
                                self.spawn, self.stairs, flat, strategy=s.strategy)
        marks, queue = check_buffers(self.w * self.h)
        return world_check.check_world(view, marks, queue)


def check_buffers(n):
    from array import array
    return bytearray(n), array("i", bytes(4 * n))


def build(spec, seed, region=None, cache=None, progress=None):
    # The world (or region X,Y,W,H of it) -> Region. progress(n) hears of each chunk done.
    ox, oy, w, h = region_in(spec, region)
    out = Region(spec, seed, ox, oy, w, h)
    start = time.perf_counter()
    rooms = []
    if cache is None and region is None:
        ws = WorldWorkspace(spec.width, spec.height)

        def visit(ws):
            chunk_rooms(ws, spec, rooms)
            if progress:
                progress(1)
        build_world(ws, spec, out.tiles, visit)
        out.spawn = (ws.spawn_x, ws.spawn_y)
        out.stairs = (ws.stairs_x, ws.stairs_y)
        out.chunks = spec.cols * spec.rows
    else:
        ws = WorldWorkspace()
        chunk = bytearray(CHUNK * CHUNK)
        for cy in range(oy >> CHUNK_SHIFT, ((oy + h - 1) >> CHUNK_SHIFT) + 1):
            for cx in range(ox >> CHUNK_SHIFT, ((ox + w - 1) >> CHUNK_SHIFT) + 1):
                if cache is not None:
                    cache.chunk(spec, ws, cx, cy, chunk)
                else:
                    generate_chunk(ws, spec, cx, cy, chunk)
                paste(out, ws, chunk)
                chunk_rooms(ws, spec, rooms)
                out.chunks += 1
                if progress:
                    progress(1)
        sx, sy, tx, ty = locate(ws, spec, chunk)
        out.spawn = (sx, sy)
        out.stairs = (tx, ty)
    ws2 = WorldWorkspace()
    for ry in range(oy >> REGION_SHIFT, ((oy + h - 1) >> REGION_SHIFT) + 1):
        for rx in range(ox >> REGION_SHIFT, ((ox + w - 1) >> REGION_SHIFT) + 1):
            region_rooms(ws2, spec, rx, ry, rooms)
    out.rooms = [tuple(r) for r in rooms if world_codec.inside(r, ox, oy, w, h)]
    out.seconds = time.perf_counter() - start
    return out


def paste(out, ws, chunk):
    # The part of the chunk just generated (ws.x0, ws.y0, ws.cw, ws.ch) that lies in the region.
    x0 = max(ws.x0, out.ox)
    x1 = min(ws.x0 + ws.cw, out.ox + out.w)
    for y in range(max(ws.y0, out.oy), min(ws.y0 + ws.ch, out.oy + out.h)):
        src = ((y - ws.y0) << CHUNK_SHIFT) + x0 - ws.x0
        dst = (y - out.oy) * out.w + x0 - out.ox
        out.tiles[dst:dst + x1 - x0] = chunk[src:src + x1 - x0]


# -- metrics ---------------------------------------------------------------------------------------------
def components(region, accept):
    # Sizes of the 4-connected components of tiles for which accept[t] is true.
    w, h, tiles = region.w, region.h, region.tiles
    seen = bytearray(w * h)
    sizes = []
    for i in range(w * h):
        if seen[i] or not accept[tiles[i]]:
            continue
        seen[i] = 1
        todo = [i]
        n = 0
        while todo:
            c = todo.pop()
            n += 1
            x = c % w
            for m in (c - w if c >= w else -1, c + w if c + w < w * h else -1,
                      c - 1 if x > 0 else -1, c + 1 if x < w - 1 else -1):
                if m >= 0 and not seen[m] and accept[tiles[m]]:
                    seen[m] = 1
                    todo.append(m)
        sizes.append(n)
    return sizes


def route_length(region, a, b):
    # Breadth-first route length over open tiles from a to b (world coordinates), or None.
    w, h, tiles = region.w, region.h, region.tiles
    ax, ay = a[0] - region.ox, a[1] - region.oy
    bx, by = b[0] - region.ox, b[1] - region.oy
    if not (0 <= ax < w and 0 <= ay < h and 0 <= bx < w and 0 <= by < h):
        return None
    start, goal = ay * w + ax, by * w + bx
    dist = {start: 0}
    todo = deque([start])
    while todo:
        c = todo.popleft()
        if c == goal:
            return dist[c]
        x = c % w
        for m in (c - w if c >= w else -1, c + w if c + w < w * h else -1,
                  c - 1 if x > 0 else -1, c + 1 if x < w - 1 else -1):
            if m >= 0 and m not in dist and not SOLID[tiles[m]]:
                dist[m] = dist[c] + 1
                todo.append(m)
    return None


def metrics(region):
    # SPEC 10's sweep figures for one region: open fraction, the largest dry region's share of the dry
    # open tiles (liquids part regions), rooms, pools (liquid bodies), spawn-to-stairs route length.
    n = region.w * region.h
    counts = [0] * len(MATERIALS)
    for t in region.tiles:
        if t < len(counts):
            counts[t] += 1
    dry = bytes(1 if i < len(MATERIALS) and not SOLID[i] and not LIQUID[i] else 0 for i in range(256))
    dry_sizes = components(region, dry)
    liquid = bytes(LIQUID[i] for i in range(256))
    open_tiles = sum(c for i, c in enumerate(counts) if not SOLID[i])
    return {"open_fraction": round(open_tiles / n, 4),
            "largest_region_share": round(max(dry_sizes) / sum(dry_sizes), 4) if dry_sizes else 0.0,
            "rooms": len(region.rooms),
            "pools": len(components(region, liquid)),
            "spawn_to_stairs": route_length(region, region.spawn, region.stairs),
            "materials": dict((MATERIALS[i][0], c) for i, c in enumerate(counts) if c)}


# -- documents ----------------------------------------------------------------------------------------
def checks_of(mask):
    return dict((name, not mask & (1 << i)) for i, name in enumerate(world_check.WORLD_CHECKS)
                if name != "hash")


def document(region):
    # The maze32-world/7 document of a region.
    s = region.spec
    return world_codec.to_dict(region.seed, s.depth, s.kind, s.strategy, s.width, s.height, region.ox,
                               region.oy, region.w, region.h, region.tiles, region.spawn, region.stairs,
                               region.rooms, region.digest())


def validation(region):
    # validate's document: the world's facts, metrics and every check.
    s = region.spec
    mask = region.check_mask()
    return {"format": world_codec.FORMAT,
            "seed": region.seed, "depth": s.depth, "kind": KIND_NAMES[s.kind],
            "strategy": STRATEGIES[s.strategy], "size": [s.width, s.height], "chunk": CHUNK,
            "chunks": s.cols * s.rows, "hash": region.digest(), "spawn": list(region.spawn),
            "stairs": list(region.stairs), "rooms": len(region.rooms), "metrics": metrics(region),
            "seconds": round(region.seconds, 3), "checks": checks_of(mask), "valid": mask == 0}


# -- files -------------------------------------------------------------------------------------------
WORLD_FILE_BYTES = 16 * 1024 * 1024     # a whole 2048 x 2048 world is about 4.2 MB; room to spare


def load_world(path):
    # -> world_codec.World; CliError (exit 2) for anything unreadable or of the wrong shape. Read with
    # the bounds every file of ours gets (files.read_json: size, nesting, number length, no NaN or
    # repeated keys), the size bound fitted to a whole 2048 x 2048 world.
    doc = read_json(path, limit=WORLD_FILE_BYTES)
    try:
        return world_codec.from_dict(doc)
    except world_codec.FormatError as e:
        raise CliError("%s: %s" % (shown(path), e))


def check_file(path):
    # The verdict on any maze32-world/7 file: {"file", "valid", "failed": [names], "false_claims":
    # [lines], "checks": count}. Valid = every check holds and every claim of the document is true.
    world = load_world(path)
    flat = [v for r in world.rooms for v in r]
    view = world_check.View(world.width, world.height, world.depth, world.ox, world.oy, world.w, world.h,
                            world.tiles, world.spawn, world.stairs, flat, world.materials_match,
                            world.chunk, STRATEGIES.index(world.strategy))
    marks, queue = check_buffers(max(1, len(world.tiles)))     # none read: the extent was out of bounds
    mask = world_check.check_world(view, marks, queue)
    if not mask & world_check.DIMENSIONS and world_codec.world_hash(world) != world.hash:
        mask |= world_check.HASH
    failed = world_check.check_names(mask)
    false = [] if mask else false_claims(world)
    return {"file": path, "valid": not failed and not false, "failed": failed, "false_claims": false,
            "checks": len(world_check.WORLD_CHECKS)}


def false_claims(world):
    # What the document says that its tiles do not bear out (asked of a world whose checks all hold):
    # the kind its depth makes, and that its seed and strategy regenerate exactly these tiles (the
    # hash is of the content only, so it alone cannot tell one seed's world from another's).
    false = []
    kind = KIND_NAMES[kind_of(world.depth)]
    if world.kind != kind:
        false.append("kind: %r, but depth %d is %s" % (world.kind, world.depth, kind))
    spec = spec_for(world.seed, world.depth, (world.width, world.height), world.strategy)
    if STRATEGIES[spec.strategy] != world.strategy:      # the kind has one way of building only
        false.append("strategy: %r, but a %s world is built only by %s"
                     % (world.strategy, kind, STRATEGIES[spec.strategy]))
        return false
    region = build(spec, world.seed, (world.ox, world.oy, world.w, world.h))
    if region.digest() != world.hash:
        false.append("seed %d with strategy %s: generates another world (hash %s)"
                     % (world.seed, world.strategy, region.digest()[:16]))
    return false


# -- sweep ------------------------------------------------------------------------------------------
SWEPT = ("open_fraction", "largest_region_share", "rooms", "pools", "spawn_to_stairs")


def sweep(first, last, depths, size, strategy, advance=None):
    doc = {"seeds": [first, last], "size": list(size), "strategy": strategy, "depths": {}}
    for depth in range(depths[0], depths[1] + 1):
        rows, failures = [], []
        for seed in range(first, last + 1):
            region = build(spec_for(seed, depth, size, strategy), seed)
            mask = region.check_mask()
            m = metrics(region)
            rows.append(m)
            if mask:
                failures.append({"seed": seed, "failed": world_check.check_names(mask)})
            if advance:
                advance()
        doc["depths"][str(depth)] = {
            "kind": KINDS[kind_of(depth)].name,
            "worlds": len(rows), "valid": len(rows) - len(failures), "failures": failures,
            "metrics": dict((name, spread([r[name] for r in rows if r[name] is not None]))
                            for name in SWEPT),
            "unreachable_stairs": sum(1 for r in rows if r["spawn_to_stairs"] is None)}
    return doc
