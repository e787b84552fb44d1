# The door checks of a BSP dungeon's plan (plan_check.py runs them, read from the tiles alone):
#   doors      every open tile on a listed room's rim (the ring one tile outside it, corners excepted:
#              a room is entered only through those) is a door, liquids aside (a trap's acid pocket
#              lies under the floor)
#   door_runs  no 3 doors in a row, across or down: a room is entered where a corridor meets it end on
#              (a corridor 2 wide: 2 doors side by side), never through a strip of doors along its
#              wall (maze32-world/7: the rooms' rims lie on the corridors' lattice lines, bsp.py)
from maze32._compat import micropython, ptr8
from maze32.world.tiles import SOLID, LIQUID


def rooms_have_doors(v):
    rooms = v.rooms
    k = 0
    while k < v.room_count:
        x0 = rooms[4 * k] - v.ox
        y0 = rooms[4 * k + 1] - v.oy
        x1 = x0 + rooms[4 * k + 2] - 1
        y1 = y0 + rooms[4 * k + 3] - 1
        if not (rim_has_doors(v, x0, y0 - 1, x1, y0 - 1) and rim_has_doors(v, x0, y1 + 1, x1, y1 + 1)
                and rim_has_doors(v, x0 - 1, y0, x0 - 1, y1) and rim_has_doors(v, x1 + 1, y0, x1 + 1, y1)):
            return False
        k += 1
    return True


@micropython.viper
def rim_has_doors(v, x0: int, y0: int, x1: int, y1: int) -> int:
    # Every open dry tile of x0..x1, y0..y1 (region coordinates, clipped to it) is a door.
    tiles = ptr8(v.tiles)
    solid = ptr8(SOLID)
    liquid = ptr8(LIQUID)
    w = int(v.w)
    h = int(v.h)
    x0 = x0 if x0 > 0 else 0
    y0 = y0 if y0 > 0 else 0
    x1 = x1 if x1 < w - 1 else w - 1
    y1 = y1 if y1 < h - 1 else h - 1
    y = y0
    while y <= y1:
        c = y * w + x0
        end = y * w + x1
        while c <= end:
            t = tiles[c]
            if not solid[t] and not liquid[t] and t != 9:      # tiles.DOOR
                return 0
            c += 1
        y += 1
    return 1


@micropython.viper
def no_door_runs(v) -> int:
    # Whether the region holds no 3 doors in a row across or down (a run cut by the region's edge is
    # judged by what lies inside it). Every door looks at the 2 tiles after it each way: doors are
    # few, so this is one read a tile.
    # One pass over the tiles in order, (x, y) kept beside the index for the edge tests.
    tiles = ptr8(v.tiles)
    w = int(v.w)
    h = int(v.h)
    below2 = (h - 2) * w                    # the first tile with fewer than 2 rows under it
    n = w * h
    c = x = 0
    while c < n:
        if tiles[c] == 9:                                       # tiles.DOOR
            if x + 2 < w and tiles[c + 1] == 9 and tiles[c + 2] == 9:
                return 0
            if c < below2 and tiles[c + w] == 9 and tiles[c + 2 * w] == 9:
                return 0
        c += 1
        x += 1
        if x == w:
            x = 0
    return 1
