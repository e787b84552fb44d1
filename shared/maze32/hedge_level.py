# Deeper's level: the Game Boy hedge maze's tiles (SPEC 4, seeds 000-002), stated once for the
# generator (hedge.py), its checks (hedge_check.py), the hash (hashing.py) and the game.
#
# Tiles: one byte each, row pitch 32 (index (y << 5) | x, as grid.py): WALL 0, FLOOR 1, HATCH 2 (the
# floor tile that is the level's goal); any nonzero tile is open. The side is odd, 7 + 2*(level-1)
# capped at MAX_LEVEL_SIDE; odd coordinates are rooms, the even ones between them walls; the border is
# wall. The player spawns at (1, 1). The storage has the duel maze's zero guard row after 32 rows.
from array import array

from maze32._compat import const
from maze32.maze import GUARDED, UNSEEN
from maze32.routes import measure_tile_routes

WALL = const(0)
FLOOR = const(1)
HATCH = const(2)
MAX_LEVEL_SIDE = const(21)
MAX_GHOSTS = const(8)
STEP_COOLDOWN = const(16)      # seed 000's enemy_step_cooldown: the ramp's value on levels 8..20
SPAWN_TILE = const(33)         # (1, 1)
ACTIVATION = const(4)          # seed 000's wake distance (Chebyshev): the ramp's value on levels 3..19
# What SPEC 4 fixes stays: the side 7 + 2*(level-1) capped at 21, min(level, 8) ghosts, ghost i's
# cooldown step_cooldown + 8*i. What it leaves open ramps with the level (issue 23, docs/game-feel.md):
#   - the wake distance: 2 at level 1 and 3 at level 2 (their mazes are too small to sleep a ghost of
#     seed 000's 4), then ACTIVATION, and from WAKE_FROM a tile more every WAKE_EVERY levels up to
#     MAX_WAKE;
#   - step_cooldown: FIRST_COOLDOWN at level 1, 2 frames less a level down to STEP_COOLDOWN at level 8,
#     STEP_COOLDOWN to level 20, then a frame less every COOLDOWN_EVERY levels down to MIN_COOLDOWN;
#   - where a ghost may start: SPEC's Chebyshev >= side // 2 from the spawn, and also at least its wake
#     distance + CLEARANCE, so every ghost sleeps until the player has walked two tiles or more toward
#     it: a level can be read for as long as one likes before the first key.
CLEARANCE = const(2)
FIRST_COOLDOWN = const(30)
WAKE_FROM = const(20)
WAKE_EVERY = const(10)
MAX_WAKE = const(8)
COOLDOWN_EVERY = const(3)
MIN_COOLDOWN = const(5)
# The winnable check (hedge_check.py) also walks the first levels at a person's pace: a tile every
# FIRST_CHECK_PACE frames (2.5 keys a second) at level 1, a frame less every CHECK_PACE_EVERY levels,
# until from level 22 only the top speed of SPEC 12 is checked.
FIRST_CHECK_PACE = const(8)
CHECK_PACE_EVERY = const(3)


def side_for(level):
    s = 7 + 2 * (level - 1)
    return s if s < MAX_LEVEL_SIDE else MAX_LEVEL_SIDE


def ghosts_for(level):
    return level if level < MAX_GHOSTS else MAX_GHOSTS


def wake_distance(level):
    # A sleeping ghost of this level wakes when the player comes this close (Chebyshev).
    if level < 3:
        return level + 1
    if level < WAKE_FROM:
        return ACTIVATION
    w = ACTIVATION + 1 + (level - WAKE_FROM) // WAKE_EVERY
    return w if w < MAX_WAKE else MAX_WAKE


def step_cooldown(level):
    # Frames between two steps of this level's first ghost (ghost i: + 8*i, SPEC 4).
    if level < 8:
        return STEP_COOLDOWN + 2 * (8 - level)
    if level <= WAKE_FROM:
        return STEP_COOLDOWN
    c = STEP_COOLDOWN - (level - WAKE_FROM + COOLDOWN_EVERY - 1) // COOLDOWN_EVERY
    return c if c > MIN_COOLDOWN else MIN_COOLDOWN


def cooldown_for(level, i):
    # Ghost i's initial cooldown at this level: SPEC 4's step_cooldown + i*8.
    return step_cooldown(level) + 8 * i


def check_pace(level):
    # Frames between the steps of the winnable check's slower walker at this level (1: none).
    p = FIRST_CHECK_PACE - (level - 1) // CHECK_PACE_EVERY
    return p if p > 1 else 1


class Chase:
    # The ghosts' state while a level is played (ghosts.py): tile, frames to the next step, awake.
    def __init__(self):
        self.pos = array("H", bytes(2 * MAX_GHOSTS))
        self.timer = bytearray(MAX_GHOSTS)
        self.awake = bytearray(MAX_GHOSTS)


class HedgeLevel:
    def __init__(self):
        self.level = 0
        self.side = 0
        self.tiles = bytearray(GUARDED)
        self.hatch = 0                       # tile index of the hatch
        self.ghosts = 0
        self.gx = bytearray(MAX_GHOSTS)
        self.gy = bytearray(MAX_GHOSTS)
        self.cooldown = bytearray(MAX_GHOSTS)
        self.chase = Chase()                 # the ghosts in play (the game, the winnable check)
        self.requested_hi = 0
        self.requested_lo = 0
        self.attempts = 0


def is_far(c, side):
    # Tile c at Chebyshev distance at least side // 2 from the spawn (1, 1): where the hatch may lie.
    dx = (c & 31) - 1
    dy = (c >> 5) - 1
    return (dx if dx > dy else dy) >= side // 2


def is_ghost_start(c, lv):
    # Tile c far enough from the spawn (1, 1) for a ghost of level lv to start on: is_far, and beyond
    # its wake distance by CLEARANCE.
    dx = (c & 31) - 1
    dy = (c >> 5) - 1
    d = dx if dx > dy else dy
    return d >= lv.side // 2 and d >= wake_distance(lv.level) + CLEARANCE


def is_near_ghost(lv, count, x, y):
    # Some ghost among the first `count` at Chebyshev distance < 2 from (x, y).
    j = 0
    while j < count:
        dx = lv.gx[j] - x
        dy = lv.gy[j] - y
        if -2 < dx < 2 and -2 < dy < 2:
            return True
        j += 1
    return False


def count_far_floor(lv):
    # Floor tiles far from the spawn (is_far): the hatch's candidates.
    count = 0
    y = 0
    while y < lv.side:
        x = 0
        while x < lv.side:
            c = (y << 5) | x
            if lv.tiles[c] == FLOOR and is_far(c, lv.side):
                count += 1
            x += 1
        y += 1
    return count


def measure_level_routes(lv, ws, source):
    # Route distances over open tiles from tile `source` into ws.dist (routes.measure_tile_routes);
    # returns the tiles reached. The search template is prepared for the largest side, so every level
    # reuses it without a rebuild (Deeper's ghosts call this once per tick).
    ws.prepare(MAX_LEVEL_SIDE, MAX_LEVEL_SIDE)
    return measure_tile_routes(lv.tiles, ws, source)


def max_route(lv, ws):
    # Longest route from the spawn to an open tile (ws.dist must hold the routes from the spawn).
    best = 0
    i = 0
    while i < GUARDED:
        d = ws.dist[i]
        if lv.tiles[i] != WALL and d != UNSEEN and d > best:
            best = d
        i += 1
    return best
