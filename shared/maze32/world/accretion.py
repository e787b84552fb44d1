# Room accretion (Brogue CE's attachRooms), the dungeon's other strategy (--strategy accretion): in each
# chunk (its region) a first rectangular room at a drawn place, then rooms designed from a template
# (rectangle, circle, or a blob grown by a small cellular automaton) attached to a room already there:
# through a door one tile outside the old room's box, the new room's box on the far side of it and
# every tile of the new box and its rim still stone. Straight passages join the door to both rooms'
# cores (a 5x3 or larger open rectangle in every room: the room's entry in `rooms`). Every room hangs
# off an earlier one, so the rooms form a tree: connected by construction. Then the chunk's doorways
# (tunnels), spawn and stairs where the chunk holds them (the stairs in the room farthest from the
# spawn, by route when it shares the chunk; on solid ground), and the region's traps (1-2, fire or a sealed acid pocket under a lid) and items (2-3)
# that fall to this chunk.
# A local stage: it reads and writes only its own chunk.
#   Rooms (ws.acc, ROOM_BYTES a room, chunk coordinates, world/templates.py): core x, y, w, h; box x,
#   y, w, h; shape; role (0 none, then SPAWN, STAIRS, TRAPPED, STOCKED).
from maze32._compat import const, micropython, ptr8, ptr16, ptr32, compiled
from maze32.rng import draw_below
from maze32.world.tiles import (TRAP, ACID, FIRE, ITEM, STAIRS, STONE, SOLID, SALT_CHUNK, SALT_STOCK, CHUNK_SHIFT,
                                REGION_SHIFT, seed_stream, hash3, mix16)
from maze32.world.fields import fill_window
from maze32.world.regions import mark_open, nearest_marked
from maze32.world.tunnels import set_bounds, open_doorways
from maze32.world.fields import locate_in_chunks as locate  # noqa: F401  (spawn and stairs: built to be found)
from maze32.world.templates import ROOM_BYTES, RECT, design_room, place_room, dig_room
from maze32.world.stairs_routes import chunk_route_levels, rank_by_route

SPAWN = const(1)
STAIRS_ROOM = const(2)
TRAPPED = const(3)
STOCKED = const(4)
ATTEMPTS = const(120)       # attachments tried per chunk
_SIDE_UP = const(0)
_SIDE_RIGHT = const(1)
_SIDE_DOWN = const(2)
_SIDE_LEFT = const(3)
_AIR = const(0)             # tiles.AIR, STONE and DOOR, for the kernels
_STONE = const(3)
_DOOR = const(9)
_OCCUPIED = const(64)        # templates.OCCUPIED


def shape(ws, spec, buf):
    # Field: stone. A window of pitch 64 (a chunk's, or a world 64 wide) is whole rows from the
    # buffer's start: compiled, a word a store (a byte a store cost a chunk 106,000 RV32 instructions).
    if WORDS and ws.win_pitch == 64:
        fill_stone_words(buf, ws.win_h << 4)
    else:
        fill_window(ws, buf, STONE)


def settle(ws, spec, tiles):
    # Local: the rooms, the doorways, spawn and stairs, traps and items.
    seed_stream(spec, ws.rng, ws.cx, ws.cy, SALT_CHUNK)
    set_bounds(ws, spec)
    attach_rooms(ws, tiles)
    if WORDS:                                # every room: all joined through their doors
        mark_rooms_words(ws.marks, tiles)
    else:
        mark_open(ws, tiles, 2)
    hub = nearest_marked(ws, tiles, ws.cw >> 1, ws.ch >> 1, 2, 0, 0)
    open_doorways(ws, spec, tiles, hub, 1)
    place_ends(ws, spec, tiles)
    place_traps_and_items(ws, spec, tiles)


def finish(ws, spec, buf):
    pass


@micropython.viper
def fill_stone_words(buf: ptr32, n: int):
    # The first n words of buf (a multiple of 4) STONE, four tiles a word, four words a turn (buf
    # moves on: a constant index folds into the store).
    stone = 0x03030303
    end = int(buf) + (n << 2)
    while int(buf) < end:
        buf[0] = stone
        buf[1] = stone
        buf[2] = stone
        buf[3] = stone
        buf = ptr32(int(buf) + 16)


