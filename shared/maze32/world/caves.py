# Caves (SPEC 10, depths 4-6; and under the surface at depths 1-3): a cellular automaton, then per chunk
# the largest region kept and joined to its neighbours, stalactites, and pools of lava, acid and water.
#
# The automaton is a field: cell (x, y) starts open from per-cell hashes of (world key, x, y), then 5
# iterations of the 4-5 rule (a cell is wall when 5 or more of the 9 cells of its 3 x 3 block are wall,
# so a wall stays wall with 4 wall neighbours and an open cell walls over with 5). After k iterations a
# cell depends only on the starting cells within k of it, so a window computed with an apron of 5 cells
# around it (words of 16 cells across, APRON rows above and below) gives exactly the cells the whole
# world gives there. Cells are packed 30 to a word (below 2**30: small integers on every port) and
# the rule runs on whole words: full adders over the shifted words.
#   Start fill: seed 004 gives ~45% either way (walls in its algorithm notes, empty in its steps and
#   SPEC 10). The 4-5 rule keeps a 45%-open start as specks (28% open, largest region 2% of the area)
#   and turns a 45%-wall start into caverns, so caves start 7/16 wall (44%), the classic fill; the
#   surface's underground starts half wall, for smaller caves.
#
# Chunk stages (local): keep the largest region, seal the rest; tunnel from each doorway to it;
# stalactites; spawn and stairs where this chunk holds them; pools.
from maze32._compat import const, micropython, ptr8, ptr16
from maze32.rng import draw_below
from maze32.world.tiles import SOLID, ptr32
from maze32.world.tiles import (CHUNK_SHIFT, SALT_CHUNK, SALT_POOLS, REGION_SHIFT,
                                STONE, WATER, seed_stream, frame_window)  # noqa: F401
from maze32.world.regions import keep_regions, nearest_marked
from maze32.world.tunnels import set_bounds, open_doorways

_AIR = const(0)         # tiles.AIR
_STONE = const(3)       # tiles.STONE
ITERATIONS = const(5)
DENSE = const(1)        # start 7/16 wall (caves)
SPARSE = const(0)       # start 1/2 wall (under the surface)


# -- the automaton (a field) ----------------------------------------------------------------------
@micropython.viper
def seed_cells(ws, key0: int, key1: int, dense: int):
    # The start. Cells are dealt 16 at a time, by global groups (cells 16 g .. 16 g + 15 of a row): a
    # row hash from (key, y), a group hash from it and g, then words a, b, c, d chained from that by
    # mix16 (tiles), and wall = a & (b | c | d) (7/16) when dense, else wall = a. Word j of row r
    # holds cells cx0 + 30 j .. + 29 of row y0 - APRON + r, bit i the cell cx0 + 30 j + i (bit set =
    # open), gathered from the groups it overlaps.
    out = ptr32(ws.ca_a)
    nwords = int(ws.nwords)
    nrows = int(ws.nrows)
    cx0 = int(ws.cx0)
    gy0 = int(ws.win_y0) - 5
    r = 0
    while r < nrows:
        h = key0 ^ (gy0 + r + 64)
        h = (h * 0x2D35) & 0xFFFF
        h ^= h >> 7
        h = (h * 0x1F53) & 0xFFFF
        h ^= h >> 8
        h ^= key1 ^ 10                      # SALT_CELLS
        h = (h * 0x2D35) & 0xFFFF
        h ^= h >> 7
        h = (h * 0x1F53) & 0xFFFF
        row = h ^ (h >> 8)
        base = r * nwords
        j = 0                               # the word being filled
        acc = 0                             # its cells so far
        got = 0                             # how many
        g = cx0 >> 4                        # the group of the window's first cell
        skip = cx0 & 15                     # cells of that group before the window
        while j < nwords:
            h = row ^ (g + 4)
            h = (h * 0x2D35) & 0xFFFF
            h ^= h >> 7
            h = (h * 0x1F53) & 0xFFFF
            a = h ^ (h >> 8)
            wall = a
            if dense:
                h = a ^ 0x5A5A
                h = (h * 0x2D35) & 0xFFFF
                h ^= h >> 7
                h = (h * 0x1F53) & 0xFFFF
                b = h ^ (h >> 8)
                h = b ^ 0x3C3C
                h = (h * 0x2D35) & 0xFFFF
                h ^= h >> 7
                h = (h * 0x1F53) & 0xFFFF
                c = h ^ (h >> 8)
                h = c ^ 0x0F0F
                h = (h * 0x2D35) & 0xFFFF
                h ^= h >> 7
                h = (h * 0x1F53) & 0xFFFF
                d = h ^ (h >> 8)
                wall = a & (b | c | d)
            cells = (wall ^ 0xFFFF) >> skip
            count = 16 - skip
            skip = 0
            g += 1
            # Append the group's cells to the word; a full word (30) goes out, the rest starts the next.
            room = 30 - got
            if count < room:
                acc |= cells << got
                got += count
            else:
                acc |= (cells & ((1 << room) - 1)) << got
                out[base + j] = acc
                j += 1
                acc = cells >> room
                got = count - room
        r += 1


