# maze32: deterministic two-player duel mazes that mean the same thing on every runtime.
#
# Allocate once, then generate and validate as often as you like without touching the heap:
#     cfg = Config(width=32, height=32)         # raises ValueError naming a bad setting
#     maze, ws = Maze(), Workspace()
#     hi, lo = split_seed(7)
#     if generate(maze, ws, cfg, hi, lo) == OK:  # status code; allocates nothing
#         mask = validate(maze, ws, cfg)         # bit mask of failed checks; 0 = valid
#         print(maze_hash(maze, ws))
from maze32.config import Config
from maze32.maze import Maze, Workspace
from maze32.rng import split_seed
from maze32.generate import generate, OK, FAILED
from maze32.validate import validate, CHECK_NAMES, check_names
from maze32.hashing import maze_hash, FORMAT
