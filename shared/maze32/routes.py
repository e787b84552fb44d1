# Breadth-first route distances: the one search that placement and validation share (over a duel
# maze's passages), and its counterpart over a hedge level's tiles (Deeper's goal checks and its ghosts).
# Both searches are viper kernels where compiled.
from maze32._compat import micropython, ptr8, ptr16
from maze32.maze import WHOLE, MEASURED_FROM


def reset_routes(ws):
    # ws.dist back to its template (UNSEEN on the grid, BLOCKED outside) before a search. Every search
    # that writes ws.dist starts here, so this is also where the record of what ws.dist measured
    # (validate.py) is forgotten.
    ws.measured[MEASURED_FROM] = 0
    ws.dist_view[WHOLE] = ws.fresh_view


def measure_routes(maze, ws, source, target=-1):
    # Fill ws.dist with the route distance from cell index `source` to every cell it reaches; cells
    # not reached keep UNSEEN, cells outside the grid keep BLOCKED. Returns how many cells were reached.
    # With a target cell the search stops after the level in which the target got its distance:
    # breadth-first order makes it final then (other cells may be left unmeasured; the count is then
    # partial).
    # Passages are followed as the current cell flags them; validation reports off-grid and one-sided
    # flags separately (border, reciprocity), and the guard row, the BLOCKED template and the checks
    # against index 0 keep the search inside the storage whatever the flags say.
    reset_routes(ws)
    _search[0] = maze.cells
    _search[1] = ws
    return spread_routes(source, target)


def measure_tile_routes(tiles, ws, source):
    # Route distances over the open (nonzero) tiles of a hedge level from tile `source` into ws.dist;
    # returns the tiles reached. Wall tiles are never entered and keep the template's value. The
    # template must be prepared for the level's largest side (hedge_level.MAX_LEVEL_SIDE): cells of a
    # smaller level outside its side are walls, so they are never entered either. Deeper calls this
    # once per tick, so the reset is one buffer copy.
    reset_routes(ws)
    return spread_tile_routes(tiles, ws, source)


# spread_routes' cells and workspace (_compat.py, Registers: its arguments are the two busiest locals).
_search = [None, None]


@micropython.viper
def spread_routes(c: int, n: int) -> int:
    # The breadth-first search of measure_routes from cell c (to target n, or all cells if n < 0),
    # level by level, after ws.dist has been reset; cells and ws from _search.
    target = n
    cells = ptr8(_search[0])
    ws = _search[1]
    dist = ptr16(ws.dist)
    queue = ptr16(ws.queue)
    unseen = 0xFFFF                    # a local: the constant would take two instructions per use
    dist[c] = 0
    queue[0] = c
    head = 0
    tail = 1
    d = 0
    while head < tail:
        if target >= 0:
            if dist[target] != unseen:
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
                    if dist[n] == unseen:
                        dist[n] = d
                        queue[tail] = n
                        tail += 1
            if f & 2:
                n = c + 1
                if dist[n] == unseen:
                    dist[n] = d
                    queue[tail] = n
                    tail += 1
            if f & 4:
                n = c + 32
                if dist[n] == unseen:
                    dist[n] = d
                    queue[tail] = n
                    tail += 1
            if f & 8:
                n = c - 1
                if n >= 0:    # viper bounds
                    if dist[n] == unseen:
                        dist[n] = d
                        queue[tail] = n
                        tail += 1
    return tail


@micropython.viper
def spread_tile_routes(tiles_obj, ws, source: int) -> int:
    # Breadth-first search of measure_tile_routes. A tile index is below 1024 and the storage has a
    # zero guard row after it, so only the steps north and west need a bounds test.
    tiles = ptr8(tiles_obj)
    dist = ptr16(ws.dist)
    queue = ptr16(ws.queue)
    dist[source] = 0
    queue[0] = source
    head = 0
    tail = 1
    while head < tail:
        c = queue[head]
        head += 1
        d = dist[c] + 1
        n = c - 32
        if n >= 0:    # viper bounds
            if tiles[n] and dist[n] == 0xFFFF:
                dist[n] = d
                queue[tail] = n
                tail += 1
        n = c + 1
        if tiles[n] and dist[n] == 0xFFFF:
            dist[n] = d
            queue[tail] = n
            tail += 1
        n = c + 32
        if tiles[n] and dist[n] == 0xFFFF:
            dist[n] = d
            queue[tail] = n
            tail += 1
        n = c - 1
        if n >= 0:    # viper bounds
            if tiles[n] and dist[n] == 0xFFFF:
                dist[n] = d
                queue[tail] = n
                tail += 1
    return tail
