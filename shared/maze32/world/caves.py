# Caves (SPEC 10, depths 4-6): the cellular automaton's caves (fields.grow_cells, the same automaton the
# surface digs its underground with), then per chunk the largest region kept and joined to its
# neighbours, stalactites, and pools of lava, acid and water.
#
# The automaton (world/fields.py) is a field: cell (x, y) starts open from per-cell hashes of (world key, x, y), then 5
# iterations of the 4-5 rule (a cell is wall when 5 or more of the 9 cells of its 3 x 3 block are wall,
# so a wall stays wall with 4 wall neighbours and an open cell walls over with 5). After k iterations a
# cell depends only on the starting cells within k of it, so a window computed with an apron of 5 cells
# around it (words of 16 cells across, APRON rows above and below) gives exactly the cells the whole
# world gives there. Cells are packed 30 to a word (below 2**30: small integers on every port) and
# the rule runs on whole words: full adders over the shifted words.
#   Start fill: seed 004 gives ~45% either way (walls in its algorithm notes, empty in its steps and
#   SPEC 10). The 4-5 rule keeps a 45%-open start as specks (28% open, largest region 2% of the area)
#   and turns a 45%-wall start into caverns, so caves start 7/16 wall (44%), the classic fill; the
#   surface's underground starts half wall, for smaller caves.
#
# Chunk stages (local): keep the largest region, seal the rest; tunnel from each doorway to it;
# stalactites; spawn and stairs where this chunk holds them; pools.
from maze32._compat import const, micropython, ptr8, ptr16
from maze32.rng import draw_below
from maze32.world.tiles import SOLID, CHUNK_SHIFT, SALT_CHUNK, SALT_POOLS, SALT_POOL_PLACES, REGION_SHIFT, WATER, STAIRS, seed_stream, draw_each
from maze32.world.fields import grow_cells, carve_cells, DENSE
from maze32.world.fields import locate_in_chunks as locate  # noqa: F401  (spawn and stairs: built to be found)
from maze32.world.regions import keep_largest_region, nearest_marked
from maze32.world.tunnels import set_bounds, open_doorways

_STONE = const(3)       # tiles.STONE
CANDIDATES = const(32)  # places tried for each pool (12 left 1 in about 300 pools unpoured)
PLACES_AT_ONCE = const(4)   # places drawn and tried a call (CANDIDATES a multiple of it)
_REGION_CHUNKS = const(4)   # chunks across a region: tiles.REGION >> tiles.CHUNK_SHIFT


# -- the caves kind: stages ------------------------------------------------------------------------
def shape(ws, spec, buf):
    # Field: the automaton's caves in stone, over the current window.
    grow_cells(ws, spec, DENSE)
    carve_cells(ws, buf, spec.width, spec.height, 0)


def settle(ws, spec, tiles):
    # Local: the chunk's main region and its doorways, stalactites, spawn and stairs, pools.
    seed_stream(spec, ws.rng, ws.cx, ws.cy, SALT_CHUNK)
    set_bounds(ws, spec)
    hub = keep_largest_region(ws, tiles)
    open_doorways(ws, spec, tiles, hub, 1)
    hang_stalactites(ws, tiles)
    place_ends(ws, spec, tiles)
    fill_pools(ws, spec, tiles)


def finish(ws, spec, buf):
    pass


# -- stalactites ----------------------------------------------------------------------------------
def _removable_table():
    # REMOVABLE[m] = 1 when a tile whose 8 neighbours' openness is the bit mask m (bit 0 north, then
    # clockwise: NE, E, SE, S, SW, W, NW) can turn solid without disconnecting anything: its open
    # 4-neighbours (N, E, S, W) all lie in one run of consecutive open tiles around it, so any route
    # through the tile can go round it. Made once, at import.
    t = bytearray(256)
    m = 0
    while m < 256:
        runs = 0                       # runs of open ring tiles that contain a 4-neighbour
        k = 0
        while k < 8:
            if m >> k & 1 and not (m >> ((k + 7) & 7) & 1):
                # a run starts at k; does it reach a 4-neighbour (even k) before it ends?
                j = k
                hit = 0
                while m >> (j & 7) & 1 and j < k + 8:
                    if (j & 7) % 2 == 0:
                        hit = 1
                    j += 1
                runs += hit
            k += 1
        if m == 255:
            runs = 1                   # an open ring all round
        t[m] = 1 if runs <= 1 else 0
        m += 1
    return bytes(t)


REMOVABLE = _removable_table()


