# The breadth-first search of routes.measure_routes as CPython and bytecode run it (routes.py). Where
# the kernels are machine code spread_at.spread_at runs instead, with the same distances and queue.
# Not a viper kernel: compiled flavours never import it, and as bytecode a loop over a tuple of the
# open sides' steps (SIDES) and a loop over the queue itself are fewer interpreted operations than
# four flag tests and a hand-kept index (5% of a search at 32x32 on the RISC-V board, and 6% more
# for the queue's iterator over a range() and a subscript). Neither allocates: the VM iterates a
# tuple and an array on its stack.
from maze32.grid import PITCH

# spread_routes' cells, workspace and target (routes.measure_routes fills it).
_search = [None, None, 0]

# SIDES[f]: the index steps of the passages a cell with flags f opens, north, east, south, west.
SIDES = tuple(tuple(s for bit, s in ((1, -PITCH), (2, 1), (4, PITCH), (8, -1)) if f & bit) for f in range(16))


def spread_routes(dist, c):
    # The search of routes.measure_routes over dist (ws.dist) from cell c, to the target _search[2]
    # (or every cell it reaches if that is < 0), level by level, after ws.dist has been reset. A step
    # north of row 0 or west of cell 0 reads BLOCKED through Python's negative index (the guard row).
    # The loop iterates the queue itself (the VM's iterator, on its stack, reads each entry in its C:
    # cheaper than a subscript of a counted index) while the search appends to it. A cell is queued
    # once, so a level ends at the cell that was last in the queue when the level began (`stop`);
    # if no cell was queued after it, every reachable cell has been taken.
    target = _search[2]
    cells = _search[0]
    queue = _search[1].queue
    sides = SIDES
    unseen = 0xFFFF
    dist[c] = 0
    queue[0] = c
    tail = 1
    if target >= 0 and dist[target] != unseen:
        return tail                    # the source itself
    d = 1
    stop = c
    for c in queue:
        for n in sides[cells[c]]:
            n += c
            if dist[n] == unseen:
                dist[n] = d
                queue[tail] = n
                tail += 1
        if c == stop:
            c = queue[tail - 1]
            if c == stop or target >= 0 and dist[target] != unseen:
                break                  # every cell reached, or the target's distance is final
            stop = c
            d += 1
    return tail
