# Primitives the world kinds share: kinds use these (and regions.py's and tunnels.py's), never each
# other. Fields (tiles.py: a pure function of the coordinates over the current window, a chunk or the
# whole world at its pitch):
#   fill_window        every tile of the window one material (fill_stone: stone, word-wide)
#   grow_cells         the cellular automaton (seed 004's 4-5 rule: seed_cells, then step_cells five
#                      times), 30 cells a word with its aprons (caves.py states the rule and the fills)
#   carve_cells        the automaton's open cells dug out of the window
# and for the kinds' `locate` (tiles.KINDS):
#   locate_in_chunks   spawn and stairs found by generating their chunks (caves, accretion)
from maze32._compat import const, micropython, ptr8, ptr16, compiled
from maze32.world.tiles import ptr32
from maze32.world import WORDS, fill_words   # (the package: loaded before any of its modules)

_AIR = const(0)         # tiles.AIR and STONE, for the kernels
_STONE = const(3)
ITERATIONS = const(5)
DENSE = const(1)        # start 7/16 wall (caves)
SPARSE = const(0)       # start 1/2 wall (under the surface)


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


def fill_stone(ws, buf):
    # Every window tile stone. A window of pitch 64 (a chunk's, or a world 64 wide) is whole rows from
    # the buffer's start: compiled, a word a store (world/__init__.py's fill_words; a byte a store cost
    # a chunk 90,000-106,000 RV32 instructions); what lies beyond a narrow window's width is stone in a
    # chunk anyway.
    if not (WORDS and ws.win_pitch == 64 and fill_words(buf, (ws.win_h << 14) | _STONE)):
        fill_window(ws, buf, _STONE)


# -- the automaton (a field) ----------------------------------------------------------------------
@micropython.viper
def seed_cells(ws, key0: int, key1: int, dense: int, top: int):
    # The start. Cells are dealt 16 at a time, by global groups (cells 16 g .. 16 g + 15 of a row): a
    # row hash from (key, y), a group hash from it and g, then words a, b, c, d chained from that by
    # mix16 (tiles), and wall = a & (b | c | d) (7/16) when dense, else wall = a. Word j of row r
    # holds cells cx0 + 30 j .. + 29 of row y0 - APRON + r, bit i the cell cx0 + 30 j + i (bit set =
    # open), gathered from the groups it overlaps. Rows before `top` are left as they are.
    out = ptr32(ws.ca_a)
    nwords = int(ws.nwords)
    nrows = int(ws.nrows)
    cx0 = int(ws.cx0)
    gy0 = int(ws.win_y0) - 5
    r = top
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
            # Each mix16 as three expressions, the longer operand first: the emitter keeps an
            # expression's running value in a register and reloads only the locals it names.
            h = (((g + 4) ^ row) * 0x2D35) & 0xFFFF
            h = (((h >> 7) ^ h) * 0x1F53) & 0xFFFF
            a = (h >> 8) ^ h
            wall = a
            if dense:
                h = ((a ^ 0x5A5A) * 0x2D35) & 0xFFFF
                h = (((h >> 7) ^ h) * 0x1F53) & 0xFFFF
                b = (h >> 8) ^ h
                h = ((b ^ 0x3C3C) * 0x2D35) & 0xFFFF
                h = (((h >> 7) ^ h) * 0x1F53) & 0xFFFF
                c = (h >> 8) ^ h
                h = ((c ^ 0x0F0F) * 0x2D35) & 0xFFFF
                h = (((h >> 7) ^ h) * 0x1F53) & 0xFFFF
                wall = (((h >> 8) ^ h) | c | b) & a
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
def step_cells(ws, src_obj, dst_obj, k: int, top: int):
    # One iteration of the 4-5 rule from src to dst: a cell is open when 5 or more of its 3 x 3 block
    # are open (the same rule: 5 or more walls make a wall). Beyond the outermost cells a step sees
    # walls; the outermost rows are copied. The apron absorbs both errors (frame_window). Step k
    # (0-based) leaves out the k rows next to each outermost row: they are inexact already, and what
    # is inexact never reaches the window. Words are masked before each shift left, so every value
    # stays below 2**30. Row `top` is the outermost row above (the rows before it are not used).
    src = ptr32(src_obj)
    dst = ptr32(dst_obj)
    nwords = int(ws.nwords)
    n = nwords * int(ws.nrows)
    i = top * nwords
    b = n - nwords - i
    while i < (top + 1) * nwords:
        dst[i] = src[i]
        dst[b + i] = src[b + i]
        i += 1
    # A column of words at a time, down its rows: each row's horizontal 3-sum (left, self and right)
    # as a 2-bit number per cell, low bits l and high bits h, and once three rows are summed the
    # middle row's cells from the three sums (0..9). The sums of the two rows above stay in locals,
    # so no row of sums is stored (two stores and six loads a word fewer than a pass per direction).
    first = (top + k) * nwords                 # the first row whose sums are used
    last = n - (k + 1) * nwords                # the last
    j = 0
    while j < nwords:
        pd = 1 if j > 0 else 0                 # a word to the left in the row (else walls)
        nd = 1 if j < nwords - 1 else 0        # a word to the right
        i = first + j
        full = i + 2 * nwords                  # from here three rows are summed
        end = last + j
        lu = 0
        hu = 0
        lm = 0
        hm = 0
        while i <= end:
            c = src[i]
            left = ((c & 0x1FFFFFFF) << 1) | ((src[i - pd] >> 29) & pd)
            right = ((src[i + nd] & nd) << 29) | (c >> 1)
            x = left ^ c
            ld = right ^ x
            hd = (right & x) | (left & c)
            if i >= full:
                x = lm ^ lu
                t1 = (ld & x) | (lm & lu)           # the carry into the twos of the sum's bits 0
                z0 = ld ^ x                         # the sum's bit 0
                p = hm ^ hu
                q = hm & hu
                r2 = hd ^ t1
                s = hd & t1
                # Open when the twos count (p + 2q + r2 + 2s) is 3 or more, or 2 or more with bit 0
                # set (2 * twos + bit 0 >= 5); one expression, the longer operands first (seed_cells).
                dst[i - nwords] = (((p & r2) | q | s) & z0) | (((r2 | s) & q) | (p & s))
            lu = lm
            hu = hm
            lm = ld
            hm = hd
            i += nwords
        j += 1


