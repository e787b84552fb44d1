# The surface (SPEC 10, depths 1-3): terrain from a height per column, sand dunes and stone walls on it,
# caves under it joined to the sky by tunnels, then pools, trees and the stairs.
#   shape  (field) shape_terrain: air above the height, the top tile (grass at depth 1, dirt at 2-3),
#          dirt for 8 tiles, then stone; a stone border. raise_features: dunes and walls. The
#          automaton's caves (fields.grow_cells) from 10 tiles under the top, started half open.
#   settle (local) the top row of chunks keeps its sky and its largest cave, joined by a tunnel; the
#          chunks below keep their largest cave (regions.keep_largest_region); then the doorways (none
#          between chunks of the top row: their sky joins them).
#   finish (field) pools of water (bowls cut into the ground) and of sand (sand in place of ground),
#          trees, the stairs (on solid ground: lower where a cave's tunnel crosses the ground).
# Heights: three octaves of integer sine, base + detail + micro, weighted 5:2:1, scaled to the world's
# relief of 4..8 tiles (WorldSpec.terrain): height(x) = 24 + (s * relief) >> 10, s = 5 S1 + 2 S2 + S3
# in 0..1024 with S(angle) = 64 + 64 sin(2 pi angle / 256) from SINE. Features (seed 004's counts) per
# region band of 256 columns, from the band's stream: pools 2 + depth // 2 (radius 4..10, water 2 in 3,
# else sand), dunes 1..3, walls 1..3, trees 3..7, each 2 columns or more from every other, from the
# band's sides and from the spawn and stairs columns (a feature with no room after 8 draws is dropped).
from maze32._compat import const, micropython, ptr8, ptr16
from maze32.world.tiles import (GRASS, DIRT, STONE, SAND, WATER, WOOD, STAIRS, SOLID, CHUNK, SALT_CHUNK, SINE, BASE,
                                SALT_FEATURES, REGION_SHIFT, MAX_FEATURES, seed_stream, height_at)
from maze32.world.fields import grow_cells, carve_cells, SPARSE
from maze32.world.regions import keep_regions, keep_largest_region, remark, nearest_marked
from maze32.world.tunnels import set_bounds, open_doorways, dig_tunnel

_AIR = const(0)           # tiles.AIR, GRASS, DIRT and STONE, for the kernels
_GRASS = const(1)
_DIRT = const(2)
_STONE = const(3)
DIRT_DEPTH = const(8)     # dirt tiles under the top tile
CAVE_DEPTH = const(10)    # caves open from this many tiles under the top
# Feature kinds (WorldWorkspace.feat_*): x is the centre (the left column for a wall), a and b are
# radius and depth (pools), half-width and height (dunes), width and height (walls), height (trees).
POOL_WATER = const(1)
POOL_SAND = const(2)
DUNE = const(3)
WALL = const(4)
TREE = const(5)


@micropython.viper
def measure_heights(ws, spec) -> int:
    # ws.heights and ws.tops (the caves' first row) for every column of the window: tiles.
    # height_at, column by column. Returns the least top.
    heights = ptr16(ws.heights)
    tops = ptr16(ws.tops)
    t = ptr16(spec.terrain)
    sine = ptr8(SINE)
    x = int(ws.win_x0)
    w = int(ws.win_w)
    f0 = t[0]
    p0 = t[1]
    f1 = t[2]
    p1 = t[3]
    f2 = t[4]
    p2 = t[5]
    relief = t[6]
    least = 1 << 20
    i = 0
    while i < w:
        s = 5 * sine[(((x * f0) >> 4) + p0) & 255] + 2 * sine[(((x * f1) >> 4) + p1) & 255] \
            + sine[(((x * f2) >> 4) + p2) & 255]
        h = 24 + ((s * relief) >> 10)               # BASE
        heights[i] = h
        tops[i] = h + 10                            # CAVE_DEPTH
        if h + 10 < least:
            least = h + 10
        x += 1
        i += 1
    return least


