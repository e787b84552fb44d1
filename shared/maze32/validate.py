# Validation (SPEC 3.5): every rule a finished duel maze must keep, checked from the cells and the
# recorded placements alone, so it judges a maze loaded from a file as strictly as a generated one.
# Returns a bit mask of failed checks (0 = valid) and allocates nothing; names are for the host.
# The scans over cells, placements and routes are viper kernels where compiled; they use the check
# bits by name, which the compiler folds (const() of this module).
from maze32._compat import const, micropython, ptr8, ptr16
from maze32.grid import MIN_SIDE, MAX_SIDE, MAX_CELLS, ENDS, ROTATE, PITCH
from maze32.maze import (EXIT, KEY, UNSEEN, MAX_SLOTS,
                         EDGES, CYCLOMATIC, DEAD_ENDS, CROSSINGS, REACHED,
                         MEASURED_FROM, MEASURED_SUM, MEASURED_RUN, MEASURED_REACHED)
from maze32.routes import measure_routes, WORDS

DIMENSIONS = const(1 << 0)
BORDER = const(1 << 1)
RECIPROCITY = const(1 << 2)
SYMMETRY = const(1 << 3)
REACHABILITY = const(1 << 4)
EDGE_COUNT = const(1 << 5)
CYCLES = const(1 << 6)
DEAD_END_COUNT = const(1 << 7)
HALF_CROSSINGS = const(1 << 8)
PLACEMENT_BOUNDS = const(1 << 9)
PLACEMENT_COLLISIONS = const(1 << 10)
EXIT_SEPARATION = const(1 << 11)
KEY_VISIBILITY = const(1 << 12)
ROUTE_PARITY = const(1 << 13)
HASH = const(1 << 14)       # files only: set by the host, never by validate
SEED = const(1 << 15)       # files only: the recorded seeds regenerate this maze (codec.seed_mask)
PLACEMENT = const(15)       # index into Workspace.fails (not a check bit; generation never sets HASH or
                            # SEED): attempts where no cell satisfied a placement rule

# Stable check names, indexed by bit number.
CHECK_NAMES = ("dimensions", "border", "reciprocity", "symmetry", "reachability", "edges", "cycles",
               "dead_ends", "half_crossings", "placement_bounds", "placement_collisions",
               "exit_separation", "key_visibility", "route_parity", "hash", "seed")


def check_names(mask):
    # Names of the failed checks in a mask (allocates; for reports).
    return [CHECK_NAMES[i] for i in range(len(CHECK_NAMES)) if mask & (1 << i)]


def validate(maze, ws, cfg):
    return check_maze(maze, ws, cfg, False)


def check_maze(maze, ws, cfg, start_routes_ready):
    # start_routes_ready: ws.dist already holds the routes from Player 1's start over these very
    # cells, and ws.topology[REACHED] their count (generate's placement step has just measured them
    # with the same search). A measurement of the cells, not a claim of construction, so reusing it
    # keeps validation independent.
    # Otherwise the routes are measured afresh, unless ws.measured records that ws.dist holds them
    # already: a validation of cells with the same fingerprint, symmetric, from the same start, and
    # no search since (every reset of ws.dist forgets the record). So validate() after generate()
    # shares generate's search, while a maze edited in place, or read from a file into another
    # workspace (codec.check_document), is searched on its own.
    w = maze.width
    h = maze.height
    if w < MIN_SIDE or w > MAX_SIDE or h < MIN_SIDE or h > MAX_SIDE or w & 1 or h & 1 \
            or w * h > MAX_CELLS:
        return DIMENSIONS       # nothing else can be judged on a grid of the wrong shape
    if not start_routes_ready:
        ws.prepare(w, h)        # generate prepared this grid before its placement's search
    mask = check_cells(maze, ws, cfg, start_routes_ready)
    if start_routes_ready and not WORDS:
        placed = 0              # generate's own placements, as bytecode: right by construction (place.py)
    else:
        placed = check_placements(maze, ws, cfg)
    mask |= placed
    if placed & PLACEMENT_BOUNDS:
        # Without both starts on the grid no route can be measured: neither rule is established.
        return mask | REACHABILITY | ROUTE_PARITY
    symmetric = not (mask & SYMMETRY)
    source = (maze.py[0] << 5) | maze.px[0]
    measured = ws.measured
    tally = ws.tally
    if symmetric and not start_routes_ready and measured[MEASURED_FROM] == source + 1 \
            and measured[MEASURED_SUM] == tally[3] and measured[MEASURED_RUN] == tally[4]:
        ws.topology[REACHED] = measured[MEASURED_REACHED]
        start_routes_ready = True
    mask |= check_routes(maze, ws, symmetric, start_routes_ready)
    if symmetric:
        # No other search ran (check_routes): ws.dist holds the routes from the start over these cells.
        measured[MEASURED_FROM] = source + 1
        measured[MEASURED_SUM] = tally[3]
        measured[MEASURED_RUN] = tally[4]
        measured[MEASURED_REACHED] = ws.topology[REACHED]
    return mask


