# Construction stages 3 and 4 (SPEC 3.3): seam pairs joining the halves, and cycle pairs inside them.
# Both open every passage together with its rotation (grid.py), so the maze stays symmetric.
from maze32._compat import const
from maze32.kernels import cycles_kernel, seams_kernel

_CANDIDATES = const(4)   # walls sampled per cycle; the one with the longest tree detour wins


def open_seams(maze, ws, seams):
    # `seams` distinct columns x in 0..W/2-1: open (x, H/2-1)-(x, H/2) and its rotation
    # (W-1-x, H/2)-(W-1-x, H/2-1). Columns are drawn uniformly and redrawn if already used.
    # Invariant on return: exactly 2*seams passages cross between rows H/2-1 and H/2.
    seams_kernel(maze, ws, seams)        # viper where compiled


def add_cycles(maze, ws, cycles):
    # `cycles` closed walls between two cells of half A, each opened together with its rotation.
    # Like Brogue's addLoops, prefer a wall whose detour is long: of _CANDIDATES closed walls sampled
    # uniformly, open the one whose two sides were reached at the most different depths of the
    # carving search (ws.dist from carve_half); that gap is a lower bound on the tree path around it.
    # Seam walls join A to B, so they are never candidates here.
    # Invariant on return: exactly `cycles` more edge pairs; config limits `cycles` to the closed walls.
    cycles_kernel(maze, ws, cycles, _CANDIDATES)     # the sampling loop (viper where compiled)
