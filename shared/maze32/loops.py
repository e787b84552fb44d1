# Construction stages 3 and 4 (SPEC 3.3): seam pairs joining the halves, and cycle pairs inside them.
# Both open every passage together with its rotation (grid.py), so the maze stays symmetric. Both are
# viper kernels where compiled.
from maze32._compat import const, micropython, ptr8, ptr16
from maze32.rng import draw_below

_CANDIDATES = const(4)   # walls sampled per cycle; the one with the longest tree detour wins


@micropython.viper
def open_seams(maze, ws, seams: int):
    # `seams` distinct columns x in 0..W/2-1, drawn uniformly (as Rng.below, redrawn when already
    # used): open (x, H/2-1)-(x, H/2) and its rotation (W-1-x, H/2)-(W-1-x, H/2-1).
    # Invariant on return: exactly 2*seams passages cross between rows H/2-1 and H/2.
    cells = ptr8(maze.cells)
    half_w = int(maze.width) >> 1
    rot = int(maze.rot)
    row = ((int(maze.height) >> 1) - 1) << 5
    rng = ws.rng
    used = 0
    opened = 0
    while opened < seams:
        x = int(draw_below(rng, half_w))
        if used & (1 << x):
            continue
        used |= 1 << x
        c = row | x
        cells[c] = cells[c] | 4
        cells[c + 32] = cells[c + 32] | 1
        cells[rot - c] = cells[rot - c] | 1
        cells[rot - c - 32] = cells[rot - c - 32] | 4
        opened += 1


@micropython.viper
def add_cycles(maze, ws, cycles: int):
    # `cycles` closed walls between two cells of half A, each opened together with its rotation.
    # Like Brogue's addLoops, prefer a wall whose detour is long: per cycle, _CANDIDATES closed walls
    # are drawn uniformly (a (cell, E or S) pair by rejection on the covering bit mask, as Rng.below),
    # and the one whose two sides the carving search reached at the most different depths (ws.dist
    # from carve_half) wins; that gap is a lower bound on the tree path around it. Seam walls join A
    # to B, so they are never candidates here.
    # Invariant on return: exactly `cycles` more edge pairs; config limits `cycles` to the closed walls.
    # The sampling loop's locals first: as bytecode, the first 16 load and store with one-byte
    # opcodes (carve_tree.carve_tree).
    r = 0
    t = 0
    s0 = 0
    s1 = 0
    i = 0
    x = 0
    y = 0
    c = 0
    sampled = 0
    gap = 0
    cells = ptr8(maze.cells)
    depth = ptr16(ws.dist)
    w = int(maze.width)
    half_h = int(maze.height) >> 1
    rot = int(maze.rot)
    draws = (w * half_h) << 1
    mask = draws - 1                   # the covering mask of Rng.below(draws)
    mask |= mask >> 1
    mask |= mask >> 2
    mask |= mask >> 4
    mask |= mask >> 8
    last_x = w - 1
    last_y = half_h - 1
    rng = ws.rng
    s0 = int(rng.s0)
    s1 = int(rng.s1)
    added = 0
    while added < cycles:
        best = -1
        best_flag = 0
        best_gap = -1
        sampled = 0
        while sampled < _CANDIDATES:
            r = draws
            while r >= draws:
                t = (s0 + s1) & 0xFFFF
                r = ((t << 9) + (t >> 7) + s0) & mask     # rotl16(t, 9) + s0, low bits
                s1 ^= s0
                s0 = (((s0 << 13) | (s0 >> 3)) ^ s1 ^ (s1 << 5)) & 0xFFFF
                s1 = ((s1 << 10) | (s1 >> 6)) & 0xFFFF
            i = r >> 1
            x = i % w
            y = i // w
            c = (y << 5) | x
            if r & 1:                  # the east wall of c
                if x == last_x:
                    continue
                if cells[c] & 2:
                    continue
                m = c + 1
                flag = 2
            else:                      # the south wall of c
                if y == last_y:
                    continue
                if cells[c] & 4:
                    continue
                m = c + 32
                flag = 4
            sampled += 1
            gap = int(depth[c]) - int(depth[m])
            if gap < 0:
                gap = 0 - gap
            if gap > best_gap:
                best_gap = gap
                best = c
                best_flag = flag
        if best_flag == 2:
            m = best + 1
            back = 8
        else:
            m = best + 32
            back = 1
        cells[best] = cells[best] | best_flag
        cells[m] = cells[m] | back
        cells[rot - best] = cells[rot - best] | back
        cells[rot - m] = cells[rot - m] | best_flag
        added += 1
    rng.s0 = s0
    rng.s1 = s1