@micropython.viper
def mark_rooms_words(marks: ptr32, tiles: ptr32):
    # regions.mark_open(ws, tiles, 2) over the chunk's 4096 tiles after attach_rooms, when they are
    # only AIR, STONE and DOOR, four tiles a word (a tile a turn cost a chunk 145,000 RV32
    # instructions): t ^ STONE is 0 for stone, 3 for air, 10 for a door, so bit 0 of x | x >> 1 | x >> 3
    # (each byte's own bits 0, 1, 3) is 1 just where the tile is open; doubled, the mark 2. Both
    # pointers move on, two words a turn (the arguments live in registers).
    end = int(tiles) + 4096
    while int(tiles) < end:
        x = tiles[0] ^ 0x03030303
        marks[0] = ((x | (x >> 1) | (x >> 3)) & 0x01010101) << 1
        x = tiles[1] ^ 0x03030303
        marks[1] = ((x | (x >> 1) | (x >> 3)) & 0x01010101) << 1
        tiles = ptr32(int(tiles) + 8)
        marks = ptr32(int(marks) + 8)


# Word-wide fills and marks where the kernels are machine code; as bytecode, the byte-wide field and
# regions primitives (ptr32 is the buffer itself there, a byte an entry).
WORDS = compiled(fill_stone_words)


# -- designing and attaching rooms ---------------------------------------------------------------------
def attach_rooms(ws, tiles):
    # Brogue's attachRooms over one chunk: the first room, then rooms attached to it and to each other.
    clear_occupied(ws.queue)
    insert_first_room(ws, tiles)
    ws.acc_count = attach_more_rooms(ws, tiles)


@micropython.viper
def clear_occupied(queue_obj):
    # No tile dug yet: the occupancy bits (templates.OCCUPIED) all clear.
    occ = ptr16(queue_obj)
    i = _OCCUPIED
    while i < _OCCUPIED + 256:
        occ[i] = 0
        i += 1


def insert_first_room(ws, tiles):
    # Room 0: a rectangle (design_room's draws), no larger than the chunk less 5 each way, at a drawn
    # place 2 or more inside the chunk, dug.
    rng = ws.rng
    a = ws.acc
    design_room(ws, 0, RECT)
    a[6] = min(a[6], ws.cw - 5)
    a[7] = min(a[7], ws.ch - 5)
    a[2] = a[6]
    a[3] = a[7]
    bx = 2 + draw_below(rng, ws.cw - 4 - a[6])
    place_room(ws, 0, bx, 2 + draw_below(rng, ws.ch - 4 - a[7]))
    dig_room(ws, tiles, 0)


# Rng.below(n)'s mask for n = 0..32: the smallest 2^k - 1 that covers n - 1.
_MASKS = bytes([0, 0, 1, 3, 3] + [7] * 4 + [15] * 8 + [31] * 16)


def attach_more_rooms(ws, tiles):
    # Rooms attached after room 0 (attach_rooms_from): returns the count.
    _attaching[0] = ws
    _attaching[1] = tiles
    return attach_rooms_from(ws.rng.s0, ws.rng.s1)


# attach_rooms_from's workspace and tiles (_compat.py, Registers: its arguments are the generator's
# state, the busiest locals of its draws).
_attaching = [None, None]


