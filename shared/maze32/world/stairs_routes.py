# The stairs' room by route (seed 004 puts the stairs in the room farthest from the spawn, and a person
# walks routes, not straight lines): a breadth-first search of the stairs' cell gives each room its
# level, the step at which the search first reaches one of its tiles (into ws.stack), and
# rank_by_route orders the rooms by it. No allocation: the workspace's flood buffers are free where
# these run.
#   route_levels (BSP, world/bsp.py): over a region's plan, before any tile is drawn, from the spawn
#       (bsp.choose_ends asks only when the spawn is in the region). Its rooms are joined as a tree of
#       corridors, but the corridors cross each other and other rooms everywhere (they share the
#       lattice of 3), so a distance over the tree overstates the route (by 264 tiles at the median,
#       up to 1,158, in 250 x 250 worlds); the search (world/route_rooms.py) walks the plan's own
#       tiles, crossing its rooms through their rims:
#         ws.queue  one bit a tile of the region (256 x 256 at most, row pitch 256): set = closed
#                   (stone in the plan, a room, or reached), cleared where a corridor leg is dug;
#                   in a region up to 128 wide each row's right half holds the rooms' boxes with
#                   their rims instead (route_rooms' lookup, below);
#         ws.marks  the search's ring of tiles (their rows in [0..RING), their columns after; RING
#                   tiles at most in flight, about 3 times the most measured, bench/route_flight.py:
#                   past it the caller falls back to straight lines), then which rooms meet each
#                   cell of 16 x 16 tiles (at most 6: a leaf is 15 x 10 or more, so a cell meets 2
#                   across and 3 down, and a room and its rim lie inside its leaf), 2 bytes a room;
#         ws.blob   each cell's masks of its rooms with their rims (accretion's, free in a BSP
#                   dungeon): [c] the pairs of its columns, [256 + c] the pairs of its rows, that one
#                   covers; a tile outside either is in no room or rim, so the search looks up a tile's
#                   rooms only inside both (a corridor's tile mostly is not). The search ends when
#                   every room is reached.
#   chunk_route_levels (accretion, world/accretion.py): over the chunk's own tiles once its rooms and
#       doorways are dug (ws.marks as accretion leaves them, 2 open and 0 solid: then 0 closed, 3 + k
#       room k's core unseen; ws.queue the search's queue, a tile at most once), from the spawn (accretion.place_ends asks only when the spawn
#       is in the chunk).
# Both are asked only where the spawn shares the stairs' cell. An accretion world of one block (2 x 2
# chunks at most, Explore's) is searched across its chunks instead, by world/accretion_routes.py.
# plan_check's `farthest` judges both; elsewhere the stairs' room is the farthest by straight line.
from maze32._compat import const, micropython, ptr8, ptr16
from maze32.world import route_rooms

UNREACHED = const(0xFFFF)
RING = const(512)             # tiles in flight at most (ws.marks[0..1024): rows, then columns)
_FIELD = const(404)           # tiles.PLAN_FIELD: the plan's fields' stride
_CELLS = const(1024)          # ws.marks[1024..4096): 6 rooms a cell, 2 bytes a room


@micropython.viper
def _index_rooms(ws, rw: int, rh: int, grow: int):
    # The cell table: every room added to each cell of 16 x 16 tiles its box (grown by `grow` each
    # way: 1 takes in its rim) meets, and in a region wider than 128 to the cell's masks (route_rooms
    # reads the plane's boxes in a narrower one); every room not reached (ws.stack).
    cells = ptr8(ws.marks)
    masks = ptr8(ws.blob)
    level_of = ptr16(ws.stack)
    c = 0
    n = ((rh + 15) >> 4) << 4
    while c < n:                                            # the region's cells (the search's)
        if (c & 15) < (rw + 15) >> 4:
            masks[c] = 0
            masks[256 + c] = 0
            i = _CELLS + c * 12
            end = i + 12
            while i < end:                                  # its 6 slots free
                cells[i] = 0xFF
                cells[i + 1] = 0xFF
                i += 2
        c += 1
    plan = ptr8(ws.plan)          # field f of entry k at k + f * _FIELD (tiles.Workspace.plan)
    n = int(ws.room_count)
    k = 0
    while k < n:
        level_of[k] = UNREACHED
        x0 = int(plan[k]) - grow                            # room_x, room_y, room_w, room_h
        y0 = int(plan[k + _FIELD]) - grow
        x1 = x0 + int(plan[k + 2 * _FIELD]) - 1 + 2 * grow
        y1 = y0 + int(plan[k + 3 * _FIELD]) - 1 + 2 * grow
        cy = y0 >> 4
        while cy <= y1 >> 4:
            lo = y0 - (cy << 4)
            hi = y1 - (cy << 4)
            lo = (lo if lo > 0 else 0) >> 1
            hi = (hi if hi < 15 else 15) >> 1
            rows = ((1 << (hi - lo + 1)) - 1) << lo
            cx = x0 >> 4
            while cx <= x1 >> 4:
                c = (cy << 4) | cx
                if rw > 128:                                # (narrower: the plane's boxes instead)
                    lo = x0 - (cx << 4)
                    hi = x1 - (cx << 4)
                    lo = (lo if lo > 0 else 0) >> 1
                    hi = (hi if hi < 15 else 15) >> 1
                    masks[c] |= ((1 << (hi - lo + 1)) - 1) << lo
                    masks[256 + c] |= rows
                i = _CELLS + c * 12
                end = i + 12
                while i < end:                              # the cell's first free slot
                    if cells[i] == 0xFF and cells[i + 1] == 0xFF:
                        cells[i] = k >> 8
                        cells[i + 1] = k & 255
                        break
                    i += 2
                cx += 1
            cy += 1
        k += 1


