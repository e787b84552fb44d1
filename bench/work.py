# Callgrind workload (bench/board_time.py): setup always, then REPEAT x the measured phase for one seed.
# Kept free of anything the measured difference should not include: the baseline run (REPEAT = 0)
# imports, compiles and allocates exactly as the measured run does.
from maze32 import Config, Maze, Workspace, generate, validate, split_seed, maze_hash
from maze32.carve import close_walls, carve_half
from maze32.loops import open_seams, add_cycles
from maze32.place import try_place_objects
from maze32.routes import measure_routes

cfg = Config(width=ARGS["width"], height=ARGS["height"])
maze = Maze()
ws = Workspace()
hi, lo = split_seed(ARGS["seed"])
phase = ARGS["phase"]
if phase not in ("total", "generate"):
    generate(maze, ws, cfg, hi, lo)   # the phases below work on this seed's finished maze
i = 0
while i < ARGS["repeat"]:
    if phase == "total":
        generate(maze, ws, cfg, hi, lo)
        validate(maze, ws, cfg)
        maze_hash(maze, ws)
    elif phase == "generate":
        generate(maze, ws, cfg, hi, lo)
    elif phase == "validate":
        validate(maze, ws, cfg)
    elif phase == "hash":
        maze_hash(maze, ws)
    elif phase == "construct":
        close_walls(maze, ws)
        carve_half(maze, ws)
        open_seams(maze, ws, cfg.seams)
        add_cycles(maze, ws, cfg.cycles)
    elif phase == "place":
        try_place_objects(maze, ws, cfg)
    elif phase == "bfs":
        measure_routes(maze, ws, 0)
    i += 1
print("done", maze.attempts)
