# Heap growth of one Maze and one Workspace (everything generation needs), then one generation.
import gc
from maze32 import Config, Maze, Workspace, generate, split_seed

cfg = Config()
hi, lo = split_seed(7)
gc.collect()
before = gc.mem_alloc()
maze = Maze()
ws = Workspace()
gc.collect()
after_alloc = gc.mem_alloc()
generate(maze, ws, cfg, hi, lo)
gc.collect()
after_generate = gc.mem_alloc()
print(after_alloc - before, after_generate - after_alloc)
