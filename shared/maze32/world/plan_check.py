# The checks of seed 004's world plan (issue 19), read from the tiles alone as check.py's are: part of
# check_world's mask (check.py names them). Each judges what the region holds whole; what needs more
# than the region (a route from the spawn, a region's counts) is judged only where the region has it.
#   grounded   the stairs stand on solid ground: the tile under them is solid (all kinds)
#   doors      BSP dungeons: every open dry tile on a listed room's rim is a door (plan_doors.py)
#   corridors  BSP dungeons: passages (open dry tiles outside every room) are 2 wide: each lies in a
#              2 x 2 square of open dry tiles, and no 3 x 3 square is all passage (corridors running
#              beside or over each other); tiles next to an inner edge of a partial region are not judged
#   stocked    dungeons: each region (256 x 256, held whole) has items in 2-3 rooms (an item a room)
#              and traps in 1-2: acid under a lid, or fire (a region listing fewer than FEW_ROOMS
#              rooms may have fewer: the spawn's and the stairs' rooms take neither)
#   lids       dungeons: every trap lid has acid under each of its tiles, and every acid tile is
#              sealed: acid or a lid above it, acid or solid beside and below it
#   pools      caves: each region held whole has 2 + depth // 2 liquid bodies, each of radius 4-10:
#              9 to 21 tiles wide, at most 16 high (a bowl of radius r is 2r + 1 wide and fills r + r // 2
#              + 1 rows at most)
#   farthest   where the generator searches routes (the spawn in the stairs' cell: a BSP region, an
#              accretion chunk; or an accretion world of one block, world/accretion_routes.py): the
#              stairs stand in their cell's room reached last by a breadth-first route from the spawn
#              (a room at its nearest tile), among rooms that can hold stairs; a tie with the last is kept
#   door_runs  BSP dungeons: no 3 doors in a row, across or down (plan_doors.py: a room is entered
#              where a corridor meets it end on, never through a strip of doors along its wall)
# The flood's marks and queue (check.py's buffers) are free again when these run; they reuse them.
from maze32._compat import const, micropython, ptr8
from maze32.world.tiles import (SOLID, LIQUID, TRAP, FIRE, ITEM, STAIRS, WATER, LAVA, ACID, REGION,
                                REGION_SHIFT, CHUNK_SHIFT, DUNGEON, CAVES, BSP, kind_of)
from maze32.world.accretion_routes import BLOCK_SHIFT
from maze32.world.plan_doors import rooms_have_doors, no_door_runs

GROUNDED = const(1 << 8)
DOORS = const(1 << 9)
CORRIDORS = const(1 << 10)
STOCKED = const(1 << 11)
LIDS = const(1 << 12)
POOLS = const(1 << 13)
FARTHEST = const(1 << 14)
DOOR_RUNS = const(1 << 15)
PLAN_CHECKS = ("grounded", "doors", "corridors", "stocked", "lids", "pools", "farthest", "door_runs")
FEW_ROOMS = const(8)
POOL_MIN_W = const(9)
POOL_MAX_W = const(21)
POOL_MAX_H = const(16)
UNMARK = const(256)         # fill_marks: clear mark 2, keep mark 1


def ptr32(buf):
    return buf


def check_plan(v, whole, marks, queue):
    # Bit mask of the failed plan checks of view v (check.View; its tiles already judged in bounds).
    mask = 0
    kind = kind_of(v.depth)
    if not stairs_grounded(v):
        mask |= GROUNDED
    if kind == DUNGEON:
        if v.strategy == BSP:
            if not rooms_have_doors(v):
                mask |= DOORS
            if not corridors_two_wide(v, marks):
                mask |= CORRIDORS
            if not no_door_runs(v):
                mask |= DOOR_RUNS
        if not regions_stocked(v, marks, queue):
            mask |= STOCKED
        if not lids_seal_acid(v):
            mask |= LIDS
        if whole and not stairs_farthest(v, marks, queue):
            mask |= FARTHEST
    elif kind == CAVES and not pools_planned(v, marks, queue):
        mask |= POOLS
    return mask


def stairs_grounded(v):
    tx = v.stairs_x - v.ox
    ty = v.stairs_y - v.oy
    if not (0 <= tx < v.w and 0 <= ty < v.h - 1) or v.tiles[ty * v.w + tx] != STAIRS:
        return True                 # not here (check.py's `stairs` judges where they are)
    return SOLID[v.tiles[(ty + 1) * v.w + tx]] == 1


