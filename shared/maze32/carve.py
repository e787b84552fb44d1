# Construction stages 1 and 2 (SPEC 3.3): close every wall, then carve a spanning tree of half A with a
# randomized iterative depth-first search, mirrored into half B (each cell's rotated partner is written
# once the search has finished with the cell). The search is one of two kernels with the same results:
# carve_at.carve_at where the kernels are machine code (shaped for the native emitter), else
# carve_tree.carve_tree (CPython, bytecode). Only the one that runs is imported: a board keeps the
# code of every module it loads in its heap.
from maze32.maze import WHOLE
from maze32.routes import WORDS

# Whether the kernels are machine code here (routes.reset_words compiled, _compat.compiled): then the
# search is carve_at.
POINTED = WORDS
if POINTED:
    from maze32.carve_at import carve_at as _search, _carving
else:
    from maze32.carve_tree import carve_tree as _search, _carving


def close_walls(maze, ws):
    # Every cell gets flags 0; the guard row stays 0 as well.
    maze.cells[WHOLE] = ws.blank


def carve_half(maze, ws):
    # Stage 2: the carving search on maze and ws (the kernel's first argument, the cells, sits in a
    # register; the second is its current cell, set by the kernel).
    _carving[0] = maze
    _carving[1] = ws
    _search(maze.cells, 0)
    _carving[0] = _carving[1] = None        # not held after: a game left for the menu lets its maze go
