# The Duel's window as codes for paint.Painter (duel_view.DuelView): one viper kernel turns what
# Player 1 knows of the window (never seen, remembered, in view) and the maze's walls into a code for
# each piece of each line, the same pieces duel_view joined as str before: a line of walls (a
# junction, then a horizontal wall, a cell after another) and a line of cells (a vertical wall, a
# blank, then the cell: fog, floor, Player 1, the rival, a mark), each line 3 * cw + 1 codes (a line
# of walls pads each cell with NOTHING). Drawn as str pieces a frame cost 1.5-3.5 million RV32
# instructions whenever Player 1 moved; the kernel does the work of a frame in one call.
from maze32._compat import const, micropython, ptr8, ptr16

# The codes (DuelView's glyph table follows this order): blanks, the junctions (JUNCTION[drawn] for
# drawn 1..15, remembered then in view), the walls, then a cell's glyph and a blank after it.
NOTHING = const(0)
BLANK = const(1)
BLANK3 = const(2)
FLOOR = const(3)
JUNCTIONS = const(4)          # + 15 * (level - 1) + drawn - 1
WALLS = const(34)             # "───" remembered, in view; "│" remembered, in view
FOG = const(38)
YOU = const(39)
YOU_BUMPED = const(40)
RIVAL = const(41)
MARKS = const(42)             # + 4 * "ECKLA".index(glyph) + 2 * player + level - 1
MARK_GLYPHS = "ECKLA"
# geometry's entries (DuelView fills them)
X0, Y0, CW, CH, WIDTH, HEIGHT, ME, RIVAL_CELL, VIEW, PLAYER = range(10)


@micropython.viper
def duel_codes(window, know, seen, arms, known_arms, arm_level, marks, geometry) -> int:
    # window: (2 * ch + 1) lines of 3 * cw + 1 codes; know: scratch of (ch + 2) x (cw + 2) bytes, what
    # is known of the window and the ring around it (0 never seen or outside, 1 remembered, 2 in
    # view: within VIEW of ME); seen: a byte a cell (pitch 32); arms: the walls at each corner of the
    # cells (33 x 33, up 1 right 2 down 4 left 8); known_arms[q] and arm_level[16 q + arms] as
    # duel_view's tables; marks: a code a cell (MARKS + 4 glyph + 2 player, or 0).
    w = ptr8(window)
    kn = ptr8(know)
    s = ptr8(seen)
    a = ptr8(arms)
    ka = ptr8(known_arms)
    al = ptr8(arm_level)
    mk = ptr8(marks)
    g = ptr16(geometry)
    x0 = int(g[0])
    y0 = int(g[1])
    cw = int(g[2])
    ch = int(g[3])
    me = int(g[6])
    r = int(g[8])
    px = me & 31
    py = me >> 5
    pitch = cw + 2
    j = 0
    while j < ch + 2:                       # what is known: rows y0 - 1 .. y0 + ch
        y = y0 - 1 + j
        i = 0
        while i < pitch:
            x = x0 - 1 + i
            k = 0
            if x >= 0 and y >= 0 and x < int(g[4]) and y < int(g[5]):
                k = int(s[(y << 5) | x])
                if x >= px - r and x <= px + r and y >= py - r and y <= py + r:
                    k = 2
            kn[j * pitch + i] = k
            i += 1
        j += 1
    wide = 3 * cw + 1
    n = 0
    j = 0
    while j <= ch:
        y = y0 + j
        up = j * pitch                      # know of row y - 1, and of row y below it
        down = up + pitch
        base = y * 33
        i = 1
        while i <= cw + 1:                  # the line of walls along the top of row y
            x = x0 + i - 1
            q = int(kn[up + i - 1]) * 27 + int(kn[up + i]) * 9 + int(kn[down + i - 1]) * 3 + int(kn[down + i])
            drawn = int(a[base + x]) & int(ka[q])
            c = BLANK
            if drawn:
                c = JUNCTIONS + 15 * (int(al[16 * q + drawn]) - 1) + drawn - 1
            w[n] = c
            n += 1
            if i > cw:
                break
            k = int(kn[up + i])
            if int(kn[down + i]) > k:
                k = int(kn[down + i])
            c = BLANK3
            if k and int(a[base + x]) & 2:
                c = WALLS + k - 1
            w[n] = c
            w[n + 1] = NOTHING
            n += 2
            i += 1
        if j == ch:
            break
        i = 1
        while i <= cw + 1:                  # the line through the middle of row y
            x = x0 + i - 1
            k = int(kn[down + i - 1])
            if int(kn[down + i]) > k:
                k = int(kn[down + i])
            c = BLANK
            if k and int(a[base + x]) & 4:
                c = WALLS + 2 + k - 1
            w[n] = c
            n += 1
            if i > cw:
                break
            k = int(kn[down + i])
            cell = (y << 5) | x
            c = FLOOR
            if not k:
                c = FOG
            elif cell == me:
                c = int(g[9])
            elif cell == int(g[7]):
                c = RIVAL
            elif int(mk[cell]):
                c = int(mk[cell]) + k - 1
            w[n] = BLANK
            w[n + 1] = c
            n += 2
            i += 1
        j += 1
    return wide
