# The route search of stairs_routes.route_levels: breadth first from the spawn over a BSP region's plan,
# each room's level the step at which it first reaches one of its tiles. It crosses the plan's rooms
# instead of walking their tiles (a region's rooms hold some 60% of its open tiles), with the levels a
# search of every tile gives. A room is a rectangle, so from a tile where the search enters it every
# tile of it lies at its Manhattan distance; the search walks only the tiles outside rooms and leaves
# a room through its rim (the ring of tiles just outside it, corners excepted, by which alone a room
# is entered: bsp's rooms and their rims lie inside their leaves):
#   - the plane (ws.queue) has the rooms closed as well as the stone (stairs_routes._open_plan);
#   - a rim tile taken from the ring at level L enters its room at L + 1 (the room's level when it is
#     the first: every path into a room crosses its rim) and schedules every rim tile of the room not
#     reached yet at L + 2 + the distance across the room between their inner tiles (into the list of
#     that level, in ws.ca_a, the cave automaton's cells, free in a dungeon: next << 16 | tile); a
#     scheduled tile joins the ring at its level unless the search reached it first (a path round the
#     room is shorter). An entry no sooner than an earlier one into the room plus the way between
#     them schedules nothing;
#   - the cells' masks (ws.blob) cover the rooms' boxes grown by one, their rims; in a region up to
#     128 wide the plane's right half (words 8..15 of each row, past the region) holds the same boxes
#     tile by tile (stairs_routes._open_plan), one bit test a tile walked instead of the masks' two.
# With rooms_route[1]'s bit 0 it walks the rooms' tiles as well (rooms open in the plane, the masks on their
# boxes): route_levels' second try, where this search's ring (RING - 4 tiles in flight at most) or
# its schedule (ws.ca_a's length) filled. The search over every tile counts the rooms' tiles in flight
# too, so its ring could fill where this one's does not (then it would fall back to straight lines);
# it never has in any world measured (bench/route_flight.py: at most 156 of 508 in flight).
from maze32._compat import const, micropython, ptr8, ptr16, ptr32

_UNREACHED = const(0xFFFF)
_RING = const(512)            # stairs_routes.RING: the ring in ws.marks[0..1024)
_CELLS = const(1024)          # stairs_routes._CELLS: 6 rooms a cell, 2 bytes a room
_EMPTY = const(0xFFFF)
_LEVELS = const(32)           # a tile is scheduled at most 12 + 8 + 1 levels ahead: a list per level
_NONE = const(0x3FFF)         # (ws.row_runs[0..32): each list's first entry) and the lists' end; an
                              # entry (next << 16 | tile) stays below 2**30, a small int everywhere

# The workspace and whether the rooms are searched tile by tile (bit 0) and the plane's right half
# holds the rooms' boxes (bit 1) (_compat.py, Registers: the plane and the tile are the kernel's only
# arguments).
rooms_route = [None, 0]