@micropython.viper
def grow_stalactites(ws, tiles_obj, count: int) -> int:
    # `count` stalactites, stalactite i from column 2 + ws.draws[2i], up to 2 + ws.draws[2i + 1] long:
    # from the first ceiling in the column (a solid tile over a kept open tile, scanning down from
    # row 2), stone tiles hung one under another, each only while two kept open tiles stay below it
    # and REMOVABLE says the tile's neighbours stay joined. Returns the tiles hung.
    tiles = ptr8(tiles_obj)
    marks = ptr8(ws.marks)
    solid = ptr8(SOLID)
    removable = ptr8(REMOVABLE)
    draws = ptr8(ws.draws)
    last = int(ws.ch) - 4
    hung = 0
    s = 0
    while s < count:
        x = 2 + int(draws[2 * s])
        length = hung + 2 + int(draws[2 * s + 1])
        s += 1
        y = 2
        while y < last:
            c = (y << 6) | x
            if solid[tiles[c]] and marks[c + 64] == 2:
                break
            y += 1
        if y >= last:
            continue
        while hung < length:
            y += 1
            c = (y << 6) | x
            if y + 2 > last + 2 or marks[c + 64] != 2 or marks[c + 128] != 2:
                break
            m = 0
            if not solid[tiles[c - 64]]:
                m |= 1
            if not solid[tiles[c - 63]]:
                m |= 2
            if not solid[tiles[c + 1]]:
                m |= 4
            if not solid[tiles[c + 65]]:
                m |= 8
            if not solid[tiles[c + 64]]:
                m |= 16
            if not solid[tiles[c + 63]]:
                m |= 32
            if not solid[tiles[c - 1]]:
                m |= 64
            if not solid[tiles[c - 65]]:
                m |= 128
            if not removable[m]:
                break
            tiles[c] = _STONE
            marks[c] = 0
            hung += 1
    return hung


def hang_stalactites(ws, tiles):
    # 2..5 stalactites from the chunk's stream, at columns 2 from the chunk's sides, 2..5 tiles long:
    # their count drawn, then each one's column and length (all in one call: draw_each).
    rng = ws.rng
    n = 2 + draw_below(rng, 4)
    ws.bounds[0] = ws.cw - 4
    ws.bounds[1] = 4
    draw_each(rng, ws.draws, 2 * n, ws.bounds, 2)
    grow_stalactites(ws, tiles, n)


# -- spawn, stairs, pools -------------------------------------------------------------------------
def place_ends(ws, spec, tiles):
    # The spawn chunk's spawn: the kept tile standing on solid ground nearest the chunk's centre. The
    # stairs chunk's stairs: the kept tile on solid ground farthest from the spawn chunk's centre (from
    # the spawn itself when it is the same chunk). Both in world coordinates on ws.
    spawn_here = ws.cx == spec.spawn_cx and ws.cy == spec.spawn_cy
    if spawn_here:
        c = nearest_marked(ws, tiles, ws.cw >> 1, ws.ch >> 1, 2, 1, 0)
        ws.spawn_x = ws.x0 + (c & 63)
        ws.spawn_y = ws.y0 + (c >> 6)
        ws.marks[c] = 3                       # set aside: no stairs, no pool here
    if ws.cx == spec.stairs_cx and ws.cy == spec.stairs_cy:
        px = ws.spawn_x
        py = ws.spawn_y
        if not spawn_here:
            px = (spec.spawn_cx << CHUNK_SHIFT) + (spec.chunk_width(spec.spawn_cx) >> 1)
            py = (spec.spawn_cy << CHUNK_SHIFT) + (spec.chunk_height(spec.spawn_cy) >> 1)
        c = nearest_marked(ws, tiles, px - ws.x0, py - ws.y0, 2, 1, 1)
        tiles[c] = STAIRS
        ws.marks[c] = 3
        ws.stairs_x = ws.x0 + (c & 63)
        ws.stairs_y = ws.y0 + (c >> 6)