@micropython.viper
def attach_rooms_from(s0: int, s1: int) -> int:
    # Up to ATTEMPTS attempts after room 0, until MAX_CHUNK_ROOMS rooms; returns the count. Brogue's
    # steps, each attempt in turn (inline: a call costs about as much as an attempt's own work, and a
    # chunk makes ~110 attempts):
    #   draws          the old room k, the side, the template (rectangles half the time), the template's
    #                  two sizes, the door's place along k's core, the new core's place along the door:
    #                  seven draws in this order, each as rng.Rng.below draws (the generator's state in
    #                  the arguments, registers: a call per draw would cost more than the rest of the
    #                  attempt);
    #   design_room    the template laid out in slot `count` (design_room's shapes, box at 0, 0);
    #   room_fits_at   the door just outside k's box on that side, the new box beyond it; it fits when
    #                  the box and its rim lie 2 or more inside the chunk and are all stone: none of
    #                  their tiles' occupancy bits set (templates.OCCUPIED), a row of them in two words;
    #   insert_room_at when it fits: dug, joined through the door (insert_room_at).
    # Invariant: a room is dug only where its box and rim were all stone, so rooms never overlap and
    # each hangs off an earlier one through its door: the rooms form a tree, connected by construction.
    ws = _attaching[0]
    tiles_obj = _attaching[1]
    rng = ws.rng
    cw = int(ws.cw)
    ch = int(ws.ch)
    a = ptr8(ws.acc)
    occ = ptr16(ws.queue)
    masks = ptr8(_MASKS)
    count = 1
    tries = 0
    k = 0
    side = 0
    shape = 0
    d3 = 0
    d4 = 0
    d5 = 0
    r = 0
    while tries < ATTEMPTS and count < 24:           # MAX_CHUNK_ROOMS
        tries += 1
        # The draws, each an Rng.below(n) (none for n = 0), n from the draws before it. Only the low 5
        # bits of a draw are kept (masks), where rotl16(t, 9) adds nothing and t's carry out of 16
        # bits lands above: ((s0 + s1) >> 7) + s0 is the draw.
        i = 0
        n = count                                    # the old room
        while True:
            r = 0
            if n:
                mask = masks[n]
                r = n
                while r >= n:
                    r = (((s0 + s1) >> 7) + s0) & mask
                    s1 ^= s0
                    s0 = (((s0 << 13) | (s0 >> 3)) ^ s1 ^ (s1 << 5)) & 0xFFFF
                    s1 = ((s1 << 10) | (s1 >> 6)) & 0xFFFF
            if i < 3:
                if i == 0:
                    k = r
                    n = 4                            # the side
                elif i == 1:
                    side = r
                    n = 4                            # the template
                else:
                    shape = r - 1 if r else 0
                    n = 8 if shape == 0 else (3 if shape == 1 else 6)     # width; radius; box width
            elif i == 3:
                d3 = r
                n = 6 if shape == 0 else (0 if shape == 1 else 4)         # height; -; box height
            elif i == 4:
                d4 = r
                n = a[k * 10 + 2] if (side & 1) == 0 else a[k * 10 + 3]   # the door along k's core
            elif i == 5:
                d5 = r
                if (side & 1) == 0:
                    n = 5 + d3 if shape == 0 else 5      # the new core's width (design_room) ...
                else:
                    n = 3 + d4 if shape == 0 else 3      # ... or height, along the door
            else:
                break
            i += 1
        # design_room: the template from its draws, in slot `count`.
        o = k * 10
        p = count * 10
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
        # room_fits_at: the door (dx, dy) just outside k's box, d5 along k's core; the new box at
        # (bx, by) beyond it, the door r along the new core.
        if side == _SIDE_UP or side == _SIDE_DOWN:
            dx = a[o] + d5
            dy = a[o + 5] - 1 if side == _SIDE_UP else a[o + 5] + a[o + 7]
            bx = dx - r - a[p]
            by = dy - bh if side == _SIDE_UP else dy + 1
        else:
            dy = a[o + 1] + d5
            dx = a[o + 4] + a[o + 6] if side == _SIDE_RIGHT else a[o + 4] - 1
            by = dy - r - a[p + 1]
            bx = dx + 1 if side == _SIDE_RIGHT else dx - bw
        if bx < 2 or by < 2 or bx + bw > cw - 2 or by + bh > ch - 2:
            continue
        # The rim's rows (bw + 2 <= 15 tiles) from tile c = (by - 1, bx - 1) on: bits c & 15 on of
        # word _OCCUPIED + (c >> 4), and what spills into the next word; a row is 4 words on.
        c = ((by - 1) << 6) + bx - 1
        run = (1 << (bw + 2)) - 1
        sh = c & 15
        lo = (run << sh) & 0xFFFF
        hi = run >> (16 - sh)
        word = _OCCUPIED + (c >> 4)
        last = word + ((bh + 1) << 2)
        while word <= last:
            if (occ[word] & lo) or (occ[word + 1] & hi):
                break
            word += 4
        if word > last:                                  # every row clear: it fits
            rng.s0 = s0                                  # the blob's cells draw from ws.rng
            rng.s1 = s1
            insert_room_at(ws, tiles_obj, k, count, side, dx, dy, bx, by)
            s0 = int(rng.s0)
            s1 = int(rng.s1)
            count += 1
    rng.s0 = s0
    rng.s1 = s1
    return count


