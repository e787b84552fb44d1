# The stairs' room by route (seed 004 puts the stairs in the room farthest from the spawn, and a person
# walks routes, not straight lines): a breadth-first search of the stairs' cell gives each room its
# level, the step at which the search first reaches one of its tiles (into ws.stack), and
# rank_by_route orders the rooms by it. No allocation: the workspace's flood buffers are free where
# these run. Sources: the spawn's tile when the spawn is in the cell; else the cell's ways in.
#   route_levels (BSP, world/bsp.py): over a region's plan, before any tile is drawn. Its rooms are
#       joined as a tree of corridors, but the corridors cross each other and other rooms everywhere
#       (they share the lattice of 3), so a distance over the tree overstates the route (by 264 tiles
#       at the median, up to 1,158, in 250 x 250 worlds); the search walks the plan's own tiles:
#         ws.queue  one bit a tile of the region (256 x 256 at most, row pitch 256): set = closed
#                   (stone in the plan, or reached), cleared where a room or a corridor leg is dug;
#         ws.marks  the search's ring of tiles (y, x: two bytes; RING of them at most in flight);
#         ws.ca_a, ca_b, ca_lo  which rooms meet each cell of 16 x 16 tiles (at most 6: a leaf is
#                   15 x 10 or more, so a cell meets 2 across and 3 down), 3 room numbers of 10 bits
#                   to a word.
#       The ways in from another region: its doorways, each entered at its Manhattan distance from
#       the spawn region's centre (less the least of them).
#   chunk_route_levels (accretion, world/accretion.py): over the chunk's own tiles once its rooms and
#       doorways are dug (ws.marks: 1 closed, 2 + k room k's core unseen; ws.queue the search's
#       queue, a tile at most once). The ways in from another chunk: every open tile on its edge.
# Routes leaving the cell are not searched: plan_check's `farthest` judges where spawn and stairs
# share a cell.
from maze32._compat import const, micropython, ptr8, ptr16, ptr32
from maze32.world.tiles import SOLID

UNREACHED = const(0xFFFF)
RING = const(2048)            # tiles in flight at most (ws.marks: 2 bytes a tile)
_EMPTY = const(1023)          # a free room slot of a cell
_EMPTY3 = const(0x3FFFFFFF)   # a word of three free slots
_CELL_WORDS = const(222)      # words of each of ca_a, ca_b used (ca_* hold 222 at least)
_NO_ROOM = const(0xFFFF)      # bsp.NO_ROOM


@micropython.viper
def _dig(plane_obj, x0: int, y0: int, x1: int, y1: int):
    # Tiles x0..x1, y0..y1 (inclusive, region coordinates) opened in the plane, a word at a time.
    plane = ptr16(plane_obj)
    while y0 <= y1:
        lo = x0
        while lo <= x1:
            hi = (lo | 15) if (lo | 15) < x1 else x1
            i = (y0 << 4) | (lo >> 4)
            plane[i] = plane[i] & ~(((1 << (hi - lo + 1)) - 1) << (lo & 15))
            lo = hi + 1
        y0 += 1


@micropython.viper
def _cell_word(ws, i: int) -> int:
    # Word i of the cell table (2 a cell) as an int.
    if i < _CELL_WORDS:
        return int(ptr32(ws.ca_a)[i])
    if i < 2 * _CELL_WORDS:
        return int(ptr32(ws.ca_b)[i - _CELL_WORDS])
    return int(ptr32(ws.ca_lo)[i - 2 * _CELL_WORDS])


@micropython.viper
def _set_cell_word(ws, i: int, v: int):
    if i < _CELL_WORDS:
        ptr32(ws.ca_a)[i] = v
    elif i < 2 * _CELL_WORDS:
        ptr32(ws.ca_b)[i - _CELL_WORDS] = v
    else:
        ptr32(ws.ca_lo)[i - 2 * _CELL_WORDS] = v


