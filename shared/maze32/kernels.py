# The hot loops of generation and validation as MicroPython viper kernels: breadth-first routes, the
# carving search, and the cell scan of validation. One source, three ways to run it:
#   - viper: compiled to machine code by MicroPython's viper emitter (the unix port from source, or
#     mpy-cross -march=... for a board): ptr8/ptr16 below are then raw buffer casts;
#   - plain Python on CPython, where micropython.viper is the identity (_viper_shim) and ptr8/ptr16
#     return the buffer itself;
#   - MicroPython bytecode, after the `@micropython.viper` lines are removed mechanically (ports with
#     no native emitter, such as the webassembly one, reject the decorator at compile time).
# The results are identical in all three: every index is checked against 0 before use (a viper pointer
# has no negative-index wrap-around), every value stays far inside 31 bits, and buffers are only read
# and written through their items. COMPILED says whether the viper emitter actually compiled them.
# A check marked `# viper bounds` only keeps a viper pointer inside its buffer: the bytecode build
# replaces its condition by True (host/flavours.strip_viper), because there an index of -32..-1
# wraps to the guard row, which the search template marks BLOCKED, so the outcome is the same.
try:
    import micropython
except ImportError:
    from maze32 import _viper_shim as micropython

COMPILED = not hasattr(micropython, "SHIM")

try:
    ptr8
except NameError:
    # Outside viper these names do not exist; inside a viper function the emitter's casts win.
    def ptr8(buf):
        return buf

    def ptr16(buf):
        return buf

from maze32.grid import DEGREE, ENDS, PICK, ROTATE, STEP32


@micropython.viper
def below_kernel(rng, n: int) -> int:
    # Rng.below(n) on `rng` (1 <= n <= 65536): the kernels' occasional draws. The two hot loops
    # (carving directions, cycle sampling) inline these lines instead, with the state in locals.
    mask = n - 1                       # the smallest covering bit mask
    mask |= mask >> 1
    mask |= mask >> 2
    mask |= mask >> 4
    mask |= mask >> 8
    s0 = int(rng.s0)
    s1 = int(rng.s1)
    r = n
    while r >= n:
        t = (s0 + s1) & 0xFFFF
        r = ((t << 9) + (t >> 7) + s0) & mask      # rotl16(t, 9) + s0, its low bits
        s1 ^= s0
        s0 = (((s0 << 13) | (s0 >> 3)) ^ s1 ^ (s1 << 5)) & 0xFFFF
        s1 = ((s1 << 10) | (s1 >> 6)) & 0xFFFF
    rng.s0 = s0
    rng.s1 = s1
    return r


@micropython.viper
def routes_kernel(cells_obj, ws, source: int, target: int) -> int:
    # Breadth-first search of routes.measure_routes, level by level, after ws.dist has been reset.
    cells = ptr8(cells_obj)
    dist = ptr16(ws.dist)
    queue = ptr16(ws.queue)
    dist[source] = 0
    queue[0] = source
    head = 0
    tail = 1
    d = 0
    while head < tail:
        if target >= 0:
            if dist[target] != 0xFFFF:
                return tail       # reached in the level just searched: its distance is final
        d += 1
        level_end = tail
        while head < level_end:
            c = queue[head]
            head += 1
            f = cells[c]
            if f & 1:
                n = c - 32
                if n >= 0:    # viper bounds
                    if dist[n] == 0xFFFF:
                        dist[n] = d
                        queue[tail] = n
                        tail += 1
            if f & 2:
                n = c + 1
                if dist[n] == 0xFFFF:
                    dist[n] = d
                    queue[tail] = n
                    tail += 1
            if f & 4:
                n = c + 32
                if dist[n] == 0xFFFF:
                    dist[n] = d
                    queue[tail] = n
                    tail += 1
            if f & 8:
                n = c - 1
                if n >= 0:    # viper bounds
                    if dist[n] == 0xFFFF:
                        dist[n] = d
                        queue[tail] = n
                        tail += 1
    return tail