@micropython.viper
def _open_plan(plane: ptr16, j: int):
    # The plane (ws.queue): every tile closed, then the plan's rooms and both legs of every corridor
    # opened, a word down a rectangle's rows at a time (dungeon.dig_plan's rectangles, in its
    # order, clipped to the region; doors, traps, items and stairs stand on open tiles); with
    # _route[3], the rooms closed again after (route_rooms crosses a room without searching it). In a
    # region up to 128 wide, each row's right half (words 8..15, past the region) holds the rooms'
    # boxes, grown by one (their rims) with _route[3], bit set inside: route_rooms' lookup. j, the
    # word at hand, is an argument only so that the emitter keeps it in a register (0 on entry).
    ws = _route[0]
    rw = int(_route[1])
    rh = int(_route[2])
    plan = ptr8(ws.plan)          # field f of entry k at k + f * _FIELD (tiles.Workspace.plan)
    end = rh << 4
    while j < end:                                          # the region's rows, 16 words each, 8 a
        fill = 0 if j & 8 and rw <= 128 else 0xFFFF         # step: all closed, but for the boxes'
        plane[j] = fill                                     # half where the region is up to 128
        plane[j + 1] = fill                                 # wide (none in it yet)
        plane[j + 2] = fill
        plane[j + 3] = fill
        plane[j + 4] = fill
        plane[j + 5] = fill
        plane[j + 6] = fill
        plane[j + 7] = fill
        j += 8
    rooms = int(ws.room_count)
    n = rooms + 2 * int(ws.cor_count)
    closed = int(_route[3])
    shut = n + rooms if closed else n                       # the rooms closed again end here
    last = shut if rw > 128 else shut + rooms               # then the boxes
    i = rooms if closed else 0                              # rooms to be closed are not opened first
    while i < last:
        if i < rooms or i >= n:
            k = i if i < rooms else (i - n if i < shut else i - shut)
            grow = closed if i >= shut else 0
            x0 = int(plan[k]) - grow                        # room_x, room_y, room_w, room_h
            y0 = int(plan[k + _FIELD]) - grow
            x1 = x0 + int(plan[k + 2 * _FIELD]) - 1 + 2 * grow
            y1 = y0 + int(plan[k + 3 * _FIELD]) - 1 + 2 * grow
        else:
            # A corridor's legs meet at its corner (bend 0: (bx, ay), else (ax, by)): the leg down lies
            # on the corner's column between the ends' rows, the leg across on its row between their
            # columns.
            k = ((i - rooms) >> 1) + 6 * _FIELD                 # cor_ax, cor_ay, cor_bx, cor_by, cor_bend
            down = (i - rooms) & 1
            if down:
                a = int(plan[k + _FIELD])
                b = int(plan[k + 3 * _FIELD])
                corner = int(plan[k + 2 * _FIELD]) if plan[k + 4 * _FIELD] == 0 else int(plan[k])
            else:
                a = int(plan[k])
                b = int(plan[k + 2 * _FIELD])
                corner = int(plan[k + _FIELD]) if plan[k + 4 * _FIELD] == 0 else int(plan[k + 3 * _FIELD])
            lo = a if a < b else b
            hi = (b if a < b else a) + 1
            x0 = corner if down else lo
            x1 = corner + 1 if down else hi
            y0 = lo if down else corner
            y1 = hi if down else corner + 1
            x1 = x1 if x1 < rw - 1 else rw - 1
            y1 = y1 if y1 < rh - 1 else rh - 1
        i += 1
        lo = x0
        while lo <= x1:                                     # each word it meets, down its rows
            hi = (lo | 15) if (lo | 15) < x1 else x1
            fill = ((1 << (hi - lo + 1)) - 1) << (lo & 15)
            keep = ~fill
            fill = fill if i > n else 0                     # closed (a room again, a box), or opened
            j = (y0 << 4) | (lo >> 4) | (8 if i > shut else 0)
            end = (y1 << 4) | (lo >> 4) | (8 if i > shut else 0)
            while j <= end:
                plane[j] = (plane[j] & keep) | fill
                j += 16
            lo = hi + 1