@micropython.viper
def step_cells(ws, src_obj, dst_obj, k: int):
    # One iteration of the 4-5 rule from src to dst: a cell is open when 5 or more of its 3 x 3 block
    # are open (the same rule: 5 or more walls make a wall). Beyond the outermost cells a step sees
    # walls; the outermost rows are copied. The apron absorbs both errors (frame_window). Step k
    # (0-based) leaves out the k rows next to each outermost row: they are inexact already, and what
    # is inexact never reaches the window. Words are masked before each shift left, so every value
    # stays below 2**30.
    src = ptr32(src_obj)
    dst = ptr32(dst_obj)
    lo = ptr32(ws.ca_lo)
    hi = ptr32(ws.ca_hi)
    nwords = int(ws.nwords)
    n = nwords * int(ws.nrows)
    # Horizontal 3-sums of every row as a 2-bit number (hi, lo) per cell: left, self and right. The
    # row's words roll through prev, c, nxt.
    b = k * nwords
    while b < n - k * nwords:
        end = b + nwords - 1
        prev = 0
        c = src[b]
        i = b
        while i <= end:
            nxt = src[i + 1] if i < end else 0
            left = ((c & 0x1FFFFFFF) << 1) | (prev >> 29)
            right = (c >> 1) | ((nxt & 1) << 29)
            x = left ^ c
            lo[i] = x ^ right
            hi[i] = (left & c) | (right & x)
            prev = c
            c = nxt
            i += 1
        b += nwords
    i = 0
    b = n - nwords
    while i < nwords:
        dst[i] = src[i]
        dst[b + i] = src[b + i]
        i += 1
    # Vertical: the three rows' sums added (0..9); open when the sum is 5 or more.
    m = (k + 1) * nwords
    end = n - (k + 1) * nwords
    while m < end:
        u = m - nwords
        d = m + nwords
        lu = lo[u]
        lm = lo[m]
        ld = lo[d]
        z0 = lu ^ lm ^ ld                           # the sum's bit 0
        t1 = (lu & lm) | (ld & (lu ^ lm))           # its carry into the twos
        hu = hi[u]
        hm = hi[m]
        hd = hi[d]
        p = hu ^ hm
        q = hu & hm
        r2 = hd ^ t1
        s = hd & t1
        twos2 = q | s | (p & r2)                    # the twos count (p + 2q + r2 + 2s) >= 2
        twos3 = (q & (r2 | s)) | (s & p)            # ... >= 3
        dst[m] = twos3 | (twos2 & z0)               # 2 * twos + bit 0 >= 5
        m += 1


def grow_cells(ws, spec, dense):
    # The automaton over the current window: start fill, then ITERATIONS steps; the result in ws.ca_b.
    seed_cells(ws, spec.key0, spec.key1, dense)
    i = 0
    while i < ITERATIONS:
        if i & 1:
            step_cells(ws, ws.ca_b, ws.ca_a, i)
        else:
            step_cells(ws, ws.ca_a, ws.ca_b, i)
        i += 1
    # ITERATIONS is odd: the last step wrote ca_b.


