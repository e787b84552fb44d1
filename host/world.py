# Worlds on the twin (SPEC 10): the `maze32 world` commands (validate, export, check, render, sweep),
# built on shared/maze32's world modules. Each do_* parses nothing itself (options come from the
# *_options functions below, which cli.py's command table registers) and hands a plain document to a
# report, as the maze commands do. Library errors become CliError (one line, exit 2).
#
# Builds: a whole world without a cache goes through maze32.world.build_world (one pass of each field
# stage over the world); a region, or anything with --cache, goes chunk by chunk (the cache's, or
# generate_chunk's). Both give the same tiles (tests/test_world.py).
import json
import os
import statistics
import sys
import time
from collections import deque

from maze32.rng import split_seed
from maze32.world.tiles import (MATERIALS, SOLID, LIQUID, CHUNK, CHUNK_SHIFT, REGION_SHIFT, STRATEGIES,
                                KIND_NAMES, DUNGEON, ACCRETION, BSP, WorldSpec, WorldWorkspace, kind_of)
from maze32.world import build_world, generate_chunk, locate, KINDS
from maze32.world import codec as world_codec, check as world_check, dungeon as world_dungeon, accretion as world_accretion
from host.errors import CliError
from host.options import clipped

DEFAULT_SIZE = (2048, 2048)          # the world in play
TEST_SIZE = (250, 250)               # sweeps default to the test size
COLOURS = {                          # one colour per material, pictures and terminal alike
    "air": (186, 224, 250), "grass": (74, 160, 60), "dirt": (133, 94, 58), "stone": (92, 92, 100),
    "sand": (231, 205, 128), "water": (46, 110, 220), "lava": (240, 90, 20), "acid": (150, 230, 40),
    "wood": (150, 100, 40), "door": (200, 140, 60), "trap": (220, 30, 120), "stairs": (255, 255, 255),
    "item": (255, 210, 0)}
SPAWN_COLOUR = (255, 0, 255)
VIEW = (78, 19)                      # the terminal picture's default window, in tiles


# -- what names a world ---------------------------------------------------------------------------------
def spec_for(seed, depth, size, strategy="bsp"):
    hi, lo = split_seed(seed)
    try:
        return WorldSpec(hi, lo, depth, size[0], size[1], STRATEGIES.index(strategy))
    except ValueError as e:
        raise CliError(str(e))


def parse_region(text):
    # "X,Y,W,H" -> a tuple; whether it lies in the world is checked against the world (region_in).
    parts = text.split(",")
    if len(parts) != 4 or not all(p.strip().isdigit() and len(p.strip()) <= 9 for p in parts):
        raise CliError("region: %s is not X,Y,W,H (four integers, for example 0,0,64,64)" % clipped(text))
    x, y, w, h = (int(p) for p in parts)
    if w < 1 or h < 1:
        raise CliError("region: %s is empty" % clipped(text))
    return x, y, w, h


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
                                self.spawn, self.stairs, flat)
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
            if spec.kind == DUNGEON and spec.strategy == ACCRETION:
                world_accretion.chunk_rooms(ws, rooms)
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
                if spec.kind == DUNGEON and spec.strategy == ACCRETION:
                    world_accretion.chunk_rooms(ws, rooms)
                out.chunks += 1
                if progress:
                    progress(1)
        sx, sy, tx, ty = locate(ws, spec, chunk)
        out.spawn = (sx, sy)
        out.stairs = (tx, ty)
    if spec.kind == DUNGEON and spec.strategy == BSP:
        ws2 = WorldWorkspace()
        for ry in range(oy >> REGION_SHIFT, ((oy + h - 1) >> REGION_SHIFT) + 1):
            for rx in range(ox >> REGION_SHIFT, ((ox + w - 1) >> REGION_SHIFT) + 1):
                world_dungeon.region_rooms(ws2, spec, rx, ry, rooms)
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
    # The maze32-world/1 document of a region.
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
    # the bounds every file of ours gets (twin.read_json: size, nesting, number length, no NaN or
    # repeated keys), the size bound fitted to a whole 2048 x 2048 world.
    from host.twin import read_json
    doc = read_json(path, limit=WORLD_FILE_BYTES)
    try:
        return world_codec.from_dict(doc)
    except world_codec.FormatError as e:
        raise CliError("%s: %s" % (path, e))