def grow_cells(ws, spec, dense, first=0):
    # The automaton over the current window: start fill, then ITERATIONS steps; the result in ws.ca_b.
    # With `first` (a window row) the rows above it are not needed: the automaton starts there (with
    # its apron above it), as a row's cells depend only on the rows within ITERATIONS of it.
    top = first if first > 0 else 0
    if top > ws.nrows - 1:
        top = ws.nrows - 1
    seed_cells(ws, spec.key0, spec.key1, dense, top)
    i = 0
    while i < ITERATIONS:
        if i & 1:
            step_cells(ws, ws.ca_b, ws.ca_a, i, top)
        else:
            step_cells(ws, ws.ca_a, ws.ca_b, i, top)
        i += 1
    # ITERATIONS is odd: the last step wrote ca_b.


# QUADS[n]: four tiles as one little-endian word, tile i air where bit i of n is set, else stone.
QUADS = bytes((_AIR if n >> (i & 3) & 1 else _STONE) for n in range(16) for i in range(4))


@micropython.viper
def carve_quads(ws, buf_obj, world_w: int, world_h: int):
    # carve_cells without use_tops (the caves' whole shape), four tiles a store: the window's row is
    # written from its cells four at a time (QUADS), then the world's border stone over it. Only
    # where compiled, for a window whose buffer and pitch are word-aligned (carve_cells checks).
    buf = ptr8(buf_obj)
    words = ptr32(ws.ca_b)
    quads = ptr32(QUADS)
    base = int(buf)
    x0 = int(ws.win_x0)
    y0 = int(ws.win_y0)
    w = int(ws.win_w)
    h = int(ws.win_h)
    pitch = int(ws.win_pitch)
    nwords = int(ws.nwords)
    k0 = x0 - int(ws.cx0)                        # the cell of the window's first column
    last_y = world_h - 2
    xe = world_w - 1 - x0                        # the first window column of the right border
    j = 0
    while j < h:
        out = j * pitch
        y = y0 + j
        if y >= 1 and y <= last_y:
            i = (j + 5) * nwords + k0 // 30          # the word and bit of the cell of column q
            bit = k0 % 30
            q = 0
            while q < w:
                v = words[i] >> bit
                if bit > 26:                         # the four cells run into the next word
                    v |= words[i + 1] << (30 - bit)
                if q + 4 <= w:
                    ptr32(base + out + q)[0] = quads[v & 15]
                    q += 4
                    bit += 4
                else:
                    buf[out + q] = _STONE - (_STONE - _AIR) * (v & 1)   # a narrow window's last tiles
                    q += 1
                    bit += 1
                if bit >= 30:
                    bit -= 30
                    i += 1
            if x0 == 0:
                buf[out] = _STONE
            q = xe if xe > 0 else 0
            while q < w:
                buf[out + q] = _STONE
                q += 1
        else:
            q = 0
            while q < w:
                buf[out + q] = _STONE
                q += 1
        j += 1