@micropython.viper
def shape_terrain(ws, buf_obj, top: int, world_w: int, world_h: int):
    # Every window tile from its column's height: air above, `top` on it, DIRT_DEPTH tiles of dirt,
    # stone below, as runs down each column; the world's border stone.
    buf = ptr8(buf_obj)
    heights = ptr16(ws.heights)
    x0 = int(ws.win_x0)
    y0 = int(ws.win_y0)
    w = int(ws.win_w)
    h = int(ws.win_h)
    pitch = int(ws.win_pitch)
    i = 0
    while i < w:
        x = x0 + i
        ground = heights[i] - y0                    # rows of the window
        edge = x == 0 or x == world_w - 1
        c = i
        j = 0
        end = ground if ground < h else h
        if edge:
            end = 0
        if j < end:                                 # each run down to its last tile's index
            stop = c + (end - j) * pitch
            while c < stop:
                buf[c] = _AIR
                c += pitch
            j = end
        if not edge and j == ground and j < h:
            buf[c] = top
            c += pitch
            j += 1
        end = ground + 9 if ground + 9 < h else h   # DIRT_DEPTH rows of dirt
        if edge:
            end = 0
        if j < end:
            stop = c + (end - j) * pitch
            while c < stop:
                buf[c] = _DIRT
                c += pitch
            j = end
        stop = c + (h - j) * pitch                  # stone to the window's foot
        while c < stop:
            buf[c] = _STONE
            c += pitch
        i += 1
    # The border rows.
    if y0 == 0:
        i = 0
        while i < w:
            buf[i] = _STONE
            i += 1
    if y0 + h == world_h:
        c = (h - 1) * pitch
        i = 0
        while i < w:
            buf[c + i] = _STONE
            i += 1


@micropython.viper
def paint_column(ws, buf_obj, x: int, y0: int, y1: int, t: int, mode: int):
    # Tiles (x, y0..y1-1) of the window become t: every one (mode 0), only air (1), only solid ground
    # (grass, dirt, stone: 2). Clipped to the window.
    x -= int(ws.win_x0)
    if x < 0 or x >= int(ws.win_w):
        return
    wy = int(ws.win_y0)
    y0 -= wy
    y1 -= wy
    if y0 < 0:
        y0 = 0
    if y1 > int(ws.win_h):
        y1 = int(ws.win_h)
    buf = ptr8(buf_obj)
    pitch = int(ws.win_pitch)
    c = y0 * pitch + x
    while y0 < y1:
        if mode == 0:
            buf[c] = t
        elif mode == 1:
            if buf[c] == _AIR:
                buf[c] = t
        else:
            g = buf[c]
            if g == _GRASS or g == _DIRT or g == _STONE:
                buf[c] = t
        c += pitch
        y0 += 1


@micropython.viper
def pour_bowl(ws, buf_obj, x: int, line: int, a: int, d: int, t: int, mode: int):
    # A pool's bowl: columns x - a .. x + a, in each rows line .. line + dy with dx^2 d^2 + dy^2 a^2
    # <= a^2 d^2, painted t (mode as paint_column's).
    limit = a * a * d * d
    dx = -a
    while dx <= a:
        dy = 0
        while dy + 1 <= d and dx * dx * d * d + (dy + 1) * (dy + 1) * a * a <= limit:
            dy += 1
        paint_column(ws, buf_obj, x + dx, line, line + dy + 1, t, mode)
        dx += 1