def check_cells(maze, ws, cfg, built):
    # Border, reciprocity, symmetry, edges, cycles, dead ends, crossings, scanning half A first.
    # Each cell of half A is compared with its rotated partner in B, which covers every cell. When all
    # partners match, half B is half A rotated: its degrees, dead ends, internal passages and border
    # mirror A's, so the scan stops at the seam and doubles the counts. Otherwise B is scanned too.
    # The seam row's southward passages are checked from half A in both cases.
    # `built`: generate's own validation of the cells it has just constructed. As bytecode (where the
    # kernels are not machine code) half A is then scanned by scan_built, without the two checks that
    # construction proves (see there): the same verdict and sums at a third of the cost.
    w = maze.width
    h = maze.height
    half = h >> 1
    tally = ws.tally                   # passage ends, dead ends, crossings (scan_cells)
    tally[0] = 0
    tally[1] = 0
    if built and not WORDS:
        mask = scan_built(maze, ws)
    else:
        mask = scan_cells(maze, ws, 0, half)
    if mask & SYMMETRY:
        mask |= scan_cells(maze, ws, half, h)    # asymmetric: half B must be scanned on its own
        links = tally[0]
        dead = tally[1]
    else:
        links = tally[0] << 1          # half B mirrors half A: as many passage ends and dead ends
        dead = tally[1] << 1
    crossings = tally[2]               # the scan of rows from 0 also checked the top and bottom borders
    edges = links >> 1
    cyclomatic = edges - w * h + 1
    topology = ws.topology
    topology[EDGES] = edges
    topology[CYCLOMATIC] = cyclomatic
    topology[DEAD_ENDS] = dead
    topology[CROSSINGS] = crossings
    pairs = 2 * cfg.seams + 2 * cfg.cycles
    if edges != w * h - 2 + pairs:
        mask |= EDGE_COUNT
    if cyclomatic != pairs - 1 or cyclomatic < 1:
        mask |= CYCLES
    if dead < 1:
        mask |= DEAD_END_COUNT
    if crossings != 2 * cfg.seams or crossings < 2:
        mask |= HALF_CROSSINGS
    return mask


def check_placements(maze, ws, cfg):
    # Bounds, boundary rules, collisions, object symmetry, exit separation and key visibility
    # (scan_placements), after the slot count the configuration implies. Placements that place.py has
    # just made pass every one of them: generate shaped the maze for cfg's slots; each position is a
    # cell of the grid, both starts and both exits on its boundary (draw_start, draw_exit) with Player
    # 1's start in half A; put records each slot's second member as the rotation of the first and
    # marks both, and no draw takes a marked cell (the marked set is closed under the rotation, and no
    # cell is its own); draw_exit lists only cells at least the separation from the start, and
    # place_randoms takes the key only outside its view (Player 2's figures are the rotations). So
    # generate's own validation skips it as bytecode (check_maze; tests/library/test_built_scan.py).
    if maze.slots != 4 + cfg.landmark_pairs + cfg.artifact_pairs:
        return PLACEMENT_BOUNDS
    return scan_placements(maze, ws, cfg.min_exit_separation, cfg.view_radius)


def check_routes(maze, ws, symmetric, start_routes_ready):
    # Reachability from Player 1's start, and route parity: the distance from each player's start to
    # every object equals the distance from the other start to its rotated counterpart, and the two
    # key-to-exit routes are equally long.
    # When cells and objects are verified symmetric (`symmetric`), the rotation is an automorphism of
    # the maze that maps Player 1's start, key and objects onto Player 2's, so every Player 2 route
    # equals the corresponding Player 1 route, and Player 2's key-to-exit route equals Player 1's:
    # parity holds by construction of the check. Player 2's start figures are then copied, and the
    # key-to-exit routes are not searched at all (they are metrics then: measure_key_exits).
    # Without symmetry all four searches run.
    px = maze.px
    py = maze.py
    mask = 0
    m = 0
    while m < 2:
        if m == 0 and start_routes_ready:
            reached = ws.topology[REACHED]
        else:
            reached = measure_routes(maze, ws, (py[m] << 5) | px[m])
        if m == 0:
            ws.topology[REACHED] = reached
            if reached != maze.width * maze.height:
                mask |= REACHABILITY
        record_routes(maze, ws, m * 2 * MAX_SLOTS)
        if symmetric:
            break
        measure_key_exit(maze, ws, m)
        m += 1
    return mask | compare_routes(maze, ws, 1 if symmetric else 0)