@micropython.viper
def insert_room_at(ws, tiles_obj, k: int, n: int, side: int, dx: int, dy: int, bx: int, by: int):
    # Room n's box put at (bx, by) (its core moves with it) and its shape dug; then the straight
    # passage from old room k's core through the door (dx, dy), on `side` of k (0 up, 1 right, 2
    # down, 3 left), to room n's core, and the door itself; every tile dug also set in the
    # occupancy bits (templates.OCCUPIED).
    tiles = ptr8(tiles_obj)
    a = ptr8(ws.acc)
    occ = ptr16(ws.queue)
    o = k * 10
    p = n * 10
    a[p] = a[p] - a[p + 4] + bx
    a[p + 1] = a[p + 1] - a[p + 5] + by
    a[p + 4] = bx
    a[p + 5] = by
    dig_room(ws, tiles_obj, n)
    # The passage: from the edge of the core on one side of the door to the edge of the other's,
    # tiles c .. end, `step` apart (Brogue digs it as two legs, one each side of the door).
    if side == _SIDE_UP:
        c = ((a[p + 1] + a[p + 3]) << 6) + dx
        end = ((a[o + 1] - 1) << 6) + dx
        step = 64
    elif side == _SIDE_DOWN:
        c = ((a[o + 1] + a[o + 3]) << 6) + dx
        end = ((a[p + 1] - 1) << 6) + dx
        step = 64
    elif side == _SIDE_RIGHT:
        c = (dy << 6) + a[o] + a[o + 2]
        end = (dy << 6) + a[p] - 1
        step = 1
    else:
        c = (dy << 6) + a[p] + a[p + 2]
        end = (dy << 6) + a[o] - 1
        step = 1
    while c <= end:
        tiles[c] = _AIR
        occ[_OCCUPIED + (c >> 4)] |= 1 << (c & 15)
        c += step
    c = (dy << 6) + dx
    tiles[c] = _DOOR
    occ[_OCCUPIED + (c >> 4)] |= 1 << (c & 15)


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


# -- spawn, stairs, traps, items ---------------------------------------------------------------------
def _floor_middle(ws, k):
    # Room k's core, bottom row, middle tile (chunk index).
    a = ws.acc
    o = k * ROOM_BYTES
    return ((a[o + 1] + a[o + 3] - 1) << 6) + a[o] + (a[o + 2] >> 1)


def place_ends(ws, spec, tiles):
    # The spawn chunk's spawn: room 0's floor, middle. The stairs chunk's stairs: in the room farthest
    # from the spawn, by route when the spawn is in the chunk (stairs_routes.chunk_route_levels), else
    # by straight line from the spawn chunk's centre to the rooms' core centres (a search from the
    # chunk's edge cost its chunk 0.45-0.58 M RV32 more, over 1.6 M), at its floor's middle (one tile
    # right of the spawn's room middle if it is the same room), moved along the floor to the first
    # tile with solid ground under it when that one has none; the next farthest room when no tile of
    # its floor has (the farthest's middle if none).
    a = ws.acc
    spawn_here = ws.cx == spec.spawn_cx and ws.cy == spec.spawn_cy
    if spawn_here:
        c = _floor_middle(ws, 0)
        a[9] = SPAWN
        ws.spawn_x = ws.x0 + (c & 63)
        ws.spawn_y = ws.y0 + (c >> 6)
    if ws.cx == spec.stairs_cx and ws.cy == spec.stairs_cy:
        if spawn_here:
            chunk_route_levels(ws, ws.spawn_x - ws.x0, ws.spawn_y - ws.y0)
        else:
            px = (spec.spawn_cx << CHUNK_SHIFT) + (spec.chunk_width(spec.spawn_cx) >> 1)
            py = (spec.spawn_cy << CHUNK_SHIFT) + (spec.chunk_height(spec.spawn_cy) >> 1)
            _straight_levels(ws, px - ws.x0, py - ws.y0)
        first = rank_by_route(ws, ws.acc_count, 0x7FFF, -1)
        k = first
        while k >= 0:
            c = _stairs_tile(ws, tiles, k, spawn_here)
            if c + 64 < 4096 and SOLID[tiles[c + 64]]:
                break
            k = rank_by_route(ws, ws.acc_count, ws.room_dist, k)
        if k < 0:
            k = first
            c = _stairs_tile(ws, tiles, k, spawn_here)
        if a[k * ROOM_BYTES + 9] != SPAWN:
            a[k * ROOM_BYTES + 9] = STAIRS_ROOM
        tiles[c] = STAIRS
        ws.stairs_x = ws.x0 + (c & 63)
        ws.stairs_y = ws.y0 + (c >> 6)


