# Room accretion (Brogue CE's attachRooms), the dungeon's other strategy (--strategy accretion): in each
# chunk (its region) a first rectangular room at a drawn place, then rooms designed from a template
# (rectangle, circle, or a blob grown by a small cellular automaton) attached to a room already there:
# through a door one tile outside the old room's box, the new room's box on the far side of it and
# every tile of the new box and its rim still stone. Straight passages join the door to both rooms'
# cores (a 5x3 or larger open rectangle in every room: the room's entry in `rooms`). Every room hangs
# off an earlier one, so the rooms form a tree: connected by construction. Then the chunk's doorways
# (world_tunnels), spawn and stairs where the chunk holds them, traps in 1-2 rooms, items in 2-3.
# A local stage: it reads and writes only its own chunk.
#   Rooms (ws.acc, ROOM_BYTES a room, chunk coordinates): core x, y, w, h; box x, y, w, h; shape;
#   role (0 none, then SPAWN, STAIRS, TRAPPED, STOCKED).
from maze32._compat import const, micropython, ptr8
from maze32.world_tiles import (AIR, DOOR, TRAP, ACID, ITEM, STAIRS, STONE, SALT_CHUNK, MAX_CHUNK_ROOMS,
                                CHUNK_SHIFT, seed_stream)
from maze32.world_caves import fill_window
from maze32.world_regions import flood, nearest_marked
from maze32.world_tunnels import set_bounds, open_doorways

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
    a = ws.acc
    flood(ws, tiles, (a[1] << 6) | a[0], 2)              # every room, through its doors
    hub = nearest_marked(ws, tiles, ws.cw >> 1, ws.ch >> 1, 2, 0, 0)
    open_doorways(ws, spec, tiles, hub)
    place_ends(ws, spec, tiles)
    place_traps_and_items(ws, tiles)


def finish(ws, spec, buf):
    pass


# -- designing and attaching rooms ---------------------------------------------------------------------
def design_room(ws, k, shape):
    # Draw room k's template: sizes of its box and core, the core's place in the box (box at 0, 0).
    rng = ws.rng
    a = ws.acc
    o = k * ROOM_BYTES
    if shape == RECT:
        w = 5 + rng.below(8)
        h = 3 + rng.below(6)
        bw = w
        bh = h
        cx = 0
        cy = 0
    elif shape == CIRCLE:
        r = 3 + rng.below(3)
        w = 5
        h = 3
        bw = bh = 2 * r + 1
        cx = r - 2
        cy = r - 1
    else:
        bw = 7 + rng.below(6)
        bh = 5 + rng.below(4)
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


def _move(ws, k, bx, by):
    # Put room k's box at (bx, by); its core moves with it.
    a = ws.acc
    o = k * ROOM_BYTES
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


def try_attach(ws, tiles, k, side, n):
    # Attach room n (designed) to room k on `side`: True when it fitted and was dug.
    rng = ws.rng
    a = ws.acc
    o = k * ROOM_BYTES
    p = n * ROOM_BYTES
    kcx = a[o]                  # room k: core, box
    kcy = a[o + 1]
    kcw = a[o + 2]
    kch = a[o + 3]
    kbx = a[o + 4]
    kby = a[o + 5]
    kbw = a[o + 6]
    kbh = a[o + 7]
    offx = a[p]                 # room n: its core's place in its box, core and box sizes
    offy = a[p + 1]
    ncw = a[p + 2]
    nch = a[p + 3]
    nbw = a[p + 6]
    nbh = a[p + 7]
    if side == _SIDE_UP or side == _SIDE_DOWN:
        dx = kcx + rng.below(kcw)
        dy = kby - 1 if side == _SIDE_UP else kby + kbh
        bx = dx - rng.below(ncw) - offx
        by = dy - nbh if side == _SIDE_UP else dy + 1
    else:
        dy = kcy + rng.below(kch)
        dx = kbx + kbw if side == _SIDE_RIGHT else kbx - 1
        by = dy - rng.below(nch) - offy
        bx = dx + 1 if side == _SIDE_RIGHT else dx - nbw
    if bx < 2 or by < 2 or bx + nbw > ws.cw - 2 or by + nbh > ws.ch - 2:
        return False
    if not is_stone(ws, tiles, bx - 1, by - 1, bx + nbw, by + nbh):
        return False
    _move(ws, n, bx, by)
    dig_room(ws, tiles, n)
    ncx = bx + offx
    ncy = by + offy
    if side == _SIDE_UP:
        dig_line(tiles, dx, dy + 1, dx, kcy - 1, AIR)
        dig_line(tiles, dx, ncy + nch, dx, dy - 1, AIR)
    elif side == _SIDE_DOWN:
        dig_line(tiles, dx, kcy + kch, dx, dy - 1, AIR)
        dig_line(tiles, dx, dy + 1, dx, ncy - 1, AIR)
    elif side == _SIDE_RIGHT:
        dig_line(tiles, kcx + kcw, dy, dx - 1, dy, AIR)
        dig_line(tiles, dx + 1, dy, ncx - 1, dy, AIR)
    else:
        dig_line(tiles, dx + 1, dy, kcx - 1, dy, AIR)
        dig_line(tiles, ncx + ncw, dy, dx - 1, dy, AIR)
    dig_line(tiles, dx, dy, dx, dy, DOOR)
    return True