def measure_key_exit(maze, ws, m):
    # ws.key_exit[m] = route distance from player m's key to its exit, -1 if not reached. The search
    # stops at the exit, so ws.dist is partial afterwards.
    k = 2 * KEY + m
    exit_cell = (maze.py[2 * EXIT + m] << 5) | maze.px[2 * EXIT + m]
    measure_routes(maze, ws, (maze.py[k] << 5) | maze.px[k], exit_cell)
    d = ws.dist[exit_cell]
    ws.key_exit[m] = -1 if d >= UNSEEN - 1 else d


def measure_key_exits(maze, ws):
    # Both players' key-to-exit routes, for the metrics (validation of a symmetric maze skips them).
    measure_key_exit(maze, ws, 0)
    measure_key_exit(maze, ws, 1)


def scan_cells(maze, ws, first, end):
    # Rows first..end-1 of check_cells: returns the BORDER, RECIPROCITY and SYMMETRY bits found; adds
    # passage ends and dead ends to ws.tally[0] and ws.tally[1]. With first == 0 it also checks the
    # top and bottom borders, sets ws.tally[2] to the passages crossing from row H/2-1 to row H/2,
    # and ws.tally[3], ws.tally[4] to the fingerprint of the rows scanned (a Fletcher sum of their
    # cells, seeded with W and H): with symmetry, half A's determines the maze (check_maze's record).
    _scan[0] = maze
    _scan[1] = ws
    _scan[2] = first
    _scan[3] = end
    found = scan_rows(0, 0)
    _scan[0] = _scan[1] = None              # not held after: a game left for the menu lets its maze go
    return found


def scan_built(maze, ws):
    # scan_cells(maze, ws, 0, H/2) on cells that generate has just constructed, as bytecode: the BORDER
    # bit, and the same tally (passage ends, dead ends, crossings, the fingerprint), but neither
    # SYMMETRY nor RECIPROCITY is tested, because construction cannot break them: every passage the
    # stages open is opened from both of its cells together with its rotated partner (grid.py; the
    # carving search writes each partner once its cell is final), so a built maze always passes both
    # (tests/library/test_cross_runtime.py compares the verdicts over the golden catalogue's seeds).
    # BORDER, the counts behind EDGE_COUNT, CYCLES, DEAD_END_COUNT and HALF_CROSSINGS, and the
    # fingerprint are computed as scan_rows does. Per cell three sums, where scan_rows also compares the
    # cell with its partner and its east and south neighbours: about 20 bytecode operations, not 58.
    f = 0
    c = 0
    counts = 0                         # passage ends + 4096 * dead ends (grid.ENDS)
    total = 0                          # the fingerprint's two sums (scan_rows)
    run = 0
    cells = maze.cells
    ends = _ENDS
    w = maze.width
    last_y = maze.height - 1
    mask = 0
    total = w
    run = last_y
    seam_row = (((last_y + 1) >> 1) - 1) << 5
    below = seam_row + PITCH           # row H/2, where half A ends
    if w == PITCH:
        # Half A is one run of cells: the VM's iterator over the buffer reads them (an interpreted
        # subscript and a counted index cost twice as much), stopped by a value no cell has (16) put
        # into the first cell after half A for the loop. Sums are reduced once: total stays below
        # 2**13, run below 2**22, and mod 2**16 the per-row reductions of scan_rows change nothing.
        keep = cells[below]
        cells[below] = 16
        for f in cells:
            if f > 15:
                break
            counts += ends[f]
            total += f
            run += total
        cells[below] = keep
        run &= 0xFFFF
    else:
        row = 0
        while row < below:
            for c in range(row, row + w):
                f = cells[c]
                counts += ends[f]
                total += f
                run += total
            total &= 0xFFFF
            run &= 0xFFFF
            row += PITCH
    row = 0
    while row < below:
        if (cells[row + w - 1] & 2) or (cells[row] & 8):
            mask |= BORDER
        row += PITCH
    tally = ws.tally
    tally[0] = tally[0] + (counts & 4095)
    tally[1] = tally[1] + (counts >> 12)
    bottom = last_y << 5
    crossings = 0
    for c in range(w):
        if (cells[c] & 1) or (cells[bottom + c] & 4):
            mask |= BORDER
        if cells[seam_row + c] & 4:
            crossings += 1
    tally[2] = crossings
    tally[3] = total
    tally[4] = run
    return mask


# scan_rows' tables: the buffers its pointers read where the kernels are machine code (routes.WORDS);
# tuples as bytecode, where a tuple's subscript costs less than an array's or bytes' (two a cell).
_ENDS = ENDS if WORDS else tuple(ENDS)
_ROTATE = ROTATE if WORDS else tuple(ROTATE)

