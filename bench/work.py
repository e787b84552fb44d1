# Callgrind workload (bench/board_time.py): setup always, then REPEAT x the measured phase for one seed.
# The baseline run (REPEAT = 0) imports, compiles, allocates and generates the seed's maze once
# (the warm-up) exactly as the measured run does, so the difference is the phase alone.
#   total     = generate: every attempt, validation included (what a player waits for); hashing is
#               the separate `hash` phase (it allocates, so its count varies with the heap's state)
#   construct = close walls, carve, seams, cycles      place = placements      validate, hash
from maze32 import Config, Maze, Workspace, generate, validate, split_seed, maze_hash
from maze32.carve import close_walls, carve_half
from maze32.loops import open_seams, add_cycles
from maze32.place import try_place_objects

cfg = Config(width=ARGS["width"], height=ARGS["height"])
maze = Maze()
ws = Workspace()
hi, lo = split_seed(ARGS["seed"])
phase = ARGS["phase"]
generate(maze, ws, cfg, hi, lo)       # warm-up, as on the board: the phases below measure steady state
import gc
gc.collect()
gc.disable()                           # no collection inside the measured span: counts stay exact
i = 0
while i < ARGS["repeat"]:
    if phase == "total":
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
    i += 1
print("done", maze.attempts)