# -- features of a region band ----------------------------------------------------------------------
@micropython.viper
def place_features(ws, x_lo: int, x_hi: int, pools: int, spawn: int, stairs: int):
    # The band's features into ws.feat_*, drawn from ws.rng in seed 004's order: `pools` pools (radius
    # 4 + below(7), then sand when below(3) is 0, else water; depth radius // 2), 1 + below(3) dunes
    # (half-width 4 + below(5), height 2 + below(3)), 1 + below(3) walls (width 1 + below(2), height
    # 3 + below(4)), 3 + below(5) trees (height 4 + below(5)) while there is room for one. Each takes
    # the first of up to 8 draws of its x in x_lo..x_hi (its whole extent inside) that leaves 2 columns
    # or more to every placed feature and to the spawn and stairs columns; none when its extent cannot
    # fit. Extents: a pool or dune a columns each side, a wall a - 1 to the right, a tree 1 each side.
    # One draw a pass of the loop (Rng.below inlined, as rng.draw_below draws: a call from here costs
    # more than the draw), `step` saying what it is for: 1 and 2 a feature's two values, 3 its x
    # (`tries` left), 4 a stage's count; step 0 picks what comes next, 5 places a feature's extent.
    kinds = ptr8(ws.feat_kind)
    xs = ptr16(ws.feat_x)
    fa = ptr8(ws.feat_a)
    fb = ptr8(ws.feat_b)
    flo = ptr16(ws.feat_lo)
    fhi = ptr16(ws.feat_hi)
    rng = ws.rng
    s0 = int(rng.s0)
    s1 = int(rng.s1)
    most = int(MAX_FEATURES)
    count = 0
    stage = 0                                   # pools, dunes, walls, trees
    n = pools
    step = 0
    bound = 1
    kind = 0
    a = 0
    b = 0
    left = 0
    right = 0
    lo = 0
    tries = 0
    while True:
        if step == 0:
            if n == 0 or (stage == 3 and count >= most):
                stage += 1
                if stage == 4:
                    break
                step = 4
                bound = 5 if stage == 3 else 3
            else:
                n -= 1
                step = 1
                bound = 7 if stage == 0 else (2 if stage == 2 else 5)
        mask = bound - 1                        # the draw: below(bound)
        mask |= mask >> 1
        mask |= mask >> 2
        mask |= mask >> 4
        mask |= mask >> 8
        r = bound
        while r >= bound:
            t = (s0 + s1) & 0xFFFF
            r = ((t << 9) + (t >> 7) + s0) & mask
            s1 ^= s0
            s0 = (((s0 << 13) | (s0 >> 3)) ^ s1 ^ (s1 << 5)) & 0xFFFF
            s1 = ((s1 << 10) | (s1 >> 6)) & 0xFFFF
        if step == 4:
            n = r + (3 if stage == 3 else 1)
            step = 0
        elif step == 1:
            if stage == 3:
                kind = TREE
                a = 1
                b = 4 + r
                step = 5
            else:
                a = (1 if stage == 2 else 4) + r
                step = 2
                bound = 4 if stage == 2 else 3
        elif step == 2:
            if stage == 0:
                kind = POOL_SAND if r == 0 else POOL_WATER
                b = a >> 1
            elif stage == 1:
                kind = DUNE
                b = 2 + r
            else:
                kind = WALL
                b = 3 + r
            step = 5
        else:
            x = lo + r
            f0 = x - left - 2                   # the columns that must be free
            f1 = x + right + 2
            free = 1
            if (spawn >= f0 and spawn <= f1) or (stairs >= f0 and stairs <= f1):
                free = 0
            k = 0
            while free and k < count:
                if flo[k] <= f1 and fhi[k] >= f0:
                    free = 0
                k += 1
            tries -= 1
            step = 3 if tries else 0
            if free:
                kinds[count] = kind
                xs[count] = x
                fa[count] = a
                fb[count] = b
                flo[count] = x - left
                fhi[count] = x + right
                count += 1
                step = 0
        if step == 5:                           # the feature's extent, then its x
            left = a
            right = a
            if kind == WALL:
                left = 0
                right = a - 1
            elif kind == TREE:
                left = 1
                right = 1
            lo = x_lo + left
            hi = x_hi - right
            step = 0
            if hi >= lo:
                tries = 8
                step = 3
                bound = hi - lo + 1
    rng.s0 = s0
    rng.s1 = s1
    ws.feat_count = count