@micropython.viper
def search_rooms(plane: ptr16, p: int) -> int:
    # From the spawn p (y << 8 | x); 1 with every room's level in ws.stack (or every tile it can
    # reach reached), 0 when its ring or schedule filled.
    ws = rooms_route[0]
    tiles = int(rooms_route[1])
    boxes = tiles >> 1           # the boxes in the plane's right half, not the cells' masks
    tiles &= 1
    grow = 1 - tiles             # a room's box in the cells' table: with its rim when crossing rooms
    ring = ptr8(ws.marks)
    level_of = ptr16(ws.stack)
    room_x = ptr8(ws.room_x)
    room_y = ptr8(ws.room_y)
    room_w = ptr8(ws.room_w)
    room_h = ptr8(ws.room_h)
    masks = ptr8(ws.blob)
    pool = ptr32(ws.ca_a)
    cap = int(len(ws.ca_a))
    cap = cap if cap < _NONE else _NONE
    heads = ptr16(ws.row_runs)
    left = int(ws.room_count)
    if left == 0:
        return 1
    rooms = left
    firsts = 1 if 2 * rooms <= int(len(ws.stack)) else 0   # room m's first entry at ws.stack[rooms + m]
    i = 0
    while i < _LEVELS:
        heads[i] = _NONE
        i += 1
    pooled = 0                   # scheduled tiles not yet due
    free = _NONE                 # the schedule's entries free for reuse, and the first never used
    fresh = 0
    head = 0
    tail = 0
    level = 0
    entering = 0
    last_m = -1                  # the last entry that scheduled: its room, tile, level
    last_x = 0
    last_y = 0
    last_d = 0
    m = 0
    ex = 0
    ey = 0
    de = 0
    x = p & 255
    y = p >> 8
    i = _CELLS + ((((p >> 8) & 0xF0) | ((p >> 4) & 15)) * 12)
    while not tiles and i < _CELLS + ((((p >> 8) & 0xF0) | ((p >> 4) & 15)) * 12) + 12:   # its room
        m = (ring[i] << 8) | ring[i + 1]
        i += 2
        if m == _EMPTY:
            break
        if x >= room_x[m] and y >= room_y[m] and x < room_x[m] + room_w[m] and y < room_y[m] + room_h[m]:
            entering = 1
            ex = x
            ey = y
            break
    if not entering:                                        # a spawn outside every room
        plane[p >> 4] = plane[p >> 4] | (1 << (p & 15))
        ring[0] = p >> 8
        ring[_RING] = p & 255
        tail = 1
    end = tail
    while True:
        if entering:                                        # room m entered at tile (ex, ey), level de
            entering = 0
            k = 0
            if level_of[m] == _UNREACHED:
                level_of[m] = de
                if firsts:
                    level_of[rooms + m] = (ey << 8) | ex
                left -= 1
                if left == 0:
                    return 1
            else:
                # An entry no sooner than the room's first or the last one into it plus the way
                # between them (the second tile of a corridor 2 wide, a tile this room scheduled,
                # mostly) schedules nothing sooner.
                k = (ex - last_x if ex > last_x else last_x - ex) + (ey - last_y if ey > last_y else last_y - ey)
                if firsts:
                    i = int(level_of[rooms + m])
                    x = i & 255
                    y = i >> 8
                    i = int(level_of[m]) + (ex - x if ex > x else x - ex) + (ey - y if ey > y else y - ey)
                else:
                    i = 0x7FFF
                k = 4 if (m == last_m and last_d + k <= de) or i <= de else 0
            if k == 4:
                continue                                    # nothing to schedule
            last_m = m
            last_x = ex
            last_y = ey
            last_d = de
            x0 = int(room_x[m])
            y0 = int(room_y[m])
            w = int(room_w[m])
            h = int(room_h[m])
            t = 0
            n = 0
            while k < 4 or t < n:                           # its rim: top, bottom, left, right
                if t == n:
                    if k < 2:                               # a row: the rim's, the room's inside it
                        x = x0
                        y = y0 - 1 if k == 0 else y0 + h
                        n = y0 if k == 0 else y0 + h - 1
                        u = (ey - n if ey > n else n - ey)
                        n = w
                    else:                                   # a column
                        x = x0 - 1 if k == 2 else x0 + w
                        y = y0
                        n = x0 if k == 2 else x0 + w - 1
                        u = (ex - n if ex > n else n - ex)
                        n = h
                    t = 0
                    k += 1
                    continue
                if k <= 2:
                    q = ((~plane[(y << 4) | ((x + t) >> 4)]) & 0xFFFF) >> ((x + t) & 15)
                    if q == 0:                              # the word's rest is stone or reached
                        t += 16 - ((x + t) & 15)
                        t = t if t < n else n
                        continue
                    c = x + t
                    r = y
                    d = u + (ex - c if ex > c else c - ex)
                else:
                    q = ~(plane[((y + t) << 4) | (x >> 4)] >> (x & 15))
                    if not (q & 1):
                        t += 1
                        continue                            # stone, or reached
                    c = x
                    r = y + t
                    d = u + (ey - r if ey > r else r - ey)
                t += 1
                if not (q & 1):
                    continue                                # stone, or reached
                if free != _NONE:                           # (c, r) scheduled at de + d + 1
                    i = free
                    free = pool[i] >> 16
                elif fresh < cap:
                    i = fresh
                    fresh += 1
                else:
                    return 0                                # the schedule is full
                d = (de + d + 1) & (_LEVELS - 1)            # its level's list
                pool[i] = (heads[d] << 16) | (r << 8) | c
                heads[d] = i
                pooled += 1
        if head < end:
            r = head & (_RING - 1)
            p = (ring[r] << 8) | ring[r + _RING]
            head += 1
            j = p >> 4
            b = 1 << (p & 15)
            if boxes:
                q = plane[j + 8] & b
            else:
                c = ((p >> 8) & 0xF0) | ((p >> 4) & 15)
                q = (masks[c] >> ((p & 15) >> 1)) & (masks[256 + c] >> ((p >> 9) & 7)) & 1
            if q:
                x = p & 255                                 # a room's tile, or a rim's: which side
                y = p >> 8
                i = _CELLS + ((((p >> 8) & 0xF0) | ((p >> 4) & 15)) * 12)   # its cell's rooms
                c = i + 12
                while i < c:
                    m = (ring[i] << 8) | ring[i + 1]
                    i += 2
                    if m == _EMPTY:
                        break
                    y0 = int(room_y[m])                     # outside its box (and rim, crossing rooms)?
                    if y + grow < y0 or y > y0 + int(room_h[m]) - 1 + grow:
                        continue
                    x0 = int(room_x[m])
                    if x + grow < x0 or x > x0 + int(room_w[m]) - 1 + grow:
                        continue
                    x1 = x0 + int(room_w[m]) - 1
                    y1 = y0 + int(room_h[m]) - 1
                    if x >= x0 and x <= x1 and y >= y0 and y <= y1:
                        if level_of[m] == _UNREACHED:       # a room's tile, tile by tile
                            level_of[m] = level
                            left -= 1
                            if left == 0:
                                return 1
                    elif x >= x0 and x <= x1:
                        entering = 1
                        ex = x
                        ey = y0 if y < y0 else y1
                    elif y >= y0 and y <= y1:
                        entering = 1
                        ex = x0 if x < x0 else x1
                        ey = y
                    de = level + 1
                    break
            if tail - head >= _RING - 4:
                return 0
            q = plane[j - 16]                               # up
            if not (q & b):
                plane[j - 16] = q | b
                r = tail & (_RING - 1)
                ring[r] = (p >> 8) - 1
                ring[r + _RING] = p & 255
                tail += 1
            q = plane[j + 16]                               # down
            if not (q & b):
                plane[j + 16] = q | b
                r = tail & (_RING - 1)
                ring[r] = (p >> 8) + 1
                ring[r + _RING] = p & 255
                tail += 1
            j = (p - 1) >> 4                                # left
            b = 1 << ((p - 1) & 15)
            q = plane[j]
            if not (q & b):
                plane[j] = q | b
                r = tail & (_RING - 1)
                ring[r] = (p - 1) >> 8
                ring[r + _RING] = (p - 1) & 255
                tail += 1
            j = (p + 1) >> 4                                # right
            b = 1 << ((p + 1) & 15)
            q = plane[j]
            if not (q & b):
                plane[j] = q | b
                r = tail & (_RING - 1)
                ring[r] = (p + 1) >> 8
                ring[r + _RING] = (p + 1) & 255
                tail += 1
            continue
        # The level is done: the next one's scheduled tiles join the ring, the bound is checked.
        level += 1
        i = heads[level & (_LEVELS - 1)]
        heads[level & (_LEVELS - 1)] = _NONE
        while i != _NONE:
            q = int(pool[i])
            pool[i] = free << 16
            free = i
            i = q >> 16
            pooled -= 1
            q &= 0xFFFF
            j = q >> 4
            b = 1 << (q & 15)
            if plane[j] & b:
                continue                                    # reached first, round the room
            if tail - head >= _RING - 4:
                return 0
            plane[j] = plane[j] | b
            r = tail & (_RING - 1)
            ring[r] = q >> 8
            ring[r + _RING] = q & 255
            tail += 1
        end = tail
        if head == tail and pooled == 0:
            return 1                                        # every tile it can reach reached
    return 1
