# Breadth-first route distances: the one search that placement and validation share (over a duel
# maze's passages), and its counterpart over a hedge level's tiles (Deeper's goal checks and its ghosts).
# Both searches are viper kernels where compiled; the one over passages is spread_at.py's or
# spread_routes.py's (the end of this module).
from maze32._compat import micropython, ptr8, ptr16, ptr32, compiled
from maze32.grid import PITCH
from maze32.maze import DOUBLINGS, ROWS, MEASURED_FROM, WHOLE


_ROW1, _ROWS2, _ROWS4, _ROWS8, _ROWS16 = DOUBLINGS


def reset_routes(ws):
    # ws.dist back to UNSEEN on the prepared grid (ws.prepare) and BLOCKED beside its last column and
    # in the row below it, before a search (the guard row stays BLOCKED: no search enters it). The
    # rows further down are left as they are: a search reaches them only through the row below the
    # grid, which it never enters; nor the columns between W and 31, which no step reaches.
    # Compiled, one kernel writes the prepared rows two entries a store (reset_words; this function
    # costs about 4,700 RV32 instructions at 8x8, 9,900 at 32x32). As bytecode, where each store is an
    # interpreted step of about 400, the row of the prepared width (ws.dist_row) is copied into row 0
    # and doubled into the rows below (maze.DOUBLINGS) as far as the grid reaches. Each copy goes into
    # a view that ends where the copied rows end (ws.dist_rows): a slice store into an array or
    # memoryview also moves every entry after the slice onto itself (py/objarray.c, the memmove of
    # mp_seq_replace_slice_no_grow), 3,000 RV32 instructions for the rest of ws.dist against about 400
    # for the copy itself. No 2 KiB template either way (issue 24's memory budget).
    # Every search that writes ws.dist starts here, so this is also where the record of what ws.dist
    # measured (validate.py) is forgotten.
    ws.measured[MEASURED_FROM] = 0
    h = ws.prepared_h
    if WORDS:
        reset_words(ws.dist, (h << 6) | ws.prepared_w)
        return
    rows = ws.dist_rows                # unrolled: a loop's bookkeeping costs as much as a copy here
    row0 = rows[0]
    row0[WHOLE] = ws.dist_row
    rows[1][_ROW1] = row0
    rows[2][_ROWS2] = rows[1]
    rows[3][_ROWS4] = rows[2]          # a grid has at least 8 rows
    if h > 8:
        rows[4][_ROWS8] = rows[3]
        if h > 16:
            ws.dist_view[_ROWS16] = rows[4]
    if h < PITCH:
        # the smallest view that holds row h: rows[4] (rows 0-15) or all of ws.dist
        (rows[4] if h < 16 else ws.dist_view)[ROWS[h]] = ws.dist_below


@micropython.viper
def reset_words(dist: ptr32, shape: int):
    # reset_routes compiled, on the grid shape = H << 6 | W, two ws.dist entries per 32-bit store
    # (little-endian: entry 2i is the low half of word i). Row y is words 16y..16y+15. Below 32
    # columns, entries W, W+1 and 30, 31 are BLOCKED (a step east of the last column, and west of
    # column 0 into column 31 of the row above); the row below the grid is BLOCKED on its W entries.
    w = shape & 63
    end = (shape >> 6) << 4            # words of the rows 0..H-1
    ones = -1                          # UNSEEN, UNSEEN: a local, as a constant takes two instructions
    i = 0
    if w == 32:
        while i < end:                 # 16 words a row, H even: a multiple of 8
            dist[i] = ones
            dist[i + 1] = ones
            dist[i + 2] = ones
            dist[i + 3] = ones
            dist[i + 4] = ones
            dist[i + 5] = ones
            dist[i + 6] = ones
            dist[i + 7] = ones
            i += 8
    else:
        half = w >> 1
        blocked = -65538               # 0xFFFEFFFE: BLOCKED, BLOCKED
        row = 0
        while row < end:
            i = row
            stop = row + half
            while i < stop:
                dist[i] = ones
                i += 1
            dist[i] = blocked          # entries W, W+1
            dist[row + 15] = blocked   # entries 30, 31
            row += 16
    if end < 512:
        stop = end + (w >> 1)
        blocked = -65538
        while end < stop:
            dist[end] = blocked
            end += 1


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
    _search[2] = target
    reached = spread(ws.dist, source)
    _search[0] = _search[1] = None          # not held after: a game left for the menu lets its maze go
    return reached


def measure_tile_routes(tiles, ws, source):
    # Route distances over the open (nonzero) tiles of a hedge level from tile `source` into ws.dist;
    # returns the tiles reached. Wall tiles are never entered and keep the template's value. The
    # template must be prepared for the level's largest side (hedge_level.MAX_LEVEL_SIDE): cells of a
    # smaller level outside its side are walls, so they are never entered either. Deeper calls this
    # once per tick.
    reset_routes(ws)
    return spread_tile_routes(tiles, ws, source)


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


# Word-wide resets where the kernels are machine code (reset_routes).
WORDS = compiled(reset_words)
# The search of measure_routes: spread_at.spread_at where the kernels are machine code, else
# spread_routes.spread_routes, the same distances and queue. Only the one that runs is imported (a
# board keeps the code of every module it loads in its heap).
if WORDS:
    from maze32.spread_at import spread_at as spread, _search
else:
    from maze32.spread_routes import spread_routes as spread, _search
