# Generate and validate inside micropython.heap_lock(): any heap allocation raises MemoryError, and
# on the 32-bit port so does any integer that leaves the small-int range. Prints one line per run.
# The locked section lives in a function: a new module global assigned under the lock could itself
# need to grow the globals dict and be mistaken for an allocation of the code under test.
import micropython
from maze32 import Config, Maze, Workspace, generate, validate, split_seed


def run_locked(maze, ws, cfg, hi, lo):
    micropython.heap_lock()
    try:
        status = generate(maze, ws, cfg, hi, lo)
        mask = validate(maze, ws, cfg)
    except MemoryError:
        micropython.heap_unlock()
        return "ALLOCATED", -1, -1
    micropython.heap_unlock()
    return "clean", status, mask


maze = Maze()
ws = Workspace()
for w, h, seeds in ARGS["runs"]:
    cfg = Config(width=w, height=h)
    for seed in seeds:
        hi, lo = split_seed(seed)
        outcome, status, mask = run_locked(maze, ws, cfg, hi, lo)
        print(w, h, seed, outcome, status, mask)
