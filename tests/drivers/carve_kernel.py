# carve.carve_half on each build: which kernel ran (carve.POINTED: carve_at, only where the kernels
# are machine code), then per size and seed a fingerprint of what the carving wrote (the cells, the
# depths of half A, the generator's state after it), to compare across builds.
from maze32 import Maze, Workspace
from maze32 import carve

print("pointed", 1 if carve.POINTED else 0)
maze = Maze()
ws = Workspace()
for w, h, seed in ARGS["runs"]:
    maze.shape(w, h, 0, 0)
    ws.rng.seed(seed >> 16, seed & 0xFFFF)
    carve.close_walls(maze, ws)
    carve.carve_half(maze, ws)
    cells = 0
    depths = 0
    for i in range(len(maze.cells)):
        cells = (cells * 31 + maze.cells[i]) % 1000003
    for y in range(h >> 1):
        for x in range(w):
            depths = (depths * 31 + ws.dist[(y << 5) | x]) % 1000003
    print(w, h, seed, cells, depths, ws.rng.s0, ws.rng.s1)
