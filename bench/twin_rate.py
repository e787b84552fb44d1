"""Desktop twin throughput: mazes generated (every attempt and its validation) per second on CPython.

One process, one core: the same shared/maze32 source the boards run, with the kernels as plain Python.
Wall-clock time, so run it on a quiet machine and read it as an estimate (the best of --rounds).

usage: python bench/twin_rate.py [--sizes 32x32,8x8] [--seeds 1000] [--rounds 3]
"""
import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "shared"))
from maze32 import Config, Maze, Workspace, generate, split_seed  # noqa: E402


def rate(width, height, seeds, rounds):
    cfg = Config(width=width, height=height)
    maze, ws = Maze(), Workspace()
    halves = [split_seed(s) for s in range(seeds)]
    best = None
    for _ in range(rounds):
        start = time.perf_counter()
        for hi, lo in halves:
            if generate(maze, ws, cfg, hi, lo) != 0:
                raise SystemExit("twin_rate: seed (%d, %d) failed at %dx%d" % (hi, lo, width, height))
        took = time.perf_counter() - start
        best = took if best is None else min(best, took)
    return seeds / best


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="32x32,8x8")
    ap.add_argument("--seeds", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    print("%-7s %12s" % ("size", "mazes/s"))
    for size in args.sizes.split(","):
        w, h = (int(v) for v in size.split("x"))
        print("%-7s %12.0f" % (size, rate(w, h, args.seeds, args.rounds)))


if __name__ == "__main__":
    main()