# CLEAR[n]: the mask that turns tile i of a little-endian word to air (0) where bit i of n is set.
CLEAR = bytes((0 if n >> (i & 3) & 1 else 255) for n in range(16) for i in range(4))


@micropython.viper
def dig_quads(ws, buf_obj, j: int, j_end: int, qs: int, qe: int):
    # carve_cells' digging (use_tops) in window rows j..j_end-1, which lie under every column's top:
    # each open cell's tile in window columns qs..qe-1 becomes air, four a word where the columns are
    # aligned (CLEAR), else one by one. Only where compiled, for a word-aligned buffer and pitch.
    buf = ptr8(buf_obj)
    words = ptr32(ws.ca_b)
    clear = ptr32(CLEAR)
    base = int(buf)
    pitch = int(ws.win_pitch)
    nwords = int(ws.nwords)
    k0 = int(ws.win_x0) - int(ws.cx0)
    while j < j_end:
        out = j * pitch
        row = (j + 5) * nwords
        q = qs
        while q < qe:
            k = k0 + q
            wi = k // 30
            bit = k - wi * 30
            v = words[row + wi] >> bit
            if bit > 26:                             # the four cells run into the next word
                v |= words[row + wi + 1] << (30 - bit)
            if not (q & 3) and q + 4 <= qe:
                if v & 15:
                    ptr32(base + out + q)[0] = ptr32(base + out + q)[0] & clear[v & 15]
                q += 4
            else:
                if v & 1:
                    buf[out + q] = _AIR
                q += 1
        j += 1


# Word stores where the kernels are machine code (carve_cells); as bytecode a tile at a time.
WIDE = 1 if compiled(carve_quads) else 0


@micropython.viper
def carve_cells(ws, buf_obj, world_w: int, world_h: int, use_tops: int):
    # Open (air) every window tile whose cell is open after grow_cells (in ws.ca_b), inside the
    # world's border, and with use_tops only from row ws.tops[column] down; without use_tops, every
    # other tile of the window becomes stone (the caves' whole shape in one pass). A word at a time:
    # 30 closed cells are skipped at once when the tiles stay as they are.
    buf = ptr8(buf_obj)
    if not use_tops and int(WIDE):
        if not ((int(buf) | int(ws.win_pitch)) & 3):
            carve_quads(ws, buf_obj, world_w, world_h)
            return
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
    below = 0                                    # the row under every top
    if use_tops:
        first_y = 1 << 20
        i = 0
        while i < w:
            if tops[i] < first_y:
                first_y = tops[i]
            if tops[i] > below:
                below = tops[i]
            i += 1
    xs = x0 if x0 > 1 else 1                     # the window's columns inside the border
    xe = x0 + w
    if xe > world_w - 1:
        xe = world_w - 1
    rows = h                                     # the rows left to the loop below
    if use_tops and int(WIDE) and not ((int(buf) | pitch) & 3) and below - y0 < h:
        rows = below - y0 if below > y0 else 0
        dig_quads(ws, buf_obj, rows, (last_y + 1 - y0) if last_y + 1 - y0 < h else h, xs - x0, xe - x0)
    j = 0
    while j < rows:
        y = y0 + j
        out = j * pitch - x0
        if not use_tops:
            x = x0                                   # stone first where the row's cells cannot open
            end = xs if y >= 1 and y <= last_y else x0 + w
            while x < end:
                buf[out + x] = _STONE
                x += 1
            x = xe
            while x < x0 + w:
                buf[out + x] = _STONE
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
                                buf[out + x] = _AIR
                        word >>= 1
                        x += 1
                else:
                    while x < stop:
                        buf[out + x] = _STONE - (_STONE - _AIR) * (word & 1)   # open: air
                        word >>= 1
                        x += 1
        j += 1


def locate_in_chunks(ws, spec, scratch, stairs, generate):
    # A kind's `locate` (tiles.KINDS) when only building tells where spawn and stairs are: the spawn's
    # chunk generated into scratch with `generate` (world.generate_chunk), then, with `stairs`, the
    # stairs' chunk (tx, ty = -1 without).
    generate(ws, spec, spec.spawn_cx, spec.spawn_cy, scratch)
    sx = ws.spawn_x
    sy = ws.spawn_y
    if not stairs:
        return sx, sy, -1, -1
    generate(ws, spec, spec.stairs_cx, spec.stairs_cy, scratch)
    return sx, sy, ws.stairs_x, ws.stairs_y
