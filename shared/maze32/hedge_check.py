# The checks of a hedge level (hedge_level.py), independent of how its tiles were made, so a level
# loaded from elsewhere is judged as strictly as a generated one. Allocates nothing.
from maze32._compat import const
from maze32.maze import GUARDED
from maze32.hedge_level import (WALL, FLOOR, HATCH, STEP_COOLDOWN, SPAWN_TILE, side_for, ghosts_for,
                                is_far, is_near_ghost, count_far_floor, measure_level_routes,
                                max_route)

# Bits of validate_hedge, named by HEDGE_CHECKS.
DIMENSIONS = const(1 << 0)
BORDER = const(1 << 1)
SPAWN = const(1 << 2)
CONNECTED = const(1 << 3)
GOAL = const(1 << 4)
GHOSTS = const(1 << 5)
HEDGE_CHECKS = ("dimensions", "border", "spawn", "connected", "goal", "ghosts")


def validate_hedge(lv, ws):
    # Bit mask of the failed HEDGE_CHECKS.
    side = lv.side
    if lv.level < 1 or side != side_for(lv.level):
        return DIMENSIONS
    mask = check_tiles(lv, ws)
    if lv.tiles[SPAWN_TILE] != FLOOR:
        return mask | SPAWN | CONNECTED | GOAL
    if measure_level_routes(lv, ws, SPAWN_TILE) != ws.tally[0]:
        mask |= CONNECTED
    return mask | check_goal(lv, ws) | check_ghosts(lv)


def check_tiles(lv, ws):
    # BORDER if an open tile lies on or outside the border or a tile code is unknown; counts the open
    # tiles into ws.tally[0] and the hatches into ws.tally[1].
    side = lv.side
    tiles = lv.tiles
    mask = 0
    open_tiles = 0
    hatches = 0
    i = 0
    while i < GUARDED:
        t = tiles[i]
        if t != WALL:
            open_tiles += 1
            x = i & 31
            y = i >> 5
            if x == 0 or y == 0 or x >= side - 1 or y >= side - 1:
                mask |= BORDER
            if t == HATCH:
                hatches += 1
            elif t != FLOOR:
                mask |= BORDER                # an unknown tile code
        i += 1
    ws.tally[0] = open_tiles
    ws.tally[1] = hatches
    return mask


def check_goal(lv, ws):
    # One hatch, far from the spawn, or, as the fallback when no floor tile is far enough, the farthest
    # tile by route (ws.dist holds the routes from the spawn).
    h = lv.hatch
    if ws.tally[1] != 1 or not (0 <= h < GUARDED) or lv.tiles[h] != HATCH:
        return GOAL
    if not is_far(h, lv.side) and (count_far_floor(lv) or ws.dist[h] < max_route(lv, ws)):
        return GOAL
    return 0


def check_ghosts(lv):
    # min(level, 8) ghosts, each on floor far from the spawn, apart, with its staggered cooldown.
    n = ghosts_for(lv.level)
    if lv.ghosts != n:
        return GHOSTS
    side = lv.side
    i = 0
    while i < n:
        x = lv.gx[i]
        y = lv.gy[i]
        c = (y << 5) | x
        if x >= side or y >= side or lv.tiles[c] != FLOOR or not is_far(c, side) \
                or is_near_ghost(lv, i, x, y) or lv.cooldown[i] != STEP_COOLDOWN + 8 * i:
            return GHOSTS
        i += 1
    return 0
