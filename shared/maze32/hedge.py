# Deeper's levels: the Game Boy hedge maze (SPEC 4, seeds 000-002), generated and validated without
# allocating, with the duel maze's PRNG, seed mixer and workspace.
#
# Tiles: one byte each, row pitch 32 (index (y << 5) | x): WALL 0, FLOOR 1, HATCH 2 (the floor tile
# that is the level's goal). The side is odd, 7 + 2*(level-1) capped at 21; odd coordinates are rooms,
# the even ones between them walls; the border is wall. The player spawns at (1, 1).
#   1. carve_rooms: iterative depth-first search from (1, 1) over the odd cells, knocking down the wall
#      midway; choices as in seed 001 (neighbours listed left, right, up, down; r = rand & 3, redrawn
#      while r >= count). Invariant: a perfect maze, every room reachable by exactly one path.
#   2. reopen_walls: every interior wall tile with floor on two opposite sides and wall on the other
#      two opens with probability 15/100 (a draw below 100 that is < 15), row by row. Invariant: still
#      connected; loops appear, so a chased player can double back.
#   3. place_hatch: a uniform floor tile at Chebyshev distance >= side // 2 from (1, 1); if there is
#      none, the floor tile farthest from (1, 1) by route (the first such in row order).
#   4. try_place_ghosts: min(level, 8) ghosts, each a uniform floor tile (not the hatch) at Chebyshev
#      >= side // 2 from the player and >= 2 from every earlier ghost, with initial cooldown
#      STEP_COOLDOWN + 8 * i; a ghost with no such tile after _GHOST_TRIES draws fails the attempt.
# Attempt a of requested seed s at level L draws from the candidate seed kernels.mix_kernel gives for
# seed s with L folded into its low half, and attempt a; at most MAX_ATTEMPTS attempts.
import hashlib
from binascii import hexlify
from maze32._compat import const
from maze32.grid import MAX_SIDE, STEP
from maze32.maze import GUARDED, UNSEEN, WHOLE
from maze32.kernels import mix_kernel

WALL = const(0)
FLOOR = const(1)
HATCH = const(2)
MAX_SIDE = const(21)
MAX_GHOSTS = const(8)
STEP_COOLDOWN = const(16)      # frames between a ghost's steps (seed 000's enemy_step_cooldown)
MAX_ATTEMPTS = const(8)
_GHOST_TRIES = const(256)
_REOPEN_PERCENT = const(15)
_M16 = const(0xFFFF)
_START = const(33)             # (1, 1)

OK = const(0)
FAILED = const(1)

# Validation bits of validate_hedge, named by HEDGE_CHECKS.
DIMENSIONS = const(1 << 0)
BORDER = const(1 << 1)
SPAWN = const(1 << 2)
CONNECTED = const(1 << 3)
GOAL = const(1 << 4)
GHOSTS = const(1 << 5)
HEDGE_CHECKS = ("dimensions", "border", "spawn", "connected", "goal", "ghosts")
FORMAT = "maze32-hedge/1"


def side_for(level):
    s = 7 + 2 * (level - 1)
    return s if s < MAX_SIDE else MAX_SIDE


class HedgeLevel:
    def __init__(self):
        self.level = 0
        self.side = 0
        self.tiles = bytearray(GUARDED)     # the zero guard row after 32 rows, as the duel maze
        self.hatch = 0                       # tile index of the hatch
        self.ghosts = 0
        self.gx = bytearray(MAX_GHOSTS)
        self.gy = bytearray(MAX_GHOSTS)
        self.cooldown = bytearray(MAX_GHOSTS)
        self.requested_hi = 0
        self.requested_lo = 0
        self.attempts = 0


def generate_hedge(lv, ws, level, seed_hi, seed_lo):
    # Level `level` (>= 1) of requested seed seed_hi << 16 | seed_lo into lv; OK or FAILED.
    lv.level = level
    lv.side = side_for(level)
    lv.requested_hi = seed_hi
    lv.requested_lo = seed_lo
    attempt = 0
    while attempt < MAX_ATTEMPTS:
        mix_kernel(seed_hi, (seed_lo ^ level) & _M16, attempt, ws)   # candidate seed; seeds ws.rng
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
    tiles[_START] = FLOOR
    stack[0] = _START
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


def hedge_routes(lv, ws, source):
    # Route distances over non-wall tiles from `source` into ws.dist; returns the tiles reached.
    # Deeper calls this once per tick: the reset is one buffer copy from the search template, whose
    # 32 x 32 cells are UNSEEN (tiles outside the level are walls, never entered).
    tiles = lv.tiles
    dist = ws.dist
    queue = ws.queue
    ws.prepare(MAX_SIDE, MAX_SIDE)
    ws.dist_view[WHOLE] = ws.fresh_view
    dist[source] = 0
    queue[0] = source
    head = 0
    tail = 1
    while head < tail:
        c = queue[head]
        head += 1
        d = dist[c] + 1
        flag = 1
        while flag < 16:               # N, E, S, W
            n = c + STEP[flag]
            flag <<= 1
            if 0 <= n < GUARDED and tiles[n] != WALL and dist[n] == UNSEEN:
                dist[n] = d
                queue[tail] = n
                tail += 1
    return tail


