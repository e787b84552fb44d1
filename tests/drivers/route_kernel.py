# routes.measure_routes on each build: which search ran (routes.spread: spread_at.spread_at only where
# the kernels are machine code), then per size, seed and target a fingerprint of the grid's distances
# and the queue it left and the count it returned, to compare across builds.
from maze32 import Config, Maze, Workspace, generate, split_seed
from maze32 import routes

import maze32.spread_routes
print("pointed", 0 if routes.spread is maze32.spread_routes.spread_routes else 1)
maze = Maze()
ws = Workspace()
for w, h, seed, target in ARGS["runs"]:
    cfg = Config(width=w, height=h)
    hi, lo = split_seed(seed)
    generate(maze, ws, cfg, hi, lo)
    reached = routes.measure_routes(maze, ws, (maze.py[0] << 5) | maze.px[0], target)
    dist = 0
    queue = 0
    for y in range(h):                 # the grid: the reset leaves entries beyond it as they were
        for x in range(w):
            dist = (dist * 31 + ws.dist[(y << 5) | x]) % 1000003
    for i in range(reached):
        queue = (queue * 31 + ws.queue[i]) % 1000003
    print(w, h, seed, target, reached, dist, queue)