@micropython.viper
def carve_cells(ws, buf_obj, world_w: int, world_h: int, use_tops: int):
    # Open (air) every window tile whose cell is open after grow_cells (in ws.ca_b), inside the
    # world's border, and with use_tops only from row ws.tops[column] down; without use_tops, every
    # other tile of the window becomes stone (the caves' whole shape in one pass). A word at a time:
    # 30 closed cells are skipped at once when the tiles stay as they are.
    buf = ptr8(buf_obj)
    words = ptr32(ws.ca_b)
    tops = ptr16(ws.tops)
    x0 = int(ws.win_x0)
    y0 = int(ws.win_y0)
    w = int(ws.win_w)
    h = int(ws.win_h)
    pitch = int(ws.win_pitch)
    cx0 = int(ws.cx0)
    nwords = int(ws.nwords)
    last_y = world_h - 2
    first_y = 1                                  # no cave opens above the smallest top
    if use_tops:
        first_y = 1 << 20
        i = 0
        while i < w:
            if tops[i] < first_y:
                first_y = tops[i]
            i += 1
    xs = x0 if x0 > 1 else 1                     # the window's columns inside the border
    xe = x0 + w
    if xe > world_w - 1:
        xe = world_w - 1
    j = 0
    while j < h:
        y = y0 + j
        out = j * pitch - x0
        if not use_tops:
            x = x0                                   # stone first where the row's cells cannot open
            end = xs if y >= 1 and y <= last_y else x0 + w
            while x < end:
                buf[out + x] = 3
                x += 1
            x = xe
            while x < x0 + w:
                buf[out + x] = 3
                x += 1
        if y >= first_y and y <= last_y:
            row = (j + 5) * nwords
            x = xs
            while x < xe:
                k = x - cx0
                bit = k % 30
                word = words[row + k // 30] >> bit
                stop = x + 30 - bit                  # the end of this word
                if stop > xe:
                    stop = xe
                if use_tops:
                    if not word:
                        x = stop                     # closed cells to the word's end at once
                        continue
                    while x < stop:
                        if word & 1:
                            if y >= tops[x - x0]:
                                buf[out + x] = 0     # AIR
                        word >>= 1
                        x += 1
                else:
                    while x < stop:
                        buf[out + x] = 3 - 3 * (word & 1)    # AIR or STONE
                        word >>= 1
                        x += 1
        j += 1


@micropython.viper
def fill_window(ws, buf_obj, material: int):
    # Every window tile `material`.
    buf = ptr8(buf_obj)
    w = int(ws.win_w)
    h = int(ws.win_h)
    pitch = int(ws.win_pitch)
    j = 0
    while j < h:
        out = j * pitch
        end = out + w
        while out < end:
            buf[out] = material
            out += 1
        j += 1


# -- the caves kind: stages ------------------------------------------------------------------------
def shape(ws, spec, buf):
    # Field: the automaton's caves in stone, over the current window.
    grow_cells(ws, spec, DENSE)
    carve_cells(ws, buf, spec.width, spec.height, 0)


def settle(ws, spec, tiles):
    # Local: the chunk's main region and its doorways, stalactites, spawn and stairs, pools.
    seed_stream(spec, ws.rng, ws.cx, ws.cy, SALT_CHUNK)
    hub = keep_largest_region(ws, spec, tiles)
    open_doorways(ws, spec, tiles, hub)
    hang_stalactites(ws, tiles)
    place_ends(ws, spec, tiles)
    fill_pools(ws, spec, tiles)


def finish(ws, spec, buf):
    pass


def keep_largest_region(ws, spec, tiles):
    # Keep the chunk's largest open region (marked 2), seal every other; returns the hub, the kept
    # tile nearest the chunk's centre, where the doorways' tunnels aim. A chunk with no open tile
    # gets its centre dug as the hub.
    set_bounds(ws, spec)
    cx = ws.cw >> 1
    cy = ws.ch >> 1
    if keep_regions(ws, tiles, -1) < 0:
        c = (cy << 6) | cx
        tiles[c] = _AIR
        ws.marks[c] = 2
    return nearest_marked(ws, tiles, cx, cy, 2, 0, 0)


# -- stalactites ----------------------------------------------------------------------------------
def _removable_table():
    # REMOVABLE[m] = 1 when a tile whose 8 neighbours' openness is the bit mask m (bit 0 north, then
    # clockwise: NE, E, SE, S, SW, W, NW) can turn solid without disconnecting anything: its open
    # 4-neighbours (N, E, S, W) all lie in one run of consecutive open tiles around it, so any route
    # through the tile can go round it. Made once, at import.
    t = bytearray(256)
    m = 0
    while m < 256:
        runs = 0                       # runs of open ring tiles that contain a 4-neighbour
        k = 0
        while k < 8:
            if m >> k & 1 and not (m >> ((k + 7) & 7) & 1):
                # a run starts at k; does it reach a 4-neighbour (even k) before it ends?
                j = k
                hit = 0
                while m >> (j & 7) & 1 and j < k + 8:
                    if (j & 7) % 2 == 0:
                        hit = 1
                    j += 1
                runs += hit
            k += 1
        if m == 255:
            runs = 1                   # an open ring all round
        t[m] = 1 if runs <= 1 else 0
        m += 1
    return bytes(t)


REMOVABLE = _removable_table()


@micropython.viper
def grow_stalactite(ws, tiles_obj, x: int, length: int) -> int:
    # From the first ceiling in column x (a solid tile over a kept open tile, scanning down from row
    # 2), hang up to `length` stone tiles, each only while two kept open tiles stay below it and
    # REMOVABLE says the tile's neighbours stay joined. Returns the tiles hung.
    tiles = ptr8(tiles_obj)
    marks = ptr8(ws.marks)
    solid = ptr8(SOLID)
    removable = ptr8(REMOVABLE)
    last = int(ws.ch) - 4
    y = 2
    while y < last:
        c = (y << 6) | x
        if solid[tiles[c]] and marks[c + 64] == 2:
            break
        y += 1
    if y >= last:
        return 0
    hung = 0
    while hung < length:
        y += 1
        c = (y << 6) | x
        if y + 2 > last + 2 or marks[c + 64] != 2 or marks[c + 128] != 2:
            break
        m = 0
        if not solid[tiles[c - 64]]:
            m |= 1
        if not solid[tiles[c - 63]]:
            m |= 2
        if not solid[tiles[c + 1]]:
            m |= 4
        if not solid[tiles[c + 65]]:
            m |= 8
        if not solid[tiles[c + 64]]:
            m |= 16
        if not solid[tiles[c + 63]]:
            m |= 32
        if not solid[tiles[c - 1]]:
            m |= 64
        if not solid[tiles[c - 65]]:
            m |= 128
        if not removable[m]:
            break
        tiles[c] = _STONE
        marks[c] = 0
        hung += 1
    return hung


def hang_stalactites(ws, tiles):
    # 2..5 stalactites from the chunk's stream, at columns 2 from the chunk's sides, 2..5 tiles long.
    rng = ws.rng
    n = 2 + draw_below(rng, 4)
    while n:
        grow_stalactite(ws, tiles, 2 + draw_below(rng, ws.cw - 4), 2 + draw_below(rng, 4))
        n -= 1


# -- spawn, stairs, pools -------------------------------------------------------------------------
def place_ends(ws, spec, tiles):
    # The spawn chunk's spawn: the kept tile standing on solid ground nearest the chunk's centre. The
    # stairs chunk's stairs: the kept tile on solid ground farthest from the spawn chunk's centre (from
    # the spawn itself when it is the same chunk). Both in world coordinates on ws.
    spawn_here = ws.cx == spec.spawn_cx and ws.cy == spec.spawn_cy
    if spawn_here:
        c = nearest_marked(ws, tiles, ws.cw >> 1, ws.ch >> 1, 2, 1, 0)
        ws.spawn_x = ws.x0 + (c & 63)
        ws.spawn_y = ws.y0 + (c >> 6)
        ws.marks[c] = 3                       # set aside: no stairs, no pool here
    if ws.cx == spec.stairs_cx and ws.cy == spec.stairs_cy:
        px = ws.spawn_x
        py = ws.spawn_y
        if not spawn_here:
            px = (spec.spawn_cx << CHUNK_SHIFT) + (spec.chunk_width(spec.spawn_cx) >> 1)
            py = (spec.spawn_cy << CHUNK_SHIFT) + (spec.chunk_height(spec.spawn_cy) >> 1)
        c = nearest_marked(ws, tiles, px - ws.x0, py - ws.y0, 2, 1, 1)
        tiles[c] = 11                          # tiles.STAIRS
        ws.marks[c] = 3
        ws.stairs_x = ws.x0 + (c & 63)
        ws.stairs_y = ws.y0 + (c >> 6)


@micropython.viper
def pour_pool(ws, tiles_obj, x: int, y: int, radius: int, material: int) -> int:
    # A pool at the first kept tile on solid ground in column x from row y down: liquid fills the
    # kept open tiles joined to it that lie at or below a waterline radius//2 above it and within
    # `radius` of it. Returns the tiles filled (0: no ground under the anchor in this chunk).
    tiles = ptr8(tiles_obj)
    marks = ptr8(ws.marks)
    queue = ptr16(ws.queue)
    solid = ptr8(SOLID)
    end = int(ws.ch) - 1
    while y < end:
        c = (y << 6) | x
        if marks[c] == 2:
            if solid[tiles[c + 64]]:
                break
        y += 1
    if y >= end:
        return 0
    line = y - (radius >> 1)
    r2 = radius * radius
    start = (y << 6) | x
    marks[start] = 4
    queue[0] = start
    head = 0
    tail = 1
    while head < tail:
        c = queue[head]
        head += 1
        tiles[c] = material
        cx = c & 63
        k = 0
        while k < 4:
            if k == 0:
                n = c - 64
            elif k == 1:
                n = c + 1
            elif k == 2:
                n = c + 64
            else:
                n = c - 1
            k += 1
            if n < 0 or n >= 4096:
                continue
            if marks[n] != 2:
                continue
            nx = n & 63
            ny = n >> 6
            if ny < line or nx - cx > 1 or cx - nx > 1:
                continue
            dx = nx - x
            dy = ny - y
            if dx * dx + dy * dy > r2:
                continue
            marks[n] = 4
            queue[tail] = n
            tail += 1
    return tail


def fill_pools(ws, spec, tiles):
    # The region's pools (2 + depth // 2 per region of 256 x 256, seed 004), drawn from the region's
    # stream: each in one of its chunks, radius 4..10, lava, acid or water, anchored radius + 1 or more
    # from the chunk's sides so it stays inside; this chunk pours those anchored in it.
    rx = ws.x0 >> REGION_SHIFT
    ry = ws.y0 >> REGION_SHIFT
    rcols = (spec.region_width(rx) + 63) >> CHUNK_SHIFT
    rrows = (spec.region_height(ry) + 63) >> CHUNK_SHIFT
    rng = ws.rng
    seed_stream(spec, rng, rx, ry, SALT_POOLS)
    n = 2 + spec.depth // 2
    while n:
        n -= 1
        ccx = (rx << 2) + draw_below(rng, rcols)
        ccy = (ry << 2) + draw_below(rng, rrows)
        radius = 4 + draw_below(rng, 7)
        material = WATER + draw_below(rng, 3)      # water, lava or acid (tiles: 5, 6, 7)
        cw = spec.chunk_width(ccx)
        ch = spec.chunk_height(ccy)
        if cw < 2 * radius + 4 or ch < 2 * radius + 4:
            continue                               # no room for it in that narrow chunk
        px = radius + 1 + draw_below(rng, cw - 2 * radius - 2)
        py = radius + 1 + draw_below(rng, ch - 2 * radius - 2)
        if ccx == ws.cx and ccy == ws.cy:
            pour_pool(ws, tiles, px, py, radius, material)