def corridors_two_wide(v, marks):
    # marks: 1 a room tile, 2 a passage tile, 0 anything else (solid, liquid).
    n = v.w * v.h
    mark_passages(v.tiles, marks, n)
    rooms = v.rooms
    k = 0
    while k < v.room_count:
        fill_marks(marks, v.w, rooms[4 * k] - v.ox, rooms[4 * k + 1] - v.oy, rooms[4 * k + 2],
                   rooms[4 * k + 3], 1)
        k += 1
    return passages_two_wide(v, marks)


@micropython.viper
def mark_passages(tiles_obj, marks_obj, n: int):
    # marks[i] = 2 for an open dry tile, 0 else.
    tiles = ptr8(tiles_obj)
    marks = ptr8(marks_obj)
    solid = ptr8(SOLID)
    liquid = ptr8(LIQUID)
    i = 0
    while i < n:
        t = tiles[i]
        marks[i] = 0 if solid[t] or liquid[t] else 2
        i += 1


@micropython.viper
def fill_marks(marks_obj, pitch: int, x0: int, y0: int, w: int, h: int, m: int):
    # Marks of the rectangle (x0, y0, w, h) at `pitch` become m; with UNMARK they lose their mark 2.
    marks = ptr8(marks_obj)
    y = 0
    while y < h:
        c = (y0 + y) * pitch + x0
        end = c + w
        while c < end:
            marks[c] = m if m != 256 else marks[c] & 1          # UNMARK
            c += 1
        y += 1


@micropython.viper
def passages_two_wide(v, marks_obj) -> int:
    marks = ptr8(marks_obj)
    w = int(v.w)
    h = int(v.h)
    # Tiles next to an edge of the region that is not the world's edge are not judged (their squares
    # may lie partly beyond it); the world's edge is stone.
    lo_x = 1 if int(v.ox) > 0 else 0
    lo_y = 1 if int(v.oy) > 0 else 0
    hi_x = w - 2 if int(v.ox) + w < int(v.width) else w - 1
    hi_y = h - 2 if int(v.oy) + h < int(v.height) else h - 1
    y = lo_y
    while y <= hi_y:
        x = lo_x
        while x <= hi_x:
            c = y * w + x
            x += 1
            if marks[c] != 2:
                continue
            # At least 2 wide: one of the four 2 x 2 squares holding c is all open (room or passage).
            ok = 0
            dy = -1
            while dy <= 0 and not ok:
                dx = -1
                while dx <= 0 and not ok:
                    sx = x - 1 + dx
                    sy = y + dy
                    if sx >= 0 and sy >= 0 and sx + 1 < w and sy + 1 < h:
                        s = sy * w + sx
                        if marks[s] and marks[s + 1] and marks[s + w] and marks[s + w + 1]:
                            ok = 1
                    dx += 1
                dy += 1
            if not ok:
                return 0
            # At most 2 wide: the 3 x 3 square with c at its top left is not all passage.
            if x + 1 < w and y + 2 < h:
                all3 = 1
                j = 0
                while j < 3 and all3:
                    i = 0
                    while i < 3:
                        if marks[c + j * w + i] != 2:
                            all3 = 0
                            break
                        i += 1
                    j += 1
                if all3:
                    return 0
        y += 1
    return 1


def stairs_farthest(v, marks, queue):
    # (See the head.) A breadth-first search from the spawn, level by level; each room judged is
    # reached at the level of its nearest tile, and the last of them reached must hold the stairs.
    shift = REGION_SHIFT if v.strategy == BSP else CHUNK_SHIFT
    cx = v.stairs_x >> shift
    cy = v.stairs_y >> shift
    block = v.strategy != BSP and v.width <= 1 << BLOCK_SHIFT and v.height <= 1 << BLOCK_SHIFT
    if not block and (v.spawn_x >> shift != cx or v.spawn_y >> shift != cy):
        return True                 # routes from elsewhere: not judged
    tx = v.stairs_x - v.ox
    ty = v.stairs_y - v.oy
    if not (0 <= tx < v.w and 0 <= ty < v.h) or v.tiles[ty * v.w + tx] != STAIRS:
        return True                 # no stairs there (check.py's `stairs` says so)
    held = stairs_room(v, tx, ty)
    if held < 0:
        return False
    n = v.w * v.h
    fill_marks(marks, n, 0, 0, n, 1, 0)
    rooms = v.rooms
    k = 0
    while k < v.room_count:
        x, y, w, h = rooms[4 * k] - v.ox, rooms[4 * k + 1] - v.oy, rooms[4 * k + 2], rooms[4 * k + 3]
        if k == held or ((x + v.ox) >> shift == cx and (y + v.oy) >> shift == cy and y + h < v.h
                         and can_hold_stairs(v.tiles, (y + h) * v.w + x, w)):
            fill_marks(marks, v.w, x, y, w, h, 2)
        k += 1
    return farthest_level(v, marks, queue, (v.spawn_y - v.oy) * v.w + v.spawn_x - v.ox, held)


