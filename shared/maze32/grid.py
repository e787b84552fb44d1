# The duel-maze grid: encoding, rotation and the tables the stages' kernels index. Every module that
# reads or writes cells takes these names from here.
#
# Cells: one byte each in a bytearray with a row pitch of 32, so cell (x, y) is at index (y << 5) | x.
# Bits of a cell: N=1, E=2, S=4, W=8, each meaning "an open passage leaves this cell that way".
# Rotation R maps (x, y) to (W-1-x, H-1-y) and swaps N<->S, E<->W. With the pitch fixed the rotated
# index is simply K - i where K = ((H-1) << 5) | (W-1), because both coordinates subtract without borrow.
# Half A is rows 0..H/2-1 (Player 1), half B = R(A). W and H are even, so no cell and no edge is its own
# rotation: every edge opened in A has a distinct rotated partner in B.
# Opening a passage i -> j (j = i + STEP[flag]) always opens its rotated partner with it, so the maze stays
# reciprocal and symmetric: cells[i] |= flag, cells[j] |= ROTATE[flag], cells[K-i] |= ROTATE[flag],
# cells[K-j] |= flag (Maze.rot holds K). The construction stages (carve, loops) keep that invariant
# inline; the carving search, which alone writes half A meanwhile, writes each rotated partner once its
# cell is final.
from array import array

from maze32._compat import const

PITCH = const(32)
SHIFT = const(5)
XMASK = const(31)
MAX_SIDE = const(32)
MIN_SIDE = const(8)
MAX_CELLS = const(1024)
STORE = const(1024)  # bytes of cell storage: 32 rows of pitch 32

N = const(1)
E = const(2)
S = const(4)
W = const(8)
ALL = const(15)

# Flags seen from the other side of each passage, and flags after rotation by 180 degrees.
# Opposite and rotation happen to be the same map (N<->S, E<->W) for four-direction flags.
ROTATE = bytes((((f << 2) | (f >> 2)) & 15) for f in range(16))
# Number of open passages of a cell, by its flags.
DEGREE = bytes(((f & 1) + ((f >> 1) & 1) + ((f >> 2) & 1) + ((f >> 3) & 1)) for f in range(16))
# Passage ends of a cell plus 4096 if it is a dead end: summed over at most 1,024 cells, the low 12
# bits count passage ends and the rest dead ends (the validation scan adds one table entry per cell).
ENDS = array("H", [DEGREE[f] + (4096 if DEGREE[f] == 1 else 0) for f in range(16)])
# Index step to the neighbour through each single-direction flag (0 for anything else).
STEP = (0, -PITCH, 1, 0, PITCH, 0, 0, 0, -1)
# The four steps in the order north, east, south, west (searches that try each side in turn).
STEPS_NESW = (-PITCH, 1, PITCH, -1)
# The same plus PITCH, as bytes (a viper kernel reads them unsigned).
STEP32 = bytes(s + PITCH for s in STEP)
# PICK[(options << 2) | r]: the r-th direction of a 4-bit option set, counting from W down to N
# (the order in which the carving search numbers its choices).
PICK = bytes((([b for b in (8, 4, 2, 1) if m & b] + [0, 0, 0, 0])[r]) for m in range(16) for r in range(4))


# DRAW_MASK[options]: the mask with which Rng.below(n) draws among the n sides of an option set
# ((n - 1) | 1, for n of 2 to 4), 0 when there is only one (carve_at.carve_at, where a draw past the
# n-th side finds PICK's 0 and draws again).
DRAW_MASK = bytes(((DEGREE[m] - 1) | 1) if DEGREE[m] > 1 else 0 for m in range(16))


def rotation_base(width, height):
    # K such that the index of R(cell i) is K - i.
    return ((height - 1) << SHIFT) | (width - 1)
