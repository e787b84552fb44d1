# The breadth-first search of routes.measure_routes where the kernels are machine code (routes.py):
# spread_routes.spread_routes's search with the current cell's distance as a pointer.
from maze32._compat import micropython, ptr8, ptr16

# spread_at's cells, workspace and target (_compat.py, Registers: its arguments are its two busiest
# locals).
_search = [None, None, 0]


@micropython.viper
def spread_at(at: ptr16, c: int) -> int:
    # spread_routes.spread_routes as machine code, from cell c (to the target _search[2]): `at` points at the current
    # cell's distance, so a neighbour's is at[-32], at[1], at[32], at[-1], one load and one store each
    # (the emitter folds a constant index into the instruction; dist[n] computes its address).
    cells = ptr8(_search[0])
    ws = _search[1]
    target = int(_search[2])
    dist = at
    base = int(at)
    queue = ptr16(ws.queue)
    unseen = 0xFFFF
    dist[c] = 0
    queue[0] = c
    head = 0
    tail = 1
    d = 0
    while head < tail:
        if target >= 0:
            if dist[target] != unseen:
                return tail
        d += 1
        level_end = tail
        while head < level_end:
            c = queue[head]
            head += 1
            at = ptr16(base + (c << 1))
            f = cells[c]
            if f & 1:
                if at[-32] == unseen:
                    at[-32] = d
                    queue[tail] = c - 32
                    tail += 1
            if f & 2:
                if at[1] == unseen:
                    at[1] = d
                    queue[tail] = c + 1
                    tail += 1
            if f & 4:
                if at[32] == unseen:
                    at[32] = d
                    queue[tail] = c + 32
                    tail += 1
            if f & 8:
                if at[-1] == unseen:
                    at[-1] = d
                    queue[tail] = c - 1
                    tail += 1
    return tail
