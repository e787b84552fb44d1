# Accretion's room templates (Brogue's room designs): a rectangle, a circle, or a cave blob grown by a
# small cellular automaton, each a box with a core (a 5 x 3 or larger open rectangle: the room's entry
# in `rooms`). A room is ROOM_BYTES of ws.acc, chunk coordinates: core x, y, w, h; box x, y, w, h;
# shape; role (world/accretion.py's). design_room lays a template out (box at 0, 0), place_room moves
# it, dig_room digs its shape out of the chunk.
from maze32._compat import const, micropython, ptr8, ptr16
from maze32.rng import draw_below

ROOM_BYTES = const(10)
RECT = const(0)
CIRCLE = const(1)
BLOB = const(2)
_AIR = const(0)             # tiles.AIR, for the kernels


@micropython.viper
def design_room(ws, k: int, shape: int):
    # Draw room k's template: sizes of its box and core, the core's place in the box (box at 0, 0).
    rng = ws.rng
    a = ptr8(ws.acc)
    o = k * 10                                   # ROOM_BYTES
    if shape == 0:                               # RECT: the core is the box
        w = 5 + int(draw_below(rng, 8))
        h = 3 + int(draw_below(rng, 6))
        bw = w
        bh = h
        cx = 0
        cy = 0
    elif shape == 1:                             # CIRCLE of radius 3..5, a 5 x 3 core at its centre
        r = 3 + int(draw_below(rng, 3))
        w = 5
        h = 3
        bw = 2 * r + 1
        bh = bw
        cx = r - 2
        cy = r - 1
    else:                                        # BLOB: a box of 7..12 x 5..8, a 5 x 3 core centred
        bw = 7 + int(draw_below(rng, 6))
        bh = 5 + int(draw_below(rng, 4))
        w = 5
        h = 3
        cx = (bw - 5) >> 1
        cy = (bh - 3) >> 1
    a[o] = cx
    a[o + 1] = cy
    a[o + 2] = w
    a[o + 3] = h
    a[o + 4] = 0
    a[o + 5] = 0
    a[o + 6] = bw
    a[o + 7] = bh
    a[o + 8] = shape
    a[o + 9] = 0


@micropython.viper
def place_room(ws, k: int, bx: int, by: int):
    # Put room k's box at (bx, by); its core moves with it.
    a = ptr8(ws.acc)
    o = k * 10
    a[o] = a[o] - a[o + 4] + bx
    a[o + 1] = a[o + 1] - a[o + 5] + by
    a[o + 4] = bx
    a[o + 5] = by


@micropython.viper
def dig_room(ws, tiles_obj, k: int):
    # Room k's shape dug out of its box: all of it (rectangle), the tiles within r^2 + r of the centre
    # (circle of radius r), or the blob's cells (grow_blob first; its layout has a rim of one).
    tiles = ptr8(tiles_obj)
    a = ptr8(ws.acc)
    o = k * 10                                   # ROOM_BYTES
    bx = a[o + 4]
    by = a[o + 5]
    bw = a[o + 6]
    bh = a[o + 7]
    shape = a[o + 8]
    blob = ptr8(ws.blob)
    if shape == 2:
        grow_blob(ws, k)
    r = bw >> 1
    limit = r * r + r
    y = 0
    while y < bh:
        c = ((by + y) << 6) + bx
        dy = y - r
        x = 0
        while x < bw:
            if shape == 0:
                tiles[c + x] = _AIR
            elif shape == 1:
                dx = x - r
                if dx * dx + dy * dy <= limit:
                    tiles[c + x] = _AIR
            elif blob[((y + 1) << 4) + x + 1]:
                tiles[c + x] = _AIR
            x += 1
        y += 1


@micropython.viper
def grow_blob(ws, k: int):
    # A cave blob in room k's box, into ws.blob (cell (x, y) of the box at ((y + 1) << 4) + x + 1:
    # a rim of zeros round it, so neighbours need no bounds tests): cells start open 9 in 16 (ws.rng:
    # rng.Rng.below(16), which never rejects), 3 steps of the 4-5 rule (outside the box counts as
    # wall), the core forced open, then only the cells joined to the core kept (a flood through
    # ws.queue). The second half of ws.blob holds each step's result.
    a = ptr8(ws.acc)
    o = k * 10                                   # ROOM_BYTES
    bw = a[o + 6]
    bh = a[o + 7]
    ox = a[o] - a[o + 4]
    oy = a[o + 1] - a[o + 5]
    cw = a[o + 2]
    ch = a[o + 3]
    blob = ptr8(ws.blob)
    queue = ptr16(ws.queue)
    i = 0
    while i < 512:
        blob[i] = 0
        i += 1
    rng = ws.rng
    s0 = int(rng.s0)
    s1 = int(rng.s1)
    y = 1
    while y <= bh:
        x = 1
        while x <= bw:
            t = (s0 + s1) & 0xFFFF
            r = (((t << 9) | (t >> 7)) + s0) & 15           # rotl16(t, 9) + s0, low 4 bits
            s1 ^= s0
            s0 = (((s0 << 13) | (s0 >> 3)) ^ s1 ^ (s1 << 5)) & 0xFFFF
            s1 = ((s1 << 10) | (s1 >> 6)) & 0xFFFF
            blob[(y << 4) + x] = 1 if r < 9 else 0
            x += 1
        y += 1
    rng.s0 = s0
    rng.s1 = s1
    step = 0
    while step < 3:
        y = 1
        while y <= bh:
            c = (y << 4) + 1
            end = c + bw
            while c < end:
                n = blob[c - 17] + blob[c - 16] + blob[c - 15] + blob[c - 1] + blob[c] + blob[c + 1] \
                    + blob[c + 15] + blob[c + 16] + blob[c + 17]
                blob[256 + c] = 1 if n >= 5 else 0
                c += 1
            y += 1
        y = 1
        while y <= bh:
            c = (y << 4) + 1
            end = c + bw
            while c < end:
                blob[c] = blob[256 + c]
                c += 1
            y += 1
        step += 1
    y = oy + 1
    while y <= oy + ch:
        x = ox + 1
        while x <= ox + cw:
            blob[(y << 4) + x] = 1
            x += 1
        y += 1
    start = ((oy + 1) << 4) + ox + 1
    blob[start] = 2
    queue[0] = start
    head = 0
    tail = 1
    while head < tail:
        c = queue[head]
        head += 1
        if blob[c - 1] == 1:
            blob[c - 1] = 2
            queue[tail] = c - 1
            tail += 1
        if blob[c + 1] == 1:
            blob[c + 1] = 2
            queue[tail] = c + 1
            tail += 1
        if blob[c - 16] == 1:
            blob[c - 16] = 2
            queue[tail] = c - 16
            tail += 1
        if blob[c + 16] == 1:
            blob[c + 16] = 2
            queue[tail] = c + 16
            tail += 1
    i = 0
    while i < 256:
        blob[i] = 1 if blob[i] == 2 else 0
        i += 1