def stairs_room(v, tx, ty):
    # The listed room holding the stairs at (tx, ty) (region coordinates): the nearest above them whose
    # columns hold them (an accretion room's floor may lie below its core, the room listed); -1 if none.
    best = -1
    top = -1
    k = 0
    while k < v.room_count:
        x, y, w = v.rooms[4 * k] - v.ox, v.rooms[4 * k + 1] - v.oy, v.rooms[4 * k + 2]
        if x <= tx < x + w and top < y <= ty:
            best = k
            top = y
        k += 1
    return best


@micropython.viper
def can_hold_stairs(tiles_obj, c: int, w: int) -> int:
    # Whether a tile of the w tiles from c (the row under a room's floor) is solid.
    tiles = ptr8(tiles_obj)
    solid = ptr8(SOLID)
    end = c + w
    while c < end:
        if solid[tiles[c]]:
            return 1
        c += 1
    return 0


@micropython.viper
def neighbour(c: int, k: int, w: int, n: int) -> int:
    # Tile c's neighbour k (up, down, left, right) in a region w wide of n tiles, or -1 past its edge.
    if k == 0:
        return c - w
    if k == 1:
        return c + w if c + w < n else -1
    x = c % w
    if k == 2:
        return c - 1 if x > 0 else -1
    return c + 1 if x < w - 1 else -1


@micropython.viper
def farthest_level(v, marks_obj, queue_obj, start: int, stairs: int) -> int:
    # marks: 2 on the tiles of the rooms judged. Whether room `stairs` is reached last.
    tiles = ptr8(v.tiles)
    marks = ptr8(marks_obj)
    queue = ptr32(queue_obj)
    solid = ptr8(SOLID)
    w = int(v.w)
    n = w * int(v.h)
    stairs_level = -1
    last_level = -1
    marks[start] |= 1
    queue[0] = start
    tail = 1
    head = 0
    level = 0
    level_end = 1
    while head < tail:
        if head == level_end:
            level += 1
            level_end = tail
        c = int(queue[head])
        head += 1
        if marks[c] & 2:
            # The first tile of its room: the room is reached at this level; its tiles are unmarked.
            last_level = level
            if int(clear_room(v, marks_obj, c)) == stairs:
                stairs_level = level
        k = 0
        while k < 4:
            m = int(neighbour(c, k, w, n))
            k += 1
            if m < 0 or marks[m] & 1 or solid[tiles[m]]:
                continue
            marks[m] |= 1
            queue[tail] = m
            tail += 1
    return 1 if stairs_level >= 0 and stairs_level == last_level else 0


def clear_room(v, marks, c):
    # The listed room holding tile c loses its mark 2; its number (-1 if none).
    x = c % v.w + v.ox
    y = c // v.w + v.oy
    rooms = v.rooms
    k = 0
    while k < v.room_count:
        rx, ry, rw, rh = rooms[4 * k], rooms[4 * k + 1], rooms[4 * k + 2], rooms[4 * k + 3]
        if rx <= x < rx + rw and ry <= y < ry + rh:
            fill_marks(marks, v.w, rx - v.ox, ry - v.oy, rw, rh, UNMARK)
            return k
        k += 1
    return -1


# -- bodies: 4-connected runs of tiles of one sort, counted per region ----------------------------------
def whole_regions(v):
    # (rx0, rx1, ry0, ry1): the regions lying wholly inside the region held (empty when rx0 > rx1).
    rx0 = (v.ox + REGION - 1) >> REGION_SHIFT
    ry0 = (v.oy + REGION - 1) >> REGION_SHIFT
    rx1 = ((v.ox + v.w) >> REGION_SHIFT) - 1
    ry1 = ((v.oy + v.h) >> REGION_SHIFT) - 1
    if v.ox + v.w == v.width:
        rx1 = (v.width - 1) >> REGION_SHIFT
    if v.oy + v.h == v.height:
        ry1 = (v.height - 1) >> REGION_SHIFT
    return rx0, rx1, ry0, ry1


@micropython.viper
def flood_body(v, marks_obj, queue_obj, start: int, t: int) -> int:
    # Marks (1) the 4-connected tiles of material t from `start`; returns the body's box packed as
    # width << 12 | height.
    tiles = ptr8(v.tiles)
    marks = ptr8(marks_obj)
    queue = ptr32(queue_obj)
    w = int(v.w)
    n = w * int(v.h)
    marks[start] = 1
    queue[0] = start
    tail = 1
    head = 0
    lo_x = start % w
    hi_x = lo_x
    lo_y = start // w
    hi_y = lo_y
    while head < tail:
        c = int(queue[head])
        head += 1
        x = c % w
        y = c // w
        lo_x = x if x < lo_x else lo_x
        hi_x = x if x > hi_x else hi_x
        lo_y = y if y < lo_y else lo_y
        hi_y = y if y > hi_y else hi_y
        k = 0
        while k < 4:
            m = int(neighbour(c, k, w, n))
            k += 1
            if m < 0 or marks[m] or tiles[m] != t:
                continue
            marks[m] = 1
            queue[tail] = m
            tail += 1
    return ((hi_x - lo_x + 1) << 12) | (hi_y - lo_y + 1)