def check_file(path):
    # The verdict on any maze32-world/1 file: {"file", "valid", "failed": [names], "checks": count}.
    world = load_world(path)
    flat = [v for r in world.rooms for v in r]
    view = world_check.View(world.width, world.height, world.depth, world.ox, world.oy, world.w, world.h,
                            world.tiles, world.spawn, world.stairs, flat, world.materials_match,
                            world.chunk)
    marks, queue = check_buffers(max(1, world.w * world.h))
    mask = world_check.check_world(view, marks, queue)
    if not mask & world_check.DIMENSIONS and world_codec.world_hash(world) != world.hash:
        mask |= world_check.HASH
    failed = world_check.check_names(mask)
    return {"file": path, "valid": not failed, "failed": failed, "checks": len(world_check.WORLD_CHECKS)}


# -- pictures ---------------------------------------------------------------------------------------
def rgb_of(t):
    return COLOURS[MATERIALS[t][0]] if t < len(MATERIALS) else (0, 0, 0)


def terminal_text(region, legend=True):
    # The region as rich Text: one character a tile (the material's code) in the material's colour,
    # the spawn as @; then the legend of the materials present.
    from rich.text import Text
    text = Text()
    styles = ["#%02x%02x%02x" % rgb_of(t) for t in range(len(MATERIALS))]
    glyph = [m[1] if m[0] != "air" else " " for m in MATERIALS]
    for y in range(region.oy, region.oy + region.h):
        row = region.tiles[(y - region.oy) * region.w:(y - region.oy + 1) * region.w]
        for i, t in enumerate(row):
            if (region.ox + i, y) == tuple(region.spawn):
                text.append("@", style="bold #ff00ff on #000000")
            elif t < len(MATERIALS):
                text.append(glyph[t] if t else " ", style="%s on %s" % ("black" if t else styles[0], styles[t]))
            else:
                text.append("?", style="bold red")
        text.append("\n")
    if legend:
        present = sorted(set(region.tiles))
        for t in present:
            if t < len(MATERIALS):
                text.append(" %s " % (MATERIALS[t][1] if t else " "), style="black on " + styles[t])
                text.append(" %s  " % MATERIALS[t][0])
        text.append(" @ ", style="bold #ff00ff on #000000")
        text.append(" spawn\n")
    return text


