# Generate and validate inside micropython.heap_lock(): any heap allocation raises MemoryError, and
# on the 32-bit port so does any integer that leaves the small-int range. Prints one line per run.
import micropython
from maze32 import Config, Maze, Workspace, generate, validate, split_seed, OK

maze = Maze()
ws = Workspace()
for w, h, seeds in ARGS["runs"]:
    cfg = Config(width=w, height=h)
    for seed in seeds:
        hi, lo = split_seed(seed)
        status = -1
        mask = -1
        micropython.heap_lock()
        try:
            status = generate(maze, ws, cfg, hi, lo)
            mask = validate(maze, ws, cfg)
            outcome = "clean"
        except MemoryError:
            outcome = "ALLOCATED"
        micropython.heap_unlock()
        print(w, h, seed, outcome, status, mask)