# scan_rows' maze, workspace and rows (_compat.py, Registers: its arguments are the two busiest locals).
_scan = [None, None, 0, 0]


@micropython.viper
def scan_rows(c: int, f: int) -> int:
    # The scan of scan_cells; c and f are the current cell and its flags (the arguments' values are
    # not used). Disagreements are gathered with | and tested once per row: no branch per cell.
    # The names the loop over a row's cells uses come first: as bytecode, the first 16 locals load and
    # store with one-byte opcodes (carve_tree.carve_tree).
    e = 0
    counts = 0                         # passage ends + 4096 * dead ends (grid.ENDS)
    total = 0                          # the fingerprint's two sums
    run = 0
    twin = 0
    apart = 0
    agree = 0
    last = 0
    maze = _scan[0]
    rot = int(maze.rot)
    cells = ptr8(maze.cells)
    ends = ptr16(_ENDS)
    rotate = ptr8(_ROTATE)
    ws = _scan[1]
    first = int(_scan[2])
    end = int(_scan[3])
    tally = ptr16(ws.tally)
    w = int(maze.width)
    last_x = w - 1
    last_y = int(maze.height) - 1
    mask = 0
    total = w
    run = last_y
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
        twin = 0                       # bits where a cell differs from its rotated partner's rotation
        apart = 0                      # reciprocity bits where a passage is open from one side only
        while c < last:               # all but the last column: each has a cell to the east
            e = cells[c + 1]
            counts += ends[f]
            total += f
            run += total
            twin |= rotate[cells[rot - c]] ^ f
            apart |= (f ^ (e >> 2) ^ (cells[c + 32] << 2)) & agree
            f = e                      # the east cell is the next one
            c += 1
        counts += ends[f]
        total = (total + f) & 0xFFFF
        run = (run + total) & 0xFFFF
        twin |= rotate[cells[rot - last]] ^ f
        apart |= (f ^ (cells[last + 32] << 2)) & agree & 4
        if twin:
            mask |= SYMMETRY
        if apart:
            mask |= RECIPROCITY
        if (f & 2) or (cells[row] & 8):
            mask |= BORDER
        y += 1
    tally[0] = tally[0] + (counts & 4095)
    tally[1] = tally[1] + (counts >> 12)
    if first == 0:
        seam_row = ((last_y + 1) >> 1) - 1
        crossings = 0
        x = 0
        while x < w:
            if (cells[x] & 1) != 0 or (cells[(last_y << 5) | x] & 4) != 0:
                mask |= BORDER
            if (cells[(seam_row << 5) | x] & 4) != 0:
                crossings += 1
            x += 1
        tally[2] = crossings
        tally[3] = total
        tally[4] = run
    return mask


@micropython.viper
def scan_placements(maze, ws, separation: int, radius: int) -> int:
    # check_placements without the slot-count test: the PLACEMENT_BOUNDS, SYMMETRY,
    # PLACEMENT_COLLISIONS, EXIT_SEPARATION and KEY_VISIBILITY bits.
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
            mask |= PLACEMENT_BOUNDS
        elif e < 4:
            if x != 0 and y != 0 and x != w - 1 and y != h - 1:
                mask |= PLACEMENT_BOUNDS                          # entries 0..3: both starts, both exits
        if e & 1:
            if x != w - 1 - int(px[e - 1]) or y != h - 1 - int(py[e - 1]):
                mask |= SYMMETRY                            # member 1 must be the rotation of member 0
        e += 1
    if int(py[0]) >= (h >> 1):
        mask |= PLACEMENT_BOUNDS                                  # Player 1 starts in half A
    if mask & PLACEMENT_BOUNDS:
        return mask
    e = 0
    while e < n:
        c = (py[e] << 5) | px[e]
        if occ[c] != 0:
            mask |= PLACEMENT_COLLISIONS
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
            mask |= EXIT_SEPARATION
        dx = int(px[m]) - int(px[4 + m])
        dy = int(py[m]) - int(py[4 + m])
        if dx < 0:
            dx = 0 - dx
        if dy < 0:
            dy = 0 - dy
        if dx <= radius and dy <= radius:
            mask |= KEY_VISIBILITY
        m += 1
    return mask


@micropython.viper
def record_routes(maze, ws, base: int):
    # ws.routes[base + e] = distance (ws.dist) to placement entry e, -1 where
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
def compare_routes(maze, ws, symmetric: int) -> int:
    # Route parity: with verified symmetry, copy Player 1's start figures to Player 2 and return 0;
    # otherwise return ROUTE_PARITY if any entry's route differs from its
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
            mask = ROUTE_PARITY
        e += 1
    key_exit = ptr16(ws.key_exit)
    if key_exit[0] != key_exit[1]:
        mask = ROUTE_PARITY
    return mask
