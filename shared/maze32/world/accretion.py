# Room accretion (Brogue CE's attachRooms), the dungeon's other strategy (--strategy accretion): in each
# chunk (its region) a first rectangular room at a drawn place, then rooms designed from a template
# (rectangle, circle, or a blob grown by a small cellular automaton) attached to a room already there:
# through a door one tile outside the old room's box, the new room's box on the far side of it and
# every tile of the new box and its rim still stone. Straight passages join the door to both rooms'
# cores (a 5x3 or larger open rectangle in every room: the room's entry in `rooms`). Every room hangs
# off an earlier one, so the rooms form a tree: connected by construction. Then the chunk's doorways
# (tunnels), spawn and stairs where the chunk holds them, traps in 1-2 rooms, items in 2-3.
# A local stage: it reads and writes only its own chunk.
#   Rooms (ws.acc, ROOM_BYTES a room, chunk coordinates): core x, y, w, h; box x, y, w, h; shape;
#   role (0 none, then SPAWN, STAIRS, TRAPPED, STOCKED).
from maze32._compat import const, micropython, ptr8, ptr16
from maze32.rng import draw_below
from maze32.world.tiles import (TRAP, ACID, ITEM, STAIRS, STONE, SALT_CHUNK, CHUNK_SHIFT, seed_stream)
from maze32.world.caves import fill_window
from maze32.world.regions import mark_open, nearest_marked
from maze32.world.tunnels import set_bounds, open_doorways

ROOM_BYTES = const(10)
RECT = const(0)
CIRCLE = const(1)
BLOB = const(2)
SPAWN = const(1)
STAIRS_ROOM = const(2)
TRAPPED = const(3)
STOCKED = const(4)
ATTEMPTS = const(120)       # attachments tried per chunk
_SIDE_UP = const(0)
_SIDE_RIGHT = const(1)
_SIDE_DOWN = const(2)
_SIDE_LEFT = const(3)


def shape(ws, spec, buf):
    # Field: stone.
    fill_window(ws, buf, STONE)


def settle(ws, spec, tiles):
    # Local: the rooms, the doorways, spawn and stairs, traps and items.
    seed_stream(spec, ws.rng, ws.cx, ws.cy, SALT_CHUNK)
    set_bounds(ws, spec)
    attach_rooms(ws, tiles)
    mark_open(ws, tiles, 2)                  # every room: all joined through their doors
    hub = nearest_marked(ws, tiles, ws.cw >> 1, ws.ch >> 1, 2, 0, 0)
    open_doorways(ws, spec, tiles, hub)
    place_ends(ws, spec, tiles)
    place_traps_and_items(ws, tiles)


def finish(ws, spec, buf):
    pass


# -- designing and attaching rooms ---------------------------------------------------------------------
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
def is_stone(ws, tiles_obj, x0: int, y0: int, x1: int, y1: int) -> int:
    # Whether x0..x1, y0..y1 (inclusive, chunk coordinates) lies 1 or more inside the chunk and is
    # all stone.
    if x0 < 1 or y0 < 1 or x1 > int(ws.cw) - 2 or y1 > int(ws.ch) - 2:
        return 0
    tiles = ptr8(tiles_obj)
    y = y0
    while y <= y1:
        c = (y << 6) + x0
        end = (y << 6) + x1
        while c <= end:
            if tiles[c] != 3:               # STONE
                return 0
            c += 1
        y += 1
    return 1


@micropython.viper
def dig_line(tiles_obj, x0: int, y0: int, x1: int, y1: int, t: int):
    # Tiles x0..x1, y0..y1 (inclusive; empty when reversed) become t.
    tiles = ptr8(tiles_obj)
    y = y0
    while y <= y1:
        x = x0
        while x <= x1:
            tiles[(y << 6) + x] = t
            x += 1
        y += 1


