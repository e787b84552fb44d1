# The carving search of stage 2 (carve.carve_half) as CPython and bytecode run it (carve.py). Where the
# kernels are machine code carve_at.carve_at runs instead, with the same results. Not a viper kernel:
# compiled flavours never import it, so it is written for the bytecode VM, where a subscript of a
# tuple costs less than one of bytes and a negative index wraps to the end of the buffer.
from maze32.grid import DRAW_MASK, PICK, ROTATE, STEP, PITCH, STORE
from maze32.maze import GUARDED, ROWS, _Whole

# carve_tree's maze and workspace (_compat.py, Registers: its arguments are the two busiest locals,
# the cells' pointer and the current cell).
_carving = [None, None]

# The guard row (cells[-32:] to a negative index) and a row of fence bits: with both fenced, the
# search needs no test north of row 0 nor south of half A (carve_tree). Tables as tuples: a tuple's
# subscript is the VM's cheapest.
_GUARD = _Whole()[STORE:GUARDED]
_FENCE = b"\x10" * PITCH
_OPEN = bytes(PITCH)
_PICK = tuple(PICK)
_DRAW_MASK = tuple(DRAW_MASK)
_ROTATE = tuple(ROTATE)


def carve_tree(cells, c):
    # Recursive backtracker over rows 0..H/2-1 with an explicit stack (ws.queue), as in seed 001, from
    # a root drawn uniformly over half A (as Rng.below(W * H/2)); draws come from ws.rng (xoroshiro32++,
    # as rng.Rng.next16) and its state is written back at the end.
    # A cell of half A counts as visited once it has any passage: half A only ever gets passages from
    # this search, because every edge mirrored into B has both ends in B. The one exception, the root
    # before its first passage, is never a candidate: all its neighbours are unvisited at that moment.
    # Row H/2 (just below half A) and the guard row (north of row 0: c - 32 wraps to it) carry the
    # fence bit (16) while the search runs, so they look visited and the search never leaves half A.
    # Row H/2 is all zero before (every wall closed) and each of its cells on the grid gets its
    # partner's value by the end (every cell of half A is finished); the columns beyond the grid and
    # the guard row are zeroed again at the end.
    # ws.dist[i] records the stack depth at which cell i was reached; add_cycles reads it. ws.dist then
    # holds no routes: the record of what it measured (maze.MEASURED_FROM, entry 0) is cleared.
    # Invariant on return: half A is a spanning tree, half B is its rotation, nothing crosses the seam,
    # and no cell keeps the fence bit. cells is maze.cells; c is the search's current cell (the
    # argument's value is not used).
    # As bytecode, the first 16 locals (the arguments first, then in order of first appearance) load
    # and store with one-byte opcodes, the rest with a longer form that costs more per use: the search's
    # busiest ones are named here first.
    options = 0
    here = 0                           # cells[c]
    maze = _carving[0]
    east = maze.east                   # east[c] is cells[c + 1], south[c] cells[c + 32] (maze.py)
    south = maze.south
    s0 = 0
    s1 = 0
    flag = 0
    r = 0
    mask = 0
    d = 0                              # depth[c]
    top = 0
    step = STEP
    rotate = _ROTATE
    pick = _PICK
    m16 = 0xFFFF
    ws = _carving[1]
    w = maze.width
    half = maze.height >> 1
    fence_row = half << 5
    cells[ROWS[half]] = _FENCE
    cells[_GUARD] = _FENCE
    stack = ws.queue                   # cells with sides left to try
    depth = ws.dist
    ws.measured[0] = 0
    masks = _DRAW_MASK
    rot = maze.rot
    last_x = w - 1
    rng = ws.rng
    s0 = rng.s0
    s1 = rng.s1
    # The root, as Rng.below(W * H/2), drawn here rather than by rng.draw_below (a call, and the
    # state read and written once more): half A has at most 512 cells, so the mask has at most 9
    # bits, as below.
    n = w * half
    mask = 1                           # the smallest covering bit mask, as Rng.below finds it
    while mask < n:
        mask <<= 1
    mask -= 1
    r = n
    while r >= n:
        r = (((s0 + s1) >> 7) + s0) & mask
        s1 ^= s0
        s0 = (((s0 << 13) | (s0 >> 3)) ^ s1 ^ (s1 << 5)) & m16
        s1 = ((s1 << 10) | (s1 >> 6)) & m16
    root = ((r // w) << 5) | (r % w)
    depth[root] = 0
    # The search keeps on its stack only the cells that had sides left unvisited when they last
    # carved: backing up past any other cell of the path would find it exhausted, since a visited cell
    # stays visited. So the order of visits, and of draws, is the plain backtracker's; depth[c] is the
    # length of the path from the root to c. A cell taken back from the stack has its four sides
    # tested again at the top of the loop (those it no longer has are visited now, or off half A, as
    # when it was first tested): no record of the sides it had left (a store at every carve and a
    # load at every return, which cost more than the tests of the sides it lacks).
    # A cell's rotated partner in half B is written once, when the cell is finished (carves its last
    # passage, or is found exhausted). Nothing in half B is read meanwhile except row H/2 as the fence,
    # whose bit keeps it nonzero until a partner's value (never zero) replaces it.
    c = root
    while True:
        # The column is tested only where the neighbour is unvisited: a visited one settles the side.
        options = 0
        if not cells[c - 32]:
            options = 1
        if not east[c] and c & 31 < last_x:
            options |= 2
        if not south[c]:
            options |= 4
        if not cells[c - 1] and c & 31:
            options |= 8
        if options:
            mask = masks[options]
            if mask:
                # Rng.below(n) among the n sides: with a mask of at most 9 bits, the low bits of the
                # ++ output rotl16((s0 + s1) & 0xFFFF, 9) + s0 are those of ((s0 + s1) >> 7) + s0;
                # a draw past the n-th side finds PICK's 0 and draws again (grid.DRAW_MASK).
                while True:
                    r = (((s0 + s1) >> 7) + s0) & mask
                    s1 ^= s0
                    s0 = (((s0 << 13) | (s0 >> 3)) ^ s1 ^ (s1 << 5)) & m16
                    s1 = ((s1 << 10) | (s1 >> 6)) & m16
                    flag = pick[(options << 2) | r]
                    if flag:
                        break
                stack[top] = c             # sides left: back to it later
                top += 1
                cells[c] = here | flag
            else:
                flag = options
                here |= flag
                cells[c] = here
                cells[rot - c] = rotate[here]      # its last passage: finished
            c += step[flag]
            here = rotate[flag]
            cells[c] = here            # c was unvisited: no passage yet
            d += 1
            depth[c] = d
            continue
        cells[rot - c] = rotate[here]  # a dead end on arrival, or exhausted when taken back: finished
        if not top:
            rng.s0 = s0                # the search is over: every cell of half A is visited
            rng.s1 = s1
            cells[_GUARD] = _OPEN
            i = fence_row + w
            while i < fence_row + PITCH:
                cells[i] = 0           # beyond the grid: no partner wrote it
                i += 1
            return
        top -= 1                       # back up to the cell on top of the stack
        c = stack[top]
        here = cells[c]
        d = depth[c]
