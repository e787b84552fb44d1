"""Game feel (SPEC 12): the tables of docs/game-feel.md, from bench/newcomer.py's player models.

Duel: the newcomer model against each bot level, and the expert against each, on fresh seeds (seeds
nobody tuned to), as `maze32 play` deals them. Deeper: the share of levels the Deeper newcomer clears
at each depth, each depth played on its own, and the share of whole runs from depth 1 that reach it.
Deterministic: the same tables every run.

usage: python bench/game_feel.py [--game duel|deeper|both] [--sizes 16x16,32x32] [--seeds 1000..1049]
                                 [--depths 1,2,3,4,5,6,8,10,12,15,20,25,30,35,40,50,60,70]
"""
import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import newcomer  # noqa: E402
import ranges  # noqa: E402
from maze32_game import duel  # noqa: E402  (on the path newcomer set)


def duel_table(sizes, seeds):
    n = len(seeds)
    lines = ["| size | bot (frames a move) | newcomer wins | expert wins |", "|---|---|---|---|"]
    for w, h in sizes:
        for level, (name, pace) in enumerate(duel.BOT_LEVELS, 1):
            mine = newcomer.person_wins(seeds, (w, h), level)
            expert = newcomer.person_wins(seeds, (w, h), level, "expert")
            lines.append("| %dx%d | %s (%d) | %d/%d | %d/%d |" % (w, h, name, pace, mine, n, expert, n))
    return lines


def deeper_table(depths, seeds):
    # Each depth played on its own by every seed (clears), and whole runs from depth 1 (reached).
    import deeper_newcomer
    n = len(seeds)
    runs = [deeper_newcomer.run_depth(s, max(depths) + 1) for s in seeds]
    lines = ["| depth | side | ghosts | newcomer clears it | runs that reach it |", "|---|---|---|---|---|"]
    for depth in depths:
        cleared, side, ghosts = deeper_newcomer.clears(seeds, depth)
        reached = sum(r >= depth for r in runs)
        lines.append("| %d | %d | %d | %d/%d | %d/%d |" % (depth, side, ghosts, cleared, n, reached, n))
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("duel", "deeper", "both"), default="both")
    ap.add_argument("--sizes", default="16x16,32x32")
    ap.add_argument("--seeds", default="1000..1049", type=ranges.whole_range)
    ap.add_argument("--depths", default="1,2,3,4,5,6,8,10,12,15,20,25,30,35,40,50,60,70")
    args = ap.parse_args(argv)
    if args.game in ("duel", "both"):
        sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
        print("\n".join(duel_table(sizes, args.seeds)))
    if args.game in ("deeper", "both"):
        if args.game == "both":
            print()
        print("\n".join(deeper_table([int(d) for d in args.depths.split(",")], args.seeds)))


if __name__ == "__main__":
    main()
