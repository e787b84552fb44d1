"""Accretion's stairs in Explore's worlds (128 x 128, one block: world/accretion_routes.py), over seeds
nobody tuned to (bench/explore_reach.py's): of the worlds as generated (candidate 1 of each seed and
depth, its own accretion world), the share whose stairs keep `farthest` (the room of their chunk a
breadth-first route from the spawn reaches last, judged on every such world) and every other world
check, and the share whose stairs the game's check (maze32/world/reach.py, under Explore's rules)
reaches at all and within Explore's ROUTE_LIMIT; the route's spread.

usage: python bench/accretion_stairs.py [--seeds 70] [--depths 7,8,9]
"""
import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench"), str(ROOT / "shared"), str(ROOT / "firmware")]
from host import worlds as hw  # noqa: E402
from maze32.world.check import check_names  # noqa: E402
from maze32_game import explore  # noqa: E402
from explore_reach import seeds, spread  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=70)
    ap.add_argument("--depths", default="7,8,9")
    args = ap.parse_args(argv)
    depths = [int(d) for d in args.depths.split(",")]
    worlds = farthest = clean = reached = within = 0
    routes = []
    for i, seed in enumerate(seeds(args.seeds)):
        for depth in depths:
            game = explore.Explore(seed, depth)
            game.deal(depth, 1)                         # candidate 1: the seed's own accretion world
            route = game.stairs_route(None, 128 * 128)
            spec = game.spec
            failed = check_names(hw.build(spec, seed).check_mask())
            worlds += 1
            farthest += "farthest" not in failed
            clean += not failed
            reached += route >= 0
            within += 0 <= route <= explore.ROUTE_LIMIT
            if route >= 0:
                routes.append(route)
    print("accretion worlds of 128 x 128, %d seeds x depths %s: %d" % (args.seeds, args.depths, worlds))
    print("farthest kept        %d (%.1f%%)" % (farthest, 100.0 * farthest / worlds))
    print("every check kept     %d (%.1f%%)" % (clean, 100.0 * clean / worlds))
    print("stairs reachable     %d (%.1f%%)" % (reached, 100.0 * reached / worlds))
    print("within %d tiles     %d (%.1f%%)" % (explore.ROUTE_LIMIT, within, 100.0 * within / worlds))
    print("route min / median / max: %s" % spread(routes))


if __name__ == "__main__":
    main()
