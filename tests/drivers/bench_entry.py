# Run the firmware's bench mode as a board would (maze32 time drives the same entry point).
from maze32_game import board_bench

board_bench.run([tuple(s) for s in ARGS["sizes"]], ARGS["first"], ARGS["last"], ARGS.get("repeat", 1))
