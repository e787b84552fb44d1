# Open regions inside one chunk (tiles: pitch 64, tile (x, y) at (y << 6) | x, the chunk cw x ch
# tiles, stone beyond): the largest region kept and the rest sealed (keep_regions, keep_largest_region),
# marks moved and set, and the tiles the stages aim at (nearest_marked). Local stages only: everything here reads and writes the chunk's own tiles and
# ws.marks (0 unseen, 1 seen, 2 kept: the chunk's main region, 3 set aside). Viper kernels where
# compiled; a tile is open when tiles.SOLID says it is not solid.
from maze32._compat import const, micropython, ptr8, ptr16, compiled
from maze32.world.tiles import SOLID, ptr32

_STONE = const(3)       # tiles.STONE
_AIR = const(0)         # tiles.AIR


@micropython.viper
def keep_regions(ws, tiles_obj, sky_x: int) -> int:
    # Keep the chunk's largest open region and seal every other, in one labelling of the open tiles
    # by horizontal runs: a run is joined (union-find, by size, paths halved) to every run of the row
    # above that it touches. The largest region is the one with the most tiles, the earliest in row
    # order on ties; with sky_x >= 0 the region of tile (sky_x, 1) (the sky of a top chunk) is kept as
    # well and left out of that contest. Afterwards every tile of the chunk has its mark: 2 for the
    # kept region (3 for the largest when there is a sky), 0 for the rest; sealed tiles are stone.
    # Returns the first tile of the largest region in row order, or -1 when nothing is open (besides
    # the sky). Runs live in ws.queue (x0 | x1 << 7 at i < 2048, parents at 2048 + i: a root holds
    # 0x8000 | its size), the first run of each row in ws.row_runs.
    tiles = ptr8(tiles_obj)
    marks = ptr8(ws.marks)
    runs = ptr16(ws.queue)
    starts = ptr16(ws.row_runs)
    solid = ptr8(SOLID)
    t32 = ptr32(tiles_obj)
    m32 = ptr32(ws.marks)
    wide = int(WIDE)
    if wide and (int(tiles) | int(marks)) & 3:
        wide = 0                               # word reads and writes need aligned buffers
    cw = int(ws.cw)
    ch = int(ws.ch)
    n = 0
    most = 0                                   # the most tiles a region has had: the largest's size
    prev = 0                                   # the previous row's runs: prev .. start - 1
    sky = -1
    y = 0
    while y < ch:
        start = n
        starts[y] = n
        row = y << 6
        # The row's runs, and every tile marked 2 when open, else 0: where compiled, a word of four
        # tiles is passed over at once (its marks one word) while it holds what the scan is in (air
        # in a run, stone outside one); every other word tile by tile.
        c = row                                # the tile scanned
        end = row + cw
        wend = row + (cw & 0x7C) if wide else row
        inside = 0                             # in a run (from column x0)
        want = 0x3030303                       # the word passed over: four stone tiles, or four air
        x0 = 0
        while c < end:
            stop = end
            if c < wend:
                w = t32[c >> 2]
                if w == want:
                    m32[c >> 2] = 0x2020202 if inside else 0
                    c += 4
                    continue
                if not inside and w == (w & 255) * 0x1010101 and solid[w & 255]:
                    m32[c >> 2] = 0                    # four of another solid kind (dirt, grass)
                    c += 4
                    continue
                stop = c + 4
            while c < stop:
                if solid[tiles[c]]:
                    marks[c] = 0
                    if inside:
                        runs[n] = x0 | ((c - row) << 7)
                        n += 1
                        inside = 0
                        want = 0x3030303
                else:
                    marks[c] = 2
                    if not inside:
                        x0 = c - row
                        inside = 1
                        want = 0
                c += 1
        if inside:
            runs[n] = x0 | (cw << 7)
            n += 1
        # Each run's size, the sky's run, and the joins, in row order.
        j = prev
        i = start
        while i < n:
            x0 = runs[i] & 127
            x = runs[i] >> 7
            runs[2048 + i] = 0x8000 | (x - x0)
            if x - x0 > most:
                most = x - x0
            if y == 1 and sky_x >= x0 and sky_x < x:
                sky = i
            # Join the runs above that touch x0 .. x-1.
            while j < start and (runs[j] >> 7) <= x0:
                j += 1
            k = j
            while k < start and (runs[k] & 127) < x:
                a = i                          # find both roots, halving paths
                while runs[2048 + a] < 0x8000:
                    p = runs[2048 + a]
                    if runs[2048 + p] < 0x8000:
                        runs[2048 + a] = runs[2048 + p]
                    a = p
                b = k
                while runs[2048 + b] < 0x8000:
                    p = runs[2048 + b]
                    if runs[2048 + p] < 0x8000:
                        runs[2048 + b] = runs[2048 + p]
                    b = p
                if a != b:
                    sa = runs[2048 + a] & 0x7FFF
                    sb = runs[2048 + b] & 0x7FFF
                    if sa < sb:
                        runs[2048 + a] = b
                        runs[2048 + b] = 0x8000 | (sa + sb)
                    else:
                        runs[2048 + b] = a
                        runs[2048 + a] = 0x8000 | (sa + sb)
                    if sa + sb > most:
                        most = sa + sb
                k += 1
            i += 1
        prev = start
        y += 1
    starts[ch] = n
    # The sky's root.
    if sky >= 0:
        while runs[2048 + sky] < 0x8000:
            sky = runs[2048 + sky]
    # Two passes over the runs, each with its row and root: the largest region other than the sky's
    # (pass 0, which stops at the first run of a region of `most` tiles: sizes only grow as regions
    # join, so none is larger), then (pass 1) the runs of other regions remarked, as the scan marked
    # every open tile 2 and every other 0: 3 for the largest beside a sky, 0 and sealed for the rest.
    best = -1
    best_n = 0
    first = -1
    big = 3 if sky >= 0 else 2
    phase = 0
    while phase < 2:
        y = 0
        i = 0
        while i < n:
            while i >= starts[y + 1]:
                y += 1
            r = i
            while runs[2048 + r] < 0x8000:
                r = runs[2048 + r]
            if phase == 0:
                if r != sky and (runs[2048 + r] & 0x7FFF) > best_n:
                    best_n = runs[2048 + r] & 0x7FFF
                    best = r
                    first = (y << 6) | (runs[i] & 127)
                    if best_n == most:
                        break                  # none later is larger, and a tie goes to the first
            else:
                val = 2 if r == sky else (big if r == best else 0)
                if val != 2:
                    c = (y << 6) + (runs[i] & 127)
                    end = (y << 6) + (runs[i] >> 7)
                    while c < end:
                        marks[c] = val
                        if not val:
                            tiles[c] = _STONE
                        c += 1
            i += 1
        phase += 1
    return first


