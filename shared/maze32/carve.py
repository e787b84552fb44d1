# Construction stages 1 and 2 (SPEC 3.3): close every wall, then carve a spanning tree of half A with a
# randomized iterative depth-first search, mirroring each opened edge into half B as it is opened.
from maze32._compat import const
from maze32.grid import DEGREE, PICK, ROTATE, STEP, STORE
from maze32.maze import GUARDED, WHOLE

_M16 = const(0xFFFF)
_PITCH = const(32)
_FENCE = const(16)       # "visited" to the search, outside the four passage bits


def close_walls(maze, ws):
    # Every cell gets flags 0; the guard row stays 0 as well.
    maze.cells[WHOLE] = ws.blank


def carve_half(maze, ws):
    # Recursive backtracker over rows 0..H/2-1 with an explicit stack (ws.queue), as in seed 001.
    # A cell of half A counts as visited once it has any passage: half A only ever gets passages from
    # this search, because every edge mirrored into B has both ends in B. The one exception, the root
    # before its first passage, is never a candidate: all its neighbours are unvisited at that moment.
    # Row H/2 (just below half A) and the guard row (which index -32..-1 reach from row 0) carry the
    # _FENCE bit while the search runs, so they look visited and north/south need no bounds test.
    # ws.dist[i] records the stack depth at which cell i was reached; add_cycles reads it.
    # Invariant on return: half A is a spanning tree, half B is its rotation, nothing crosses the seam,
    # and no cell keeps the _FENCE bit.
    cells = maze.cells
    key = maze.key
    w = maze.width
    last_x = w - 1
    fence_row = (maze.height >> 1) << 5
    _set_fences(cells, fence_row, w, _FENCE)
    stack = ws.queue
    depth = ws.dist
    rng = ws.rng
    # Root: uniform over the W * H/2 cells of half A.
    r = rng.below(w * (maze.height >> 1))
    s0 = rng.s0
    s1 = rng.s1
    root = ((r // w) << 5) | (r % w)
    stack[0] = root
    depth[root] = 0
    sp = 1
    c = root               # the cell on top of the stack
    while True:
        x = c & 31
        # Unvisited neighbours as a 4-bit set of direction flags.
        options = 0
        if not cells[c - _PITCH]:
            options = 1
        if x < last_x and not cells[c + 1]:
            options |= 2
        if not cells[c + _PITCH]:
            options |= 4
        if x and not cells[c - 1]:
            options |= 8
        if not options:
            sp -= 1                                # dead end of the search: backtrack
            if not sp:
                break
            c = stack[sp - 1]
            continue
        n = DEGREE[options]
        if n > 1:
            # Uniform choice among n options: draw 1 or 2 bits, reject values >= n (seed 001).
            mask = 1 if n == 2 else 3
            r = n
            while r >= n:
                t = (s0 + s1) & _M16               # xoroshiro32++ step, as in Rng.next16
                r = ((((t << 9) | (t >> 7)) + s0) & _M16) & mask
                s1 ^= s0
                s0 = (((s0 << 13) | (s0 >> 3)) ^ s1 ^ (s1 << 5)) & _M16
                s1 = ((s1 << 10) | (s1 >> 6)) & _M16
            flag = PICK[(options << 2) | r]
        else:
            flag = options
        # Open c -> neighbour and the rotated twin (grid.open_pair, inlined for the hot loop).
        m = c + STEP[flag]
        back = ROTATE[flag]
        cells[c] |= flag
        cells[m] |= back
        cells[key - c] |= back
        cells[key - m] |= flag
        depth[m] = sp
        stack[sp] = m
        sp += 1
        c = m
    rng.s0 = s0
    rng.s1 = s1
    _set_fences(cells, fence_row, w, 0)


def _set_fences(cells, fence_row, w, bit):
    # Set (bit = _FENCE) or clear (bit = 0) the fence bit on row H/2 and on the guard row.
    x = 0
    while x < w:
        cells[fence_row | x] = (cells[fence_row | x] & 15) | bit
        x += 1
    x = STORE
    while x < GUARDED:
        cells[x] = bit
        x += 1
