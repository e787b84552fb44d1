"""Write tests/golden/hedge.tsv ONCE from the desktop twin (levels 1..10, 20, 40 and 61, 20 seeds each).
Never rerun to make a failure go away: a deliberate generator change bumps the format and writes a new
catalogue (maze32-hedge/2: levels that fail the winnable check are regenerated; /3: issue 23, ghosts
asleep at the start, step_cooldown and the wake distance by level, the winnable check also at a
person's pace on the first levels).

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
    for level in list(range(1, 11)) + [20, 40, 61]:     # 61: every part of the ramp at its end
        for seed in list(range(18)) + [2**31, 2**32 - 1]:
            hi, lo = split_seed(seed)
            assert generate_hedge(lv, ws, level, hi, lo) == 0
            print("%d\t%d\t%s\t%d" % (level, seed, hedge_hash(lv, ws), lv.attempts))


if __name__ == "__main__":
    main()
