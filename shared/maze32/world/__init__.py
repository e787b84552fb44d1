# Worlds (SPEC 10, seed 004): the registry of kinds by depth and the two ways of building, by chunk and
# whole, which give the same tiles. The model (tiles, materials, chunks, keys) is world/tiles.py.
#
#     spec = WorldSpec(hi, lo, depth, 250, 250)        # raises ValueError naming a bad value
#     ws = WorldWorkspace()                             # every buffer a chunk needs, allocated once
#     tiles = bytearray(CHUNK_AREA)
#     generate_chunk(ws, spec, cx, cy, tiles)           # allocates nothing
#
# Every kind is a module with three stages, each called over a window of tiles (tiles.frame_window:
# one chunk, or the whole world at its own pitch):
#   shape(ws, spec, buf)   a field: every tile of the window from its coordinates alone
#   settle(ws, spec, tiles) local: one chunk's tiles (pitch 64), reading and writing nothing else
#   finish(ws, spec, buf)  a field again, over what settle left
# generate_chunk runs the three on one chunk; build_world runs shape over the whole world, settle on
# each chunk copied out and back, finish over the whole world. Fields are pure and settle is local, so
# a region built either way is the same (tests/test_world.py checks it at every depth).
from maze32._compat import micropython, ptr8
from maze32.world.tiles import (CHUNK, CHUNK_SHIFT, MAX_DEPTH, SURFACE, DUNGEON, BSP, STONE,
                                WorldSpec, WorldWorkspace, frame_window, height_at)  # noqa: F401


class Kind:
    # One row of the depth table: a name, the depths it covers, and the modules with its stages (one
    # per dungeon strategy, tiles.BSP and ACCRETION; one for the others). A module is imported
    # when a world first needs it (prepare), so a board holds only the code of the worlds it makes.
    def __init__(self, name, first, last, modules):
        self.name = name
        self.first = first
        self.last = last
        self.modules = modules
        self.loaded = [None] * len(modules)

    def module(self, strategy):
        i = strategy if strategy < len(self.modules) else 0
        m = self.loaded[i]
        if m is None:
            m = getattr(__import__("maze32.world." + self.modules[i]).world, self.modules[i])
            self.loaded[i] = m
        return m


# The depth table of SPEC 10, indexed by tiles' SURFACE, CAVES, DUNGEON.
KINDS = (Kind("surface", 1, 3, ("surface",)),
         Kind("caves", 4, 6, ("caves",)),
         Kind("dungeon", 7, MAX_DEPTH, ("dungeon", "accretion")))


def kind_for(depth):
    for kind in KINDS:
        if kind.first <= depth <= kind.last:
            return kind
    raise ValueError("depth: must be 1..%d, got %r" % (MAX_DEPTH, depth))


def prepare(spec):
    # The module that builds this world, imported now (setup: the only allocation it takes).
    return KINDS[spec.kind].module(spec.strategy)


def begin_chunk(ws, spec, cx, cy):
    # The chunk (cx, cy) becomes the current one; nothing found in it yet.
    ws.cx = cx
    ws.cy = cy
    ws.x0 = cx << CHUNK_SHIFT
    ws.y0 = cy << CHUNK_SHIFT
    ws.cw = spec.chunk_width(cx)
    ws.ch = spec.chunk_height(cy)
    ws.spawn_x = ws.spawn_y = ws.stairs_x = ws.stairs_y = -1
    ws.acc_count = 0


def generate_chunk(ws, spec, cx, cy, tiles):
    # Chunk (cx, cy) of the world into tiles (CHUNK_AREA bytes, tile (x, y) of the chunk at
    # (y << 6) | x; beyond a narrow chunk's width and height, stone). Allocates nothing. Afterwards
    # ws.spawn_x/y and ws.stairs_x/y hold the spawn and stairs when this chunk has them (else -1), and
    # with accretion ws.acc the chunk's rooms.
    module = KINDS[spec.kind].module(spec.strategy)
    begin_chunk(ws, spec, cx, cy)
    fill_chunk(tiles, STONE)
    frame_window(ws, ws.x0, ws.y0, ws.cw, ws.ch, CHUNK)
    module.shape(ws, spec, tiles)
    module.settle(ws, spec, tiles)
    module.finish(ws, spec, tiles)


@micropython.viper
def fill_chunk(tiles_obj, t: int):
    # Every one of a chunk's CHUNK_AREA tiles t.
    tiles = ptr8(tiles_obj)
    i = 0
    while i < 4096:
        tiles[i] = t
        i += 1


@micropython.viper
def copy_chunk(ws, world_obj, pitch: int, out: int):
    # The current chunk's tiles between the world (at `pitch`) and ws.chunk: into the chunk when not
    # `out`, back into the world when `out`.
    world = ptr8(world_obj)
    chunk = ptr8(ws.chunk)
    cw = int(ws.cw)
    ch = int(ws.ch)
    base = int(ws.y0) * pitch + int(ws.x0)
    y = 0
    while y < ch:
        w = base + y * pitch
        c = y << 6
        end = c + cw
        while c < end:
            if out:
                world[w] = chunk[c]
            else:
                chunk[c] = world[w]
            c += 1
            w += 1
        y += 1


