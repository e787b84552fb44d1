# Deeper's levels: the Game Boy hedge maze (SPEC 4, seeds 000-002), generated without allocating, with
# the duel maze's PRNG, seed mixer and workspace. Tiles and their helpers: hedge_level.py; the checks:
# hedge_check.py; the hash: hashing.hedge_hash. This module re-exports the names a caller needs.
#   1. carve_rooms: iterative depth-first search from (1, 1) over the odd cells, knocking down the wall
#      midway; choices as in seed 001 (neighbours listed left, right, up, down; r = rand & 3, redrawn
#      while r >= count). Invariant: a perfect maze, every room reachable by exactly one path.
#   2. reopen_walls: every interior wall tile with floor on two opposite sides and wall on the other
#      two opens with probability 15/100 (a draw below 100 that is < 15), row by row. Invariant: still
#      connected; loops appear, so a chased player can double back.
#   3. place_hatch: a uniform floor tile at Chebyshev distance >= side // 2 from (1, 1); if there is
#      none, the floor tile farthest from (1, 1) by route (the first such in row order).
#   4. try_place_ghosts: min(level, 8) ghosts, each a uniform floor tile (not the hatch) at Chebyshev
#      >= side // 2 from the player and at least its wake distance + 2 (is_ghost_start: asleep until
#      the player moves), >= 2 from every earlier ghost, with initial cooldown step_cooldown + 8 * i
#      (cooldown_for); a ghost with no such tile after _GHOST_TRIES draws fails the attempt.
# step_cooldown and the wake distance ramp with the level (hedge_level.py, issue 23), within SPEC 4.
# Attempt a of requested seed s at level L draws from the candidate seed rng.mix_seed gives for seed s
# with L folded into its low half, and attempt a; at most MAX_ATTEMPTS attempts.
from maze32._compat import const
from maze32.maze import UNSEEN, WHOLE
from maze32.rng import mix_seed
from maze32.hedge_level import (WALL, FLOOR, HATCH, SPAWN_TILE, side_for, ghosts_for, cooldown_for,
                                is_far, is_ghost_start, is_near_ghost, count_far_floor,
                                measure_level_routes)
from maze32.hedge_check import validate_hedge
# Re-exported: what a caller of the hedge maze needs besides generate_hedge.
from maze32.hedge_level import HedgeLevel, MAX_LEVEL_SIDE  # noqa: F401
from maze32.hedge_check import HEDGE_CHECKS  # noqa: F401
from maze32.hashing import hedge_hash, HEDGE_FORMAT as FORMAT  # noqa: F401

MAX_ATTEMPTS = const(32)      # up to ~60% of first attempts are unwinnable (level 6): 32 leave <1e-6
_GHOST_TRIES = const(256)
_REOPEN_PERCENT = const(15)
_M16 = const(0xFFFF)

OK = const(0)
FAILED = const(1)


def generate_hedge(lv, ws, level, seed_hi, seed_lo):
    # Level `level` (>= 1) of requested seed seed_hi << 16 | seed_lo into lv; OK or FAILED.
    lv.level = level
    lv.side = side_for(level)
    lv.requested_hi = seed_hi
    lv.requested_lo = seed_lo
    attempt = 0
    while attempt < MAX_ATTEMPTS:
        mix_seed(seed_hi, (seed_lo ^ level) & _M16, attempt, ws)    # candidate seed; seeds ws.rng
        attempt += 1
        lv.attempts = attempt
        lv.tiles[WHOLE] = ws.blank           # every tile wall
        carve_rooms(lv, ws)                  # 1. perfect maze from (1, 1)
        reopen_walls(lv, ws)                 # 2. loops
        place_hatch(lv, ws)                  # 3. the goal
        if not try_place_ghosts(lv, ws):     # 4. ghosts apart; no room -> next attempt
            continue
        if validate_hedge(lv, ws) == 0:
            return OK
    return FAILED


