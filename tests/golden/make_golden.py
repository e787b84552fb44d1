"""Write tests/golden/duel.tsv ONCE from the desktop twin. Never rerun to make a failure go away:
a deliberate generator change bumps the format (maze32/2) and writes a new catalogue beside this one.

usage: python tests/golden/make_golden.py > tests/golden/duel.tsv
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "shared"))
from maze32 import Config, Maze, Workspace, generate, split_seed, maze_hash, OK, FORMAT  # noqa: E402

# Four sizes (square, smallest, two non-square); seeds 0.. plus values near the 31- and 32-bit edges.
EDGE_SEEDS = (2**30 - 1, 2**30, 2**31 - 1, 2**31, 2**32 - 2, 2**32 - 1)
PLAN = ((32, 32, 54), (8, 8, 54), (32, 16, 44), (12, 20, 44))


def rows():
    for w, h, n in PLAN:
        for seed in list(range(n)) + list(EDGE_SEEDS):
            yield w, h, seed


def main():
    maze, ws = Maze(), Workspace()
    print("# %s golden catalogue: width height seed sha256 attempts (default settings)" % FORMAT)
    for w, h, seed in rows():
        hi, lo = split_seed(seed)
        assert generate(maze, ws, Config(width=w, height=h), hi, lo) == OK
        print("%d\t%d\t%d\t%s\t%d" % (w, h, seed, maze_hash(maze, ws), maze.attempts))


if __name__ == "__main__":
    main()
