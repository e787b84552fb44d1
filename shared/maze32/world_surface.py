# The surface (SPEC 10, depths 1-3): terrain from a height per column, sand dunes and stone walls on it,
# caves under it joined to the sky by tunnels, then pools, trees and the stairs.
#   shape  (field) shape_terrain: air above the height, the top tile (grass at depth 1, dirt at 2-3),
#          dirt for 8 tiles, then stone; a stone border. raise_features: dunes and walls. The
#          automaton's caves (world_caves) from 10 tiles under the top, started half open.
#   settle (local) the top row of chunks keeps its sky and its largest cave, joined by a tunnel; the
#          chunks below are caves (world_caves.keep_largest_region); then the doorways.
#   finish (field) pools of water (bowls cut into the ground) and of sand (sand in place of ground),
#          trees, the stairs.
# Heights: three octaves of integer sine, base + detail + micro, weighted 5:2:1, scaled to the world's
# relief of 4..8 tiles (WorldSpec.terrain): height(x) = 24 + (s * relief) >> 10, s = 5 S1 + 2 S2 + S3
# in 0..1024 with S(angle) = 64 + 64 sin(2 pi angle / 256) from SINE. Features (seed 004's counts) per
# region band of 256 columns, from the band's stream: pools 2 + depth // 2 (radius 4..10, water 2 in 3,
# else sand), dunes 1..3, walls 1..3, trees 3..7, each 2 columns or more from every other, from the
# band's sides and from the spawn and stairs columns (a feature with no room after 8 draws is dropped).
from maze32._compat import const, micropython, ptr8, ptr16
from maze32.world_tiles import (GRASS, DIRT, STONE, SAND, WATER, WOOD, STAIRS, SALT_CHUNK,
                                SALT_FEATURES, REGION_SHIFT, MAX_FEATURES, seed_stream, height_at)
from maze32.world_caves import grow_cells, carve_cells, keep_largest_region, SPARSE
from maze32.world_regions import flood, find_largest, seal_unkept, nearest_marked
from maze32.world_tunnels import set_bounds, open_doorways, dig_tunnel

DIRT_DEPTH = const(8)     # dirt tiles under the top tile
CAVE_DEPTH = const(10)    # caves open from this many tiles under the top
# Feature kinds (WorldWorkspace.feat_*): x is the centre (the left column for a wall), a and b are
# radius and depth (pools), half-width and height (dunes), width and height (walls), height (trees).
POOL_WATER = const(1)
POOL_SAND = const(2)
DUNE = const(3)
WALL = const(4)
TREE = const(5)


def measure_heights(ws, spec):
    # ws.heights and ws.tops (the caves' first row) for every column of the window.
    heights = ws.heights
    tops = ws.tops
    x0 = ws.win_x0
    i = 0
    while i < ws.win_w:
        h = height_at(spec, x0 + i)
        heights[i] = h
        tops[i] = h + CAVE_DEPTH
        i += 1


@micropython.viper
def shape_terrain(ws, buf_obj, top: int, world_w: int, world_h: int):
    # Every window tile from its column's height: air above, `top` on it, DIRT_DEPTH tiles of dirt,
    # stone below; the world's border stone.
    buf = ptr8(buf_obj)
    heights = ptr16(ws.heights)
    x0 = int(ws.win_x0)
    y0 = int(ws.win_y0)
    w = int(ws.win_w)
    h = int(ws.win_h)
    pitch = int(ws.win_pitch)
    last_x = world_w - 1
    last_y = world_h - 1
    i = 0
    while i < w:
        x = x0 + i
        ground = heights[i]
        rock = ground + 8                  # DIRT_DEPTH
        edge = x == 0 or x == last_x
        j = 0
        c = i
        while j < h:
            y = y0 + j
            if edge or y == 0 or y == last_y:
                t = 3                      # STONE
            elif y < ground:
                t = 0                      # AIR
            elif y == ground:
                t = top
            elif y <= rock:
                t = 2                      # DIRT
            else:
                t = 3
            buf[c] = t
            c += pitch
            j += 1
        i += 1


# -- features of a region band ----------------------------------------------------------------------
def _extent(kind, a):
    # Columns a feature reaches left and right of its x: returned as left * 16 + right.
    if kind == WALL:
        return a - 1
    if kind == TREE:
        return 17
    return a * 16 + a


