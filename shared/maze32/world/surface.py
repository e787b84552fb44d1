# The surface (SPEC 10, depths 1-3): terrain from a height per column, sand dunes and stone walls on it,
# caves under it joined to the sky by tunnels, then pools, trees and the stairs.
#   shape  (field) shape_terrain: air above the height, the top tile (grass at depth 1, dirt at 2-3),
#          dirt for 8 tiles, then stone; a stone border. raise_feature: dunes and walls. The
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
from maze32.world.tiles import (GRASS, DIRT, SAND, WATER, WOOD, STAIRS, SOLID, CHUNK, SALT_CHUNK, BASE,
                                SALT_FEATURES, REGION_SHIFT, seed_stream, height_at)
from maze32.world.fields import grow_cells, carve_cells, SPARSE
from maze32.world.regions import keep_regions, keep_largest_region, remark, nearest_marked
from maze32.world.tunnels import set_bounds, open_doorways, dig_tunnel
# The kernels (machine code where the flavour has it) in world/surface_kernels.py: this module is plain
# Python, which a board holds only while it deals a world (firmware/maze32_game/explore.py lets it go).
from maze32.world.surface_kernels import (measure_heights, shape_terrain, paint_column, pour_bowl, raise_columns,  # noqa: F401
                                          place_features, DIRT_DEPTH, CAVE_DEPTH, POOL_WATER, POOL_SAND, DUNE,
                                          WALL, TREE)


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


def paint_features(ws, spec, buf, kinds, painter):
    # painter(ws, spec, buf, kind, x, a, b), from ws.feat_*, for every feature of a kind in `kinds`
    # (bit 1 << kind) of the region bands the window touches whose columns meet the window's, band by
    # band (a band's features are drawn into ws.feat_* first). The kind is tested here, so only the
    # features painted cost a call.
    b = _bands(ws)
    band = b >> 8
    while band <= (b & 255):
        draw_features(ws, spec, band)
        k = 0
        while k < ws.feat_count:
            kind = ws.feat_kind[k]
            if (kinds >> kind) & 1 and _in_window(ws, k):
                painter(ws, spec, buf, kind, ws.feat_x[k], ws.feat_a[k], ws.feat_b[k])
            k += 1
        band += 1


def raise_feature(ws, spec, buf, kind, x, a, height):
    # A dune (a mound of sand, a wide each way) or a wall of stone (a wide), at column x: its columns
    # in the window, from their ground (surface_kernels.raise_columns).
    raise_columns(ws, buf, x, a, height, 1 if kind == DUNE else 0)


def fill_pool_or_tree(ws, spec, buf, kind, x, a, d):
    # A pool: the bowl dx^2 d^2 + dy^2 a^2 <= a^2 d^2 under the ground at column x, water in whatever
    # is there, or sand in place of solid ground. A tree: a trunk d high and a crown of wood, on air.
    if kind == POOL_WATER:
        pour_bowl(ws, buf, x, height_at(spec, x), a, d, WATER, 0)
    elif kind == POOL_SAND:
        pour_bowl(ws, buf, x, height_at(spec, x), a, d, SAND, 2)
    elif kind == TREE:
        g = _ground(ws, spec, x)
        paint_column(ws, buf, x, g - d, g, WOOD, 1)
        paint_column(ws, buf, x - 1, g - d, g - d + 1, WOOD, 1)
        paint_column(ws, buf, x + 1, g - d, g - d + 1, WOOD, 1)
        paint_column(ws, buf, x, g - d - 1, g - d, WOOD, 1)


# -- the surface kind: stages ----------------------------------------------------------------------
def _under_the_surface(ws):
    # Whether the window lies wholly under the deepest cave line (the highest ground, BASE + 8, then
    # dirt and the caves' first rows): there the terrain is stone, no dune or wall stands on it, and
    # no pool, tree or stairs reaches it (a pool's bowl ends 5 rows under the ground at most).
    return ws.win_y0 > BASE + 8 + DIRT_DEPTH + CAVE_DEPTH


def shape(ws, spec, buf):
    least = measure_heights(ws, spec)
    if _under_the_surface(ws):
        # Wholly under the deepest cave line: the terrain there is stone and nothing stands on it, so
        # the caves' one pass (stone or air) gives the same tiles.
        grow_cells(ws, spec, SPARSE)
        carve_cells(ws, buf, spec.width, spec.height, 0)
        return
    grow_cells(ws, spec, SPARSE, least - ws.win_y0)     # no cave opens above the least top
    shape_terrain(ws, buf, GRASS if spec.depth == 1 else DIRT, spec.width, spec.height)
    paint_features(ws, spec, buf, (1 << DUNE) | (1 << WALL), raise_feature)
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
    if _under_the_surface(ws):
        return                                          # nothing the surface bears reaches down here
    paint_features(ws, spec, buf, (1 << POOL_WATER) | (1 << POOL_SAND) | (1 << TREE), fill_pool_or_tree)
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