@micropython.viper
def carve_kernel(maze, ws):
    # The recursive backtracker of carve.carve_half from a root drawn uniformly over half A (as
    # Rng.below(W * H/2)); draws come from ws.rng (xoroshiro32++, as rng.Rng.next16) and its state is
    # written back at the end. Row H/2 carries a fence bit (16) while it runs, so the search sees it
    # as visited and stays in half A; north of row 0 is excluded by the c >= 32 test. The fence is
    # cleared at the end. ws.marks is its scratch (remain, below).
    cells = ptr8(maze.cells)
    w = int(maze.width)
    fence_row = (int(maze.height) >> 1) << 5
    i = 0
    while i < w:
        cells[fence_row | i] = cells[fence_row | i] | 16
        i += 1
    stack = ptr16(ws.queue)            # cells with sides left to try
    depth = ptr16(ws.dist)
    degree = ptr8(DEGREE)
    pick = ptr8(PICK)
    rotate = ptr8(ROTATE)
    step = ptr8(STEP32)
    remain = ptr8(ws.marks)
    key = int(maze.key)
    last_x = w - 1
    rng = ws.rng
    r = int(below_kernel(rng, w * (int(maze.height) >> 1)))
    s0 = int(rng.s0)
    s1 = int(rng.s1)
    root = ((r // w) << 5) | (r % w)
    depth[root] = 0
    # The search keeps on its stack only the cells that had sides left unvisited when they last
    # carved (those sides in remain[c]): backing up past any other cell of the path would find it
    # exhausted, since a visited cell stays visited. So the order of visits, and of draws, is the
    # plain backtracker's; depth[c] is the length of the path from the root to c.
    # A cell's twin in half B is written once, when the cell is finished (carves its last passage, or
    # is found exhausted). Nothing in half B is read meanwhile except row H/2 as the fence, whose bit
    # keeps it nonzero until a twin value (never zero) replaces it.
    top = 0
    c = root
    here = 0                           # cells[c]
    d = 0                              # depth[c]
    while True:
        x = c & 31
        options = 0
        if c >= 32:
            if not cells[c - 32]:
                options = 1
        if x < last_x:
            if not cells[c + 1]:
                options |= 2
        if not cells[c + 32]:
            options |= 4
        if x:
            if not cells[c - 1]:
                options |= 8
        if not options:
            cells[key - c] = rotate[here]          # a dead end: finished on arrival
            while True:
                # Back up to the cell on top of the stack. Its unvisited sides are among those it had
                # left when it last carved (remain[c]), since a visited cell stays visited.
                if not top:
                    rng.s0 = s0        # the search is over: every cell of half A is visited
                    rng.s1 = s1
                    i = 0
                    while i < w:
                        cells[fence_row | i] = cells[fence_row | i] & 15
                        i += 1
                    return
                top -= 1
                c = stack[top]
                rest = remain[c]
                if rest & 1:
                    if not cells[c - 32]:
                        options = 1
                if rest & 2:
                    if not cells[c + 1]:
                        options |= 2
                if rest & 4:
                    if not cells[c + 32]:
                        options |= 4
                if rest & 8:
                    if not cells[c - 1]:
                        options |= 8
                here = cells[c]
                if options:
                    break
                cells[key - c] = rotate[here]      # exhausted: finished
            d = depth[c]
        n = degree[options]
        if n > 1:
            # Rng.below(n): with a mask of at most 9 bits, the low bits of the ++ output
            # rotl16((s0 + s1) & 0xFFFF, 9) + s0 are those of ((s0 + s1) >> 7) + s0.
            mask = (n - 1) | 1
            while True:
                r = (((s0 + s1) >> 7) + s0) & mask
                s1 ^= s0
                s0 = (((s0 << 13) | (s0 >> 3)) ^ s1 ^ (s1 << 5)) & 0xFFFF
                s1 = ((s1 << 10) | (s1 >> 6)) & 0xFFFF
                if r < n:
                    break
            flag = pick[(options << 2) | r]
            remain[c] = options ^ flag
            stack[top] = c
            top += 1
            here |= flag
            cells[c] = here
        else:
            flag = options
            here |= flag
            cells[c] = here
            cells[key - c] = rotate[here]          # its last passage: finished
        m = c + step[flag] - 32
        back = rotate[flag]
        cells[m] = back                # m was unvisited: no passage yet
        d += 1
        depth[m] = d
        c = m
        here = back


@micropython.viper
def scan_kernel(maze, ws, first: int, end: int) -> int:
    # Rows first..end-1 of validate.check_cells: returns the BORDER (2), RECIPROCITY (4) and SYMMETRY
    # (8) bits found; adds passage ends and dead ends to ws.tally[0] and ws.tally[1]. With first == 0
    # it also checks the top and bottom borders and sets ws.tally[2] to the passages crossing from
    # row H/2-1 to row H/2.
    cells = ptr8(maze.cells)
    ends = ptr16(ENDS)
    rotate = ptr8(ROTATE)
    tally = ptr16(ws.tally)
    w = int(maze.width)
    key = int(maze.key)
    last_x = w - 1
    last_y = int(maze.height) - 1
    mask = 0
    counts = 0                         # passage ends + 4096 * dead ends (grid.ENDS)
    y = first
    while y < end:
        row = y << 5
        # Reciprocity bits compared per cell: E here with W there (bit 1), and S here with N there
        # (bit 2) except in the last row, which has no cell below.
        agree = 6
        if y == last_y:
            agree = 2
        c = row
        last = row | last_x
        f = cells[c]
        while c < last:               # all but the last column: each has a cell to the east
            e = cells[c + 1]
            counts += ends[f]
            if rotate[cells[key - c]] != f:
                mask |= 8
            if (f ^ (e >> 2) ^ (cells[c + 32] << 2)) & agree:
                mask |= 4
            f = e                      # the east cell is the next one
            c += 1
        counts += ends[f]
        if rotate[cells[key - last]] != f:
            mask |= 8
        if (f ^ (cells[last + 32] << 2)) & agree & 4:
            mask |= 4
        if (f & 2) or (cells[row] & 8):
            mask |= 2
        y += 1
    tally[0] = tally[0] + (counts & 4095)
    tally[1] = tally[1] + (counts >> 12)
    if first == 0:
        seam_row = ((last_y + 1) >> 1) - 1
        crossings = 0
        x = 0
        while x < w:
            if (cells[x] & 1) != 0 or (cells[(last_y << 5) | x] & 4) != 0:
                mask |= 2
            if (cells[(seam_row << 5) | x] & 4) != 0:
                crossings += 1
            x += 1
        tally[2] = crossings
    return mask


@micropython.viper
def cycles_kernel(maze, ws, cycles: int, candidates: int):
    # The wall choice of loops.add_cycles: per cycle, `candidates` closed walls between two cells of
    # half A drawn uniformly (a (cell, E or S) pair by rejection on the covering bit mask, as
    # Rng.below), and the one whose sides the carving search reached at the most different depths
    # (ws.dist) is opened together with its rotation (grid.py).
    cells = ptr8(maze.cells)
    depth = ptr16(ws.dist)
    w = int(maze.width)
    half_h = int(maze.height) >> 1
    key = int(maze.key)
    draws = (w * half_h) << 1
    mask = draws - 1                   # the covering mask of Rng.below(draws)
    mask |= mask >> 1
    mask |= mask >> 2
    mask |= mask >> 4
    mask |= mask >> 8
    last_x = w - 1
    last_y = half_h - 1
    rng = ws.rng
    s0 = int(rng.s0)
    s1 = int(rng.s1)
    added = 0
    while added < cycles:
        best = -1
        best_flag = 0
        best_gap = -1
        sampled = 0
        while sampled < candidates:
            r = draws
            while r >= draws:
                t = (s0 + s1) & 0xFFFF
                r = ((t << 9) + (t >> 7) + s0) & mask     # rotl16(t, 9) + s0, low bits
                s1 ^= s0
                s0 = (((s0 << 13) | (s0 >> 3)) ^ s1 ^ (s1 << 5)) & 0xFFFF
                s1 = ((s1 << 10) | (s1 >> 6)) & 0xFFFF
            i = r >> 1
            x = i % w
            y = i // w
            c = (y << 5) | x
            if r & 1:                  # the east wall of c
                if x == last_x:
                    continue
                if cells[c] & 2:
                    continue
                m = c + 1
                flag = 2
            else:                      # the south wall of c
                if y == last_y:
                    continue
                if cells[c] & 4:
                    continue
                m = c + 32
                flag = 4
            sampled += 1
            gap = int(depth[c]) - int(depth[m])
            if gap < 0:
                gap = 0 - gap
            if gap > best_gap:
                best_gap = gap
                best = c
                best_flag = flag
        if best_flag == 2:
            m = best + 1
            back = 8
        else:
            m = best + 32
            back = 1
        cells[best] = cells[best] | best_flag
        cells[m] = cells[m] | back
        cells[key - best] = cells[key - best] | back
        cells[key - m] = cells[key - m] | best_flag
        added += 1
    rng.s0 = s0
    rng.s1 = s1


@micropython.viper
def exit_kernel(maze, ws, separation: int, candidates: int) -> int:
    # place.try_place_exits' choice: the free boundary cells at Manhattan distance >= separation from
    # Player 1's start, listed in boundary order (top row, right column, bottom row, left column) in
    # ws.queue; `candidates` of them drawn uniformly (as Rng.below); the farthest by route (ws.dist)
    # wins. Returns its cell index, or -1 when no boundary cell qualifies.
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
    while k < candidates:
        c = int(cand[int(below_kernel(rng, n))])
        d = int(dist[c])
        if d == 0xFFFF:
            d = 0
        if d > best_d:
            best_d = d
            best = c
        k += 1
    return best


@micropython.viper
def free_cells_kernel(maze, ws, first: int, min_chebyshev: int, tries: int) -> int:
    # place.try_place_randoms: for each slot from `first` to the last, up to `tries` uniform cells (as
    # Rng.below(W * H)); the first that is free, and for slot `first` at Chebyshev distance
    # >= min_chebyshev from Player 1's start, is recorded with its rotation (put_kernel).
    # Returns 1, or 0 as soon as a slot finds no cell.
    w = int(maze.width)
    slots = int(maze.slots)
    count = w * int(maze.height)
    px = ptr8(maze.px)
    py = ptr8(maze.py)
    sx = int(px[0])
    sy = int(py[0])
    occ = ptr8(ws.occ)
    rng = ws.rng
    slot = first
    near = min_chebyshev
    while slot < slots:
        left = tries
        found = -1
        while left > 0:
            left -= 1
            r = int(below_kernel(rng, count))
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
        put_kernel(maze, ws, slot, found)
        near = 0
        slot += 1
    return 1


@micropython.viper
def put_kernel(maze, ws, slot: int, c: int):
    # place.put: record cell c and its rotation as the two members of `slot`; mark both occupied.
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
    occ[int(maze.key) - c] = 1


@micropython.viper
def clear_marks_kernel(maze, ws):
    # place.clear_marks: zero ws.occ at every recorded position (each is inside the storage).
    px = ptr8(maze.px)
    py = ptr8(maze.py)
    occ = ptr8(ws.occ)
    n = int(len(maze.px))
    e = 0
    while e < n:
        occ[(py[e] << 5) | px[e]] = 0
        e += 1


@micropython.viper
def placements_kernel(maze, ws, separation: int, radius: int) -> int:
    # validate.check_placements without the slot-count test: PLACEMENT_BOUNDS (512), SYMMETRY (8),
    # PLACEMENT_COLLISIONS (1024), EXIT_SEPARATION (2048) and KEY_VISIBILITY (4096) bits.
    w = int(maze.width)
    h = int(maze.height)
    px = ptr8(maze.px)
    py = ptr8(maze.py)
    occ = ptr8(ws.occ)
    n = int(maze.slots) << 1
    mask = 0
    e = 0
    while e < n:
        x = int(px[e])
        y = int(py[e])
        if x >= w or y >= h:
            mask |= 512
        elif e < 4:
            if x != 0 and y != 0 and x != w - 1 and y != h - 1:
                mask |= 512                          # entries 0..3: both starts, both exits
        if e & 1:
            if x != w - 1 - int(px[e - 1]) or y != h - 1 - int(py[e - 1]):
                mask |= 8                            # member 1 must be the rotation of member 0
        e += 1
    if int(py[0]) >= (h >> 1):
        mask |= 512                                  # Player 1 starts in half A
    if mask & 512:
        return mask
    e = 0
    while e < n:
        c = (py[e] << 5) | px[e]
        if occ[c] != 0:
            mask |= 1024
        occ[c] = 1
        e += 1
    e = 0
    while e < n:
        occ[(py[e] << 5) | px[e]] = 0
        e += 1
    m = 0
    while m < 2:
        dx = int(px[m]) - int(px[2 + m])
        dy = int(py[m]) - int(py[2 + m])
        if dx < 0:
            dx = 0 - dx
        if dy < 0:
            dy = 0 - dy
        if dx + dy < separation:
            mask |= 2048
        dx = int(px[m]) - int(px[4 + m])
        dy = int(py[m]) - int(py[4 + m])
        if dx < 0:
            dx = 0 - dx
        if dy < 0:
            dy = 0 - dy
        if dx <= radius and dy <= radius:
            mask |= 4096
        m += 1
    return mask


@micropython.viper
def record_routes_kernel(maze, ws, base: int):
    # validate.check_routes: ws.routes[base + e] = distance (ws.dist) to placement entry e, -1 where
    # not reached (a 16-bit store of -1 is the same bits through a pointer and in the signed array).
    px = ptr8(maze.px)
    py = ptr8(maze.py)
    dist = ptr16(ws.dist)
    routes = ptr16(ws.routes)
    n = int(maze.slots) << 1
    e = 0
    while e < n:
        d = int(dist[(py[e] << 5) | px[e]])
        if d >= 0xFFFE:
            d = -1
        routes[base + e] = d
        e += 1


@micropython.viper
def parity_kernel(maze, ws, symmetric: int) -> int:
    # validate.check_routes' parity: with verified symmetry, copy Player 1's start figures to Player 2
    # and return 0; otherwise return ROUTE_PARITY (8192) if any entry's route differs from its
    # counterpart's seen from the other start, or the key-to-exit routes differ.
    routes = ptr16(ws.routes)
    n = int(maze.slots) << 1
    other = int(len(ws.routes)) >> 1
    e = 0
    if symmetric:
        while e < n:
            routes[other + e] = routes[e ^ 1]
            e += 1
        return 0
    mask = 0
    while e < n:
        if routes[e] != routes[other + (e ^ 1)]:
            mask = 8192
        e += 1
    key_exit = ptr16(ws.key_exit)
    if key_exit[0] != key_exit[1]:
        mask = 8192
    return mask


@micropython.viper
def seams_kernel(maze, ws, seams: int):
    # loops.open_seams: `seams` distinct columns x of the left half drawn uniformly (as Rng.below,
    # redrawn when already used); each opens (x, H/2-1)-(x, H/2) and its rotation.
    cells = ptr8(maze.cells)
    half_w = int(maze.width) >> 1
    key = int(maze.key)
    row = ((int(maze.height) >> 1) - 1) << 5
    rng = ws.rng
    used = 0
    opened = 0
    while opened < seams:
        x = int(below_kernel(rng, half_w))
        if used & (1 << x):
            continue
        used |= 1 << x
        c = row | x
        cells[c] = cells[c] | 4
        cells[c + 32] = cells[c + 32] | 1
        cells[key - c] = cells[key - c] | 1
        cells[key - c - 32] = cells[key - c - 32] | 4
        opened += 1


@micropython.viper
def mix_kernel(hi: int, lo: int, attempt: int, ws):
    # Candidate seed for attempt `attempt` (0-based) of requested seed (hi << 16 | lo), written to
    # ws.pair[0] (high half) and ws.pair[1] (low half), then ws.rng seeded from it as Rng.seed does.
    # A 4-round Feistel network on the two 16-bit halves; round i's function is
    # f(v) = g((v ^ k_i) * 0x2D35) with g(u) = u ^ (u >> 7), a second multiply by 0x1F53 and a final
    # u ^ (u >> 8), all modulo 2**16, and round key k_i = (attempt * 0x0F2B + i * 0x3C6D + 0x1234)
    # mod 2**16. Multipliers are below 2**14 so every product stays below 2**30. A Feistel network is
    # a bijection for each attempt, so distinct requested seeds never share a candidate within one
    # attempt number.
    o = ptr16(ws.pair)
    i = 0
    while i < 4:
        k = (attempt * 0x0F2B + i * 0x3C6D + 0x1234) & 0xFFFF
        f = ((lo ^ k) * 0x2D35) & 0xFFFF
        f ^= f >> 7
        f = (f * 0x1F53) & 0xFFFF
        f ^= f >> 8
        t = hi ^ f
        hi = lo
        lo = t
        i += 1
    o[0] = hi
    o[1] = lo
    rng = ws.rng
    if hi == 0 and lo == 0:
        hi = 1
    rng.s0 = hi
    rng.s1 = lo


@micropython.viper
def start_kernel(maze, ws) -> int:
    # place.place_starts' draw: uniform over the boundary cells of half A (top row, then the left and
    # right columns below it), as Rng.below(W + 2 * (H/2 - 1)); returns the cell index.
    w = int(maze.width)
    side = (int(maze.height) >> 1) - 1
    r = int(below_kernel(ws.rng, w + 2 * side))
    if r < w:
        return r
    if r < w + side:
        return (r - w + 1) << 5
    return ((r - w - side + 1) << 5) | (w - 1)
