# The doorways of a BSP region's plan (world/bsp.py, SPEC 10): each edge the region shares with another
# has a doorway 2 tiles wide at a position hashed from the edge (on the corridors' lattice of 3), and a
# corridor to it from the region's room whose middle is nearest, arriving square to the edge; the
# region on the other side of the edge hashes the same doorway and links its own room to it.
from maze32._compat import const, micropython, ptr8, ptr16
from maze32.world.tiles import SALT_LINK_V, SALT_LINK_H, hash3

_NO_ROOM = const(0xFFFF)   # bsp.NO_ROOM: a corridor's end at a region doorway


def link_regions(ws, spec, rx, ry, rw, rh):
    # Doorway corridors on the region's shared edges: left, right, top, bottom, each from the room
    # nearest its doorway (nearest_doorways finds all four in one pass over the rooms).
    key = spec.key0
    # Doorways stand on the corridors' lattice of 3 (on_lattice) too.
    st = ws.stack
    st[0] = st[1] = st[2] = st[3] = 0
    if rx > 0:
        y = 4 + hash3(key, rx, ry, SALT_LINK_V) % (rh - 8)
        st[0] = y - y % 3
    if rx < spec.region_cols - 1:
        y = 4 + hash3(key, rx + 1, ry, SALT_LINK_V) % (rh - 8)
        st[1] = y - y % 3
    if ry > 0:
        x = 4 + hash3(key, rx, ry, SALT_LINK_H) % (rw - 8)
        st[2] = x - x % 3
    if ry < spec.region_rows - 1:
        x = 4 + hash3(key, rx, ry + 1, SALT_LINK_H) % (rw - 8)
        st[3] = x - x % 3
    st[4] = rw - 2
    st[5] = rh - 2
    nearest_doorways(ws)
    if rx > 0:
        _link(ws, st[6], 0, st[0], 1)
    if rx < spec.region_cols - 1:
        _link(ws, st[7], rw - 2, st[1], 1)
    if ry > 0:
        _link(ws, st[8], st[2], 0, 0)
    if ry < spec.region_rows - 1:
        _link(ws, st[9], st[3], rh - 2, 0)


@micropython.viper
def nearest_doorways(ws):
    # The rooms whose middles are nearest the doorways (0, s[0]) on the left edge, (s[4], s[1]) on
    # the right, (s[2], 0) at the top and (s[3], s[5]) at the bottom (s = ws.stack; Manhattan, the
    # first on ties, as rank_room) into s[6..9]: one pass over the rooms for the four (four passes
    # cost a plan 148,000 RV32 instructions). Every middle lies inside the edges, so the distance to
    # an edge is a difference without its absolute value.
    st = ptr16(ws.stack)
    left_y = st[0]
    right_y = st[1]
    top_x = st[2]
    bottom_x = st[3]
    # Each best as distance << 9 | room (rooms < 512, distances < 512): the smaller distance, then
    # the first room on ties, in one comparison.
    best_l = 0x3FFFFFF
    right = st[4]
    bottom = st[5]
    room_x = ptr8(ws.room_x)
    room_y = ptr8(ws.room_y)
    room_w = ptr8(ws.room_w)
    room_h = ptr8(ws.room_h)
    best_r = best_l
    best_t = best_l
    best_b = best_l
    n = int(ws.room_count)
    k = 0
    while k < n:
        cx = room_x[k] + (room_w[k] >> 1)
        cy = room_y[k] + (room_h[k] >> 1)
        v = ((cx + (cy - left_y if cy > left_y else left_y - cy)) << 9) | k
        best_l = v if v < best_l else best_l
        v = ((right - cx + (cy - right_y if cy > right_y else right_y - cy)) << 9) | k
        best_r = v if v < best_r else best_r
        v = ((cy + (cx - top_x if cx > top_x else top_x - cx)) << 9) | k
        best_t = v if v < best_t else best_t
        v = ((bottom - cy + (cx - bottom_x if cx > bottom_x else bottom_x - cx)) << 9) | k
        best_b = v if v < best_b else best_b
        k += 1
    st[6] = best_l & 511
    st[7] = best_r & 511
    st[8] = best_t & 511
    st[9] = best_b & 511


def _link(ws, k, dx, dy, bend):
    # A corridor from room k (the nearest (dx, dy)) to (dx, dy); bend 1 arrives across (a side edge),
    # bend 0 arrives down (a top or bottom edge).
    add_corridor(ws, ws.room_lx[k], ws.room_ly[k], dx, dy, bend, k, _NO_ROOM)


def add_corridor(ws, ax, ay, bx, by, bend, a, b):
    k = ws.cor_count
    ws.cor_ax[k] = ax
    ws.cor_ay[k] = ay
    ws.cor_bx[k] = bx
    ws.cor_by[k] = by
    ws.cor_bend[k] = bend
    ws.cor_a[k] = a
    ws.cor_b[k] = b
    ws.cor_count = k + 1
