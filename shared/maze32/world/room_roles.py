# The roles of an accretion chunk's rooms (world/accretion.py's settle, after the rooms and the
# doorways): the spawn in room 0, the stairs in the room farthest from the spawn, the region's traps
# and items in rooms of the chunks that hold them. Rooms as world/templates.py lays them out in ws.acc;
# a room's role is its byte 9.
from maze32._compat import const, micropython, ptr8
from maze32.rng import draw_below, draw_untaken
from maze32.world.tiles import (TRAP, ACID, FIRE, ITEM, STAIRS, SOLID, SALT_STOCK, CHUNK_SHIFT, REGION_SHIFT,
                                hash3, mix16)
from maze32.world.templates import ROOM_BYTES
from maze32.world.stairs_routes import chunk_route_levels, rank_by_route
from maze32.world.accretion_routes import routed, stairs_levels

SPAWN = const(1)
STAIRS_ROOM = const(2)
TRAPPED = const(3)
STOCKED = const(4)
STOCK_SIDE = const(32)      # the narrowest chunk given traps and items (stocked_here)
_STONE = const(3)           # tiles.STONE, for the kernels


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


def floor_middle(ws, k):
    # Room k's core, bottom row, middle tile (chunk index).
    a = ws.acc
    o = k * ROOM_BYTES
    return ((a[o + 1] + a[o + 3] - 1) << 6) + a[o] + (a[o + 2] >> 1)


def place_ends(ws, spec, tiles, spawn):
    # The spawn chunk's spawn: room 0's floor, middle. The stairs chunk's stairs: in the room farthest
    # from the spawn, by route when the spawn is in the chunk (stairs_routes.chunk_route_levels) or the
    # world is one block (accretion_routes.stairs_levels: `spawn`, the spawn as a block index, where
    # accretion.plan_block planned the block just now), else by straight line from the spawn chunk's
    # centre to the rooms' core centres, at its floor's middle (one tile right of the spawn's room
    # middle if it is the same room), moved along the floor to the first tile with solid ground under
    # it when that one has none; the next farthest room when no tile of its floor has (the farthest's
    # middle if none).
    a = ws.acc
    spawn_here = ws.cx == spec.spawn_cx and ws.cy == spec.spawn_cy
    if spawn_here:
        c = floor_middle(ws, 0)
        a[9] = SPAWN
        ws.spawn_x = ws.x0 + (c & 63)
        ws.spawn_y = ws.y0 + (c >> 6)
    if ws.cx == spec.stairs_cx and ws.cy == spec.stairs_cy:
        if spawn_here:
            chunk_route_levels(ws, ws.spawn_x - ws.x0, ws.spawn_y - ws.y0)
        elif not (routed(spec) and stairs_levels(ws, spec, spawn)):
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
    c = floor_middle(ws, k)
    if ws.acc[k * ROOM_BYTES + 9] == SPAWN:
        c = ((c >> 6) << 6) + ws.acc[k * ROOM_BYTES] + ws.acc[k * ROOM_BYTES + 2] - 1
    return grounded_on_floor(ws, tiles, k, c, floor_middle(ws, 0) if spawn_here else -1)


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


def _has_role(ws, k):
    # Whether room k has a role already (rng.draw_untaken draws one that has none).
    return ws.acc[k * ROOM_BYTES + 9] != 0


def _claim_room(ws, role):
    # A room without a role drawn (_has_role) and given `role`: its offset in ws.acc, or -1.
    k = draw_untaken(ws, ws.acc_count, _has_role)
    if k < 0:
        return -1
    ws.acc[k * ROOM_BYTES + 9] = role
    return k * ROOM_BYTES


def stocked_here(spec, ws, salt_offset, count):
    # How many of a region's `count` traps (or items) fall to this chunk: each is given to a chunk of
    # the region by a hash of (region, its number), the same in every chunk. Only chunks at least
    # STOCK_SIDE tiles both ways take any (a world's last chunks can be 16 wide, with one room or none
    # free for them: what fell there was lost), unless the region has no such chunk.
    rx = ws.x0 >> REGION_SHIFT
    ry = ws.y0 >> REGION_SHIFT
    cols = roomy_chunks(spec.region_width(rx))
    rows = roomy_chunks(spec.region_height(ry))
    cx = ws.cx - (rx << 2)
    cy = ws.cy - (ry << 2)
    if cx >= cols or cy >= rows:
        return 0
    return count_stocked(mix16(mix16(spec.key0 ^ rx) ^ ry), SALT_STOCK + salt_offset, count, cols * rows,
                         cy * cols + cx)


def roomy_chunks(side):
    # How many of the chunks across a region `side` tiles wide are STOCK_SIDE or more wide: all but a
    # narrow last one, or all of them where that one is the only chunk.
    n = (side + 63) >> CHUNK_SHIFT
    if n > 1 and side - ((n - 1) << CHUNK_SHIFT) < STOCK_SIDE:
        return n - 1
    return n


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