@micropython.viper
def remark(ws, old: int, new: int, row: int):
    # Every mark `old` from row `row` down becomes `new`. Where compiled, a word of four marks none of
    # which is `old` is passed over at once: a byte of v = m ^ old * 0x1010101 is 0 only where the
    # mark is `old`, and as marks are below 128, v - 0x1010101 has a byte's high bit set only when
    # some byte of v is 0.
    marks = ptr8(ws.marks)
    m32 = ptr32(ws.marks)
    i = row << 6
    wide = int(WIDE)
    if wide and int(marks) & 3:
        wide = 0
    pat = old * 0x1010101
    while i < 4096:
        if wide and not (i & 3):
            v = m32[i >> 2] ^ pat
            if not (((v - 0x1010101) >> 7) & 0x1010101):
                i += 4
                continue
        if marks[i] == old:
            marks[i] = new
        i += 1


@micropython.viper
def mark_open(ws, tiles_obj, value: int):
    # Every open tile of the chunk marked `value`, every other 0.
    tiles = ptr8(tiles_obj)
    marks = ptr8(ws.marks)
    solid = ptr8(SOLID)
    i = 0
    while i < 4096:
        marks[i] = 0 if solid[tiles[i]] else value
        i += 1


@micropython.viper
def nearest_marked(ws, tiles_obj, px: int, py: int, value: int, floor: int, far: int) -> int:
    # The tile marked `value` nearest to (px, py) in chunk coordinates (Manhattan; px, py may lie
    # outside the chunk), or the farthest when `far`; with `floor`, only tiles standing on a solid
    # tile inside the chunk. First in row order on ties; -1 if none. The nearest is searched ring by
    # ring outward (each ring in row order, so ties come out as a full scan would give them); the
    # farthest by a full scan.
    tiles = ptr8(tiles_obj)
    marks = ptr8(ws.marks)
    solid = ptr8(SOLID)
    cw = int(ws.cw)
    last_y = int(ws.ch) - 1
    if not far:
        d = 0
        while d < 256:
            y = py - d
            while y <= py + d:
                rest = d - (y - py if y > py else py - y)
                x = px - rest
                while True:
                    if x >= 0 and x < cw and y >= 0 and y <= last_y:
                        c = (y << 6) | x
                        if marks[c] == value:
                            if not floor:
                                return c
                            if y < last_y:
                                if solid[tiles[c + 64]]:
                                    return c
                    if x >= px + rest:
                        break
                    x = px + rest
                y += 1
            d += 1
        return -1
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
                    if best < 0 or d > best_d:
                        best = c
                        best_d = d
            x += 1
        y += 1
    return best


