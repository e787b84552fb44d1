# Breadth-first route distances: the one search that placement and validation share (over a duel
# maze's passages), and its counterpart over a hedge level's tiles (Deeper's goal checks and its ghosts).
# Both searches are viper kernels where compiled.
from maze32._compat import micropython, ptr8, ptr16
from maze32.grid import PITCH, SHIFT
from maze32.maze import DOUBLINGS, MEASURED_FROM


# The searches' cells and workspace (_compat.py, Registers: the kernels' arguments are their two
# busiest locals).
_search = [None, None]


def reset_routes(ws):
    # ws.dist back to UNSEEN on the prepared grid (ws.prepare) and BLOCKED beside its last column and
    # in the row below it, before a search (the guard row stays BLOCKED: no search enters it). The
    # rows further down are left as they are: a search reaches them only through the row below the
    # grid, which it never enters. Rows 0-3 are written by a kernel, then doubled into rows 4-7, 8-15 and 16-31
    # by three buffer copies (maze.DOUBLINGS): each copy costs about 2,400 RV32 instructions
    # besides its bytes in every flavour, each entry the kernel writes about 12 in viper and 400 in
    # bytecode; so this costs about twice the one copy of a whole template (native), without the
    # template's 2 KiB.
    # Every search that writes ws.dist starts here, so this is also where the record of what ws.dist
    # measured (validate.py) is forgotten.
    # A grid of 8 or 16 rows stops doubling once its rows are covered (the rows below the row it
    # blocks are never read).
    ws.measured[MEASURED_FROM] = 0
    first_rows(ws.dist, ws.prepared_w)
    view = ws.dist_view
    h = ws.prepared_h
    view[DOUBLINGS[0]] = ws.dist_rows[0]
    if h > 8:
        view[DOUBLINGS[1]] = ws.dist_rows[1]
        if h > 16:
            view[DOUBLINGS[2]] = ws.dist_rows[2]
    if h < PITCH:
        _search[1] = ws
        block_row(ws.dist, h << SHIFT)


@micropython.viper
def first_rows(dist: ptr16, w: int):
    # Rows 0-3 of dist: UNSEEN in columns 0..w-1 (w is even), and below 32 columns BLOCKED in column w
    # and column 31, the only others a search can step into (off the east edge, and west of column 0,
    # which is column 31 of the row above); the columns between are never read.
    if w == 32:
        i = -4
        while i < 124:
            i += 4
            dist[i] = 0xFFFF
            dist[i + 1] = 0xFFFF
            dist[i + 2] = 0xFFFF
            dist[i + 3] = 0xFFFF
        return
    row = 0
    while row < 128:
        x = 0
        while x < w:
            dist[row + x] = 0xFFFF
            dist[row + x + 1] = 0xFFFF
            x += 2
        dist[row + w] = 0xFFFE         # east of the last column
        dist[row + 31] = 0xFFFE        # west of column 0 of the row below
        row += 32


@micropython.viper
def block_row(dist: ptr16, row: int):
    # The first w entries of dist from index row BLOCKED (w from _search's workspace): the row below
    # a grid of fewer than 32 rows, where a passage off its bottom edge would lead.
    end = row + int(_search[1].prepared_w)
    while row < end:
        dist[row] = 0xFFFE
        dist[row + 1] = 0xFFFE
        row += 2


def measure_routes(maze, ws, source, target=-1):
    # Fill ws.dist with the route distance from cell index `source` to every cell it reaches; cells
    # not reached keep UNSEEN, the cells beside the grid keep BLOCKED. Returns how many cells were reached.
    # With a target cell the search stops after the level in which the target got its distance:
    # breadth-first order makes it final then (other cells may be left unmeasured; the count is then
    # partial).
    # Passages are followed as the current cell flags them; validation reports off-grid and one-sided
    # flags separately (border, reciprocity), and the guard row, the BLOCKED frame and the BLOCKED
    # entries below index 0 (Workspace.dist) keep the search inside the storage whatever the flags say.
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
                if dist[n] == unseen:      # BLOCKED north of row 0 (Workspace.dist)
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
                if dist[n] == unseen:      # BLOCKED west of cell 0 (Workspace.dist)
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