def _straight_levels(ws, px, py):
    # Each room's Manhattan distance from (px, py) to its core's centre, as its level in ws.stack
    # (stairs_routes.rank_by_route ranks them).
    a = ws.acc
    k = 0
    while k < ws.acc_count:
        o = k * ROOM_BYTES
        ws.stack[k] = abs(a[o] + (a[o + 2] >> 1) - px) + abs(a[o + 1] + (a[o + 3] >> 1) - py)
        k += 1


def _stairs_tile(ws, tiles, k, spawn_here):
    # Where the stairs would stand in room k (place_ends).
    c = _floor_middle(ws, k)
    if ws.acc[k * ROOM_BYTES + 9] == SPAWN:
        c = ((c >> 6) << 6) + ws.acc[k * ROOM_BYTES] + ws.acc[k * ROOM_BYTES + 2] - 1
    return grounded_on_floor(ws, tiles, k, c, _floor_middle(ws, 0) if spawn_here else -1)


@micropython.viper
def grounded_on_floor(ws, tiles_obj, k: int, c: int, spawn: int) -> int:
    # Tile c of room k's core floor, or the nearest rightwards round that floor, dropped down its
    # column while the tile under it is open and inside the room's box (a round or blob room's floor
    # lies below its core), that ends on solid ground (tile `spawn`, the spawn's when it is in the
    # chunk, else -1, excepted); c when none does.
    tiles = ptr8(tiles_obj)
    a = ptr8(ws.acc)
    solid = ptr8(SOLID)
    o = k * 10                                   # ROOM_BYTES
    x0 = a[o]
    w = a[o + 2]
    bottom = a[o + 5] + a[o + 7]
    if bottom > int(ws.ch) - 1:
        bottom = int(ws.ch) - 1
    last = (bottom - 1) << 6                     # the box's last row (chunk)
    row = (c >> 6) << 6
    i = 0
    while i < w:
        d = row + x0 + ((c & 63) - x0 + i) % w
        i += 1
        while d < last and not solid[tiles[d + 64]]:
            d += 64
        if d != spawn and solid[tiles[d + 64]]:
            return d
    return c


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


def _claim_room(ws, role):
    # A room without a role drawn (_free_room) and given `role`: its offset in ws.acc, or -1.
    k = _free_room(ws)
    if k < 0:
        return -1
    ws.acc[k * ROOM_BYTES + 9] = role
    return k * ROOM_BYTES


def stocked_here(spec, ws, salt_offset, count):
    # How many of a region's `count` traps (or items) fall to this chunk: each is given to a chunk of
    # the region by a hash of (region, its number), the same in every chunk.
    rx = ws.x0 >> REGION_SHIFT
    ry = ws.y0 >> REGION_SHIFT
    rcols = (spec.region_width(rx) + 63) >> CHUNK_SHIFT
    rrows = (spec.region_height(ry) + 63) >> CHUNK_SHIFT
    mine = ((ws.cy - (ry << 2)) * rcols) + ws.cx - (rx << 2)
    return count_stocked(mix16(mix16(spec.key0 ^ rx) ^ ry), SALT_STOCK + salt_offset, count, rcols * rrows, mine)


