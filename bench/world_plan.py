"""The share of worlds that keep each check of seed 004's plan (shared/maze32/world/plan_check.py),
over exported worlds of seeds nobody tuned to: each world is built, written as its maze32-world
document, read back (codec.from_dict) and judged as `maze32 world check` judges a file. `judged`: the
worlds whose `farthest` was judged (the spawn in the stairs' cell or, with accretion, a world of one
block, 128 x 128 at most: world/accretion_routes.py).

usage: python bench/world_plan.py [--seeds 1000..1099] [--size 250x250] [--kinds surface,caves,bsp,accretion]
"""
import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "shared")]
import ranges  # noqa: E402  (bench/, the script's folder)
from host import worlds as hw  # noqa: E402
from maze32.world import codec, check  # noqa: E402
from maze32.world.tiles import STRATEGIES  # noqa: E402

KINDS = {"surface": ((1, 2, 3), "bsp"), "caves": ((4, 5, 6), "bsp"), "bsp": ((7, 8, 9), "bsp"),
         "accretion": ((7, 8, 9), "accretion")}


def judged(seed, depth, size, strategy):
    # The failed checks' mask of the world, judged from its exported document.
    region = hw.build(hw.spec_for(seed, depth, size, strategy), seed)
    world = codec.from_dict(hw.document(region))
    flat = [v for r in world.rooms for v in r]
    view = check.View(world.width, world.height, world.depth, world.ox, world.oy, world.w, world.h,
                      world.tiles, world.spawn, world.stairs, flat, world.materials_match, world.chunk,
                      STRATEGIES.index(world.strategy))
    marks, queue = hw.check_buffers(len(world.tiles))
    mask = check.check_world(view, marks, queue)
    shift = 8 if world.strategy == "bsp" else 6         # the stairs' cell: a region, a chunk
    block = world.strategy == "accretion" and world.width <= 128 and world.height <= 128
    judged = world.depth >= 7 and (block or (view.spawn_x >> shift, view.spawn_y >> shift) ==
                                   (view.stairs_x >> shift, view.stairs_y >> shift))
    return mask, judged


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1000..1099", type=ranges.whole_range, metavar="A..B")
    ap.add_argument("--size", default="250x250", type=ranges.size, metavar="WxH")
    ap.add_argument("--kinds", default="surface,caves,bsp,accretion")
    args = ap.parse_args()
    seeds, size = args.seeds, args.size
    names = check.WORLD_CHECKS[8:]
    print("worlds of %dx%d, seeds %d..%d, depths of each kind in turn: share keeping each plan check"
          % (size + (seeds[0], seeds[-1])))
    print("%-10s %6s" % ("kind", "worlds") + "".join("%11s" % n for n in names)
          + "%11s%11s" % ("other", "judged"))
    for kind in args.kinds.split(","):
        depths, strategy = KINDS[kind]
        results = [judged(seed, depths[i % len(depths)], size, strategy) for i, seed in enumerate(seeds)]
        masks = [m for m, _ in results]
        cells = ["%10.0f%%" % (100.0 * sum(1 for m in masks if not m & (1 << (8 + i))) / len(masks))
                 for i in range(len(names))]
        other = sum(1 for m in masks if m & 0xFF)
        print("%-10s %6d" % (kind, len(masks)) + "".join(cells)
              + "%11d%11d" % (other, sum(j for _, j in results)))


if __name__ == "__main__":
    main()
