# The checks of a world (SPEC 10), independent of how its tiles were made: a region read from a file is
# judged as strictly as one just generated. check_world returns a bit mask of failed checks, named by
# WORLD_CHECKS; it allocates nothing given its buffers (marks: w * h bytes, queue: w * h 32-bit
# entries). The region is the exported one (origin, extent); a whole world is the region (0, 0, W, H).
#   dimensions  size within 64..2048 each (the last chunk 16 or more), chunk 64, depth 1..255, the
#               region inside the world and its tiles w * h
#   border      every tile of the region on the world's edge is stone
#   materials   the material table is this format's, every tile one of them, 3 or more distinct in
#               a whole world (a region may be all stone and air)
#   spawn       inside the world; not solid (when inside the region)
#   stairs      exactly one stairs tile where the stairs are said to be (none when they lie outside the
#               region), reachable from the spawn
#   connected   every open tile 4-connected to the spawn; in a region without the whole world, to the
#               spawn or to an open tile on a region edge that is not the world's edge (beyond which
#               the route may go on)
#   rooms       depth 7+: rooms listed (one or more in a whole world), each an open rectangle of at
#               least 5 x 3 inside the map and inside the region; above depth 7, none listed. Each
#               room costs four look-ups in a table of solid-tile sums (built in the flood's queue once
#               the flood is done), so the check is linear in the tiles whatever the rooms listed.
#   hash        (files only) the recorded hash is the recomputed one
# and after them the checks of seed 004's plan (world/plan_check.py: grounded, doors, corridors,
# stocked, lids, pools, farthest, door_runs; world/plan_doors.py holds the door checks).
from maze32._compat import const, micropython, ptr8
from maze32.world.tiles import SOLID, STONE, STAIRS, CHUNK, MAX_DEPTH, KINDS, BSP, side_error, kind_of
from maze32.world.plan_check import PLAN_CHECKS, check_plan

DIMENSIONS = const(1 << 0)
BORDER = const(1 << 1)
MATERIALS = const(1 << 2)
SPAWN = const(1 << 3)
STAIRS_CHECK = const(1 << 4)
CONNECTED = const(1 << 5)
ROOMS = const(1 << 6)
HASH = const(1 << 7)
# Bits 8 and up: seed 004's plan (plan_check.PLAN_CHECKS, judged there).
WORLD_CHECKS = ("dimensions", "border", "materials", "spawn", "stairs", "connected", "rooms",
                "hash") + PLAN_CHECKS


def ptr32(buf):
    # Inside a viper function ptr32 is the emitter's cast; elsewhere the buffer itself (as _compat's
    # ptr8 and ptr16).
    return buf


def check_names(mask):
    return [name for i, name in enumerate(WORLD_CHECKS) if mask & (1 << i)]


class View:
    # What check_world reads: the world's size and depth, the region (origin, extent, tiles at pitch
    # w), spawn, stairs, rooms (a flat sequence x, y, w, h, ...), whether the material table was this
    # format's, the chunk size recorded and the dungeon strategy (an index into tiles.STRATEGIES).
    def __init__(self, width, height, depth, ox, oy, w, h, tiles, spawn, stairs, rooms,
                 materials_match=True, chunk=CHUNK, strategy=BSP):
        self.width = width
        self.height = height
        self.depth = depth
        self.ox = ox
        self.oy = oy
        self.w = w
        self.h = h
        self.tiles = tiles
        self.spawn_x = spawn[0]
        self.spawn_y = spawn[1]
        self.stairs_x = stairs[0]
        self.stairs_y = stairs[1]
        self.rooms = rooms
        self.room_count = len(rooms) // 4
        self.materials_match = materials_match
        self.chunk = chunk
        self.strategy = strategy


