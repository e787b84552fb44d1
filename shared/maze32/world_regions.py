# Open regions inside one chunk (world_tiles: pitch 64, tile (x, y) at (y << 6) | x, the chunk cw x ch
# tiles, stone beyond): flood fills, the largest region, sealing what is not kept, and the tiles the
# stages aim at. Local stages only: everything here reads and writes the chunk's own tiles and
# ws.marks (0 unseen, 1 seen, 2 kept: the chunk's main region, 3 set aside). Viper kernels where
# compiled; a tile is open when world_tiles.SOLID says it is not solid.
from maze32._compat import const, micropython, ptr8, ptr16
from maze32.world_tiles import SOLID

_STONE = const(3)       # world_tiles.STONE
_AIR = const(0)         # world_tiles.AIR


@micropython.viper
def flood(ws, tiles_obj, start: int, value: int) -> int:
    # Mark with `value` every open tile 4-connected to tile `start` (open, its mark not yet `value`)
    # through tiles whose mark is not `value`; returns how many. Breadth-first over ws.queue, which
    # holds a chunk's every tile at most once.
    tiles = ptr8(tiles_obj)
    marks = ptr8(ws.marks)
    queue = ptr16(ws.queue)
    solid = ptr8(SOLID)
    last_x = int(ws.cw) - 1
    last_row = (int(ws.ch) - 1) << 6
    marks[start] = value
    queue[0] = start
    head = 0
    tail = 1
    while head < tail:
        c = queue[head]
        head += 1
        if c >= 64:
            n = c - 64
            if marks[n] != value:
                if not solid[tiles[n]]:
                    marks[n] = value
                    queue[tail] = n
                    tail += 1
        if c < last_row:
            n = c + 64
            if marks[n] != value:
                if not solid[tiles[n]]:
                    marks[n] = value
                    queue[tail] = n
                    tail += 1
        x = c & 63
        if x > 0:
            n = c - 1
            if marks[n] != value:
                if not solid[tiles[n]]:
                    marks[n] = value
                    queue[tail] = n
                    tail += 1
        if x < last_x:
            n = c + 1
            if marks[n] != value:
                if not solid[tiles[n]]:
                    marks[n] = value
                    queue[tail] = n
                    tail += 1
    return tail


@micropython.viper
def find_largest(ws, tiles_obj) -> int:
    # Mark every open tile still unseen (mark 0) with 1, region by region; returns the first tile (in
    # row order) of the largest region, the earliest on ties, or -1 when nothing was unseen. Its size
    # goes to ws.found.
    tiles = ptr8(tiles_obj)
    marks = ptr8(ws.marks)
    solid = ptr8(SOLID)
    cw = int(ws.cw)
    ch = int(ws.ch)
    best = -1
    best_n = 0
    y = 0
    while y < ch:
        c = y << 6
        end = c + cw
        while c < end:
            if marks[c] == 0:
                if not solid[tiles[c]]:
                    n = int(flood(ws, tiles_obj, c, 1))
                    if n > best_n:
                        best_n = n
                        best = c
            c += 1
        y += 1
    ws.found = best_n
    return best


@micropython.viper
def seal_unkept(ws, tiles_obj) -> int:
    # Every open tile not marked kept (2) becomes stone; returns how many were sealed.
    tiles = ptr8(tiles_obj)
    marks = ptr8(ws.marks)
    solid = ptr8(SOLID)
    cw = int(ws.cw)
    ch = int(ws.ch)
    sealed = 0
    y = 0
    while y < ch:
        c = y << 6
        end = c + cw
        while c < end:
            if marks[c] != 2:
                if not solid[tiles[c]]:
                    tiles[c] = _STONE
                    sealed += 1
            c += 1
        y += 1
    return sealed


@micropython.viper
def nearest_marked(ws, tiles_obj, px: int, py: int, value: int, floor: int, far: int) -> int:
    # The tile marked `value` nearest to (px, py) in chunk coordinates (Manhattan; px, py may lie
    # outside the chunk), or the farthest when `far`; with `floor`, only tiles standing on a solid
    # tile inside the chunk. First in row order on ties; -1 if none.
    tiles = ptr8(tiles_obj)
    marks = ptr8(ws.marks)
    solid = ptr8(SOLID)
    cw = int(ws.cw)
    last_y = int(ws.ch) - 1
    best = -1
    best_d = 0
    y = 0
    while y < last_y + 1:
        dy = y - py
        if dy < 0:
            dy = -dy
        x = 0
        while x < cw:
            c = (y << 6) | x
            if marks[c] == value:
                ok = 1
                if floor:
                    if y == last_y:
                        ok = 0
                    elif not solid[tiles[c + 64]]:
                        ok = 0
                if ok:
                    dx = x - px
                    if dx < 0:
                        dx = -dx
                    d = dx + dy
                    if best < 0:
                        best = c
                        best_d = d
                    elif far:
                        if d > best_d:
                            best = c
                            best_d = d
                    elif d < best_d:
                        best = c
                        best_d = d
            x += 1
        y += 1
    return best


@micropython.viper
def clear_marks(ws):
    # Every mark back to 0.
    marks = ptr8(ws.marks)
    i = 0
    while i < 4096:
        marks[i] = 0
        i += 1
