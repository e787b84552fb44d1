"""The share of BSP dungeon worlds with a run of 3 or more doors in a row (across or down), counted
straight from the built tiles (not through plan_check's `door_runs`, so it measures a generator that
has no such check too): a room is meant to be entered where a corridor meets it end on (2 doors side
by side at most), never through a strip of doors along its wall (maze32-world/7, docs/formats.md).
Seeds first..last, depths 7, 8, 9 in turn (seed i at depth 7 + i % 3), Explore's 128 x 128 unless told.

usage: python bench/door_runs.py [--seeds 0..119] [--size 128x128]
"""
import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "shared")]
import ranges  # noqa: E402  (bench/, the script's folder)
from host import worlds as hw  # noqa: E402
from maze32.world.tiles import DOOR  # noqa: E402


def longest_runs(tiles, w, h):
    # The longest run of doors across and the longest down.
    across = down = 0
    for y in range(h):
        run = 0
        for x in range(w):
            run = run + 1 if tiles[y * w + x] == DOOR else 0
            across = max(across, run)
    for x in range(w):
        run = 0
        for y in range(h):
            run = run + 1 if tiles[y * w + x] == DOOR else 0
            down = max(down, run)
    return across, down


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="0..119", type=ranges.whole_range, metavar="A..B")
    ap.add_argument("--size", default="128x128", type=ranges.size, metavar="WxH")
    args = ap.parse_args()
    across3 = down3 = any3 = longest = 0
    for i, seed in enumerate(args.seeds):
        region = hw.build(hw.spec_for(seed, 7 + i % 3, args.size, "bsp"), seed)
        a, d = longest_runs(region.tiles, region.w, region.h)
        across3 += a >= 3
        down3 += d >= 3
        any3 += a >= 3 or d >= 3
        longest = max(longest, a, d)
    n = len(args.seeds)
    print("BSP worlds of %dx%d, seeds %d..%d (depths 7-9 in turn): %d"
          % (args.size + (args.seeds[0], args.seeds[-1], n)))
    print("a run of 3+ doors across: %d (%.0f%%), down: %d (%.0f%%), either: %d (%.0f%%); longest run %d"
          % (across3, 100.0 * across3 / n, down3, 100.0 * down3 / n, any3, 100.0 * any3 / n, longest))


if __name__ == "__main__":
    main()
