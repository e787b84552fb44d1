"""Write tests/golden/world.tsv ONCE from the desktop twin's whole-world builds (host/worlds.build, one
pass of each field over the world): three seeds at depths 1..9 (BSP dungeons) and two at depths 7..9
with accretion, 250 x 250 and 128 x 128; and chunks of 2048 x 2048 worlds, built as regions. Every runtime then
rebuilds the same rows chunk by chunk (tests/drivers/world_catalogue.py). Never rerun to make a failure
go away: a deliberate generator change bumps the format (maze32-world/N, tiles.FORMAT) and writes a new
catalogue.

usage: python tests/golden/make_world_golden.py > tests/golden/world.tsv
"""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "shared"))
sys.path.insert(0, str(ROOT))
from host import worlds as hw  # noqa: E402
from maze32.world.codec import FORMAT  # noqa: E402

SEEDS = (0, 7, 4294967295)
CHUNKS = ((7, 1, "bsp", (0, 0)), (7, 2, "bsp", (13, 0)), (7, 4, "bsp", (31, 31)), (7, 5, "bsp", (16, 17)),
          (7, 7, "bsp", (5, 9)), (7, 8, "accretion", (30, 2)), (4294967295, 9, "bsp", (0, 31)))


def rows():
    for seed in SEEDS:
        for depth in range(1, 10):
            yield seed, depth, "bsp", 250, 250, 0, 0, 250, 250
    for seed in SEEDS[:2]:
        for depth in (7, 8, 9):
            yield seed, depth, "accretion", 250, 250, 0, 0, 250, 250
    for seed in SEEDS[:2]:                # Explore's size: one block, the stairs' rooms ranked by route
        for depth in (7, 8, 9):
            yield seed, depth, "accretion", 128, 128, 0, 0, 128, 128
    for seed, depth, strategy, (cx, cy) in CHUNKS:
        yield seed, depth, strategy, 2048, 2048, cx * 64, cy * 64, 64, 64


def main():
    print("# %s golden catalogue: seed depth strategy size region(x,y,w,h) sha256" % FORMAT)
    for seed, depth, strategy, width, height, x, y, w, h in rows():
        spec = hw.spec_for(seed, depth, (width, height), strategy)
        region = hw.build(spec, seed, None if (w, h) == (width, height) else (x, y, w, h))
        print("%d\t%d\t%s\t%dx%d\t%d,%d,%d,%d\t%s" % (seed, depth, strategy, width, height, x, y, w, h,
                                                     region.digest()))


if __name__ == "__main__":
    main()
