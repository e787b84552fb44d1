# The surface's kernels (world/surface.py is the kind: its stages and what a host asks of it, plain
# Python, which a board lets go once a world is dealt and loads again for the next; these, machine code
# where the flavour has it, stay loaded: a board commits machine code once, firmware/maze32_game/
# loading.py). The heights column by column, the terrain's window, a column painted, a pool's bowl
# poured, a band's features drawn.
from maze32._compat import const, micropython, ptr8, ptr16
from maze32.world.tiles import SINE, BASE, MAX_FEATURES

_AIR = const(0)           # tiles.AIR, GRASS, DIRT and STONE, for the kernels
_GRASS = const(1)
_DIRT = const(2)
_STONE = const(3)
_SAND = const(4)          # tiles.SAND
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
def raise_columns(ws, buf_obj, x: int, a: int, height: int, dune: int):
    # A dune (dune 1: sand, height * (a^2 - dx^2) // a^2 tiles over the ground for dx = -a..a) or a
    # wall (stone, height tiles over it for dx = 0..a-1) at column x: the window's columns of it only,
    # each up to its ground in ws.heights, clipped to the window's rows.
    buf = ptr8(buf_obj)
    heights = ptr16(ws.heights)
    wx = int(ws.win_x0)
    wy = int(ws.win_y0)
    w = int(ws.win_w)
    h = int(ws.win_h)
    pitch = int(ws.win_pitch)
    dx = 0 - a if dune else 0
    last = a if dune else a - 1
    if dx < wx - x:
        dx = wx - x
    if last > wx + w - 1 - x:
        last = wx + w - 1 - x
    t = _SAND if dune else _STONE
    aa = a * a
    while dx <= last:
        i = x + dx - wx                        # the window's column
        g = heights[i]
        y0 = g - (height * (aa - dx * dx) // aa if dune else height) - wy
        y1 = g - wy
        if y0 < 0:
            y0 = 0
        if y1 > h:
            y1 = h
        c = y0 * pitch + i
        while y0 < y1:
            buf[c] = t
            c += pitch
            y0 += 1
        dx += 1


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
