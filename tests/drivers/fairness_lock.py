# measure_fairness under micropython.heap_lock(); prints the figures for comparison with the twin.
from maze32 import Config, Maze, Workspace, generate, split_seed
from maze32.fairness import measure_fairness
from locked import locked


def measure():
    measure_fairness(maze, ws)          # the loop's maze (globals)


maze = Maze()
ws = Workspace()
for w, h, seeds in ARGS["runs"]:
    cfg = Config(width=w, height=h)
    for seed in seeds:
        hi, lo = split_seed(seed)
        generate(maze, ws, cfg, hi, lo)
        outcome = locked(measure)
        print(w, h, seed, outcome, " ".join([str(v) for v in ws.fairness]))