def check_world(view, marks, queue):
    # Bit mask of the failed WORLD_CHECKS but `hash` (the caller's, for files).
    v = view
    if (side_error("width", v.width) or side_error("height", v.height) or v.chunk != CHUNK
            or v.depth < 1 or v.depth > MAX_DEPTH or v.w < 1 or v.h < 1
            or v.ox + v.w > v.width or v.oy + v.h > v.height or len(v.tiles) != v.w * v.h):
        return DIMENSIONS
    mask = 0
    if not edge_is_stone(v):
        mask |= BORDER
    whole = v.ox == 0 and v.oy == 0 and v.w == v.width and v.h == v.height
    distinct = count_materials(v.tiles, v.w * v.h)
    if not v.materials_match or distinct < (3 if whole else 1):
        mask |= MATERIALS
    sx = v.spawn_x - v.ox
    sy = v.spawn_y - v.oy
    spawn_in = 0 <= sx < v.w and 0 <= sy < v.h
    if v.spawn_x >= v.width or v.spawn_y >= v.height:
        mask |= SPAWN
    elif spawn_in and SOLID[v.tiles[sy * v.w + sx]]:
        mask |= SPAWN
    # The flood: from the spawn, and in a partial region from its open tiles on inner edges.
    reached = flood_region(v, marks, queue, sy * v.w + sx if spawn_in else -1, whole)
    if reached != count_open(v.tiles, v.w * v.h):
        mask |= CONNECTED
    tx = v.stairs_x - v.ox
    ty = v.stairs_y - v.oy
    stairs_in = 0 <= tx < v.w and 0 <= ty < v.h
    n = count_tile(v.tiles, v.w * v.h, STAIRS)
    if v.stairs_x >= v.width or v.stairs_y >= v.height:
        mask |= STAIRS_CHECK
    elif stairs_in:
        c = ty * v.w + tx
        if n != 1 or v.tiles[c] != STAIRS or not marks[c] or (whole and not spawn_in):
            mask |= STAIRS_CHECK
    elif n != 0:
        mask |= STAIRS_CHECK
    if not rooms_hold(v, whole, queue):
        mask |= ROOMS
    return mask | check_plan(v, whole, marks, queue)


def edge_is_stone(v):
    # Every region tile on the world's edge is stone.
    last_x = v.width - 1
    last_y = v.height - 1
    j = 0
    while j < v.h:
        y = v.oy + j
        row = j * v.w
        if y == 0 or y == last_y:
            i = 0
            while i < v.w:
                if v.tiles[row + i] != STONE:
                    return False
                i += 1
        else:
            if v.ox == 0 and v.tiles[row] != STONE:
                return False
            if v.ox + v.w - 1 == last_x and v.tiles[row + v.w - 1] != STONE:
                return False
        j += 1
    return True


@micropython.viper
def count_materials(tiles_obj, n: int) -> int:
    # Distinct materials among the first n tiles; 0 if any tile is no material.
    tiles = ptr8(tiles_obj)
    seen = 0
    i = 0
    while i < n:
        t = tiles[i]
        if t >= 14:                          # MATERIAL_COUNT
            return 0
        seen |= 1 << t
        i += 1
    count = 0
    while seen:
        count += seen & 1
        seen >>= 1
    return count


@micropython.viper
def count_open(tiles_obj, n: int) -> int:
    tiles = ptr8(tiles_obj)
    solid = ptr8(SOLID)
    count = 0
    i = 0
    while i < n:
        if not solid[tiles[i]]:
            count += 1
        i += 1
    return count


@micropython.viper
def count_tile(tiles_obj, n: int, t: int) -> int:
    tiles = ptr8(tiles_obj)
    count = 0
    i = 0
    while i < n:
        if tiles[i] == t:
            count += 1
        i += 1
    return count