@micropython.viper
def attach_rooms(ws, tiles_obj):
    # The first room, a rectangle at a drawn place; then up to ATTEMPTS attachments until
    # MAX_CHUNK_ROOMS rooms. An attempt draws, in this order and each from ws.rng as rng.Rng.below
    # does: the old room k, the side, the template (rectangles half the time), the template's sizes
    # (design_room's draws), the door's place along k's core and the new core's place along the door
    # (try_attach's). The draws are made at one place below, in a loop over the attempt's phases, with
    # the generator's state in locals (a call per draw would cost more than the rest of the attempt);
    # the blob's cells draw from ws.rng, so the state is written back around dig_room.
    rng = ws.rng
    cw = int(ws.cw)
    ch = int(ws.ch)
    tiles = ptr8(tiles_obj)
    a = ptr8(ws.acc)
    design_room(ws, 0, 0)
    if a[6] > cw - 5:
        a[6] = cw - 5
    if a[7] > ch - 5:
        a[7] = ch - 5
    a[2] = a[6]
    a[3] = a[7]
    bx = 2 + int(draw_below(rng, cw - 4 - a[6]))
    place_room(ws, 0, bx, 2 + int(draw_below(rng, ch - 4 - a[7])))
    dig_room(ws, tiles_obj, 0)
    s0 = int(rng.s0)
    s1 = int(rng.s1)
    count = 1
    tries = 0
    phase = 0
    k = 0
    side = 0
    shape = 0
    d3 = 0
    d4 = 0
    d5 = 0
    while tries < ATTEMPTS and count < 24:           # MAX_CHUNK_ROOMS
        o = k * 10
        p = count * 10
        # The bound of this phase's draw (0: no draw).
        if phase == 0:
            n = count                                # the old room
        elif phase == 1 or phase == 2:
            n = 4                                    # the side; the template
        elif phase == 3:
            n = 8 if shape == 0 else (3 if shape == 1 else 6)      # width; radius; box width
        elif phase == 4:
            n = 6 if shape == 0 else (0 if shape == 1 else 4)      # height; -; box height
        elif phase == 5:
            n = a[o + 2] if (side & 1) == 0 else a[o + 3]          # the door along k's core
        else:
            n = a[p + 2] if (side & 1) == 0 else a[p + 3]          # the new core along the door
        r = 0
        if n > 1:
            mask = n - 1
            mask |= mask >> 1
            mask |= mask >> 2
            mask |= mask >> 4
            mask |= mask >> 8
            r = n
            while r >= n:
                t = (s0 + s1) & 0xFFFF
                r = ((t << 9) + (t >> 7) + s0) & mask          # rotl16(t, 9) + s0, its low bits
                s1 ^= s0
                s0 = (((s0 << 13) | (s0 >> 3)) ^ s1 ^ (s1 << 5)) & 0xFFFF
                s1 = ((s1 << 10) | (s1 >> 6)) & 0xFFFF
        elif n == 1:
            t = (s0 + s1) & 0xFFFF                   # Rng.below(1) still draws once
            s1 ^= s0
            s0 = (((s0 << 13) | (s0 >> 3)) ^ s1 ^ (s1 << 5)) & 0xFFFF
            s1 = ((s1 << 10) | (s1 >> 6)) & 0xFFFF
        if phase == 0:
            k = r
        elif phase == 1:
            side = r
        elif phase == 2:
            shape = r - 1 if r else 0
        elif phase == 3:
            d3 = r
        elif phase == 4:
            d4 = r
            # design_room's template, from its draws.
            if shape == 0:
                bw = 5 + d3
                bh = 3 + d4
                a[p] = 0
                a[p + 1] = 0
                a[p + 2] = bw
                a[p + 3] = bh
            else:
                bw = 2 * (3 + d3) + 1 if shape == 1 else 7 + d3
                bh = bw if shape == 1 else 5 + d4
                a[p] = (3 + d3) - 2 if shape == 1 else (bw - 5) >> 1
                a[p + 1] = (3 + d3) - 1 if shape == 1 else (bh - 3) >> 1
                a[p + 2] = 5
                a[p + 3] = 3
            a[p + 4] = 0
            a[p + 5] = 0
            a[p + 6] = bw
            a[p + 7] = bh
            a[p + 8] = shape
            a[p + 9] = 0
        elif phase == 5:
            d5 = r
        else:
            # try_attach: the door just outside k's box, the new box beyond it.
            nbw = a[p + 6]
            nbh = a[p + 7]
            if side == 0 or side == 2:
                dx = a[o] + d5
                dy = a[o + 5] - 1 if side == 0 else a[o + 5] + a[o + 7]
                bx = dx - r - a[p]
                by = dy - nbh if side == 0 else dy + 1
            else:
                dy = a[o + 1] + d5
                dx = a[o + 4] + a[o + 6] if side == 1 else a[o + 4] - 1
                by = dy - r - a[p + 1]
                bx = dx + 1 if side == 1 else dx - nbw
            fits = 1
            if bx < 2 or by < 2 or bx + nbw > cw - 2 or by + nbh > ch - 2:
                fits = 0
            y = by - 1
            while fits and y <= by + nbh:            # the box and its rim all stone
                c = (y << 6) + bx - 1
                end = (y << 6) + bx + nbw
                while c <= end:
                    if tiles[c] != 3:                # STONE
                        fits = 0
                        break
                    c += 1
                y += 1
            if fits:
                place_room(ws, count, bx, by)
                rng.s0 = s0
                rng.s1 = s1
                dig_room(ws, tiles_obj, count)
                s0 = int(rng.s0)
                s1 = int(rng.s1)
                kcx = a[o]
                kcy = a[o + 1]
                ncx = a[p]
                ncy = a[p + 1]
                if side == 0:
                    dig_line(tiles_obj, dx, dy + 1, dx, kcy - 1, 0)
                    dig_line(tiles_obj, dx, ncy + a[p + 3], dx, dy - 1, 0)
                elif side == 2:
                    dig_line(tiles_obj, dx, kcy + a[o + 3], dx, dy - 1, 0)
                    dig_line(tiles_obj, dx, dy + 1, dx, ncy - 1, 0)
                elif side == 1:
                    dig_line(tiles_obj, kcx + a[o + 2], dy, dx - 1, dy, 0)
                    dig_line(tiles_obj, dx + 1, dy, ncx - 1, dy, 0)
                else:
                    dig_line(tiles_obj, dx + 1, dy, kcx - 1, dy, 0)
                    dig_line(tiles_obj, ncx + a[p + 2], dy, dx - 1, dy, 0)
                tiles[(dy << 6) + dx] = 9            # DOOR
                count += 1
            tries += 1
            phase = -1
        phase += 1
    rng.s0 = s0
    rng.s1 = s1
    ws.acc_count = count


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
                tiles[c + x] = 0                 # AIR
            elif shape == 1:
                dx = x - r
                if dx * dx + dy * dy <= limit:
                    tiles[c + x] = 0
            elif blob[((y + 1) << 4) + x + 1]:
                tiles[c + x] = 0
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


