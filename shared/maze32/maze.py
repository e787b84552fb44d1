# The maze (what a seed produces) and the workspace (scratch buffers reused by every generation).
# Both are allocated once, for the largest size, and reused; generate and validate only write into them.
from array import array
from maze32._compat import const
from maze32.grid import PITCH, STORE, SHIFT, rotation_base
from maze32.config import MAX_PAIRS
from maze32.rng import Rng
from maze32.hashing import MAGIC, HEAD

# Placement slots; slot k holds two members at entries 2k (Player 1 / the object) and 2k+1 (its
# rotation). Landmark pairs follow the compass, artifact pairs follow the landmarks.
START = const(0)
EXIT = const(1)
KEY = const(2)
COMPASS = const(3)
FIRST_PAIR = const(4)
MAX_SLOTS = 4 + 2 * MAX_PAIRS

# Distance sentinels of the workspace's breadth-first search. Real distances are below 1024.
UNSEEN = const(0xFFFF)
BLOCKED = const(0xFFFE)

# Cell storage has one zero guard row after the 32 rows of the grid: a passage flagged off the top or
# bottom edge then reads a cell with no passages instead of raising or wrapping into a real row.
GUARDED = STORE + PITCH


class Maze:
    def __init__(self):
        self.width = 0
        self.height = 0
        self.rot = 0                 # rotation base: R(cell i) is cell rot - i (grid.py)
        self.landmark_pairs = 0
        self.artifact_pairs = 0
        self.slots = 0
        self.cells = bytearray(GUARDED)
        self.grid = memoryview(self.cells)[:STORE]   # the 32 rows without the guard row (hashing.py)
        # east[c] is cells[c + 1] and south[c] cells[c + 32]: as bytecode, a neighbour read without
        # the index's addition (carve_tree).
        self.east = memoryview(self.cells)[1:]
        self.south = memoryview(self.cells)[PITCH:]
        self.px = bytearray(2 * MAX_SLOTS)
        self.py = bytearray(2 * MAX_SLOTS)
        self.requested_hi = 0
        self.requested_lo = 0
        self.candidate_hi = 0
        self.candidate_lo = 0
        self.attempts = 0

    def shape(self, width, height, landmark_pairs, artifact_pairs):
        # Size the maze for a configuration without allocating.
        self.width = width
        self.height = height
        self.rot = rotation_base(width, height)
        self.landmark_pairs = landmark_pairs
        self.artifact_pairs = artifact_pairs
        self.slots = FIRST_PAIR + landmark_pairs + artifact_pairs

    def cell(self, x, y):
        return self.cells[(y << SHIFT) | x]

    def position(self, slot, member):
        # (x, y) of one placement; allocates a tuple, so for reports, not hot paths.
        e = 2 * slot + member
        return self.px[e], self.py[e]


class _Whole:
    def __getitem__(self, index):
        return index


# One slice object for "the whole buffer", made once: `buf[:] = src` builds its slice on the stack in
# the bytecode VM but on the heap in native code, while `buf[WHOLE] = src` allocates in neither.
WHOLE = _Whole()[:]
# Rows 1, 2-3, 4-7, 8-15 and 16-31 of a 32-row buffer: copying its first 1, 2, 4, 8, then 16 rows
# into them fills all 32 rows with row 0 (Workspace.dist_rows). ROWS[y]: row y alone.
DOUBLINGS = tuple(_Whole()[(PITCH << k) >> 1:PITCH << k] for k in range(1, 6))
ROWS = tuple(_Whole()[y * PITCH:(y + 1) * PITCH] for y in range(PITCH))


def filled(typecode, n, value):
    # array of n copies of value, grown in place: a temporary [value] * n list would stay reachable
    # from the stack under a conservative collector and double the measured footprint.
    a = array(typecode)
    i = 0
    while i < n:
        a.append(value)
        i += 1
    return a


