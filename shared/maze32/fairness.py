# Fairness beyond symmetry (SPEC 3.6): how robust and how demanding each player's road is.
#   routes    edge-disjoint start->exit routes (capped at _MAX_ROUTES): with 2 or more, a rival standing
#             in one corridor cannot block the only road
#   bridges   passages on the solution route (start->key->exit, shortest) whose loss would cut the maze
#   decisions cells on the solution route with three or more passages, where a player must choose
# measure_fairness() fills ws.fairness[3*player + ROUTES/BRIDGES/DECISIONS] and allocates nothing.
# Scratch: ws.marks (per cell: low nibble = direction to the search parent, high nibble = directions
# whose passage is a bridge) and ws.flow (per cell: directions carrying one unit of flow out of it).
from maze32._compat import const
from maze32.grid import DEGREE, ROTATE, STEP, PITCH
from maze32.maze import UNSEEN, WHOLE, START, EXIT, KEY
from maze32.routes import reset_routes

ROUTES = const(0)
BRIDGES = const(1)
DECISIONS = const(2)
_MAX_ROUTES = const(4)   # a cell has four sides: no pair of cells is joined by more disjoint routes
# Direction order of the searches: Player 1's, then its rotation for Player 2, so that among equally
# short routes each player's search picks the rotation of the other's (fair counts, not tie-breaks).
_ORDER = b"\x01\x02\x04\x08\x04\x08\x01\x02"


def measure_fairness(maze, ws):
    marks = ws.marks
    marks[WHOLE] = ws.blank
    find_bridges(maze, ws)
    m = 0
    while m < 2:
        start = _cell(maze, 2 * START + m)
        key = _cell(maze, 2 * KEY + m)
        exit_cell = _cell(maze, 2 * EXIT + m)
        base = 3 * m
        ws.fairness[base + ROUTES] = count_disjoint_routes(maze, ws, start, exit_cell, m)
        ws.fairness[base + BRIDGES] = 0
        ws.fairness[base + DECISIONS] = 0
        walk_route(maze, ws, start, key, m)          # start -> key
        walk_route(maze, ws, key, exit_cell, m)      # key -> exit
        if DEGREE[maze.cells[exit_cell]] >= 3:
            ws.fairness[base + DECISIONS] += 1       # the last cell of the route
        m += 1


def _cell(maze, entry):
    return (maze.py[entry] << 5) | maze.px[entry]


def search_tree(maze, ws, source, usable, player):
    # Breadth-first search from source recording, in the low nibble of ws.marks, the direction from
    # each reached cell back to its parent. With usable = True only passages without flow out of the
    # cell are followed (the residual graph of count_disjoint_routes). ws.dist gets the distances.
    dist = ws.dist
    reset_routes(ws)
    queue = ws.queue
    cells = maze.cells
    marks = ws.marks
    flow = ws.flow
    dist[source] = 0
    queue[0] = source
    head = 0
    tail = 1
    while head < tail:
        c = queue[head]
        head += 1
        open_dirs = cells[c]
        if usable:
            open_dirs &= ~flow[c]
        d = dist[c] + 1
        k = player << 2
        end = k + 4
        while k < end:
            flag = _ORDER[k]
            k += 1
            if open_dirs & flag:
                n = c + STEP[flag]
                if dist[n] == UNSEEN:
                    dist[n] = d
                    marks[n] = (marks[n] & 0xF0) | ROTATE[flag]   # the way back to c
                    queue[tail] = n
                    tail += 1
    return tail


def find_bridges(maze, ws):
    # A passage is a bridge when no cycle runs through it. Take a breadth-first tree; every passage
    # outside it closes one cycle made of itself and the tree path between its ends, and covers the
    # tree passages on that path. Tree passages left uncovered are the bridges. The maze has only
    # 2*seams + 2*cycles - 1 passages outside any spanning tree, so the covering walks are few.
    cells = maze.cells
    marks = ws.marks
    dist = ws.dist
    w = maze.width
    h = maze.height
    root = _cell(maze, 2 * START)
    search_tree(maze, ws, root, False, 0)
    occ = ws.occ                      # covered[c]: the tree passage from c to its parent is on a cycle
    y = 0
    while y < h:
        x = 0
        while x < w:
            c = (y << 5) | x
            f = cells[c]
            if f & 2 and x < w - 1:
                _cover_if_outside(c, c + 1, 2, marks, dist, occ)
            if f & 4 and y < h - 1:
                _cover_if_outside(c, c + PITCH, 4, marks, dist, occ)
            x += 1
        y += 1
    # Uncovered tree passages (both ends reached, not the root) are bridges: flag both sides.
    y = 0
    while y < h:
        x = 0
        while x < w:
            c = (y << 5) | x
            if c != root and dist[c] != UNSEEN and not occ[c]:
                up = marks[c] & 15
                p = c + STEP[up]
                marks[c] |= up << 4
                marks[p] |= ROTATE[up] << 4
            occ[c] = 0
            x += 1
        y += 1


def _cover_if_outside(a, b, flag, marks, dist, occ):
    # The passage a-b (b reached from a through `flag`): if it is not a tree passage, mark the tree
    # path between a and b as covered, climbing from the deeper end until the two walks meet.
    if (marks[b] & 15) == ROTATE[flag] or (marks[a] & 15) == flag:
        return                              # a is b's parent, or b is a's: a tree passage
    if dist[a] == UNSEEN or dist[b] == UNSEEN:
        return
    while a != b:
        if dist[a] >= dist[b]:
            occ[a] = 1
            a += STEP[marks[a] & 15]
        else:
            occ[b] = 1
            b += STEP[marks[b] & 15]


def walk_route(maze, ws, source, target, player):
    # Count bridges and decision points along one shortest route source -> target (target excluded
    # from decisions; measure_fairness counts the final exit itself).
    search_tree(maze, ws, source, False, player)
    if ws.dist[target] == UNSEEN:
        return
    base = 3 * player
    marks = ws.marks
    cells = maze.cells
    fair = ws.fairness
    c = target
    while c != source:
        up = marks[c] & 15
        if (marks[c] >> 4) & up:
            fair[base + BRIDGES] += 1
        c += STEP[up]
        if DEGREE[cells[c]] >= 3:
            fair[base + DECISIONS] += 1


def count_disjoint_routes(maze, ws, source, target, player):
    # Unit-capacity augmenting paths (Ford-Fulkerson with breadth-first search) on the undirected
    # passage graph: ws.flow[c] has a bit per direction carrying flow out of c. Pushing along c -> n
    # cancels flow n -> c if there is some, otherwise adds flow c -> n.
    flow = ws.flow
    flow[WHOLE] = ws.blank
    marks = ws.marks
    routes = 0
    while routes < _MAX_ROUTES:
        search_tree(maze, ws, source, True, player)
        if ws.dist[target] == UNSEEN:
            break
        c = target
        while c != source:
            up = marks[c] & 15          # towards the parent p; the path runs p -> c
            p = c + STEP[up]
            down = ROTATE[up]           # direction from p to c
            if flow[c] & up:
                flow[c] &= ~up          # cancel c -> p
            else:
                flow[p] |= down
            c = p
        routes += 1
    return routes