def _is_free(ws, spec, lo, hi):
    # No placed feature, nor the spawn or stairs column, within 2 columns of lo..hi.
    lo -= 2
    hi += 2
    if lo <= spec.spawn_column <= hi or lo <= spec.stairs_column <= hi:
        return False
    k = 0
    while k < ws.feat_count:
        e = _extent(ws.feat_kind[k], ws.feat_a[k])
        x = ws.feat_x[k]
        if x - (e >> 4) <= hi and x + (e & 15) >= lo:
            return False
        k += 1
    return True


def _try_feature(ws, spec, kind, a, b, x_lo, x_hi):
    # Draw the x of a feature (kind, a, b) in x_lo..x_hi (its whole extent inside): up to 8 draws for
    # a free place; recorded when one is found.
    rng = ws.rng
    e = _extent(kind, a)
    left = e >> 4
    right = e & 15
    lo = x_lo + left
    hi = x_hi - right
    if hi < lo:
        return
    tries = 0
    while tries < 8:
        tries += 1
        x = lo + rng.below(hi - lo + 1)
        if _is_free(ws, spec, x - left, x + right):
            k = ws.feat_count
            ws.feat_kind[k] = kind
            ws.feat_x[k] = x
            ws.feat_a[k] = a
            ws.feat_b[k] = b
            ws.feat_count = k + 1
            return


def draw_features(ws, spec, band):
    # The features of region band `band` into ws.feat_* (kept until another band or world is drawn).
    if ws.feat_spec is spec and ws.feat_band == band:
        return
    ws.feat_spec = spec
    ws.feat_band = band
    ws.feat_count = 0
    rng = ws.rng
    seed_stream(spec, rng, band, 0, SALT_FEATURES)
    x_lo = (band << REGION_SHIFT) + 2
    x_hi = min((band << REGION_SHIFT) + 256, spec.width) - 3
    n = 2 + spec.depth // 2
    while n:
        r = 4 + rng.below(7)
        _try_feature(ws, spec, POOL_SAND if rng.below(3) == 0 else POOL_WATER, r, r >> 1, x_lo, x_hi)
        n -= 1
    n = 1 + rng.below(3)
    while n:
        _try_feature(ws, spec, DUNE, 4 + rng.below(5), 2 + rng.below(3), x_lo, x_hi)
        n -= 1
    n = 1 + rng.below(3)
    while n:
        _try_feature(ws, spec, WALL, 1 + rng.below(2), 3 + rng.below(4), x_lo, x_hi)
        n -= 1
    n = 3 + rng.below(5)
    while n and ws.feat_count < MAX_FEATURES:
        _try_feature(ws, spec, TREE, 1, 4 + rng.below(5), x_lo, x_hi)
        n -= 1


@micropython.viper
def paint(ws, buf_obj, x: int, y: int, t: int, only_air: int):
    # Tile (x, y) of the window becomes t (when only_air, only if it is air); outside the window,
    # nothing.
    x -= int(ws.win_x0)
    y -= int(ws.win_y0)
    if x < 0 or y < 0 or x >= int(ws.win_w) or y >= int(ws.win_h):
        return
    buf = ptr8(buf_obj)
    c = y * int(ws.win_pitch) + x
    if only_air and buf[c] != 0:
        return
    buf[c] = t


def _ground(ws, spec, x):
    # height_at(x), from the window's table when x is in it.
    i = x - ws.win_x0
    if 0 <= i < ws.win_w:
        return ws.heights[i]
    return height_at(spec, x)


def _bands(ws):
    # The first and last region bands the window touches, as first * 256 + last.
    return ((ws.win_x0 >> REGION_SHIFT) << 8) | ((ws.win_x0 + ws.win_w - 1) >> REGION_SHIFT)


def raise_features(ws, spec, buf):
    # Dunes and walls, over the window.
    b = _bands(ws)
    band = b >> 8
    while band <= (b & 255):
        draw_features(ws, spec, band)
        k = 0
        while k < ws.feat_count:
            kind = ws.feat_kind[k]
            x = ws.feat_x[k]
            a = ws.feat_a[k]
            height = ws.feat_b[k]
            if kind == DUNE:
                dx = -a
                while dx <= a:
                    g = _ground(ws, spec, x + dx)
                    mound = height * (a * a - dx * dx) // (a * a)
                    y = g - mound
                    while y < g:
                        paint(ws, buf, x + dx, y, SAND, 0)
                        y += 1
                    dx += 1
            elif kind == WALL:
                dx = 0
                while dx < a:
                    g = _ground(ws, spec, x + dx)
                    y = g - height
                    while y < g:
                        paint(ws, buf, x + dx, y, STONE, 0)
                        y += 1
                    dx += 1
            k += 1
        band += 1


