# Callgrind workload (bench/board_time.py): setup always, then REPEAT x the measured phase for one seed.
# The baseline run (REPEAT = 0) imports, compiles, allocates and generates the seed's maze once
# (the warm-up) exactly as the measured run does, so the difference is the phase alone.
# The phases, the maze and its workspace are bench/phases.py's (its text comes before this one's).
cfg = Config(width=ARGS["width"], height=ARGS["height"])
hi, lo = split_seed(ARGS["seed"])
name = ARGS["phase"]
generate(maze, ws, cfg, hi, lo)       # warm-up, as on the board: the phases below measure steady state
import gc
gc.collect()
gc.disable()                           # no collection inside the measured span: counts stay exact
i = 0
while i < ARGS["repeat"]:
    phase(name, cfg, hi, lo)
    i += 1
print("done", maze.attempts)
