# Validation (SPEC 3.5): every rule a finished duel maze must keep, checked from the cells and the
# recorded placements alone, so it judges a maze loaded from a file as strictly as a generated one.
# Returns a bit mask of failed checks (0 = valid) and allocates nothing; names are for the host.
from maze32._compat import const
from maze32.grid import MIN_SIDE, MAX_SIDE, MAX_CELLS
from maze32.kernels import scan_kernel, placements_kernel, record_routes_kernel, parity_kernel
from maze32.maze import (EXIT, KEY, UNSEEN, MAX_SLOTS,
                         EDGES, CYCLOMATIC, DEAD_ENDS, CROSSINGS, REACHED)
from maze32.routes import measure_routes

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
PLACEMENT = const(15)       # index into Workspace.fails: attempts where no cell satisfied a placement rule

# Stable check names, indexed by bit number.
CHECK_NAMES = ("dimensions", "border", "reciprocity", "symmetry", "reachability", "edges", "cycles",
               "dead_ends", "half_crossings", "placement_bounds", "placement_collisions",
               "exit_separation", "key_visibility", "route_parity", "hash")


def check_names(mask):
    # Names of the failed checks in a mask (allocates; for reports).
    return [CHECK_NAMES[i] for i in range(len(CHECK_NAMES)) if mask & (1 << i)]


def validate(maze, ws, cfg):
    return check_maze(maze, ws, cfg, False)


def check_maze(maze, ws, cfg, start_routes_ready):
    # start_routes_ready: ws.dist already holds the routes from Player 1's start over these very
    # cells, and ws.topology[REACHED] their count (generate's placement step has just measured them
    # with the same search). A measurement of the cells, not a claim of construction, so reusing it
    # keeps validation independent; the public validate() always measures afresh.
    w = maze.width
    h = maze.height
    if w < MIN_SIDE or w > MAX_SIDE or h < MIN_SIDE or h > MAX_SIDE or w & 1 or h & 1 \
            or w * h > MAX_CELLS:
        return DIMENSIONS       # nothing else can be judged on a grid of the wrong shape
    ws.prepare(w, h)
    mask = check_cells(maze, ws, cfg)
    placed = check_placements(maze, ws, cfg)
    mask |= placed
    if placed & PLACEMENT_BOUNDS:
        # Without both starts on the grid no route can be measured: neither rule is established.
        mask |= REACHABILITY | ROUTE_PARITY
    else:
        mask |= check_routes(maze, ws, not (mask & SYMMETRY), start_routes_ready)
    return mask


def check_cells(maze, ws, cfg):
    # Border, reciprocity, symmetry, edges, cycles, dead ends, crossings, scanning half A first.
    # Each cell of half A is compared with its rotated twin in B, which covers every cell. When all
    # twins match, half B is half A rotated: its degrees, dead ends, internal passages and border
    # mirror A's, so the scan stops at the seam and doubles the counts. Otherwise B is scanned too.
    # The seam row's southward passages are checked from half A in both cases.
    w = maze.width
    h = maze.height
    half = h >> 1
    tally = ws.tally                   # passage ends, dead ends, crossings (kernels.scan_kernel)
    tally[0] = 0
    tally[1] = 0
    mask = scan_kernel(maze, ws, 0, half)
    if mask & SYMMETRY:
        mask |= scan_kernel(maze, ws, half, h)    # asymmetric: half B must be scanned on its own
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
    # (kernels.placements_kernel), after the slot count the configuration implies.
    if maze.slots != 4 + cfg.landmark_pairs + cfg.artifact_pairs:
        return PLACEMENT_BOUNDS
    return placements_kernel(maze, ws, cfg.min_exit_separation, cfg.view_radius)


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
        record_routes_kernel(maze, ws, m * 2 * MAX_SLOTS)
        if symmetric:
            break
        measure_key_exit(maze, ws, m)
        m += 1
    return mask | parity_kernel(maze, ws, 1 if symmetric else 0)


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