@micropython.viper
def pour_pool(ws, tiles_obj, places_obj, count: int, radius: int, material: int) -> int:
    # A pool at the first of `count` places in places (bytes x0, y0, x1, y1, ...; each from the
    # pool's inset corner, radius + 1 tiles in from the chunk's top left) that holds one: at the
    # first kept tile on solid ground in column x from row y down, liquid fills the kept open tiles
    # joined to it that lie at or below a waterline radius//2 above it and within `radius` of it,
    # when they make a pool of that radius (9 or more tiles wide: 2 * 4 + 1) that touches no other
    # pool; else the next place is tried. Returns the tiles filled (0: none of the places held one).
    tiles = ptr8(tiles_obj)
    marks = ptr8(ws.marks)
    queue = ptr16(ws.queue)
    solid = ptr8(SOLID)
    places = ptr8(places_obj)
    end = int(ws.ch) - 1
    r2 = radius * radius
    k = 0
    while k < count:
        x = radius + 1 + int(places[2 * k])
        y = radius + 1 + int(places[2 * k + 1])
        k += 1
        while y < end:
            c = (y << 6) | x
            if marks[c] == 2:
                if solid[tiles[c + 64]]:
                    break
            y += 1
        if y >= end:
            continue
        line = y - (radius >> 1)
        start = (y << 6) | x
        marks[start] = 4
        queue[0] = start
        head = 0
        tail = 1
        lo = x
        hi = x
        touches = 0
        # Each tile's four neighbours (up, right, down, left) written out, each with only its own
        # tests (the waterline only above; a row's end only right and left): a loop over a table of
        # steps cost 40% more a tile on the board.
        while head < tail:
            c = queue[head]
            head += 1
            cx = c & 63
            lo = cx if cx < lo else lo
            hi = cx if cx > hi else hi
            dx = cx - x
            dy = (c >> 6) - y
            dx2 = dx * dx
            if c >= 64:
                m = marks[c - 64]
                if m == 5:
                    touches = 1               # a pool poured before: nothing will be poured here
                    break
                if m == 2 and (c >> 6) > line and dx2 + (dy - 1) * (dy - 1) <= r2:
                    marks[c - 64] = 4
                    queue[tail] = c - 64
                    tail += 1
            if c < 4095:
                m = marks[c + 1]
                if m == 5:
                    touches = 1
                    break
                if m == 2 and cx < 63 and (dx + 1) * (dx + 1) + dy * dy <= r2:
                    marks[c + 1] = 4
                    queue[tail] = c + 1
                    tail += 1
            if c < 4032:
                m = marks[c + 64]
                if m == 5:
                    touches = 1
                    break
                if m == 2 and dx2 + (dy + 1) * (dy + 1) <= r2:
                    marks[c + 64] = 4
                    queue[tail] = c + 64
                    tail += 1
            if c >= 1:
                m = marks[c - 1]
                if m == 5:
                    touches = 1
                    break
                if m == 2 and cx > 0 and (dx - 1) * (dx - 1) + dy * dy <= r2:
                    marks[c - 1] = 4
                    queue[tail] = c - 1
                    tail += 1
        keep = 1 if hi - lo >= 8 and not touches else 0
        i = 0
        while i < tail:                       # poured (marks 5) or given back (2)
            c = queue[i]
            i += 1
            marks[c] = 5 if keep else 2
            if keep:
                tiles[c] = material
        if keep:
            return tail
    return 0


def fill_pools(ws, spec, tiles):
    # The region's pools (2 + depth // 2 per region of 256 x 256, seed 004), drawn from the region's
    # stream: each in one of its chunks, radius 4..10, lava, acid or water; this chunk pours those
    # that fall to it, each at the first of CANDIDATES places (from the pool's own stream, drawn only
    # here) anchored radius + 1 or more from the chunk's sides (so it stays inside) that holds a pool
    # of its radius (pour_pool). The region's draws are made in one call and a pool's places
    # PLACES_AT_ONCE at a time (most pools pour at their first or second place): a call costs more
    # on the board than a draw.
    rx = ws.x0 >> REGION_SHIFT
    ry = ws.y0 >> REGION_SHIFT
    bounds = ws.bounds
    cols = spec.cols - (rx << 2)                                 # the region's chunk columns, rows
    rows = spec.rows - (ry << 2)                                 # (a world's last may be narrower)
    at_x = ws.cx - (rx << 2)                                     # this chunk's, in the region
    at_y = ws.cy - (ry << 2)
    bounds[0] = cols if cols < _REGION_CHUNKS else _REGION_CHUNKS
    bounds[1] = rows if rows < _REGION_CHUNKS else _REGION_CHUNKS
    bounds[2] = 7                                                # radius 4..10
    bounds[3] = 3                                                # water, lava or acid (tiles: 5, 6, 7)
    seed_stream(spec, ws.rng, rx, ry, SALT_POOLS)
    n = 2 + spec.depth // 2
    pools = ws.draws
    draw_each(ws.rng, pools, 4 * n, bounds, 4)
    k = 0
    while n:
        n -= 1
        k += 4
        if pools[k - 4] != at_x or pools[k - 3] != at_y:
            continue                               # another chunk's pool
        radius = 4 + pools[k - 2]
        cw = ws.cw
        ch = ws.ch
        if cw < 2 * radius + 4 or ch < 2 * radius + 4:
            continue                               # no room for it in this narrow chunk
        places = ws.pool_rng
        seed_stream(spec, places, rx, ry, SALT_POOL_PLACES + n)
        bounds[0] = cw - 2 * radius - 2              # the region's draws are made: x, y now
        bounds[1] = ch - 2 * radius - 2
        i = 0
        while i < CANDIDATES:
            i += PLACES_AT_ONCE
            draw_each(places, ws.places, 2 * PLACES_AT_ONCE, bounds, 2)
            if pour_pool(ws, tiles, ws.places, PLACES_AT_ONCE, radius, WATER + pools[k - 1]):
                break


def chunk_rooms(ws, spec, out):
    pass                                      # caves have no rooms


def region_rooms(ws, spec, rx, ry, out):
    pass