def draw_features(ws, spec, band):
    # The features of region band `band` into ws.feat_* (kept until another band or world is drawn).
    if ws.feat_spec is spec and ws.feat_band == band:
        return
    ws.feat_spec = spec
    ws.feat_band = band
    seed_stream(spec, ws.rng, band, 0, SALT_FEATURES)
    x_lo = (band << REGION_SHIFT) + 2
    x_hi = min((band << REGION_SHIFT) + 256, spec.width) - 3
    place_features(ws, x_lo, x_hi, 2 + spec.depth // 2, spec.spawn_column, spec.stairs_column)


def _ground(ws, spec, x):
    # height_at(x), from the window's table when x is in it.
    i = x - ws.win_x0
    if 0 <= i < ws.win_w:
        return ws.heights[i]
    return height_at(spec, x)


def _bands(ws):
    # The first and last region bands the window touches, as first * 256 + last.
    return ((ws.win_x0 >> REGION_SHIFT) << 8) | ((ws.win_x0 + ws.win_w - 1) >> REGION_SHIFT)


def _in_window(ws, k):
    # Whether feature k's columns (and a tree's crown) meet the window's.
    return ws.feat_hi[k] >= ws.win_x0 and ws.feat_lo[k] < ws.win_x0 + ws.win_w


def raise_features(ws, spec, buf):
    # Dunes (mounds of sand, height * (a^2 - dx^2) // a^2 over the ground) and walls of stone, over the
    # window.
    b = _bands(ws)
    band = b >> 8
    while band <= (b & 255):
        draw_features(ws, spec, band)
        k = 0
        while k < ws.feat_count:
            kind = ws.feat_kind[k]
            if (kind == DUNE or kind == WALL) and _in_window(ws, k):
                x = ws.feat_x[k]
                a = ws.feat_a[k]
                height = ws.feat_b[k]
                dx = -a if kind == DUNE else 0
                while dx <= (a if kind == DUNE else a - 1):
                    g = _ground(ws, spec, x + dx)
                    if kind == DUNE:
                        paint_column(ws, buf, x + dx, g - height * (a * a - dx * dx) // (a * a), g, SAND, 0)
                    else:
                        paint_column(ws, buf, x + dx, g - height, g, STONE, 0)
                    dx += 1
            k += 1
        band += 1


def fill_pools_and_trees(ws, spec, buf):
    # Pools: the bowl dx^2 d^2 + dy^2 a^2 <= a^2 d^2 under the ground at the pool's centre, water in
    # whatever is there, or sand in place of solid ground. Trees: a trunk and a crown of wood, on air.
    # Over the window.
    b = _bands(ws)
    band = b >> 8
    while band <= (b & 255):
        draw_features(ws, spec, band)
        k = 0
        while k < ws.feat_count:
            kind = ws.feat_kind[k]
            if not _in_window(ws, k):
                k += 1
                continue
            x = ws.feat_x[k]
            a = ws.feat_a[k]
            d = ws.feat_b[k]
            if kind == POOL_WATER or kind == POOL_SAND:
                if kind == POOL_WATER:
                    pour_bowl(ws, buf, x, height_at(spec, x), a, d, WATER, 0)
                else:
                    pour_bowl(ws, buf, x, height_at(spec, x), a, d, SAND, 2)
            elif kind == TREE:
                g = _ground(ws, spec, x)
                paint_column(ws, buf, x, g - d, g, WOOD, 1)
                paint_column(ws, buf, x - 1, g - d, g - d + 1, WOOD, 1)
                paint_column(ws, buf, x + 1, g - d, g - d + 1, WOOD, 1)
                paint_column(ws, buf, x, g - d - 1, g - d, WOOD, 1)
            k += 1
        band += 1


# -- the surface kind: stages ----------------------------------------------------------------------
def shape(ws, spec, buf):
    least = measure_heights(ws, spec)
    if ws.win_y0 > BASE + 8 + DIRT_DEPTH + CAVE_DEPTH:
        # Wholly under the deepest cave line: the terrain there is stone and nothing stands on it, so
        # the caves' one pass (stone or air) gives the same tiles.
        grow_cells(ws, spec, SPARSE)
        carve_cells(ws, buf, spec.width, spec.height, 0)
        return
    grow_cells(ws, spec, SPARSE, least - ws.win_y0)     # no cave opens above the least top
    shape_terrain(ws, buf, GRASS if spec.depth == 1 else DIRT, spec.width, spec.height)
    raise_features(ws, spec, buf)
    carve_cells(ws, buf, spec.width, spec.height, 1)


def settle(ws, spec, tiles):
    seed_stream(spec, ws.rng, ws.cx, ws.cy, SALT_CHUNK)
    set_bounds(ws, spec)
    if ws.cy == 0:
        hub = join_sky(ws, tiles)
    else:
        hub = keep_largest_region(ws, tiles)
    open_doorways(ws, spec, tiles, hub, ws.cy != 0)


def finish(ws, spec, buf):
    fill_pools_and_trees(ws, spec, buf)
    place_ends(ws, spec, buf)


def join_sky(ws, tiles):
    # A chunk of the top row: its sky (everything open above ground, one region) and its largest cave
    # are kept, the cave joined to the sky by a tunnel from its first tile in row order (its highest)
    # up to row 1 (sky in every column); other caves are sealed. Returns the hub for the doorways.
    c = keep_regions(ws, tiles, ws.cw >> 1)             # (cw / 2, 1) is sky: row 0 is the border
    if c >= 0:
        dig_tunnel(ws, tiles, c & 63, c >> 6, c & 63, 1, 2)
        remark(ws, 3, 2, c >> 6)
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
        y = ground_under(ws, buf, x, y)
        ws.stairs_x = x
        ws.stairs_y = y
        paint_column(ws, buf, x, y, y + 1, STAIRS, 0)


def ground_under(ws, buf, x, y):
    # Row y, or lower while the tile under it is open (a cave's tunnel to the sky may cross the
    # ground there): the stairs stand on solid ground. Only within the top row of chunks, whose tiles a
    # chunk's window and the whole world's hold alike.
    pitch = ws.win_pitch
    c = (y - ws.win_y0) * pitch + x - ws.win_x0
    while y < CHUNK - 2 and not SOLID[buf[c + pitch]]:
        c += pitch
        y += 1
    return y


# -- what a host asks of the surface ---------------------------------------------------------------------
def locate(ws, spec, scratch, stairs, generate):
    # Spawn and stairs stand on the terrain at their drawn columns: the spawn from the heights, the
    # stairs from their chunk (built into scratch: they stand lower where a tunnel crosses the ground).
    sx = spec.spawn_column
    if not stairs:
        return sx, height_at(spec, sx) - 1, -1, -1
    generate(ws, spec, spec.stairs_cx, 0, scratch)
    return sx, height_at(spec, sx) - 1, ws.stairs_x, ws.stairs_y


def chunk_rooms(ws, spec, out):
    pass                                      # the surface has no rooms


def region_rooms(ws, spec, rx, ry, out):
    pass
