# Construction stage 5 (SPEC 3.4): place every object for Player 1 and its rotation for Player 2.
# Each step marks ws.occ for both members, so no two objects ever share a cell. A step that finds no
# cell satisfying its rule returns False and the pipeline moves to the next attempt. The draws and the
# bookkeeping are viper kernels where compiled.
from maze32._compat import const, micropython, ptr8, ptr16
from maze32.maze import START, EXIT, KEY, REACHED
from maze32.routes import measure_routes
from maze32.rng import draw_below

_EXIT_CANDIDATES = const(4)   # exits sampled among the qualifying ones; the longest route wins
_RANDOM_TRIES = const(256)    # draws before a random-cell rule gives up on this attempt


def try_place_objects(maze, ws, cfg):
    # Invariant: ws.occ is all zero before and after (validation counts objects in it too).
    placed = _place_all(maze, ws, cfg)
    clear_marks(maze, ws)
    return placed


def _place_all(maze, ws, cfg):
    # Starts, then exits (route-weighted, needs distances from Player 1's start), key, compass, pairs.
    place_starts(maze, ws)
    # Routes from Player 1's start; validation of this attempt reuses them (validate.check_maze).
    ws.topology[REACHED] = measure_routes(maze, ws, (maze.py[0] << 5) | maze.px[0])
    if not try_place_exits(maze, ws, cfg.min_exit_separation):
        return False
    return try_place_randoms(maze, ws, cfg.view_radius + 1)


def place_starts(maze, ws):
    # Player 2's start is the rotation of Player 1's, on the bottom boundary of half B.
    put(maze, ws, START, draw_start(maze, ws))


def try_place_exits(maze, ws, separation):
    c = draw_exit(maze, ws, separation)
    if c < 0:
        return False
    put(maze, ws, EXIT, c)
    return True


def try_place_randoms(maze, ws, key_chebyshev):
    # The key, the compass, then every landmark and artifact pair in slot order, each a uniformly drawn
    # free cell. The key must also lie at Chebyshev distance >= key_chebyshev (view_radius + 1) from
    # Player 1's start, out of the initial view; its rotation keeps the same distance from Player 2's
    # start. False if some object finds no cell.
    return place_randoms(maze, ws, KEY, key_chebyshev) == 1


@micropython.viper
def draw_start(maze, ws) -> int:
    # Player 1's start: uniform over the boundary cells of half A (top row, then the left and right
    # columns below it), as Rng.below(W + 2 * (H/2 - 1)); returns the cell index.
    w = int(maze.width)
    side = (int(maze.height) >> 1) - 1
    r = int(draw_below(ws.rng, w + 2 * side))
    if r < w:
        return r
    if r < w + side:
        return (r - w + 1) << 5
    return ((r - w - side + 1) << 5) | (w - 1)