class Workspace:
    def __init__(self):
        # Route distance from the last search source: 32 BLOCKED entries, then the GUARDED cells'.
        # ws.dist is the view from the cells' first, so a viper search stepping north of row 0 or west
        # of cell 0 reads BLOCKED below index 0 (where Python's negative index wraps to the guard row,
        # BLOCKED too): the searches need no bounds test.
        self.dist_store = filled("H", PITCH + GUARDED, UNSEEN)
        self.dist = memoryview(self.dist_store)[PITCH:]
        self.dist_view = self.dist                     # whole-buffer copy through views never allocates
        # Where the reset is buffer copies (routes.reset_routes as bytecode): one row of the prepared
        # width (UNSEEN on the grid, BLOCKED beyond it: prepare), copied into row 0 and doubled from
        # the first 1, 2, 4, 8 and 16 rows (DOUBLINGS), each into the view of the first 2, 4, 8, 16
        # (and 32) rows, which ends where the copy does (a store moves what follows its slice); the row
        # below the grid from the 32 BLOCKED entries below index 0.
        self.dist_row = filled("H", PITCH, UNSEEN)
        self.dist_rows = (self.dist_view[0:PITCH], self.dist_view[0:2 * PITCH], self.dist_view[0:4 * PITCH],
                          self.dist_view[0:8 * PITCH], self.dist_view[0:16 * PITCH])
        self.dist_below = memoryview(self.dist_store)[0:PITCH]
        i = 0
        while i < PITCH:
            self.dist_store[i] = BLOCKED               # below index 0: no search ever enters it
            self.dist[STORE + i] = BLOCKED             # the guard row: no search ever enters it
            i += 1
        self.queue = filled("H", STORE, 0)           # BFS queue, DFS stack, candidate lists
        self.occ = bytearray(GUARDED)                  # objects per cell during placement and validation
        # Zero cells, the source of every whole-buffer clear (every wall closed, fairness's scratch):
        # ws.occ itself, which is all zero at rest (placement, validation and fairness each clear what
        # they mark before they return; validation's collision check already relies on it). A buffer of
        # its own would be 1 KiB of the 10 KiB budget (issue 24).
        self.blank = self.occ
        self.rng = Rng()
        self.pair = array("H", [0, 0])                 # candidate seed halves (rng.mix_seed)
        self.fails = bytearray(16)                     # per check bit (and PLACEMENT) over the attempts
        self.blank16 = bytes(16)
        self.last_mask = 0
        self.prepared_w = PITCH           # the grid that ws.dist's reset marks (prepare)
        self.prepared_h = PITCH
        # Metrics written by validate (SPEC 3.6); -1 marks an unreachable target.
        self.topology = filled("h", 5, 0)             # EDGES, CYCLOMATIC, DEAD_ENDS, CROSSINGS, REACHED
        self.tally = filled("H", 5, 0)                # scratch sums of the validation scan
        self.measured = filled("H", 4, 0)             # what ws.dist holds, when validate proved it
        self.routes = filled("h", 4 * MAX_SLOTS, 0)  # [player * 2*MAX_SLOTS + entry] from each start
        self.key_exit = array("h", [0, 0])             # key -> own exit, per player (measure_key_exits)
        self.hash_ends = bytearray(HEAD + 2 * 2 * MAX_SLOTS)   # the hash's head and placements
        self.hash_ends[0:HEAD - 2] = MAGIC
        self.hash_view = memoryview(self.hash_ends)
        self.hash_head = self.hash_view[:HEAD]
        # Fairness metrics (fairness.py): per player routes, bridges, decisions; and its scratch.
        self.fairness = filled("h", 6, 0)
        self.marks = bytearray(GUARDED)               # also scratch of the carving search and the hash
        self.flow = bytearray(GUARDED)

    def prepare(self, width, height):
        # The grid of the next searches: routes.reset_routes leaves the cells outside it BLOCKED, so a
        # search never enters them.
        if width != self.prepared_w:
            row = self.dist_row
            x = 0
            while x < PITCH:
                row[x] = UNSEEN if x < width else BLOCKED
                x += 1
        self.prepared_w = width
        self.prepared_h = height


# Indices into Workspace.topology.
EDGES = const(0)
CYCLOMATIC = const(1)
DEAD_ENDS = const(2)
CROSSINGS = const(3)
REACHED = const(4)

# Indices into Workspace.measured, the record of a validation whose routes ws.dist still holds:
# MEASURED_FROM = source cell + 1 (0: no record; every reset of ws.dist clears it), then the
# fingerprint of the cells measured (validate.scan_cells) and the count of cells reached.
MEASURED_FROM = const(0)
MEASURED_SUM = const(1)
MEASURED_RUN = const(2)
MEASURED_REACHED = const(3)
