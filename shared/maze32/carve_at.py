# The carving search of stage 2 (carve.carve_half) where the kernels are machine code (carve.py):
# carve_tree.carve_tree's search, shaped for the native emitter.
from maze32._compat import micropython, ptr8, ptr16
from maze32.grid import DRAW_MASK, PICK, ROTATE, STEP32

# carve_at's maze and workspace (_compat.py, Registers: its arguments are its two busiest locals).
_carving = [None, None]


@micropython.viper
def carve_at(at: ptr8, c: int):
    # carve_tree as machine code (at is maze.cells; c is the search's current cell, the argument's
    # value is not used): the same visits, draws and writes, shaped for the native emitter. It keeps the two arguments in
    # registers (_compat.py, Registers) and folds a constant index into the load or store, so `at`
    # points at the current cell and its neighbours are at[-32], at[1], at[32], at[-1], one
    # instruction each, where cells[c + 32] takes six; c follows `at` for the tables indexed by cell
    # (remain, stack, depth) and the rotated partner. The cell's value is read from at[0] rather than
    # kept in a local (a stack slot: as dear as the load). A draw stops when PICK gives a side
    # (it is 0 past the option set's n-th side: Rng.below(n)'s rejection), with DRAW_MASK's mask, so
    # neither n nor the test r < n is computed. In an expression the emitter keeps the running value
    # in a register, but takes the left operand of `a op b` from a local through the stack: the
    # longer operand is written first.
    ws = _carving[1]
    maze = _carving[0]
    cells = at
    base = int(at)
    w = int(maze.width)
    last_x = w - 1
    fence = ptr8(base + ((int(maze.height) >> 1) << 5))     # row H/2, the fence (carve_tree)
    i = 0
    while i < w:
        fence[i] = fence[i] | 16
        i += 1
    remain = ptr8(ws.marks)
    stack = ptr16(ws.queue)
    depth = ptr16(ws.dist)
    ptr16(ws.measured)[0] = 0
    masks = ptr8(DRAW_MASK)
    pick = ptr8(PICK)
    rotate = ptr8(ROTATE)
    step = ptr8(STEP32)
    rot = int(maze.rot)
    m16 = 0xFFFF
    rng = ws.rng
    s0 = int(rng.s0)
    s1 = int(rng.s1)
    # The root, as Rng.below(W * H/2) (at most 512 cells: a mask of 9 bits at most).
    n = w * (int(maze.height) >> 1)
    mask = 0                           # the smallest covering bit mask
    while mask < n - 1:
        mask = (mask << 1) | 1
    r = n
    while r >= n:
        r = (((s1 + s0) >> 7) + s0) & mask
        s1 = s0 ^ s1
        s0 = ((s1 << 5) ^ s1 ^ (s0 << 13) ^ (s0 >> 3)) & m16
        s1 = ((s1 << 10) | (s1 >> 6)) & m16
    c = ((r // w) << 5) | (r % w)
    top = 0
    d = 0
    depth[c] = 0
    at = ptr8(base + c)
    while True:
        options = 0
        if c >= 32:
            if not at[-32]:
                options = 1
        if (c & 31) < last_x:
            if not at[1]:
                options |= 2
        if not at[32]:
            options |= 4
        if c & 31:
            if not at[-1]:
                options |= 8
        if not options:
            cells[rot - c] = rotate[at[0]]         # a dead end: finished on arrival
            while True:
                if not top:
                    rng.s0 = s0
                    rng.s1 = s1
                    i = 0
                    while i < w:
                        fence[i] = fence[i] & 15
                        i += 1
                    return
                top -= 1
                c = stack[top]
                at = ptr8(base + c)
                rest = remain[c]
                if rest & 1:
                    if not at[-32]:
                        options = 1
                if rest & 2:
                    if not at[1]:
                        options |= 2
                if rest & 4:
                    if not at[32]:
                        options |= 4
                if rest & 8:
                    if not at[-1]:
                        options |= 8
                if options:
                    break
                cells[rot - c] = rotate[at[0]]     # exhausted: finished
            d = depth[c]
        mask = masks[options]
        if mask:
            flag = 0
            while not flag:
                r = (((s1 + s0) >> 7) + s0) & mask
                flag = pick[(options << 2) | r]
                s1 = s0 ^ s1
                s0 = ((s1 << 5) ^ s1 ^ (s0 << 13) ^ (s0 >> 3)) & m16
                s1 = ((s1 << 10) | (s1 >> 6)) & m16
            remain[c] = options ^ flag
            stack[top] = c
            top += 1
            at[0] = at[0] | flag
        else:
            flag = options
            at[0] = at[0] | flag
            cells[rot - c] = rotate[at[0]]         # its last passage: finished
        c += step[flag] - 32
        at = ptr8(base + c)
        at[0] = rotate[flag]           # c was unvisited: no passage yet
        d += 1
        depth[c] = d