def build_world(ws, spec, world, visit=None):
    # The whole world into `world` (width * height bytes, row-major, pitch = width); ws must be a
    # WorldWorkspace(spec.width, spec.height). visit(ws), when given, is called after each chunk has
    # settled (the host collects accretion rooms there). Afterwards ws.spawn_x/y, ws.stairs_x/y hold
    # the world's spawn and stairs.
    module = KINDS[spec.kind].module(spec.strategy)
    width = spec.width
    if ws.window_capacity < width:
        raise ValueError("workspace: a window of %d columns cannot hold a world %d wide"
                         % (ws.window_capacity, width))
    if ws.chunk is None:
        ws.chunk = bytearray(CHUNK * CHUNK)
    frame_window(ws, 0, 0, width, spec.height, width)
    ws.spawn_x = ws.spawn_y = ws.stairs_x = ws.stairs_y = -1
    module.shape(ws, spec, world)
    sx = ws.spawn_x
    sy = ws.spawn_y
    tx = ws.stairs_x
    ty = ws.stairs_y
    cy = 0
    while cy < spec.rows:
        cx = 0
        while cx < spec.cols:
            begin_chunk(ws, spec, cx, cy)
            fill_chunk(ws.chunk, STONE)
            copy_chunk(ws, world, width, 0)
            module.settle(ws, spec, ws.chunk)
            copy_chunk(ws, world, width, 1)
            if ws.spawn_x >= 0:
                sx = ws.spawn_x
                sy = ws.spawn_y
            if ws.stairs_x >= 0:
                tx = ws.stairs_x
                ty = ws.stairs_y
            if visit is not None:
                visit(ws)
            cx += 1
        cy += 1
    frame_window(ws, 0, 0, width, spec.height, width)
    ws.spawn_x = sx
    ws.spawn_y = sy
    ws.stairs_x = tx
    ws.stairs_y = ty
    module.finish(ws, spec, world)
    if ws.spawn_x < 0:
        ws.spawn_x = sx
        ws.spawn_y = sy
    if ws.stairs_x < 0:
        ws.stairs_x = tx
        ws.stairs_y = ty


def spawn_chunk(spec):
    # The chunk that holds the spawn, as (cx, cy) (a tuple: for hosts and menus, not generation).
    if spec.kind == SURFACE:
        return spec.spawn_column >> CHUNK_SHIFT, 0
    if spec.kind == DUNGEON and spec.strategy == BSP:
        return None
    return spec.spawn_cx, spec.spawn_cy


def locate(ws, spec, scratch, stairs=True):
    # The world's spawn and stairs as (sx, sy, tx, ty), world coordinates. The surface's come from its
    # heights, a BSP dungeon's from its regions' plans; otherwise the spawn's and the stairs' chunks are
    # generated into scratch (CHUNK_AREA bytes); without `stairs`, only the spawn's (tx, ty = -1).
    # Returns a tuple: call it outside generation.
    if spec.kind == SURFACE:
        sx = spec.spawn_column
        tx = spec.stairs_column
        return sx, height_at(spec, sx) - 1, tx, height_at(spec, tx) - 1
    if spec.kind == DUNGEON and spec.strategy == BSP:
        dungeon = prepare(spec)
        dungeon.plan_region(ws, spec, spec.spawn_cx, spec.spawn_cy)
        p = dungeon.end_tile(ws, ws.spawn_room, spec.spawn_cx, spec.spawn_cy, 0)
        dungeon.plan_region(ws, spec, spec.stairs_cx, spec.stairs_cy)
        q = dungeon.end_tile(ws, ws.stairs_room, spec.stairs_cx, spec.stairs_cy, 1)
        return p >> 12, p & 4095, q >> 12, q & 4095
    generate_chunk(ws, spec, spec.spawn_cx, spec.spawn_cy, scratch)
    sx = ws.spawn_x
    sy = ws.spawn_y
    if not stairs:
        return sx, sy, -1, -1
    generate_chunk(ws, spec, spec.stairs_cx, spec.stairs_cy, scratch)
    return sx, sy, ws.stairs_x, ws.stairs_y


def rooms_of(ws, spec, out, scratch=None):
    # Every room of the world appended to `out` as [x, y, w, h] (hosts only): region by region in row
    # order for BSP, chunk by chunk in row order for accretion (those chunks are generated into
    # scratch); none above depth 7.
    if spec.kind != DUNGEON:
        return out
    if spec.strategy == BSP:
        ry = 0
        while ry < spec.region_rows:
            rx = 0
            while rx < spec.region_cols:
                prepare(spec).region_rooms(ws, spec, rx, ry, out)
                rx += 1
            ry += 1
        return out
    scratch = scratch or bytearray(CHUNK * CHUNK)
    cy = 0
    while cy < spec.rows:
        cx = 0
        while cx < spec.cols:
            generate_chunk(ws, spec, cx, cy, scratch)
            prepare(spec).chunk_rooms(ws, out)
            cx += 1
        cy += 1
    return out
