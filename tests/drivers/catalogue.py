# Print "W H SEED HASH ATTEMPTS" for each (W, H, SEED) in ARGS["rows"]; same output on every runtime.
from maze32 import Config, Maze, Workspace, generate, split_seed, maze_hash, OK

maze = Maze()
ws = Workspace()
configs = {}
for w, h, seed in ARGS["rows"]:
    key = (w, h)
    if key not in configs:
        configs[key] = Config(width=w, height=h)
    hi, lo = split_seed(seed)
    if generate(maze, ws, configs[key], hi, lo) == OK:
        print(w, h, seed, maze_hash(maze, ws), maze.attempts)
    else:
        print(w, h, seed, "FAILED", maze.attempts)
