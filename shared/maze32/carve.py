# Construction stages 1 and 2 (SPEC 3.3): close every wall, then carve a spanning tree of half A with a
# randomized iterative depth-first search, mirroring each opened edge into half B as it is opened.
from maze32._compat import const

_M16 = const(0xFFFF)
_PITCH = const(32)


def close_walls(maze, ws):
    # Every cell gets flags 0; the guard row stays 0 as well.
    maze.cells[:] = ws.blank


def carve_half(maze, ws):
    # Recursive backtracker over rows 0..H/2-1 with an explicit stack (ws.queue), as in seed 001.
    # A cell of half A counts as visited once it has any passage: half A only ever gets passages from
    # this search, because every edge mirrored into B has both ends in B. The one exception, the root
    # before its first passage, is never a candidate: all its neighbours are unvisited at that moment.
    # ws.dist[i] records the stack depth at which cell i was reached; add_cycles reads it.
    # Invariant on return: half A is a spanning tree, half B is its rotation, nothing crosses the seam.
    cells = maze.cells
    key = maze.key
    w = maze.width
    last_x = w - 1
    last_row = (maze.height >> 1) - 1
    stack = ws.queue
    depth = ws.dist
    rng = ws.rng
    # Root: uniform over the W * H/2 cells of half A.
    r = rng.below(w * (last_row + 1))
    s0 = rng.s0
    s1 = rng.s1
    root = ((r // w) << 5) | (r % w)
    stack[0] = root
    depth[root] = 0
    sp = 1
    while sp:
        c = stack[sp - 1]
        x = c & 31
        y = c >> 5
        # Unvisited neighbours inside half A, packed as 4-bit direction flags into `options`.
        options = 0
        n = 0
        if y > 0 and not cells[c - _PITCH]:
            options = 1
            n = 1
        if x < last_x and not cells[c + 1]:
            options = (options << 4) | 2
            n += 1
        if y < last_row and not cells[c + _PITCH]:
            options = (options << 4) | 4
            n += 1
        if x > 0 and not cells[c - 1]:
            options = (options << 4) | 8
            n += 1
        if n == 0:
            sp -= 1                                # dead end of the search: backtrack
            continue
        if n > 1:
            # Uniform choice among n options: draw 1 or 2 bits, reject values >= n (seed 001).
            mask = 1 if n == 2 else 3
            r = n
            while r >= n:
                t = (s0 + s1) & _M16
                r = ((((t << 9) | (t >> 7)) + s0) & _M16) & mask
                s1 ^= s0
                s0 = (((s0 << 13) | (s0 >> 3)) ^ s1 ^ (s1 << 5)) & _M16
                s1 = ((s1 << 10) | (s1 >> 6)) & _M16
            flag = (options >> (r << 2)) & 15
        else:
            flag = options
        # Open c -> neighbour and the rotated twin (grid.open_pair, inlined for the hot loop).
        if flag == 1:
            m = c - _PITCH
            back = 4
        elif flag == 2:
            m = c + 1
            back = 8
        elif flag == 4:
            m = c + _PITCH
            back = 1
        else:
            m = c - 1
            back = 2
        cells[c] |= flag
        cells[m] |= back
        cells[key - c] |= back
        cells[key - m] |= flag
        depth[m] = sp
        stack[sp] = m
        sp += 1
    rng.s0 = s0
    rng.s1 = s1
