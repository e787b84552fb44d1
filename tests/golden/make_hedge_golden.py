"""Write tests/golden/hedge.tsv ONCE from the desktop twin (levels 1..10, seeds 0..19). Never rerun to
make a failure go away: a deliberate generator change bumps the format (maze32-hedge/2 since levels
that fail the winnable check are regenerated) and writes a new catalogue.

usage: python tests/golden/make_hedge_golden.py > tests/golden/hedge.tsv
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "shared"))
from maze32 import Workspace, split_seed  # noqa: E402
from maze32.hedge import HedgeLevel, generate_hedge, hedge_hash, FORMAT  # noqa: E402


def main():
    lv, ws = HedgeLevel(), Workspace()
    print("# %s golden catalogue: level seed sha256 attempts" % FORMAT)
    for level in range(1, 11):
        for seed in list(range(18)) + [2**31, 2**32 - 1]:
            hi, lo = split_seed(seed)
            assert generate_hedge(lv, ws, level, hi, lo) == 0
            print("%d\t%d\t%s\t%d" % (level, seed, hedge_hash(lv, ws), lv.attempts))


if __name__ == "__main__":
    main()
