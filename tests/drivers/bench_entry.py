# Run the firmware's bench mode as a board would (maze32 time drives the same entry point).
import bench

bench.run([tuple(s) for s in ARGS["sizes"]], ARGS["first"], ARGS["last"], ARGS.get("repeat", 1))
