# Construction stages 1 and 2 (SPEC 3.3): close every wall, then carve a spanning tree of half A with a
# randomized iterative depth-first search, mirrored into half B (each cell's twin is written once the
# search has finished with the cell).
from maze32.maze import WHOLE
from maze32.kernels import carve_kernel


def close_walls(maze, ws):
    # Every cell gets flags 0; the guard row stays 0 as well.
    maze.cells[WHOLE] = ws.blank


def carve_half(maze, ws):
    # Recursive backtracker over rows 0..H/2-1 with an explicit stack (ws.queue), as in seed 001.
    # A cell of half A counts as visited once it has any passage: half A only ever gets passages from
    # this search, because every edge mirrored into B has both ends in B. The one exception, the root
    # before its first passage, is never a candidate: all its neighbours are unvisited at that moment.
    # Row H/2 (just below half A) carries a fence bit while the search runs, so it looks visited and
    # the search never leaves half A.
    # ws.dist[i] records the stack depth at which cell i was reached; add_cycles reads it.
    # Invariant on return: half A is a spanning tree, half B is its rotation, nothing crosses the seam,
    # and no cell keeps the fence bit.
    carve_kernel(maze, ws)     # the root draw and the search itself (viper where compiled)
