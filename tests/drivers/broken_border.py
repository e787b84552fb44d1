# Validation of mazes whose passages lead off the grid (north of row 0, west of cell 0, east of the
# last column, south of the last row), made asymmetric too: the searches step to an index outside the
# grid there, which each build must refuse alike (tests/library/test_cross_runtime.py compares the output).
from maze32 import Config, Maze, Workspace, generate, validate, split_seed

cfg = Config(width=ARGS["width"], height=ARGS["height"])
maze = Maze()
ws = Workspace()
for case in range(4):
    generate(maze, ws, cfg, *split_seed(ARGS["seed"]))
    w, h = maze.width, maze.height
    cells = maze.cells
    if case == 0:
        cells[3] |= 1                            # north of row 0
    elif case == 1:
        cells[0] |= 8                            # west of cell 0
        cells[(1 << 5)] |= 8                     # west of row 1, into the end of row 0
    elif case == 2:
        cells[((h - 1) << 5) | 4] |= 4           # south of the last row, into the guard row
        cells[(2 << 5) | (w - 1)] |= 2           # east of the last column
    else:
        cells[(maze.py[0] << 5) | maze.px[0]] |= 15   # Player 1's start open every way
    mask = validate(maze, ws, cfg)
    print(case, mask, ws.topology[4], " ".join(str(v) for v in ws.routes), ws.key_exit[0], ws.key_exit[1])
