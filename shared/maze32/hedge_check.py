# The checks of a hedge level (hedge_level.py), independent of how its tiles were made, so a level
# loaded from elsewhere is judged as strictly as a generated one. Allocates nothing.
from maze32._compat import const
from maze32.grid import STEPS_NESW
from maze32.maze import GUARDED, UNSEEN
from maze32.ghosts import reset_ghosts, move_ghosts, is_caught
from maze32.hedge_level import (WALL, FLOOR, HATCH, SPAWN_TILE, side_for, ghosts_for, cooldown_for,
                                check_pace, is_far, is_ghost_start, is_near_ghost, count_far_floor,
                                measure_level_routes, max_route)

# Bits of validate_hedge, named by HEDGE_CHECKS.
DIMENSIONS = const(1 << 0)
BORDER = const(1 << 1)
SPAWN = const(1 << 2)
CONNECTED = const(1 << 3)
GOAL = const(1 << 4)
GHOSTS = const(1 << 5)
WINNABLE = const(1 << 6)
HEDGE_CHECKS = ("dimensions", "border", "spawn", "connected", "goal", "ghosts", "winnable")


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
    mask |= check_goal(lv, ws) | check_ghosts(lv)
    if mask:
        return mask             # the level is not what it claims to be: playing it proves nothing
    return check_winnable(lv, ws)


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
    # ghosts_for(level) ghosts, each on floor where a ghost may start (asleep), apart, with its cooldown.
    n = ghosts_for(lv.level)
    if lv.ghosts != n:
        return GHOSTS
    side = lv.side
    i = 0
    while i < n:
        x = lv.gx[i]
        y = lv.gy[i]
        c = (y << 5) | x
        if x >= side or y >= side or lv.tiles[c] != FLOOR or not is_ghost_start(c, lv) \
                or is_near_ghost(lv, i, x, y) or lv.cooldown[i] != cooldown_for(lv.level, i):
            return GHOSTS
        i += 1
    return 0


def check_winnable(lv, ws):
    # Play the level as SPEC 12 asks: a player who walks a shortest route from the spawn to the hatch
    # at top speed (one tile every frame) against the real ghost rules (ghosts.py) must arrive
    # uncaught; on the first levels (issue 23) so must one who walks it at a person's pace, a tile
    # every check_pace(level) frames. A frame is the game's: the player steps (on its frames); on the
    # hatch the level is won; a ghost on the player's tile catches; the ghosts move; a ghost on the
    # player's tile catches.
    # The route is fixed first: distances from the hatch (ws.dist), then from the spawn always the
    # first of N, E, S, W one tile closer, its steps recorded per tile in ws.flow (the ghosts' searches
    # reuse ws.dist while the level is played).
    tiles = lv.tiles
    hatch = lv.hatch
    measure_level_routes(lv, ws, hatch)
    dist = ws.dist
    flow = ws.flow
    c = SPAWN_TILE
    if dist[c] == UNSEEN:
        return WINNABLE
    while c != hatch:
        k = 0
        while k < 4:
            n = c + STEPS_NESW[k]
            if tiles[n] != WALL and dist[n] == dist[c] - 1:
                break
            k += 1
        flow[c] = k
        c = n
    pace = check_pace(lv.level)
    if not walks_out(lv, ws, 1) or (pace > 1 and not walks_out(lv, ws, pace)):
        return WINNABLE
    return 0


def walks_out(lv, ws, pace):
    # The route of ws.flow walked a tile every `pace` frames from the spawn, the ghosts as in the game:
    # True when the player reaches the hatch uncaught.
    hatch = lv.hatch
    flow = ws.flow
    reset_ghosts(lv)
    player = SPAWN_TILE
    wait = 0
    while True:
        if wait == 0:
            player += STEPS_NESW[flow[player]]
            wait = pace
            if player == hatch:
                return True
        wait -= 1
        if is_caught(lv, player):
            return False
        move_ghosts(lv, ws, player)
        if is_caught(lv, player):
            return False