def route_levels(ws, rw, rh, sx, sy):
    # Each room's level into ws.stack (see the head) from the spawn at (sx, sy) (region coordinates)
    # in a region without doorways (the world's only one: its rim is stone all round). False when the
    # search outgrew its ring (no level is then sure). route_rooms' search crosses the rooms; where
    # its buffers fill it searches again, the rooms' tiles as well (the ring's limit counts them).
    route_rooms.rooms_route[0] = ws
    _route[0] = ws
    _route[1] = rw
    _route[2] = rh
    found = 0
    closed = 1
    while not found and closed >= 0:
        route_rooms.rooms_route[1] = (1 - closed) | (2 if rw <= 128 else 0)
        _route[3] = closed
        _index_rooms(ws, rw, rh, closed)
        _open_plan(ws.queue, 0)
        found = route_rooms.search_rooms(ws.queue, (sy << 8) | sx)
        closed -= 1
    _route[0] = route_rooms.rooms_route[0] = None
    return found == 1


# The workspace, the region's width and height and whether to close the rooms, for _open_plan
# (_compat.py, Registers: its two busiest locals are its only arguments, so the emitter keeps both in
# registers).
_route = [None, 0, 0, 0]


# The four steps of chunk_route_levels, each plus 64 (a byte): up, down, left, right.
_STEPS = bytes([0, 128, 63, 65])


@micropython.viper
def chunk_route_levels(ws, sx: int, sy: int):
    # Each accretion room's level into ws.stack, from the spawn at (sx, sy) (chunk coordinates).
    # ws.marks as accretion's settle leaves them once the doorways are dug: 2 where a tile is open,
    # 0 where it is solid (its rooms marked, the tunnels' walks marked as they dig); here 3 + k on
    # room k's core while unseen, then 0 for every tile the search reaches (closed).
    marks = ptr8(ws.marks)
    queue = ptr16(ws.queue)
    level_of = ptr16(ws.stack)
    a = ptr8(ws.acc)
    steps = ptr8(_STEPS)
    last_x = int(ws.cw) - 1
    last_row = (int(ws.ch) - 1) << 6
    rooms = int(ws.acc_count)
    k = 0
    while k < rooms:
        level_of[k] = UNREACHED
        o = k * 10                                          # templates.ROOM_BYTES
        y = int(a[o + 1])
        while y < int(a[o + 1]) + int(a[o + 3]):
            i = (y << 6) + int(a[o])
            end = i + int(a[o + 2])
            while i < end:
                if marks[i] == 2:
                    marks[i] = 3 + k
                i += 1
            y += 1
        k += 1
    c = (sy << 6) | sx                                      # the source: level 0
    queue[0] = c
    tail = 1
    left = rooms
    if marks[c] >= 3:
        level_of[marks[c] - 3] = 0
        left -= 1
    marks[c] = 0
    head = 0
    level = 0
    while head < tail and left > 0:                         # until every room is reached
        end = tail
        level += 1
        while head < end:
            c = int(queue[head])
            head += 1
            x = c & 63
            # The steps that stay in the chunk: bit j for steps[j].
            ways = (1 if c >= 64 else 0) | (2 if c < last_row else 0) | (4 if x > 0 else 0) \
                | (8 if x < last_x else 0)
            j = 0
            while ways:
                if ways & 1:
                    p = c + steps[j] - 64
                    m = marks[p]
                    if m:
                        if m >= 3 and level_of[m - 3] == UNREACHED:
                            level_of[m - 3] = level
                            left -= 1
                        marks[p] = 0
                        queue[tail] = p
                        tail += 1
                ways >>= 1
                j += 1


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