@micropython.viper
def _index_rooms(ws):
    # The cell table: every room added to each cell of 16 x 16 tiles its box meets.
    i = 0
    while i < 512:
        _set_cell_word(ws, i, _EMPTY3)
        i += 1
    room_x = ptr8(ws.room_x)
    room_y = ptr8(ws.room_y)
    room_w = ptr8(ws.room_w)
    room_h = ptr8(ws.room_h)
    n = int(ws.room_count)
    k = 0
    while k < n:
        cy = int(room_y[k]) >> 4
        cy1 = (int(room_y[k]) + int(room_h[k]) - 1) >> 4
        while cy <= cy1:
            cx = int(room_x[k]) >> 4
            cx1 = (int(room_x[k]) + int(room_w[k]) - 1) >> 4
            while cx <= cx1:
                c = (cy << 4) | cx
                j = 0
                while j < 6:                                # the cell's first free slot
                    w = int(_cell_word(ws, 2 * c + j // 3))
                    s = (j % 3) * 10
                    if (w >> s) & 1023 == _EMPTY:
                        _set_cell_word(ws, 2 * c + j // 3, (w & ~(1023 << s)) | (k << s))
                        break
                    j += 1
                cx += 1
            cy += 1
        k += 1


@micropython.viper
def _open_plan(ws, rw: int, rh: int):
    # The plane: every tile closed, then the plan's rooms and both legs of every corridor opened
    # (dungeon.dig_passages' rectangles, clipped to the region; doors, traps, items and stairs stand
    # on open tiles).
    plane = ptr16(ws.queue)
    room_x = ptr8(ws.room_x)
    room_y = ptr8(ws.room_y)
    room_w = ptr8(ws.room_w)
    room_h = ptr8(ws.room_h)
    cor_ax = ptr8(ws.cor_ax)
    cor_ay = ptr8(ws.cor_ay)
    cor_bx = ptr8(ws.cor_bx)
    cor_by = ptr8(ws.cor_by)
    cor_bend = ptr8(ws.cor_bend)
    i = 0
    while i < 4096:
        plane[i] = 0xFFFF
        i += 1
    obj = ws.queue
    k = 0
    n = int(ws.room_count)
    while k < n:
        x0 = int(room_x[k])
        y0 = int(room_y[k])
        _dig(obj, x0, y0, x0 + int(room_w[k]) - 1, y0 + int(room_h[k]) - 1)
        k += 1
    k = 0
    n = int(ws.cor_count)
    while k < n:
        ax = int(cor_ax[k])
        ay = int(cor_ay[k])
        bx = int(cor_bx[k])
        by = int(cor_by[k])
        lx = ax if ax < bx else bx
        hx = (bx if ax < bx else ax) + 1
        hx = hx if hx < rw - 1 else rw - 1
        ly = ay if ay < by else by
        hy = (by if ay < by else ay) + 1
        hy = hy if hy < rh - 1 else rh - 1
        if cor_bend[k] == 0:
            _dig(obj, lx, ay, hx, ay + 1)
            _dig(obj, bx, ly, bx + 1, hy)
        else:
            _dig(obj, ax, ly, ax + 1, hy)
            _dig(obj, lx, by, hx, by + 1)
        k += 1


def route_levels(ws, rw, rh, source, sx, sy):
    # Each room's level into ws.stack (see the head) from the spawn at (sx, sy) (source 1), or from
    # the region's doorways (source 0; (sx, sy) the spawn region's centre, region coordinates).
    # False when the search outgrew its ring (no level is then sure).
    _index_rooms(ws)
    _open_plan(ws, rw, rh)
    return _search(ws, rw, rh, source, sx, sy) == 1


@micropython.viper
def _search(ws, rw: int, rh: int, source: int, sx: int, sy: int) -> int:
    plane = ptr16(ws.queue)
    ring = ptr8(ws.marks)
    level_of = ptr16(ws.stack)
    room_x = ptr8(ws.room_x)
    room_y = ptr8(ws.room_y)
    room_w = ptr8(ws.room_w)
    room_h = ptr8(ws.room_h)
    cor_b = ptr16(ws.cor_b)
    cor_bx = ptr8(ws.cor_bx)
    cor_by = ptr8(ws.cor_by)
    cells_a = ptr32(ws.ca_a)
    cells_b = ptr32(ws.ca_b)
    cells_lo = ptr32(ws.ca_lo)
    rooms = int(ws.room_count)
    cors = int(ws.cor_count)
    k = 0
    while k < rooms:
        level_of[k] = UNREACHED
        k += 1
    # The sources, entered at their levels: the spawn at 0, or each doorway at its distance less the
    # least of them.
    least = 0
    if source == 0:
        least = 0x7FFF
        k = 0
        while k < cors:
            if cor_b[k] == _NO_ROOM:
                d = int(cor_bx[k]) - sx
                e = int(cor_by[k]) - sy
                d = (d if d > 0 else -d) + (e if e > 0 else -e)
                least = d if d < least else least
            k += 1
    last_source = 0
    head = 0
    tail = 0
    level = 0
    while True:
        # This level's sources.
        if source == 1:
            if level == 0:
                p = (sy << 8) | sx
                plane[p >> 4] = plane[p >> 4] | (1 << (p & 15))
                ring[0] = p >> 8
                ring[1] = p & 255
                tail = 1
        elif level <= last_source:
            k = 0
            while k < cors:
                if cor_b[k] == _NO_ROOM:
                    d = int(cor_bx[k]) - sx
                    e = int(cor_by[k]) - sy
                    d = (d if d > 0 else -d) + (e if e > 0 else -e) - least
                    last_source = d if d > last_source else last_source
                    p = (int(cor_by[k]) << 8) | int(cor_bx[k])
                    if d == level and not (plane[p >> 4] >> (p & 15)) & 1:
                        plane[p >> 4] = plane[p >> 4] | (1 << (p & 15))
                        r = (tail & (RING - 1)) << 1
                        ring[r] = p >> 8
                        ring[r + 1] = p & 255
                        tail += 1
                k += 1
        if head == tail and level >= last_source:
            break
        end = tail
        while head < end:
            r = (head & (RING - 1)) << 1
            y = int(ring[r])
            x = int(ring[r + 1])
            head += 1
            # The room holding (x, y), if any, is reached at this level unless it was before.
            c = ((y >> 4) << 5) | ((x >> 4) << 1)          # the cell's first word
            j = 0
            while j < 6:
                i = c if j < 3 else c + 1
                if i < _CELL_WORDS:
                    w = int(cells_a[i])
                elif i < 2 * _CELL_WORDS:
                    w = int(cells_b[i - _CELL_WORDS])
                else:
                    w = int(cells_lo[i - 2 * _CELL_WORDS])
                m = (w >> ((j if j < 3 else j - 3) * 10)) & 1023
                j += 1
                if m == _EMPTY:
                    break
                if x >= int(room_x[m]) and y >= int(room_y[m]) and x < int(room_x[m]) + int(room_w[m]) \
                        and y < int(room_y[m]) + int(room_h[m]):
                    if level_of[m] == UNREACHED:
                        level_of[m] = level
                    break
            # Its open neighbours inside the region, closed as they join the ring.
            k = 0
            while k < 4:
                if k == 0:
                    p = ((y - 1) << 8) | x if y > 0 else -1
                elif k == 1:
                    p = ((y + 1) << 8) | x if y < rh - 1 else -1
                elif k == 2:
                    p = (y << 8) | (x - 1) if x > 0 else -1
                else:
                    p = (y << 8) | (x + 1) if x < rw - 1 else -1
                k += 1
                if p < 0 or (plane[p >> 4] >> (p & 15)) & 1:
                    continue
                if tail - head >= RING - 1:
                    return 0                                # the ring is full
                plane[p >> 4] = plane[p >> 4] | (1 << (p & 15))
                r = (tail & (RING - 1)) << 1
                ring[r] = p >> 8
                ring[r + 1] = p & 255
                tail += 1
        level += 1
    return 1


@micropython.viper
def chunk_route_levels(ws, tiles_obj, source: int, sx: int, sy: int):
    # Each accretion room's level into ws.stack, from the spawn at (sx, sy) (chunk coordinates;
    # source 1) or from every open tile on the chunk's edge (source 0).
    tiles = ptr8(tiles_obj)
    marks = ptr8(ws.marks)
    queue = ptr16(ws.queue)
    level_of = ptr16(ws.stack)
    solid = ptr8(SOLID)
    a = ptr8(ws.acc)
    cw = int(ws.cw)
    ch = int(ws.ch)
    rooms = int(ws.acc_count)
    i = 0
    while i < 4096:
        marks[i] = 1 if solid[tiles[i]] else 0
        i += 1
    k = 0
    while k < rooms:
        level_of[k] = UNREACHED
        o = k * 10                                          # templates.ROOM_BYTES
        y = int(a[o + 1])
        while y < int(a[o + 1]) + int(a[o + 3]):
            i = (y << 6) + int(a[o])
            end = i + int(a[o + 2])
            while i < end:
                if marks[i] == 0:
                    marks[i] = 2 + k
                i += 1
            y += 1
        k += 1
    tail = 0
    if source == 1:
        queue[0] = (sy << 6) | sx
        tail = 1
    else:
        y = 0
        while y < ch:
            x = 0
            while x < cw:
                if (y == 0 or y == ch - 1 or x == 0 or x == cw - 1) and marks[(y << 6) | x] != 1:
                    queue[tail] = (y << 6) | x
                    tail += 1
                x = x + 1 if y == 0 or y == ch - 1 or x == cw - 1 else cw - 1
            y += 1
    i = 0
    while i < tail:                                         # the sources: level 0
        c = int(queue[i])
        if marks[c] >= 2:
            level_of[marks[c] - 2] = 0
        marks[c] = 1
        i += 1
    head = 0
    level = 0
    while head < tail:
        end = tail
        level += 1
        while head < end:
            c = int(queue[head])
            head += 1
            x = c & 63
            k = 0
            while k < 4:
                if k == 0:
                    p = c - 64 if c >= 64 else -1
                elif k == 1:
                    p = c + 64 if (c >> 6) < ch - 1 else -1
                elif k == 2:
                    p = c - 1 if x > 0 else -1
                else:
                    p = c + 1 if x < cw - 1 else -1
                k += 1
                if p < 0 or marks[p] == 1:
                    continue
                if marks[p] >= 2 and level_of[marks[p] - 2] == UNREACHED:
                    level_of[marks[p] - 2] = level
                marks[p] = 1
                queue[tail] = p
                tail += 1


@micropython.viper
def rank_by_route(ws, n: int, limit: int, after: int) -> int:
    # The room (of n) farthest by route (its level in ws.stack) of those after (limit, after) in the
    # order of falling level, then rising index (limit above every level and after -1: the
    # farthest); its level into ws.room_dist; -1 when none is left. Rooms not reached are not ranked.
    level_of = ptr16(ws.stack)
    best = -1
    best_d = -1
    k = 0
    while k < n:
        d = int(level_of[k])
        if d != UNREACHED and (d < limit or (d == limit and k > after)) and d > best_d:
            best = k
            best_d = d
        k += 1
    ws.room_dist = best_d
    return best