@micropython.viper
def draw_exit(maze, ws, separation: int) -> int:
    # Player 1's exit: the free boundary cells at Manhattan distance >= separation from Player 1's
    # start, listed in boundary order (top row, right column, bottom row, left column) in ws.queue;
    # _EXIT_CANDIDATES of them drawn uniformly (as Rng.below); the farthest by route (ws.dist, from the
    # start) wins: distance on the grid alone says little about how long the walk is. Returns its cell
    # index, or -1 when no boundary cell qualifies.
    w = int(maze.width)
    h = int(maze.height)
    px = ptr8(maze.px)
    py = ptr8(maze.py)
    sx = int(px[0])
    sy = int(py[0])
    occ = ptr8(ws.occ)
    cand = ptr16(ws.queue)
    dist = ptr16(ws.dist)
    n = 0
    side = 0
    while side < 4:
        # Side `side` as positions p = 0..length-1 from cell c in steps of dc; along it the Manhattan
        # distance to the start is off + |p - p0|, so the qualifying positions are p <= p0 - k and
        # p >= p0 + k for k = separation - off (all of them when k <= 0).
        if side == 0:                  # top row, west to east
            c = 0
            dc = 1
            length = w
            p0 = sx
            off = sy
        elif side == 1:                # east column, from row 1 down
            c = 32 | (w - 1)
            dc = 32
            length = h - 1
            p0 = sy - 1
            off = w - 1 - sx
        elif side == 2:                # bottom row, from column W-2 west
            c = ((h - 1) << 5) | (w - 2)
            dc = -1
            length = w - 1
            p0 = w - 2 - sx
            off = h - 1 - sy
        else:                          # west column, from row H-2 up to row 1
            c = (h - 2) << 5
            dc = -32
            length = h - 2
            p0 = h - 2 - sy
            off = sx
        side += 1
        k = separation - off
        near_end = length              # [0, near_end) and [far_start, length) qualify
        far_start = length
        if k > 0:
            near_end = p0 - k + 1
            if near_end < 0:
                near_end = 0
            if near_end > length:
                near_end = length
            far_start = p0 + k
            if far_start < near_end:
                far_start = near_end
        part = 0
        while part < 2:
            if part == 0:
                q = 0
                end = near_end
            else:
                q = far_start
                end = length
            part += 1
            cell = c + q * dc
            while q < end:
                if not occ[cell]:
                    cand[n] = cell
                    n += 1
                cell += dc
                q += 1
    if n == 0:
        return -1
    rng = ws.rng
    best = -1
    best_d = -1
    k = 0
    while k < _EXIT_CANDIDATES:
        c = int(cand[int(draw_below(rng, n))])
        d = int(dist[c])
        if d == 0xFFFF:
            d = 0
        if d > best_d:
            best_d = d
            best = c
        k += 1
    return best


@micropython.viper
def place_randoms(maze, ws, first: int, min_chebyshev: int) -> int:
    # For each slot from `first` to the last, up to _RANDOM_TRIES uniform cells (as Rng.below(W * H));
    # the first that is free, and for slot `first` at Chebyshev distance >= min_chebyshev from Player
    # 1's start, is recorded with its rotation (put). Returns 1, or 0 as soon as a slot finds no cell.
    w = int(maze.width)
    slots = int(maze.slots)
    count = w * int(maze.height)
    px = ptr8(maze.px)
    py = ptr8(maze.py)
    sx = int(px[0])
    sy = int(py[0])
    occ = ptr8(ws.occ)
    rng = ws.rng
    below = draw_below                 # a local: no module-dictionary lookup per draw
    slot = first
    near = min_chebyshev
    while slot < slots:
        left = _RANDOM_TRIES
        found = -1
        while left > 0:
            left -= 1
            r = int(below(rng, count))
            x = r % w
            y = r // w
            c = (y << 5) | x
            if occ[c]:
                continue
            if near:
                dx = x - sx
                dy = y - sy
                if dx < 0:
                    dx = 0 - dx
                if dy < 0:
                    dy = 0 - dy
                if dx < near and dy < near:
                    continue
            found = c
            break
        if found < 0:
            return 0
        put(maze, ws, slot, found)
        near = 0
        slot += 1
    return 1


@micropython.viper
def put(maze, ws, slot: int, c: int):
    # Record cell c and its rotation as the two members of `slot`; mark both occupied.
    px = ptr8(maze.px)
    py = ptr8(maze.py)
    occ = ptr8(ws.occ)
    e = slot << 1
    x = c & 31
    y = c >> 5
    px[e] = x
    py[e] = y
    px[e + 1] = int(maze.width) - 1 - x
    py[e + 1] = int(maze.height) - 1 - y
    occ[c] = 1
    occ[int(maze.rot) - c] = 1


@micropython.viper
def clear_marks(maze, ws):
    # Undo the marks of this attempt: zero ws.occ at the positions of the maze's slots. Every marked
    # cell is one of them (put marks only slots below maze.slots, which generate's maze.shape fixed
    # before the attempt; entries not yet written this attempt hold old in-grid positions, whose cells
    # clearing leaves at zero anyway), and each is inside the storage.
    px = ptr8(maze.px)
    py = ptr8(maze.py)
    occ = ptr8(ws.occ)
    n = int(maze.slots) << 1
    e = 0
    while e < n:
        occ[(py[e] << 5) | px[e]] = 0
        e += 1