def carve_rooms(lv, ws):
    tiles = lv.tiles
    last = lv.side - 3
    stack = ws.queue
    rng = ws.rng
    tiles[SPAWN_TILE] = FLOOR
    stack[0] = SPAWN_TILE
    sp = 1
    while sp:
        c = stack[sp - 1]
        x = c & 31
        y = c >> 5
        # Unvisited rooms two steps away, packed as 2-bit codes 0 left, 1 right, 2 up, 3 down.
        dirs = 0
        count = 0
        if x >= 2 and tiles[c - 2] == WALL:
            count = 1
        if x <= last and tiles[c + 2] == WALL:
            dirs |= 1 << (2 * count)
            count += 1
        if y >= 2 and tiles[c - 64] == WALL:
            dirs |= 2 << (2 * count)
            count += 1
        if y <= last and tiles[c + 64] == WALL:
            dirs |= 3 << (2 * count)
            count += 1
        if count == 0:
            sp -= 1                           # backtrack
            continue
        r = rng.next16() & 3                  # seed 001: r = rand() & 3; while (r >= count) redraw
        while r >= count:
            r = rng.next16() & 3
        code = (dirs >> (2 * r)) & 3
        step = -1 if code == 0 else (1 if code == 1 else (-32 if code == 2 else 32))
        tiles[c + step] = FLOOR               # the wall midway
        tiles[c + 2 * step] = FLOOR
        stack[sp] = c + 2 * step
        sp += 1


def reopen_walls(lv, ws):
    tiles = lv.tiles
    side = lv.side
    rng = ws.rng
    y = 1
    while y < side - 1:
        x = 1
        while x < side - 1:
            c = (y << 5) | x
            if tiles[c] == WALL:
                across = tiles[c - 1] != WALL and tiles[c + 1] != WALL and \
                    tiles[c - 32] == WALL and tiles[c + 32] == WALL
                down = tiles[c - 32] != WALL and tiles[c + 32] != WALL and \
                    tiles[c - 1] == WALL and tiles[c + 1] == WALL
                if (across or down) and rng.below(100) < _REOPEN_PERCENT:
                    tiles[c] = FLOOR
            x += 1
        y += 1


def place_hatch(lv, ws):
    tiles = lv.tiles
    side = lv.side
    count = count_far_floor(lv)
    if count:
        hatch = _nth_far_floor(tiles, side, ws.rng.below(count))
    else:
        hatch = farthest_floor(lv, ws)
    tiles[hatch] = HATCH
    lv.hatch = hatch


def _nth_far_floor(tiles, side, n):
    y = 0
    while y < side:
        x = 0
        while x < side:
            c = (y << 5) | x
            if tiles[c] == FLOOR and is_far(c, side):
                if n == 0:
                    return c
                n -= 1
            x += 1
        y += 1
    return SPAWN_TILE


def farthest_floor(lv, ws):
    # The floor tile farthest from (1, 1) by route, the first such in row order.
    measure_level_routes(lv, ws, SPAWN_TILE)
    dist = ws.dist
    best = SPAWN_TILE
    best_d = 0
    y = 0
    while y < lv.side:
        x = 0
        while x < lv.side:
            c = (y << 5) | x
            d = dist[c]
            if lv.tiles[c] != WALL and d != UNSEEN and d > best_d:
                best = c
                best_d = d
            x += 1
        y += 1
    return best


def try_place_ghosts(lv, ws):
    side = lv.side
    tiles = lv.tiles
    n = ghosts_for(lv.level)
    lv.ghosts = n
    rng = ws.rng
    area = side * side
    i = 0
    while i < n:
        tries = 0
        placed = False
        while tries < _GHOST_TRIES and not placed:
            tries += 1
            r = rng.below(area)
            x = r % side
            y = r // side
            c = (y << 5) | x
            if tiles[c] != FLOOR or not is_ghost_start(c, lv) or is_near_ghost(lv, i, x, y):
                continue
            lv.gx[i] = x
            lv.gy[i] = y
            lv.cooldown[i] = cooldown_for(lv.level, i)
            placed = True
        if not placed:
            return False
        i += 1
    return True
