# Worlds (SPEC 10, seed 004): the facade. The kinds and their depths are the table tiles.KINDS; here
# are the two ways of building, by chunk and whole, which give the same tiles, and what a host asks of
# a world (where its spawn and stairs are, its rooms), each answered by the world's kind module. The
# model (tiles, materials, chunks, keys) is world/tiles.py.
#
#     spec = WorldSpec(hi, lo, depth, 250, 250)        # raises ValueError naming a bad value
#     ws = WorldWorkspace()                             # every buffer a chunk needs, allocated once
#     tiles = bytearray(CHUNK_AREA)
#     generate_chunk(ws, spec, cx, cy, tiles)           # allocates nothing
#
# Every kind is a module with three stages, each called over a window of tiles (tiles.frame_window:
# one chunk, or the whole world at its own pitch):
#   shape(ws, spec, buf)   a field: every tile of the window from its coordinates alone (all of them:
#                          whatever the buffer held before never shows)
#   settle(ws, spec, tiles) local: one chunk's tiles (pitch 64), reading and writing nothing else
#   finish(ws, spec, buf)  a field again, over what settle left
# generate_chunk runs the three on one chunk; build_world (world/whole.py: a host's, which no board
# holds) runs shape over the whole world, settle on each chunk copied out and back, finish over the
# whole world. Fields are pure and settle is local, so
# a region built either way is the same (tests/test_world.py checks it at every depth).
from maze32._compat import micropython, ptr8, ptr32, compiled
from maze32.world.tiles import (CHUNK, CHUNK_SHIFT, MAX_DEPTH, STONE, KINDS, WorldSpec, WorldWorkspace,  # noqa: F401
                                frame_window)


def kind_for(depth):
    # The row of the kind table (tiles.KINDS) that covers `depth`; ValueError for a depth outside it.
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
    if ws.cw < CHUNK or ws.ch < CHUNK:
        fill_bytes(tiles, 4096, STONE)      # what lies beyond the window; every kind's shape writes all of it
    frame_window(ws, ws.x0, ws.y0, ws.cw, ws.ch, CHUNK)
    module.shape(ws, spec, tiles)
    module.settle(ws, spec, tiles)
    module.finish(ws, spec, tiles)


def fill_bytes(buf, n, v):
    # The first n bytes of a buffer v: a chunk's 4096 tiles one material, a plane's bits all set
    # (fields.fill_stone calls fill_words itself). Compiled, four bytes a store where the buffer is
    # word-aligned (a byte a store cost 78,600 RV32 instructions a chunk's tiles, four times over in
    # an accretion stairs chunk that plans its block).
    if not (WORDS and not n & 15 and fill_words(buf, (n << 8) | v)):
        fill_run(buf, n, v)


@micropython.viper
def fill_run(buf_obj, n: int, v: int):
    # fill_bytes a byte at a time.
    buf = ptr8(buf_obj)
    i = 0
    while i < n:
        buf[i] = v
        i += 1


@micropython.viper
def fill_words(buf: ptr32, nv: int) -> int:
    # The first nv >> 8 bytes of buf (a multiple of 16) the byte nv & 255, four words a turn (buf
    # moves on: a constant index folds into the store); returns 1, or 0 without a store for a buffer
    # off a word's boundary (fill_bytes then fills it a byte at a time). n and v in one argument: the
    # emitter keeps a viper function's first argument in a register only when it takes two or fewer
    # (_compat.py, Registers), and the loop reads buf at every store.
    if int(buf) & 3:
        return 0
    v = nv & 255
    v |= v << 8
    v |= v << 16
    end = int(buf) + (nv >> 8)
    while int(buf) < end:
        buf[0] = v
        buf[1] = v
        buf[2] = v
        buf[3] = v
        buf = ptr32(int(buf) + 16)
    return 1


WORDS = compiled(fill_words)      # the word-wide fill only where it is machine code


def locate(ws, spec, scratch, stairs=True):
    # The world's spawn and stairs as (sx, sy, tx, ty), world coordinates, as the kind finds them: from
    # what it knows without building (the surface's heights, a BSP dungeon's plans), or by generating
    # the spawn's and the stairs' chunks into scratch (CHUNK_AREA bytes); without `stairs`, a kind that
    # must generate generates only the spawn's (tx, ty = -1). Returns a tuple: call it outside
    # generation.
    return prepare(spec).locate(ws, spec, scratch, stairs, generate_chunk)


def chunk_rooms(ws, spec, out):
    # The rooms of the chunk generated (or settled) last appended to the list `out` as [x, y, w, h],
    # world coordinates (hosts only: this allocates). Accretion's rooms are its chunks'.
    prepare(spec).chunk_rooms(ws, spec, out)


def region_rooms(ws, spec, rx, ry, out):
    # Region (rx, ry)'s planned rooms appended to `out` as chunk_rooms does (a BSP dungeon's rooms are
    # its regions'). ws is left holding that region's plan.
    prepare(spec).region_rooms(ws, spec, rx, ry, out)
