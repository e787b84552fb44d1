# Drunkard's-walk tunnels (seed 004): what must be connected inside a chunk is joined by a random walk
# that digs its way, biased toward its target. Chunks join their neighbours through doorways: one tile
# on each side of a shared chunk edge, at a position hashed from the world key and the edge, so both
# chunks find the same one without seeing each other; each chunk tunnels from its side of the doorway to
# its main region. Local stages: chunk coordinates (regions' layout), marks as there.
from maze32._compat import const, micropython, ptr8, ptr16
from maze32.world.tiles import SOLID, SURFACE, SALT_EDGE_V, SALT_EDGE_H, hash3

_AIR = const(0)         # tiles.AIR


@micropython.viper
def dig_tunnel(ws, tiles_obj, x: int, y: int, tx: int, ty: int, goal: int) -> int:
    # Walk from (x, y) until standing on a tile that was marked `goal` before the walk began, digging
    # every solid tile on the way to air; the walk's tiles are marked `goal` when it ends. (tx, ty)
    # must be marked `goal`: the walk ends there at the latest. A step: a draw r of 4 bits from ws.rng
    # (rng.Rng.next16's low bits); r < 8 steps toward the target (along x or y by r's lowest bit when
    # both differ), otherwise in direction r & 3 (N, E, S, W), staying inside ws.lo_x..hi_x,
    # lo_y..hi_y (a step that would leave is lost). After 4 * distance + 64 steps the walk goes
    # straight: x first, then y. The walk's tiles are listed in ws.queue meanwhile (marked 5).
    # Returns the steps taken.
    tiles = ptr8(tiles_obj)
    marks = ptr8(ws.marks)
    path = ptr16(ws.queue)
    solid = ptr8(SOLID)
    lo_x = int(ws.lo_x)
    hi_x = int(ws.hi_x)
    lo_y = int(ws.lo_y)
    hi_y = int(ws.hi_y)
    rng = ws.rng
    s0 = int(rng.s0)
    s1 = int(rng.s1)
    dx = tx - x
    dy = ty - y
    if dx < 0:
        dx = -dx
    if dy < 0:
        dy = -dy
    limit = 4 * (dx + dy) + 64
    steps = 0
    length = 0
    while True:
        c = (y << 6) | x
        if marks[c] == goal:
            break
        if solid[tiles[c]]:
            tiles[c] = _AIR
        if marks[c] != 5:
            marks[c] = 5
            path[length] = c
            length += 1
        dx = tx - x
        dy = ty - y
        if steps < limit:
            t = (s0 + s1) & 0xFFFF
            r = (((t << 9) | (t >> 7)) + s0) & 15          # rotl16(t, 9) + s0, its low 4 bits
            s1 ^= s0
            s0 = (((s0 << 13) | (s0 >> 3)) ^ s1 ^ (s1 << 5)) & 0xFFFF
            s1 = ((s1 << 10) | (s1 >> 6)) & 0xFFFF
            if r < 8:
                if dx != 0 and (dy == 0 or (r & 1) == 0):
                    d = 1 if dx > 0 else 3
                else:
                    d = 2 if dy > 0 else 0
            else:
                d = r & 3
        elif dx != 0:
            d = 1 if dx > 0 else 3
        else:
            d = 2 if dy > 0 else 0
        if d == 0:
            if y > lo_y:
                y -= 1
        elif d == 1:
            if x < hi_x:
                x += 1
        elif d == 2:
            if y < hi_y:
                y += 1
        elif x > lo_x:
            x -= 1
        steps += 1
    i = 0
    while i < length:
        marks[path[i]] = goal
        i += 1
    rng.s0 = s0
    rng.s1 = s1
    return steps


def set_bounds(ws, spec):
    # The walk's bounds in the current chunk: the whole chunk, less the world's border.
    ws.lo_x = 1 if ws.x0 == 0 else 0
    ws.hi_x = ws.cw - (2 if ws.x0 + ws.cw == spec.width else 1)
    ws.lo_y = 1 if ws.y0 == 0 else 0
    ws.hi_y = ws.ch - (2 if ws.y0 + ws.ch == spec.height else 1)


def open_doorways(ws, spec, tiles, hub):
    # Tunnel from this chunk's side of each doorway to tile `hub` (marked 2), in the order left,
    # right, top, bottom, drawing from ws.rng. Every edge shared with another chunk has a doorway,
    # except between chunks of a surface world's top row, whose open sky already joins them.
    # Returns how many doorways were opened.
    cx = ws.cx
    cy = ws.cy
    cw = ws.cw
    ch = ws.ch
    hx = hub & 63
    hy = hub >> 6
    key = spec.key0
    sideways = not (spec.kind == SURFACE and cy == 0)
    count = 0
    if sideways and cx > 0:
        dig_tunnel(ws, tiles, 0, 4 + hash3(key, cx, cy, SALT_EDGE_V) % (ch - 8), hx, hy, 2)
        count += 1
    if sideways and cx < spec.cols - 1:
        dig_tunnel(ws, tiles, cw - 1, 4 + hash3(key, cx + 1, cy, SALT_EDGE_V) % (ch - 8), hx, hy, 2)
        count += 1
    if cy > 0:
        dig_tunnel(ws, tiles, 4 + hash3(key, cx, cy, SALT_EDGE_H) % (cw - 8), 0, hx, hy, 2)
        count += 1
    if cy < spec.rows - 1:
        dig_tunnel(ws, tiles, 4 + hash3(key, cx, cy + 1, SALT_EDGE_H) % (cw - 8), ch - 1, hx, hy, 2)
        count += 1
    return count