@micropython.viper
def flood_region(v, marks_obj, queue_obj, start: int, whole: int) -> int:
    # Mark (1) every open tile of the region 4-connected to tile `start` (when >= 0) and, unless the
    # region is the whole world, to the open tiles on its edges that are not the world's; returns how
    # many were marked.
    tiles = ptr8(v.tiles)
    marks = ptr8(marks_obj)
    queue = ptr32(queue_obj)
    solid = ptr8(SOLID)
    w = int(v.w)
    h = int(v.h)
    n = w * h
    i = 0
    while i < n:
        marks[i] = 0
        i += 1
    tail = 0
    if start >= 0:
        if not solid[tiles[start]]:
            marks[start] = 1
            queue[0] = start
            tail = 1
    if not whole:
        ox = int(v.ox)
        oy = int(v.oy)
        inner_left = ox > 0
        inner_top = oy > 0
        inner_right = ox + w < int(v.width)
        inner_bottom = oy + h < int(v.height)
        i = 0
        while i < n:
            x = i % w
            y = i // w
            if (x == 0 and inner_left) or (y == 0 and inner_top) or (x == w - 1 and inner_right) \
                    or (y == h - 1 and inner_bottom):
                if not marks[i] and not solid[tiles[i]]:
                    marks[i] = 1
                    queue[tail] = i
                    tail += 1
            i += 1
    head = 0
    last_row = n - w
    while head < tail:
        c = queue[head]
        head += 1
        x = c % w
        if c >= w:
            m = c - w
            if not marks[m] and not solid[tiles[m]]:
                marks[m] = 1
                queue[tail] = m
                tail += 1
        if c < last_row:
            m = c + w
            if not marks[m] and not solid[tiles[m]]:
                marks[m] = 1
                queue[tail] = m
                tail += 1
        if x > 0:
            m = c - 1
            if not marks[m] and not solid[tiles[m]]:
                marks[m] = 1
                queue[tail] = m
                tail += 1
        if x < w - 1:
            m = c + 1
            if not marks[m] and not solid[tiles[m]]:
                marks[m] = 1
                queue[tail] = m
                tail += 1
    return tail


@micropython.viper
def solid_sums(tiles_obj, w: int, h: int, sums_obj):
    # sums[y * w + x] = the solid tiles in columns 0..x of rows 0..y (at most 2048 * 2048: 31 bits).
    tiles = ptr8(tiles_obj)
    sums = ptr32(sums_obj)
    solid = ptr8(SOLID)
    y = 0
    while y < h:
        row = 0
        x = 0
        while x < w:
            c = y * w + x
            row += solid[tiles[c]]
            if y > 0:
                sums[c] = row + sums[c - w]
            else:
                sums[c] = row
            x += 1
        y += 1


def solid_in(sums, w, x0, y0, x1, y1):
    # Solid tiles in columns x0..x1 of rows y0..y1 (region coordinates, inclusive).
    n = sums[y1 * w + x1]
    if x0 > 0:
        n -= sums[y1 * w + x0 - 1]
    if y0 > 0:
        n -= sums[(y0 - 1) * w + x1]
        if x0 > 0:
            n += sums[(y0 - 1) * w + x0 - 1]
    return n


def rooms_hold(v, whole, sums):
    # The rooms rule: see the head of this module (the kind table says which kinds list rooms). sums:
    # the flood's queue, free again, which becomes the table of solid-tile sums.
    if not KINDS[kind_of(v.depth)].rooms:
        return v.room_count == 0
    if whole and v.room_count == 0:
        return False
    solid_sums(v.tiles, v.w, v.h, sums)
    rooms = v.rooms
    k = 0
    while k < v.room_count:
        x = rooms[4 * k]
        y = rooms[4 * k + 1]
        w = rooms[4 * k + 2]
        h = rooms[4 * k + 3]
        if w < 5 or h < 3 or x < 1 or y < 1 or x + w > v.width - 1 or y + h > v.height - 1:
            return False
        if x < v.ox or y < v.oy or x + w > v.ox + v.w or y + h > v.oy + v.h:
            return False
        if solid_in(sums, v.w, x - v.ox, y - v.oy, x - v.ox + w - 1, y - v.oy + h - 1):
            return False
        k += 1
    return True