def count_bodies(v, marks, queue, x0, y0, x1, y1, t, pools):
    # Bodies of material t whose first tile (in row order) lies in x0..x1, y0..y1 (region coordinates);
    # with `pools`, -1 as soon as one is not a pool's size. marks must be clear there.
    count = 0
    y = y0
    while y <= y1:
        row = y * v.w
        x = x0
        while x <= x1:
            c = row + x
            if v.tiles[c] == t and not marks[c]:
                box = flood_body(v, marks, queue, c, t)
                if pools and not (POOL_MIN_W <= box >> 12 <= POOL_MAX_W and (box & 4095) <= POOL_MAX_H):
                    return -1
                count += 1
            x += 1
        y += 1
    return count


def region_box(v, rx, ry):
    # Region (rx, ry)'s tiles x0, y0, x1, y1 (inclusive) in the coordinates of the region held.
    x0 = rx << REGION_SHIFT
    y0 = ry << REGION_SHIFT
    return (x0 - v.ox, y0 - v.oy, min(x0 + REGION, v.width) - 1 - v.ox,
            min(y0 + REGION, v.height) - 1 - v.oy)


def regions_stocked(v, marks, queue):
    n = v.w * v.h
    fill_marks(marks, n, 0, 0, n, 1, 0)
    rx0, rx1, ry0, ry1 = whole_regions(v)
    ry = ry0
    while ry <= ry1:
        rx = rx0
        while rx <= rx1:
            x0, y0, x1, y1 = region_box(v, rx, ry)
            items = count_bodies(v, marks, queue, x0, y0, x1, y1, ITEM, False)
            traps = (count_bodies(v, marks, queue, x0, y0, x1, y1, TRAP, False)
                     + count_bodies(v, marks, queue, x0, y0, x1, y1, FIRE, False))
            few = rooms_in(v, x0 + v.ox, y0 + v.oy, x1 + v.ox, y1 + v.oy) < FEW_ROOMS
            if items > 3 or traps > 2 or (not few and (items < 2 or traps < 1)):
                return False
            rx += 1
        ry += 1
    return True


def rooms_in(v, x0, y0, x1, y1):
    # The listed rooms whose top left tile lies in x0..x1, y0..y1 (world coordinates).
    rooms = v.rooms
    n = 0
    k = 0
    while k < v.room_count:
        if x0 <= rooms[4 * k] <= x1 and y0 <= rooms[4 * k + 1] <= y1:
            n += 1
        k += 1
    return n


def lids_seal_acid(v):
    return acid_sealed(v.tiles, v.w, v.h) == 1


@micropython.viper
def acid_sealed(tiles_obj, w: int, h: int) -> int:
    tiles = ptr8(tiles_obj)
    solid = ptr8(SOLID)
    n = w * h
    c = 0
    while c < n:
        t = tiles[c]
        x = c % w
        if t == 10:                                         # tiles.TRAP: acid under it
            if c + w < n and tiles[c + w] != 7:
                return 0
        elif t == 7:                                        # tiles.ACID
            if c >= w and tiles[c - w] != 7 and tiles[c - w] != 10:
                return 0
            if c + w < n and tiles[c + w] != 7 and not solid[tiles[c + w]]:
                return 0
            if x > 0 and tiles[c - 1] != 7 and not solid[tiles[c - 1]]:
                return 0
            if x < w - 1 and tiles[c + 1] != 7 and not solid[tiles[c + 1]]:
                return 0
        c += 1
    return 1


def pools_planned(v, marks, queue):
    n = v.w * v.h
    fill_marks(marks, n, 0, 0, n, 1, 0)
    rx0, rx1, ry0, ry1 = whole_regions(v)
    want = 2 + v.depth // 2
    ry = ry0
    while ry <= ry1:
        rx = rx0
        while rx <= rx1:
            x0, y0, x1, y1 = region_box(v, rx, ry)
            count = 0
            for t in (WATER, LAVA, ACID):
                found = count_bodies(v, marks, queue, x0, y0, x1, y1, t, True)
                if found < 0:
                    return False
                count += found
            if count != want:
                return False
            rx += 1
        ry += 1
    return True