# -- spawn, stairs, traps, items ---------------------------------------------------------------------
def _floor_middle(ws, k):
    # Room k's core, bottom row, middle tile (chunk index).
    a = ws.acc
    o = k * ROOM_BYTES
    return ((a[o + 1] + a[o + 3] - 1) << 6) + a[o] + (a[o + 2] >> 1)


def place_ends(ws, spec, tiles):
    # The spawn chunk's spawn: room 0's floor, middle. The stairs chunk's stairs: the floor middle of
    # the room whose core centre is farthest from the spawn chunk's centre (from the spawn in the same
    # chunk; then one tile right of the spawn's room middle if it is the same room).
    a = ws.acc
    spawn_here = ws.cx == spec.spawn_cx and ws.cy == spec.spawn_cy
    if spawn_here:
        c = _floor_middle(ws, 0)
        a[9] = SPAWN
        ws.spawn_x = ws.x0 + (c & 63)
        ws.spawn_y = ws.y0 + (c >> 6)
    if ws.cx == spec.stairs_cx and ws.cy == spec.stairs_cy:
        if spawn_here:
            px = ws.spawn_x - ws.x0
            py = ws.spawn_y - ws.y0
        else:
            px = (spec.spawn_cx << CHUNK_SHIFT) + (spec.chunk_width(spec.spawn_cx) >> 1) - ws.x0
            py = (spec.spawn_cy << CHUNK_SHIFT) + (spec.chunk_height(spec.spawn_cy) >> 1) - ws.y0
        best = 0
        best_d = -1
        k = 0
        while k < ws.acc_count:
            o = k * ROOM_BYTES
            d = abs(a[o] + (a[o + 2] >> 1) - px) + abs(a[o + 1] + (a[o + 3] >> 1) - py)
            if d > best_d:
                best = k
                best_d = d
            k += 1
        c = _floor_middle(ws, best)
        if a[best * ROOM_BYTES + 9] == SPAWN:
            c = ((c >> 6) << 6) + a[best * ROOM_BYTES] + a[best * ROOM_BYTES + 2] - 1
        else:
            a[best * ROOM_BYTES + 9] = STAIRS_ROOM
        tiles[c] = STAIRS
        ws.stairs_x = ws.x0 + (c & 63)
        ws.stairs_y = ws.y0 + (c >> 6)


def _free_room(ws):
    # A room drawn uniformly that has no role yet, -1 after 16 draws without one.
    rng = ws.rng
    tries = 0
    while tries < 16:
        tries += 1
        k = draw_below(rng, ws.acc_count)
        if ws.acc[k * ROOM_BYTES + 9] == 0:
            return k
    return -1


def place_traps_and_items(ws, tiles):
    # Traps (a lid of 2-3 tiles in the core's floor row over acid in the stone below) in 1-2 rooms,
    # an item on the floor of 2-3 others.
    rng = ws.rng
    a = ws.acc
    n = 1 + draw_below(rng, 2)
    while n:
        n -= 1
        k = _free_room(ws)
        if k < 0:
            continue
        o = k * ROOM_BYTES
        a[o + 9] = TRAPPED
        w = 2 + draw_below(rng, 2)
        x = a[o] + 1 + draw_below(rng, a[o + 2] - w - 1)
        y = a[o + 1] + a[o + 3] - 1
        dig_line(tiles, x, y, x + w - 1, y, TRAP)
        j = y + 1
        while j <= y + 2 and j < ws.ch - 1:
            i = x
            while i < x + w:
                if tiles[(j << 6) + i] == STONE:
                    tiles[(j << 6) + i] = ACID
                i += 1
            j += 1
    n = 2 + draw_below(rng, 2)
    while n:
        n -= 1
        k = _free_room(ws)
        if k < 0:
            continue
        o = k * ROOM_BYTES
        a[o + 9] = STOCKED
        x = a[o] + 1 + draw_below(rng, a[o + 2] - 2)
        tiles[((a[o + 1] + a[o + 3] - 1) << 6) + x] = ITEM


def chunk_rooms(ws, out):
    # Append the last chunk's rooms (cores) to `out` as [x, y, w, h] in world coordinates (hosts only).
    a = ws.acc
    k = 0
    while k < ws.acc_count:
        o = k * ROOM_BYTES
        out.append([ws.x0 + a[o], ws.y0 + a[o + 1], a[o + 2], a[o + 3]])
        k += 1