def fill_pools_and_trees(ws, spec, buf):
    # Pools (bowls of water cut into whatever is there; sand in place of solid ground), trees of wood
    # on air, over the window.
    b = _bands(ws)
    band = b >> 8
    while band <= (b & 255):
        draw_features(ws, spec, band)
        k = 0
        while k < ws.feat_count:
            kind = ws.feat_kind[k]
            x = ws.feat_x[k]
            a = ws.feat_a[k]
            d = ws.feat_b[k]
            if kind == POOL_WATER or kind == POOL_SAND:
                line = height_at(spec, x)
                limit = a * a * d * d
                dx = -a
                while dx <= a:
                    dy = 0
                    while dy <= d:
                        if dx * dx * d * d + dy * dy * a * a <= limit:
                            if kind == POOL_WATER:
                                paint(ws, buf, x + dx, line + dy, WATER, 0)
                            else:
                                put_sand(ws, buf, x + dx, line + dy)
                        dy += 1
                    dx += 1
            elif kind == TREE:
                g = _ground(ws, spec, x)
                y = g - d
                while y < g:
                    paint(ws, buf, x, y, WOOD, 1)
                    y += 1
                paint(ws, buf, x - 1, g - d, WOOD, 1)
                paint(ws, buf, x + 1, g - d, WOOD, 1)
                paint(ws, buf, x, g - d - 1, WOOD, 1)
            k += 1
        band += 1


@micropython.viper
def put_sand(ws, buf_obj, x: int, y: int):
    # Tile (x, y) of the window becomes sand if it is solid ground (grass, dirt or stone).
    x -= int(ws.win_x0)
    y -= int(ws.win_y0)
    if x < 0 or y < 0 or x >= int(ws.win_w) or y >= int(ws.win_h):
        return
    buf = ptr8(buf_obj)
    c = y * int(ws.win_pitch) + x
    t = buf[c]
    if t == 1 or t == 2 or t == 3:
        buf[c] = 4                         # SAND


# -- the surface kind: stages ----------------------------------------------------------------------
def shape(ws, spec, buf):
    measure_heights(ws, spec)
    shape_terrain(ws, buf, GRASS if spec.depth == 1 else DIRT, spec.width, spec.height)
    raise_features(ws, spec, buf)
    grow_cells(ws, spec, SPARSE)
    carve_cells(ws, buf, spec.width, spec.height, 1)


def settle(ws, spec, tiles):
    seed_stream(spec, ws.rng, ws.cx, ws.cy, SALT_CHUNK)
    if ws.cy == 0:
        hub = join_sky(ws, spec, tiles)
    else:
        hub = keep_largest_region(ws, spec, tiles)
    open_doorways(ws, spec, tiles, hub)


def finish(ws, spec, buf):
    fill_pools_and_trees(ws, spec, buf)
    place_ends(ws, spec, buf)


def join_sky(ws, spec, tiles):
    # A chunk of the top row: its sky (everything open above ground, one region) and its largest cave
    # are kept, the cave joined to the sky by a tunnel from its tile nearest the sky up to row 1 (sky
    # in every column); other caves are sealed. Returns the hub for the doorways.
    set_bounds(ws, spec)
    sky = 64 + (ws.cw >> 1)                  # (cw / 2, 1): row 0 is the border
    flood(ws, tiles, sky, 1)
    cave = find_largest(ws, tiles)
    flood(ws, tiles, sky, 2)
    if cave >= 0:
        flood(ws, tiles, cave, 3)
        c = nearest_marked(ws, tiles, ws.cw >> 1, 0, 3, 0, 0)
        dig_tunnel(ws, tiles, c & 63, c >> 6, c & 63, 1, 2)
        flood(ws, tiles, cave, 2)
    seal_unkept(ws, tiles)
    return nearest_marked(ws, tiles, ws.cw >> 1, ws.ch >> 1, 2, 0, 0)


def place_ends(ws, spec, buf):
    # The spawn (air, left as it is) and the stairs stand on the surface at their drawn columns.
    x = spec.spawn_column
    y = _ground(ws, spec, x) - 1
    if ws.win_x0 <= x < ws.win_x0 + ws.win_w and ws.win_y0 <= y < ws.win_y0 + ws.win_h:
        ws.spawn_x = x
        ws.spawn_y = y
    x = spec.stairs_column
    y = _ground(ws, spec, x) - 1
    if ws.win_x0 <= x < ws.win_x0 + ws.win_w and ws.win_y0 <= y < ws.win_y0 + ws.win_h:
        ws.stairs_x = x
        ws.stairs_y = y
        paint(ws, buf, x, y, STAIRS, 0)
