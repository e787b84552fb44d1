# measure_fairness under micropython.heap_lock(); prints the figures for comparison with the twin.
import micropython
from maze32 import Config, Maze, Workspace, generate, split_seed
from maze32.fairness import measure_fairness


def run_locked(maze, ws):
    micropython.heap_lock()
    try:
        measure_fairness(maze, ws)
    except MemoryError:
        micropython.heap_unlock()
        return "ALLOCATED"
    micropython.heap_unlock()
    return "clean"


maze = Maze()
ws = Workspace()
for w, h, seeds in ARGS["runs"]:
    cfg = Config(width=w, height=h)
    for seed in seeds:
        hi, lo = split_seed(seed)
        generate(maze, ws, cfg, hi, lo)
        outcome = run_locked(maze, ws)
        print(w, h, seed, outcome, " ".join([str(v) for v in ws.fairness]))
