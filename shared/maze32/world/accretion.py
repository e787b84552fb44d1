# Room accretion (Brogue CE's attachRooms), the dungeon's other strategy (--strategy accretion): in each
# chunk (its region) a first rectangular room at a drawn place, then rooms designed from a template
# (rectangle, circle, or a blob grown by a small cellular automaton) attached to a room already there:
# through a door one tile outside the old room's box, the new room's box on the far side of it and
# every tile of the new box and its rim still stone. Straight passages join the door to both rooms'
# cores (a 5x3 or larger open rectangle in every room: the room's entry in `rooms`). Every room hangs
# off an earlier one, so the rooms form a tree: connected by construction. Then the chunk's doorways
# (tunnels), spawn and stairs where the chunk holds them (the stairs in the room farthest from the
# spawn, by route when it shares the chunk or the world is one block, world/accretion_routes.py; on
# solid ground), and the region's traps (1-2, fire or a sealed acid pocket under a lid) and items
# (2-3) that fall to this chunk.
# A local stage: it writes only its own chunk (the stairs' chunk of a world of one block reads the
# others' routes, kept as they were made or made in its own buffer as they make them: plan_block).
#   Rooms (ws.acc, ROOM_BYTES a room, chunk coordinates, world/templates.py): core x, y, w, h; box x,
#   y, w, h; shape; role (0 none, then world/room_roles.py's SPAWN, STAIRS_ROOM, TRAPPED, STOCKED).
from array import array
from maze32._compat import const, micropython, ptr8, ptr16, ptr32, compiled
from maze32.rng import draw_below
from maze32.world.tiles import SALT_CHUNK, seed_stream
from maze32.world.fields import fill_stone
from maze32.world.regions import mark_open, nearest_marked
from maze32.world.tunnels import set_bounds, open_doorways
from maze32.world.fields import locate_in_chunks as locate  # noqa: F401  (spawn and stairs: built to be found)
from maze32.world.templates import ROOM_BYTES, RECT, design_room, place_room, dig_room
from maze32.world.room_roles import place_ends, place_traps_and_items, floor_middle
from maze32.world.accretion_routes import BLOCK_SHIFT, routed, claim_plane, open_chunk
from maze32.world import begin_chunk, fill_bytes

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
    # Field: stone (a word a store where it can: fields.fill_stone).
    fill_stone(ws, buf)


def settle(ws, spec, tiles):
    # Local: the rooms, the doorways, spawn and stairs, traps and items. In a world of one block and
    # more than one chunk (the spawn never in the stairs' chunk) whose stairs' levels are not known
    # yet, every other chunk keeps its routes in the block's plane (keep_routes) and the stairs' chunk
    # digs those of the chunks not made since first (plan_block).
    spawn = -1
    planning = routed(spec) and ws.stairs_spec is not spec and (spec.cols > 1 or spec.rows > 1)
    stairs_here = ws.cx == spec.stairs_cx and ws.cy == spec.stairs_cy
    if planning and stairs_here:
        spawn = plan_block(ws, spec, tiles)
    dig_routes(ws, spec, tiles)
    if planning and not stairs_here:
        keep_routes(ws, spec)
    place_ends(ws, spec, tiles, spawn)
    place_traps_and_items(ws, spec, tiles)


def dig_routes(ws, spec, tiles):
    # What routes cross in the chunk: its rooms, all joined through their doors, and its doorways'
    # tunnels to the hub (ws.marks after it: 2 open, 0 solid).
    seed_stream(spec, ws.rng, ws.cx, ws.cy, SALT_CHUNK)
    set_bounds(ws, spec)
    attach_rooms(ws, tiles)
    if WORDS:
        mark_dug_words(ws.marks, ws.queue)
    else:
        mark_open(ws, tiles, 2)
    hub = nearest_marked(ws, tiles, ws.cw >> 1, ws.ch >> 1, 2, 0, 0)
    open_doorways(ws, spec, tiles, hub, 1)


def keep_routes(ws, spec):
    # The current chunk's routes (dig_routes just made them) into the block's plane, and the spawn
    # (room 0's floor middle: room_roles.place_ends) as a block index, y << 7 | x, when they hold it.
    claim_plane(ws, spec)
    open_chunk(ws)
    ws.block_have |= 1 << ((ws.cy << 1) | ws.cx)
    if ws.cx == spec.spawn_cx and ws.cy == spec.spawn_cy:
        c = floor_middle(ws, 0)
        ws.block_spawn = ((ws.y0 + (c >> 6)) << BLOCK_SHIFT) + ws.x0 + (c & 63)


def plan_block(ws, spec, tiles):
    # The routes of the world's other chunks that the plane lacks dug into tiles (all stone on entry
    # and again on exit: accretion's field), one after another, each as the chunk makes them alone,
    # and kept (keep_routes); the current chunk made current again. Returns the spawn (keep_routes).
    cx = ws.cx
    cy = ws.cy
    claim_plane(ws, spec)
    oy = 0
    while oy < spec.rows:
        ox = 0
        while ox < spec.cols:
            if (ox != cx or oy != cy) and not (ws.block_have >> ((oy << 1) | ox)) & 1:
                begin_chunk(ws, spec, ox, oy)
                fill_bytes(tiles, 4096, _STONE)
                dig_routes(ws, spec, tiles)
                keep_routes(ws, spec)
            ox += 1
        oy += 1
    begin_chunk(ws, spec, cx, cy)
    fill_bytes(tiles, 4096, _STONE)
    return ws.block_spawn


def finish(ws, spec, buf):
    pass


@micropython.viper
def mark_dug_words(marks: ptr32, occ: ptr16):
    # regions.mark_open(ws, tiles, 2) over the chunk's 4096 tiles after attach_rooms, from the
    # occupancy bits (templates.OCCUPIED: set on exactly the tiles dug, and those are all open,
    # tests/library/test_world_accretion.py), a nibble of them four marks a word by _SPREAD (the tiles
    # themselves, four a word, cost a chunk 38,800 RV32 instructions; a tile a turn 145,000). Both
    # pointers move on, 16 marks a turn (the arguments live in registers).
    spread = ptr32(_SPREAD)
    end = int(marks) + 4096
    occ = ptr16(int(occ) + 2 * _OCCUPIED)
    while int(marks) < end:
        bits = occ[0]
        marks[0] = spread[bits & 15]
        marks[1] = spread[(bits >> 4) & 15]
        marks[2] = spread[(bits >> 8) & 15]
        marks[3] = spread[bits >> 12]
        marks = ptr32(int(marks) + 16)
        occ = ptr16(int(occ) + 2)


# A nibble's four bits as four marks, 2 where the bit is set (byte i of the word: bit i).
_SPREAD = array("I", [sum(2 << (i << 3) for i in range(4) if n >> i & 1) for n in range(16)])


# Word-wide fills and marks where the kernels are machine code; as bytecode, the byte-wide field and
# regions primitives (ptr32 is the buffer itself there, a byte an entry).
WORDS = compiled(mark_dug_words)


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