@micropython.viper
def count_stocked(h: int, salt: int, count: int, cells: int, mine: int) -> int:
    # How many of tiles.hash3(key, rx, ry, salt + i), i < count, are `mine` modulo `cells`; h is the
    # hash's first two rounds, mix16(mix16(key ^ rx) ^ ry), the same for every i.
    n = 0
    i = 0
    while i < count:
        if int(mix16(h ^ (salt + i))) % cells == mine:
            n += 1
        i += 1
    return n


def place_traps_and_items(ws, spec, tiles):
    # Per region (seed 004's counts), traps in 1-2 rooms and items in 2-3 (stocked_here: the chunks
    # that hold them), each in a room of its chunk: a trap is fire (1 in 3, on the core's floor) or a
    # lid of 2-3 tiles in the floor over acid 2 deep, where the pocket and the ring round it are stone
    # (sealed but for its lid; fire where the room has no such place); an item on the floor.
    rng = ws.rng
    a = ws.acc
    key = hash3(spec.key1, ws.x0 >> REGION_SHIFT, ws.y0 >> REGION_SHIFT, SALT_STOCK)
    n = stocked_here(spec, ws, 4, 1 + (key & 1))
    tries = 0
    while n and tries < 8:
        tries += 1
        o = _claim_room(ws, TRAPPED)
        if o < 0:
            continue
        fire = draw_below(rng, 3) == 0
        w = 2 + draw_below(rng, 2)
        x0 = a[o] + 1
        span = a[o + 2] - w - 1
        y = a[o + 1] + a[o + 3] - 1
        x = x0 + draw_below(rng, span)
        if not fire:
            at = seek_pocket(ws, tiles, x0, span, x, y, w)
            if at < 0:
                fire = True              # no sealed place for a pocket: a fire trap instead
            else:
                x = at
        n -= 1
        dig_line(tiles, x, y, x + w - 1, y, FIRE if fire else TRAP)
        if not fire:
            dig_line(tiles, x, y + 1, x + w - 1, y + 2, ACID)
    n = stocked_here(spec, ws, 8, 2 + ((key >> 1) & 1))
    while n:
        n -= 1
        o = _claim_room(ws, STOCKED)
        if o < 0:
            continue
        x = a[o] + 1 + draw_below(rng, a[o + 2] - 2)
        tiles[((a[o + 1] + a[o + 3] - 1) << 6) + x] = ITEM


@micropython.viper
def seek_pocket(ws, tiles_obj, x0: int, span: int, x: int, y: int, w: int) -> int:
    # The first place for a lid of w tiles at row y, from column x on round x0 .. x0 + span - 1,
    # where tiles x - 1..x + w, y + 1..y + 3 lie in the chunk and are all stone (an acid pocket
    # sealed but for its lid): its column, or -1 when there is none.
    tiles = ptr8(tiles_obj)
    cw = int(ws.cw)
    ch = int(ws.ch)
    i = 0
    while i < span:
        ok = 1 if x >= 1 and x + w <= cw - 1 and y + 3 <= ch - 1 else 0
        j = y + 1
        while ok and j <= y + 3:
            c = (j << 6) + x - 1
            end = c + w + 1
            while c <= end:
                if tiles[c] != _STONE:
                    ok = 0
                    break
                c += 1
            j += 1
        if ok:
            return x
        x = x0 + (x - x0 + 1) % span
        i += 1
    return -1


def chunk_rooms(ws, spec, out):
    # Append the last chunk's rooms (cores) to `out` as [x, y, w, h] in world coordinates (hosts only).
    a = ws.acc
    k = 0
    while k < ws.acc_count:
        o = k * ROOM_BYTES
        out.append([ws.x0 + a[o], ws.y0 + a[o + 1], a[o + 2], a[o + 3]])
        k += 1


def region_rooms(ws, spec, rx, ry, out):
    pass                                      # the rooms are the chunks' (chunk_rooms)