def png_bytes(region, scale=None):
    # A PNG: each tile a square of `scale` pixels in its material's colour, the spawn magenta, and a
    # legend band under the map (a swatch and the material's name, in a 3x5 pixel font, per material
    # present). The legend is also in the file's tEXt chunk.
    w, h = region.w, region.h
    if scale is None:
        scale = max(1, min(8, 512 // max(w, h)))
    present = [t for t in sorted(set(region.tiles)) if t < len(MATERIALS)]
    label_h = 9
    per_row = max(1, (w * scale) // 48)
    legend_rows = (len(present) + 1 + per_row - 1) // per_row
    width = max(w * scale, 48)
    height = h * scale + legend_rows * label_h + 2
    pixels = [bytearray(3 * width) for _ in range(height)]
    for y in range(h):
        line = bytearray()
        for t in region.tiles[y * w:(y + 1) * w]:
            line += bytes(rgb_of(t)) * scale
        for k in range(scale):
            pixels[y * scale + k][0:len(line)] = line
    sx, sy = region.spawn[0] - region.ox, region.spawn[1] - region.oy
    if 0 <= sx < w and 0 <= sy < h:
        for k in range(scale):
            row = pixels[sy * scale + k]
            row[sx * scale * 3:(sx + 1) * scale * 3] = bytes(SPAWN_COLOUR) * scale
    entries = [(rgb_of(t), MATERIALS[t][0]) for t in present] + [(SPAWN_COLOUR, "spawn")]
    for i, (rgb, name) in enumerate(entries):
        x0 = (i % per_row) * 48 + 2
        y0 = h * scale + 2 + (i // per_row) * label_h
        for yy in range(y0, y0 + 6):
            for xx in range(x0, x0 + 6):
                pixels[yy][3 * xx:3 * xx + 3] = bytes(rgb)
        draw_text(pixels, x0 + 9, y0, name, (255, 255, 255))
    from host import raster
    legend = "; ".join("%s #%02x%02x%02x" % ((n,) + tuple(rgb)) for rgb, n in entries)
    return raster.png_bytes(width, height, b"".join(pixels), text=(("legend", legend),))


# A 3x5 pixel font for the legend's names: each letter 5 rows of 3 bits.
_FONT = {
    "a": "010101111101101", "b": "110101110101110", "c": "011100100100011", "d": "110101101101110",
    "e": "111100110100111", "f": "111100110100100", "g": "011100101101011", "h": "101101111101101",
    "i": "111010010010111", "j": "001001001101010", "k": "101101110101101", "l": "100100100100111",
    "m": "101111111101101", "n": "110101101101101", "o": "010101101101010", "p": "110101110100100",
    "q": "010101101110011", "r": "110101110101101", "s": "011100010001110", "t": "111010010010010",
    "u": "101101101101111", "v": "101101101101010", "w": "101101111111101", "x": "101101010101101",
    "y": "101101010010010", "z": "111001010100111", " ": "000000000000000"}


def draw_text(pixels, x, y, text, rgb):
    for ch in text:
        bits = _FONT.get(ch, _FONT[" "])
        for r in range(5):
            for c in range(3):
                if bits[3 * r + c] == "1" and y + r < len(pixels) and 3 * (x + c) + 3 <= len(pixels[0]):
                    pixels[y + r][3 * (x + c):3 * (x + c) + 3] = bytes(rgb)
        x += 4


def svg_text(region, cell=None):
    # An SVG: runs of one material per row as rectangles, the spawn, and a legend with names.
    w, h = region.w, region.h
    cell = cell or max(1, min(8, 800 // max(w, h)))
    present = [t for t in sorted(set(region.tiles)) if t < len(MATERIALS)]
    legend_h = 20 * ((len(present) + 1 + 5) // 6) + 10
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" shape-rendering="crispEdges">'
           % (max(w * cell, 720), h * cell + legend_h),
           "<title>maze32 world: seed %d, depth %d (%s), region %d,%d,%d,%d</title>" % (
               region.seed, region.spec.depth, KIND_NAMES[region.spec.kind], region.ox, region.oy, w, h)]
    for y in range(h):
        row = region.tiles[y * w:(y + 1) * w]
        x = 0
        while x < w:
            t = row[x]
            end = x + 1
            while end < w and row[end] == t:
                end += 1
            out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="#%02x%02x%02x"/>'
                       % ((x * cell, y * cell, (end - x) * cell, cell) + rgb_of(t)))
            x = end
    sx, sy = region.spawn[0] - region.ox, region.spawn[1] - region.oy
    if 0 <= sx < w and 0 <= sy < h:
        out.append('<rect class="spawn" x="%d" y="%d" width="%d" height="%d" fill="#ff00ff"/>'
                   % (sx * cell, sy * cell, cell, cell))
    entries = [(rgb_of(t), MATERIALS[t][0]) for t in present] + [(SPAWN_COLOUR, "spawn")]
    for i, (rgb, name) in enumerate(entries):
        x0 = 10 + (i % 6) * 120
        y0 = h * cell + 10 + (i // 6) * 20
        out.append('<g class="legend"><rect x="%d" y="%d" width="14" height="14" fill="#%02x%02x%02x" '
                   'stroke="#000"/><text x="%d" y="%d" font-family="sans-serif" font-size="13">%s</text></g>'
                   % ((x0, y0) + tuple(rgb) + (x0 + 20, y0 + 12, name)))
    out.append("</svg>")
    return "\n".join(out) + "\n"


# -- the commands ---------------------------------------------------------------------------------------
def add_world(p, size=DEFAULT_SIZE, region=False):
    from host import options
    p.add_argument("--seed", required=True, type=options.seed, metavar="N",
                   help="requested seed, 0..4294967295, decimal or 0x... (required)")
    p.add_argument("--depth", required=True, type=options.count("depth", 1, 255), metavar="D",
                   help="depth 1..255: 1-3 surface, 4-6 caves, 7+ dungeon (required)")
    p.add_argument("--size", default="%dx%d" % size, type=options.size, metavar="WxH",
                   help="world size, 64..2048 each (the world in play is 2048x2048; tests use 250x250)")
    p.add_argument("--strategy", choices=STRATEGIES, default="bsp",
                   help="the dungeon's rooms (depth 7+): binary space partition or room accretion")
    if region:
        p.add_argument("--region", type=parse_region, default=None, metavar="X,Y,W,H",
                       help="only this part of the world")
    p.add_argument("--cache", default=None, metavar="DIR",
                   help="keep generated chunks under DIR/worlds/<seed>/depth_<N>/ and reuse them")
    p.add_argument("--cache-limit", type=_limit, default=64 * 1024 * 1024, metavar="BYTES",
                   help="the cache's size cap, e.g. 64M or 512K; least recently used chunks go first")


def _limit(text):
    t = text.strip().upper()
    mult = {"K": 1024, "M": 1024 * 1024, "G": 1024 * 1024 * 1024}.get(t[-1:], 1)
    digits = t[:-1] if t[-1:] in ("K", "M", "G") else t
    if not digits.isdigit() or len(digits) > 15 or int(digits) < 1:
        raise CliError("cache-limit: %s is not a size (for example 64M)" % clipped(text))
    return int(digits) * mult


def _report_cache(msg):
    sys.stderr.write("maze32: %s\n" % msg)


def _cache_of(args):
    return open_cache(args.cache, args.cache_limit, _report_cache)


def _built(args, region=None):
    from maze32.world.cache import CacheError
    from host import report
    spec = spec_for(args.seed, args.depth, args.size, args.strategy)
    ox, oy, w, h = region_in(spec, region)
    total = (((ox + w - 1) >> CHUNK_SHIFT) - (ox >> CHUNK_SHIFT) + 1) * \
        (((oy + h - 1) >> CHUNK_SHIFT) - (oy >> CHUNK_SHIFT) + 1)
    try:
        with report.progress("building the world", total) as advance:
            return build(spec, args.seed, region, _cache_of(args), advance)
    except CacheError as e:
        raise CliError(str(e))


def validate_options(p):
    from host import options
    add_world(p)
    options.add_json(p, "the world's facts, metrics and checks")


def do_validate(args):
    from host import report
    doc = validation(_built(args))
    report.publish(doc, show_validation, args.json)
    return 0 if doc["valid"] else 1


def show_validation(out, doc):
    from rich.table import Table
    head = Table.grid(padding=(0, 2))
    head.add_column(style="bold")
    head.add_column()
    head.add_row("world", "seed %d, depth %d: %s%s" % (doc["seed"], doc["depth"], doc["kind"],
                                                       " (%s)" % doc["strategy"] if doc["kind"] == "dungeon" else ""))
    head.add_row("size", "%d x %d tiles, %d chunks of %d x %d" % (doc["size"][0], doc["size"][1], doc["chunks"],
                                                               doc["chunk"], doc["chunk"]))
    head.add_row("hash", doc["hash"])
    m = doc["metrics"]
    head.add_row("spawn, stairs", "(%d, %d), (%d, %d); route %s tiles" % (
        doc["spawn"][0], doc["spawn"][1], doc["stairs"][0], doc["stairs"][1],
        "-" if m["spawn_to_stairs"] is None else m["spawn_to_stairs"]))
    head.add_row("structure", "%.1f%% open, largest dry region %.1f%%, %d rooms, %d pools" % (
        100 * m["open_fraction"], 100 * m["largest_region_share"], m["rooms"], m["pools"]))
    head.add_row("materials", ", ".join("%s %d" % kv for kv in m["materials"].items()))
    head.add_row("built in", "%.2f s" % doc["seconds"])
    out.print(head)
    out.print(check_line(doc["checks"]))


def check_line(checks):
    return "checks: " + ", ".join(("[green]ok[/] " if ok else "[bold red]FAIL[/] ") + name
                                  for name, ok in checks.items())


def export_options(p):
    from host import options
    add_world(p, region=True)
    options.add_output(p, "the maze32-world/1 document", required=True)


def do_export(args):
    from host import report, twin
    region = _built(args, args.region)
    doc = document(region)
    twin.write_output(args.output, json.dumps(doc, separators=(",", ":")) + "\n")
    if args.output != "-":
        report.console().print("wrote %s (%d x %d tiles at %d,%d, hash %s)" % (
            args.output, region.w, region.h, region.ox, region.oy, doc["hash"][:16]))
    return 0


def check_options(p):
    from host import options
    p.add_argument("file", metavar="FILE", help="a maze32-world/1 JSON file")
    options.add_json(p, "the verdict")


def do_check(args):
    from host import report
    verdict = check_file(args.file)
    report.publish(verdict, show_check, args.json)
    return 0 if verdict["valid"] else 1


def show_check(out, doc):
    from rich.markup import escape
    if doc["failed"]:
        out.print("[bold red]invalid[/] %s: failed %s" % (escape(doc["file"]), ", ".join(doc["failed"])))
    else:
        out.print("[green]valid[/] %s: all %d checks hold" % (escape(doc["file"]), doc["checks"]))


def render_options(p):
    add_world(p, region=True)
    images = p.add_mutually_exclusive_group()
    images.add_argument("--png", default=None, metavar="FILE",
                        help="also write a PNG (one colour per material, a legend; the whole world "
                             "unless --region)")
    images.add_argument("--svg", default=None, metavar="FILE", help="also write an SVG, likewise")


def do_render(args):
    from host import report, twin
    spec = spec_for(args.seed, args.depth, args.size, args.strategy)
    region = args.region
    image = args.png or args.svg
    if image:
        picture = _built(args, region)
        if args.png:
            data = png_bytes(picture)
            twin.write_output(args.png, data)
        else:
            twin.write_output(args.svg, svg_text(picture))
        if image == "-":
            return 0
    if region is None:
        # The terminal shows a window around the spawn.
        sx, sy, _, _ = locate(WorldWorkspace(), spec, bytearray(CHUNK * CHUNK))
        w, h = min(VIEW[0], spec.width), min(VIEW[1], spec.height)
        x = min(max(0, sx - w // 2), spec.width - w)
        y = min(max(0, sy - h // 2), spec.height - h)
        region = (x, y, w, h)
    view = _built(args, region)
    out = report.console()
    out.print(terminal_text(view))
    out.print("seed %d, depth %d (%s), tiles %d,%d to %d,%d of %d x %d; hash %s" % (
        args.seed, spec.depth, KIND_NAMES[spec.kind], view.ox, view.oy, view.ox + view.w - 1,
        view.oy + view.h - 1, spec.width, spec.height, view.digest()[:16]), highlight=False, soft_wrap=True)
    if image:
        out.print("wrote %s" % image, highlight=False, soft_wrap=True)
    return 0


# -- sweep ------------------------------------------------------------------------------------------
def depth_range(text):
    parts = text.split("..")
    try:
        lo, hi = (int(parts[0]), int(parts[-1])) if len(parts) in (1, 2) else (0, -1)
    except ValueError:
        raise CliError("depth: %s is not a depth or a range D1..D2" % clipped(text))
    if lo < 1 or hi > 255 or hi < lo:
        raise CliError("depth: %s is not within 1..255 (a depth, or a range D1..D2)" % clipped(text))
    return lo, hi


def sweep_options(p):
    from host import options
    p.add_argument("--seeds", required=True, type=options.seed_range, metavar="A..B",
                   help="the seeds to build, inclusive (required)")
    p.add_argument("--depth", required=True, type=depth_range, metavar="D",
                   help="a depth 1..255, or a range D1..D2 to compare depths (required)")
    p.add_argument("--size", default="%dx%d" % TEST_SIZE, type=options.size, metavar="WxH",
                   help="world size (default: the test size; 2048x2048 is the world in play)")
    p.add_argument("--strategy", choices=STRATEGIES, default="bsp", help="the dungeon's rooms (depth 7+)")
    options.add_json(p, "the summary")
    options.add_output(p, "the summary")


SWEPT = ("open_fraction", "largest_region_share", "rooms", "pools", "spawn_to_stairs")


def summary(values):
    values = sorted(values)
    if not values:
        return {"min": None, "median": None, "p95": None, "max": None}
    return {"min": values[0], "median": statistics.median(values),
            "p95": values[min(len(values) - 1, int(0.95 * (len(values) - 1) + 0.5))], "max": values[-1]}


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
            "metrics": dict((name, summary([r[name] for r in rows if r[name] is not None]))
                            for name in SWEPT),
            "unreachable_stairs": sum(1 for r in rows if r["spawn_to_stairs"] is None)}
    return doc


def do_sweep(args):
    from host import report
    first, last = args.seeds
    spec_for(first, args.depth[0], args.size, args.strategy)          # bad sizes fail before any work
    total = (last - first + 1) * (args.depth[1] - args.depth[0] + 1)
    with report.progress("sweeping worlds", total) as advance:
        doc = sweep(first, last, args.depth, args.size, args.strategy, advance)
    report.publish(doc, show_sweep, args.json, args.output)
    return 1 if any(d["failures"] for d in doc["depths"].values()) else 0


def show_sweep(out, doc):
    from rich.table import Table
    t = Table(title="worlds %d x %d, seeds %d..%d" % (doc["size"][0], doc["size"][1], doc["seeds"][0],
                                                       doc["seeds"][1]), title_justify="left")
    for col in ("depth", "kind", "valid", "metric", "min", "median", "p95", "max"):
        t.add_column(col, justify="left" if col in ("kind", "metric") else "right")
    for depth, d in doc["depths"].items():
        first = True
        for name, st in d["metrics"].items():
            cells = ["-" if st[k] is None else ("%.3f" % st[k] if isinstance(st[k], float) else str(st[k]))
                     for k in ("min", "median", "p95", "max")]
            t.add_row(depth if first else "", d["kind"] if first else "",
                      "%d/%d" % (d["valid"], d["worlds"]) if first else "", name, *cells)
            first = False
        t.add_section()
    out.print(t)
    for depth, d in doc["depths"].items():
        for f in d["failures"]:
            out.print("[bold red]depth %s seed %d failed[/]: %s" % (depth, f["seed"], ", ".join(f["failed"])))


# -- the command table rows, for cli.py ----------------------------------------------------------------
ACTIONS = (
    ("validate", do_validate, validate_options, "build a world and run every check",
     ["maze32 world validate --seed 7 --depth 4 --size 250x250",
      "maze32 world validate --seed 7 --depth 8 --strategy accretion --json"]),
    ("export", do_export, export_options, "write the maze32-world/1 document of a world or a region",
     ["maze32 world export --seed 7 --depth 1 --size 250x250 -o world.json",
      "maze32 world export --seed 7 --depth 9 --region 0,0,128,64 -o part.json"]),
    ("check", do_check, check_options, "check a maze32-world/1 file, however it was made",
     ["maze32 world check world.json"]),
    ("render", do_render, render_options, "draw a world in the terminal, and as PNG or SVG",
     ["maze32 world render --seed 7 --depth 2", "maze32 world render --seed 7 --depth 5 --size 250x250 --png caves.png"]),
    ("sweep", do_sweep, sweep_options, "build a range of seeds: open fraction, regions, rooms, pools, stairs",
     ["maze32 world sweep --seeds 0..19 --depth 1..9"]),
)


def actions(command):
    # {name: command(func, help, examples, options)} for cli.py's table (command = options.Command).
    return dict((name, command(func, text, examples, opts)) for name, func, opts, text, examples in ACTIONS)
