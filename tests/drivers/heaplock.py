# Generate and validate inside micropython.heap_lock() (drivers/locked.py): any heap allocation
# raises MemoryError, and on the 32-bit port so does any integer that leaves the small-int range.
# Prints one line per run.
from maze32 import Config, Maze, Workspace, generate, validate, split_seed
from locked import locked


def generate_and_validate():
    # On the loop's maze, config and seed (globals); status and mask into `out`.
    out[0] = generate(maze, ws, cfg, hi, lo)
    out[1] = validate(maze, ws, cfg)


maze = Maze()
ws = Workspace()
out = [-1, -1]
for w, h, seeds in ARGS["runs"]:
    cfg = Config(width=w, height=h)
    for seed in seeds:
        hi, lo = split_seed(seed)
        outcome = locked(generate_and_validate)
        status, mask = out if outcome == "clean" else (-1, -1)
        print(w, h, seed, outcome, status, mask)