def attach_rooms(ws, tiles):
    # The first room, then up to ATTEMPTS attachments (a drawn room, side and template each), until
    # MAX_CHUNK_ROOMS rooms.
    rng = ws.rng
    cw = ws.cw
    ch = ws.ch
    design_room(ws, 0, RECT)
    a = ws.acc
    a[2] = a[6] = min(a[6], cw - 5)
    a[3] = a[7] = min(a[7], ch - 5)
    _move(ws, 0, 2 + rng.below(cw - 4 - a[6]), 2 + rng.below(ch - 4 - a[7]))
    dig_room(ws, tiles, 0)
    ws.acc_count = 1
    tries = 0
    while tries < ATTEMPTS and ws.acc_count < MAX_CHUNK_ROOMS:
        tries += 1
        k = rng.below(ws.acc_count)
        side = rng.below(4)
        shape = rng.below(4)
        shape = shape - 1 if shape else RECT           # rectangles half the time
        n = ws.acc_count
        design_room(ws, n, shape)
        if try_attach(ws, tiles, k, side, n):
            ws.acc_count = n + 1


def dig_room(ws, tiles, k):
    # Room k's shape dug out of its box.
    a = ws.acc
    o = k * ROOM_BYTES
    bx = a[o + 4]
    by = a[o + 5]
    bw = a[o + 6]
    bh = a[o + 7]
    shape = a[o + 8]
    if shape == RECT:
        dig_line(tiles, bx, by, bx + bw - 1, by + bh - 1, AIR)
    elif shape == CIRCLE:
        r = bw >> 1
        limit = r * r + r
        dy = -r
        while dy <= r:
            dx = -r
            while dx <= r:
                if dx * dx + dy * dy <= limit:
                    tiles[((by + r + dy) << 6) + bx + r + dx] = AIR
                dx += 1
            dy += 1
    else:
        grow_blob(ws, k)
        blob = ws.blob
        y = 0
        while y < bh:
            x = 0
            while x < bw:
                if blob[(y << 4) + x]:
                    tiles[((by + y) << 6) + bx + x] = AIR
                x += 1
            y += 1


def grow_blob(ws, k):
    # A cave blob in room k's box (ws.blob, pitch 16): cells start open 9 in 16 (drawn), 3 steps of the
    # 4-5 rule (outside the box counts as wall), the core forced open, then only the cells joined to
    # the core kept.
    rng = ws.rng
    a = ws.acc
    o = k * ROOM_BYTES
    bw = a[o + 6]
    bh = a[o + 7]
    ox = a[o] - a[o + 4]
    oy = a[o + 1] - a[o + 5]
    cw = a[o + 2]
    ch = a[o + 3]
    blob = ws.blob
    y = 0
    while y < bh:
        x = 0
        while x < bw:
            blob[(y << 4) + x] = 1 if rng.below(16) < 9 else 0
            x += 1
        y += 1
    step = 0
    while step < 3:
        y = 0
        while y < bh:
            x = 0
            while x < bw:
                n = 0
                j = y - 1
                while j <= y + 1:
                    i = x - 1
                    while i <= x + 1:
                        if 0 <= i < bw and 0 <= j < bh:
                            n += blob[(j << 4) + i]
                        i += 1
                    j += 1
                blob[256 + (y << 4) + x] = 1 if n >= 5 else 0
                x += 1
            y += 1
        i = 0
        while i < 256:
            blob[i] = blob[256 + i]
            i += 1
        step += 1
    y = oy
    while y < oy + ch:
        x = ox
        while x < ox + cw:
            blob[(y << 4) + x] = 1
            x += 1
        y += 1
    # Keep what is joined to the core: flood from its corner marking 2, then 2 -> 1, anything else 0.
    queue = ws.queue
    start = (oy << 4) + ox
    blob[start] = 2
    queue[0] = start
    head = 0
    tail = 1
    while head < tail:
        c = queue[head]
        head += 1
        x = c & 15
        y = c >> 4
        d = 0
        while d < 4:
            nx = x + (1 if d == 1 else (-1 if d == 3 else 0))
            ny = y + (1 if d == 2 else (-1 if d == 0 else 0))
            d += 1
            if 0 <= nx < bw and 0 <= ny < bh:
                n = (ny << 4) + nx
                if blob[n] == 1:
                    blob[n] = 2
                    queue[tail] = n
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
        k = rng.below(ws.acc_count)
        if ws.acc[k * ROOM_BYTES + 9] == 0:
            return k
    return -1


def place_traps_and_items(ws, tiles):
    # Traps (a lid of 2-3 tiles in the core's floor row over acid in the stone below) in 1-2 rooms,
    # an item on the floor of 2-3 others.
    rng = ws.rng
    a = ws.acc
    n = 1 + rng.below(2)
    while n:
        n -= 1
        k = _free_room(ws)
        if k < 0:
            continue
        o = k * ROOM_BYTES
        a[o + 9] = TRAPPED
        w = 2 + rng.below(2)
        x = a[o] + 1 + rng.below(a[o + 2] - w - 1)
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
    n = 2 + rng.below(2)
    while n:
        n -= 1
        k = _free_room(ws)
        if k < 0:
            continue
        o = k * ROOM_BYTES
        a[o + 9] = STOCKED
        x = a[o] + 1 + rng.below(a[o + 2] - 2)
        tiles[((a[o + 1] + a[o + 3] - 1) << 6) + x] = ITEM


def chunk_rooms(ws, out):
    # Append the last chunk's rooms (cores) to `out` as [x, y, w, h] in world coordinates (hosts only).
    a = ws.acc
    k = 0
    while k < ws.acc_count:
        o = k * ROOM_BYTES
        out.append([ws.x0 + a[o], ws.y0 + a[o + 1], a[o + 2], a[o + 3]])
        k += 1
