# Can Explore's stairs be reached (issue 19)? The check the game runs on every world it deals, and the
# rules it rests on, stated once here for the game (firmware/maze32_game/explore.py moves by them) and
# the check.
#
# The rules' one idea: the player can pass between any two side-by-side tiles that are not stone (nor
# lava, acid or a trap), whatever was dug or built before, as long as no fall from them ends in a
# hazard. Walking and the one-step climb go sideways, digging opens dirt, grass and sand in all four
# directions, and `up` into an open tile climbs it and builds a block of dirt where the player stood,
# so a player who fell climbs back up the shaft they fell down, and a pit is never final. A step off
# an edge or a dig that would drop the player into lava, acid or a trap is refused (the game's
# Explore.lands_safely asks of one column what the column pass below computes for all), and off the
# ground (falling, not in water) the keys do nothing, so the player, unless walking or climbing
# straight into a hazard, only ever stands on the tiles the flood below counts. What the player
# changes keeps this true: a dig turns dirt into air and a build air into dirt (both passable), a tile
# whose fall is safe stays safe (a dig is refused otherwise; a built block only shortens falls; an item
# taken leaves air). So "can the stairs be reached from the spawn" is a flood over the PASSABLE tiles
# whose fall is safe, in the world as generated, and its answer holds in every state the player can
# reach: from anywhere reachable the stairs stay reachable (dying in a hazard aside), and r (back to
# the spawn) is never needed to get out.
#
# The check (stairs_route) reads a world of at most 128 x 128 tiles held as its 2 x 2 chunks (the
# game's own resident chunks) and uses only buffers it is given: the generator's marks (two bits a
# tile, 4096 bytes) and queue (4096 entries, a ring), so it allocates nothing. Two viper kernels: one
# pass up each column for the falls, then a breadth-first flood.
from maze32._compat import const, micropython, ptr8, ptr16
from maze32.world.tiles import SOLID, HAZARD, DIGGABLE, STAIRS

_STAIRS = const(11)           # tiles.STAIRS, folded into the kernels (checked below)
SIDE = const(128)             # the largest world the check reads: 2 x 2 chunks, 16384 tiles, 2 bits each
_NO_ROUTE = const(-1)         # no route within the limit
_TOO_WIDE = const(-2)         # the flood outgrew its queue (never seen on the game's worlds): no route


# 1 for a tile the player may stand in or dig through (not stone, not a hazard), by material.
PASSABLE = bytes(1 if not HAZARD[i] and (not SOLID[i] or DIGGABLE[i]) else 0 for i in range(256))
assert _STAIRS == STAIRS


def stairs_route(chunks, marks, queue, w, h, spawn, stairs, limit):
    # The length in tiles of the shortest route from spawn to stairs ((x, y) each) under the rules
    # above, in the world of w x h tiles (w, h <= SIDE) whose chunks are `chunks` (top left, top
    # right, bottom left, bottom right; a world one chunk wide or high names a chunk twice); -1 when
    # there is none of `limit` tiles or fewer, -2 when the queue was too small (never seen). marks: a
    # bytearray of 4096, queue: an array("H") of 4096 (both overwritten).
    if w > SIDE or h > SIDE:
        raise ValueError("reach: a world of %d x %d is over the check's %d x %d" % (w, h, SIDE, SIDE))
    bounds = (w - 1) | ((h - 1) << 7)               # the kernels' few arguments: packed integers
    mark_safe_tiles(chunks, marks, bounds)
    ends = ((spawn[1] << 7) | spawn[0]) | (((stairs[1] << 7) | stairs[0]) << 14)
    return flood(marks, queue, ends, bounds | (limit << 14))


@micropython.viper
def mark_safe_tiles(chunks, marks_obj, bounds: int):
    # Bit i of marks[0..2047] (i = y * 128 + x): the player may stand in (x, y) (dug, if it must be)
    # without a fall ending in a hazard. Bits of marks[2048..4095] (seen by the flood) cleared.
    marks = ptr8(marks_obj)
    passable = ptr8(PASSABLE)
    solid = ptr8(SOLID)
    hazard = ptr8(HAZARD)
    w = (bounds & 127) + 1
    h = ((bounds >> 7) & 127) + 1
    i = 0
    while i < 4096:
        marks[i] = 0
        i += 1
    x = 0
    while x < w:
        top = ptr8(chunks[x >> 6])              # the column's chunks: above row 64 and below
        bottom = ptr8(chunks[2 + (x >> 6)])
        ok = 1                                  # below the last row: the border, stone
        y = h - 1
        while y >= 0:
            at = ((y & 63) << 6) | (x & 63)
            t = int(bottom[at]) if y >= 64 else int(top[at])
            if passable[t] and ok:              # ok: a fall from (x, y) lands safely
                i = (y << 7) | x
                marks[i >> 3] = marks[i >> 3] | (1 << (i & 7))
            if solid[t] or t == _STAIRS:        # a fall into (x, y) from above stops here
                ok = 1
            elif hazard[t]:
                ok = 0
            y -= 1
        x += 1


@micropython.viper
def flood(marks_obj, queue_obj, ends: int, bounds: int) -> int:
    # Breadth first from the spawn (ends' low 14 bits) over the safe tiles, a layer at a time; the
    # route's length when a layer touches the stairs (its high bits), -1 past the limit.
    marks = ptr8(marks_obj)
    queue = ptr16(queue_obj)
    right = bounds & 127                        # the last column and row
    last = (bounds >> 7) & 127
    limit = bounds >> 14
    start = ends & 16383
    goal = ends >> 14
    if not (marks[start >> 3] & (1 << (start & 7))):
        return _NO_ROUTE
    marks[2048 + (start >> 3)] = marks[2048 + (start >> 3)] | (1 << (start & 7))
    queue[0] = start
    head = 0
    tail = 1
    length = 0
    while head < tail and length < limit:
        length += 1
        end = tail
        while head < end:
            p = int(queue[head & 4095])
            head += 1
            x = p & 127
            y = p >> 7
            k = 0
            while k < 4:                        # left, right, up, down, each inside the world
                n = -1
                if k == 0 and x > 0:
                    n = p - 1
                elif k == 1 and x < right:
                    n = p + 1
                elif k == 2 and y > 0:
                    n = p - 128
                elif k == 3 and y < last:
                    n = p + 128
                k += 1
                if n < 0:
                    continue
                if n == goal:
                    return length
                bit = 1 << (n & 7)
                if (marks[n >> 3] & bit) and not (marks[2048 + (n >> 3)] & bit):
                    marks[2048 + (n >> 3)] = marks[2048 + (n >> 3)] | bit
                    if tail - head >= 4096:
                        return _TOO_WIDE
                    queue[tail & 4095] = n
                    tail += 1
    return _NO_ROUTE
