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
_BLOB_ROWS = const(32)      # a grown blob's first row in ws.queue (grow_blob)
# While a chunk's rooms are attached, ws.queue[OCCUPIED:OCCUPIED + 256] holds a bit for each of its
# tiles, set where the tile is dug (no longer stone): tile c at bit c & 15 of entry OCCUPIED + (c >> 4),
# so a row of 64 tiles is 4 entries (accretion's fits test reads a room's box and rim from them).
OCCUPIED = const(64)
_OCCUPIED = const(64)


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
    # Room k's shape dug out of its box, a row of bits at a time (bit x: the box's column x): all of
    # it (rectangle), the run of tiles within r^2 + r of the centre (circle of radius r), or the
    # blob's cells (grow_blob first); each dug tile also set in the occupancy bits (OCCUPIED).
    tiles = ptr8(tiles_obj)
    a = ptr8(ws.acc)
    o = k * 10                                   # ROOM_BYTES
    bx = a[o + 4]
    by = a[o + 5]
    bw = a[o + 6]
    bh = a[o + 7]
    shape = a[o + 8]
    queue = ptr16(ws.queue)
    if shape == 2:
        grow_blob(ws, k)
    r = bw >> 1
    limit = r * r + r
    y = 0
    while y < bh:
        if shape == 0:
            bits = (1 << bw) - 1
        elif shape == 1:                         # the run |dx| <= half, half^2 + dy^2 <= limit
            rest = limit - (y - r) * (y - r)
            half = r
            while half * half > rest:
                half -= 1
            bits = ((2 << (half << 1)) - 1) << (r - half)
        else:
            bits = queue[_BLOB_ROWS + y]
        c = ((by + y) << 6) + bx
        queue[_OCCUPIED + (c >> 4)] |= (bits << (c & 15)) & 0xFFFF
        queue[_OCCUPIED + (c >> 4) + 1] |= bits >> (16 - (c & 15))
        while bits:
            if bits & 1:
                tiles[c] = _AIR
            bits >>= 1
            c += 1
        y += 1


@micropython.viper
def grow_blob(ws, k: int):
    # A cave blob in room k's box, as rows of bits in ws.queue (row y of the box at
    # queue[_BLOB_ROWS + y], its cell x at bit x, set = open): cells start open 9 in 16 (ws.rng:
    # rng.Rng.below(16), which never rejects; row by row), 3 steps of the 4-5 rule (open where 5 or
    # more of the 9 cells centred on it are; outside the box counts as wall), the core forced open,
    # then only the cells joined to the core kept (a flood, row by row). A row at a time, bitwise: a
    # cell at a time this cost 55,000-63,000 RV32 instructions a blob. The rule's rows sit at
    # queue[1..bh], between two zero rows; the flood's at queue[_BLOB_ROWS - 1..], the same way.
    a = ptr8(ws.acc)
    o = k * 10                                   # ROOM_BYTES
    bw = a[o + 6]
    bh = a[o + 7]
    ox = a[o] - a[o + 4]
    oy = a[o + 1] - a[o + 5]
    cw = a[o + 2]
    ch = a[o + 3]
    rows = ptr16(ws.queue)
    full = (1 << bw) - 1
    rng = ws.rng
    s0 = int(rng.s0)
    s1 = int(rng.s1)
    rows[0] = 0
    rows[bh + 1] = 0
    y = 1
    while y <= bh:
        bits = 0
        x = 0
        while x < bw:
            t = (s0 + s1) & 0xFFFF
            r = (((t << 9) | (t >> 7)) + s0) & 15           # rotl16(t, 9) + s0, low 4 bits
            s1 ^= s0
            s0 = (((s0 << 13) | (s0 >> 3)) ^ s1 ^ (s1 << 5)) & 0xFFFF
            s1 = ((s1 << 10) | (s1 >> 6)) & 0xFFFF
            if r < 9:
                bits |= 1 << x
            x += 1
        rows[y] = bits
        y += 1
    rng.s0 = s0
    rng.s1 = s1
    step = 0
    while step < 3:
        up = 0                                   # the row above as it was before this step
        y = 1
        while y <= bh:
            mid = rows[y]
            down = rows[y + 1]
            # Each column's count of open cells in rows y-1..y+1, v0 + 2 v1; then the sum of that
            # over columns x-1, x, x+1 (shifted in: beyond the box, zero), as ones + 2 T.
            v0 = up ^ mid ^ down
            v1 = (up & mid) | (down & (up ^ mid))
            l0 = v0 << 1
            r0 = v0 >> 1
            l1 = v1 << 1
            r1 = v1 >> 1
            ones = l0 ^ v0 ^ r0
            carry = (l0 & v0) | (r0 & (l0 ^ v0))
            u0 = l1 ^ v1 ^ r1
            u1 = (l1 & v1) | (r1 & (l1 ^ v1))
            t0 = u0 ^ carry                      # T = t0 + 2 t1 + 4 t2 (0..4)
            c = u0 & carry
            t1 = u1 ^ c
            t2 = u1 & c
            rows[y] = (t2 | (t1 & (t0 | ones))) & full       # ones + 2 T >= 5
            up = mid
            y += 1
        step += 1
    y = oy + 1
    while y <= oy + ch:
        rows[y] |= ((1 << cw) - 1) << ox
        y += 1
    # The flood: the core's first cell, then down and up the rows, each row's reach grown from the
    # rows beside it and along its open runs, until a sweep both ways grows nothing.
    reach = _BLOB_ROWS - 1                       # the flood's rows: reach + 1 + y, zero at both ends
    y = 0
    while y <= bh + 1:
        rows[reach + y] = 0
        y += 1
    rows[reach + 1 + oy] = 1 << ox
    grown = 1
    while grown:
        grown = 0
        i = 0
        while i < 2 * bh:
            y = i + 1 if i < bh else 2 * bh - i
            room = rows[y]
            was = rows[reach + y]
            g = (was | rows[reach + y - 1] | rows[reach + y + 1]) & room
            more = (g | (g << 1) | (g >> 1)) & room
            while more != g:
                g = more
                more = (g | (g << 1) | (g >> 1)) & room
            if g != was:
                rows[reach + y] = g
                grown = 1
            i += 1