@micropython.viper
def nearest_in_runs(ws, px: int, py: int, value: int) -> int:
    # What nearest_marked(ws, tiles, px, py, value, 0, 0) returns (the tile marked `value` nearest to
    # (px, py), first in row order on ties, -1 if none; px, py inside the chunk), read from the runs
    # keep_regions has just left in ws.queue, where every run's tiles bear one mark (its first tile's):
    # a run's nearest tile is px clamped into it. Rows are visited outward from py, and the visit stops
    # once no row left can be nearer, so a hub in a far region costs its rows' runs, not a ring of
    # tiles per step of distance.
    marks = ptr8(ws.marks)
    runs = ptr16(ws.queue)
    starts = ptr16(ws.row_runs)
    ch = int(ws.ch)
    best = -1
    best_d = 0
    dy = 0
    while dy < ch and (best < 0 or dy <= best_d):
        side = 0
        while side < 2:
            y = py - dy if side == 0 else py + dy
            side += 1 if dy else 2                      # row py is visited once
            if y < 0 or y >= ch:
                continue
            i = int(starts[y])
            end = int(starts[y + 1])
            while i < end:
                x0 = runs[i] & 127
                if marks[(y << 6) + x0] == value:
                    x1 = (runs[i] >> 7) - 1
                    x = x0 if px < x0 else (x1 if px > x1 else px)
                    d = dy + (x - px if x > px else px - x)
                    c = (y << 6) | x
                    if best < 0 or d < best_d or (d == best_d and c < best):
                        best = c
                        best_d = d
                i += 1
        dy += 1
    return best


# Word-wide scans where the kernels are machine code (keep_regions); as bytecode a tile at a time,
# with the same results.
WIDE = 1 if compiled(remark) else 0


def keep_largest_region(ws, tiles):
    # Keep the chunk's largest open region (marked 2), seal every other; returns the hub, the kept
    # tile nearest the chunk's centre, where the doorways' tunnels aim. A chunk with no open tile
    # gets its centre dug as the hub.
    cx = ws.cw >> 1
    cy = ws.ch >> 1
    if keep_regions(ws, tiles, -1) < 0:
        c = (cy << 6) | cx
        tiles[c] = _AIR
        ws.marks[c] = 2
        return c
    return nearest_in_runs(ws, cx, cy, 2)