def _far_enough(c, side):
    # Chebyshev distance from (1, 1) at least side // 2.
    dx = (c & 31) - 1
    dy = (c >> 5) - 1
    return (dx if dx > dy else dy) >= side // 2


def place_hatch(lv, ws):
    tiles = lv.tiles
    side = lv.side
    count = _count_far_floor(lv)
    if count:
        pick = ws.rng.below(count)
        hatch = _nth_far_floor(tiles, side, pick)
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
            if tiles[c] == FLOOR and _far_enough(c, side):
                if n == 0:
                    return c
                n -= 1
            x += 1
        y += 1
    return _START


def farthest_floor(lv, ws):
    # The floor tile farthest from (1, 1) by route, the first such in row order.
    hedge_routes(lv, ws, _START)
    dist = ws.dist
    best = _START
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
    n = lv.level if lv.level < MAX_GHOSTS else MAX_GHOSTS
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
            if tiles[c] != FLOOR or not _far_enough(c, side) or _near_ghost(lv, i, x, y):
                continue
            lv.gx[i] = x
            lv.gy[i] = y
            lv.cooldown[i] = STEP_COOLDOWN + 8 * i
            placed = True
        if not placed:
            return False
        i += 1
    return True


def _near_ghost(lv, count, x, y):
    # Some ghost among the first `count` at Chebyshev distance < 2 from (x, y).
    j = 0
    while j < count:
        dx = lv.gx[j] - x
        dy = lv.gy[j] - y
        if -2 < dx < 2 and -2 < dy < 2:
            return True
        j += 1
    return False


def validate_hedge(lv, ws):
    # Bit mask of the failed HEDGE_CHECKS; independent of how the tiles were made.
    side = lv.side
    tiles = lv.tiles
    if lv.level < 1 or side != side_for(lv.level):
        return DIMENSIONS
    mask = 0
    open_tiles = 0
    hatches = 0
    i = 0
    while i < GUARDED:
        t = tiles[i]
        x = i & 31
        y = i >> 5
        if t != WALL:
            open_tiles += 1
            if x == 0 or y == 0 or x >= side - 1 or y >= side - 1:
                mask |= BORDER
            if t == HATCH:
                hatches += 1
            elif t != FLOOR:
                mask |= BORDER                # an unknown tile code
        i += 1
    if tiles[_START] != FLOOR:
        mask |= SPAWN
        return mask | CONNECTED | GOAL
    if hedge_routes(lv, ws, _START) != open_tiles:
        mask |= CONNECTED
    h = lv.hatch
    if hatches != 1 or not (0 <= h < GUARDED) or tiles[h] != HATCH:
        mask |= GOAL
    elif not _far_enough(h, side):
        # Allowed only as the fallback: no floor tile was far enough, and this one is the farthest.
        if _count_far_floor(lv) or ws.dist[h] < _max_route(lv, ws):
            mask |= GOAL
    n = lv.level if lv.level < MAX_GHOSTS else MAX_GHOSTS
    if lv.ghosts != n:
        mask |= GHOSTS
    else:
        i = 0
        while i < n:
            x = lv.gx[i]
            y = lv.gy[i]
            c = (y << 5) | x
            if x >= side or y >= side or tiles[c] != FLOOR or not _far_enough(c, side) \
                    or _near_ghost(lv, i, x, y) or lv.cooldown[i] != STEP_COOLDOWN + 8 * i:
                mask |= GHOSTS
            i += 1
    return mask


def _count_far_floor(lv):
    # Floor tiles at Chebyshev distance >= side // 2 from (1, 1).
    count = 0
    y = 0
    while y < lv.side:
        x = 0
        while x < lv.side:
            c = (y << 5) | x
            if lv.tiles[c] == FLOOR and _far_enough(c, lv.side):
                count += 1
            x += 1
        y += 1
    return count


def _max_route(lv, ws):
    # Longest route from (1, 1) to an open tile (ws.dist must hold the routes from (1, 1)).
    best = 0
    i = 0
    while i < GUARDED:
        d = ws.dist[i]
        if lv.tiles[i] != WALL and d != UNSEEN and d > best:
            best = d
        i += 1
    return best


def hedge_hash(lv, ws):
    # SHA-256 of b"maze32-hedge/1", side, level, the side x side tiles row-major, the hatch (x, y),
    # then each ghost's x, y and initial cooldown: 64 hex digits.
    buf = ws.hash_buf
    magic = b"maze32-hedge/1"
    n = len(magic)
    buf[0:n] = magic
    buf[n] = lv.side
    buf[n + 1] = lv.level & 255
    n += 2
    y = 0
    while y < lv.side:
        x = 0
        while x < lv.side:
            buf[n] = lv.tiles[(y << 5) | x]
            n += 1
            x += 1
        y += 1
    buf[n] = lv.hatch & 31
    buf[n + 1] = lv.hatch >> 5
    n += 2
    i = 0
    while i < lv.ghosts:
        buf[n] = lv.gx[i]
        buf[n + 1] = lv.gy[i]
        buf[n + 2] = lv.cooldown[i]
        n += 3
        i += 1
    return hexlify(hashlib.sha256(memoryview(buf)[:n]).digest()).decode()
