"""What Explore's reachability check costs on the board (issue 19), in RV32 instructions counted on the
RISC-V board (bench/riscv_time.py's method: each flavour deployed as `maze32 deploy` does, the world
made once as a warm-up, then counted with ticks_cpu() less the count of an empty span).

Per world: `check` is one reach.stairs_route on the world dealt (the column pass and the flood over its
four chunks), `deal` is a whole Explore.enter: every candidate tried (its chunks made and checked)
until one passes, what a player waits for on taking the stairs. Each world dealt is compared with
CPython's (its code and route). Printed per flavour: mean and max of each, with SPEC 8's C6 range.

usage: python bench/explore_check_time.py [--seeds 1..4] [--depths 1,5,9] [--flavours bytecode,native]
"""
import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "shared"), str(ROOT / "firmware"), str(ROOT / "bench")]
from host import riscv_board  # noqa: E402
import ranges  # noqa: E402
import riscv_time  # noqa: E402

WORK = """
import gc, time
from maze32_game.explore_buffers import reserve
gc.collect()
buffers = reserve()                 # first, as the board's app makes them: before the library's code
from maze32_game import explore
def count(fn, *args):
    gc.collect()
    t = time.ticks_cpu()
    empty = time.ticks_diff(time.ticks_cpu(), t)
    t = time.ticks_cpu()
    fn(*args)
    return time.ticks_diff(time.ticks_cpu(), t) - empty
for seed, depth in ARGS["worlds"]:
    g = explore.Explore(seed, depth, buffers=buffers)
    check = count(g.stairs_route)
    deal = count(g.enter, depth)
    print(seed, depth, g.code().replace(" ", "_"), g.route, check, deal)
"""


def twin(seed, depth):
    from maze32_game import explore
    g = explore.Explore(seed, depth)
    return g.code().replace(" ", "_"), g.route


def measure(flavours, worlds):
    rows = []
    for flavour, served in riscv_time.deployed(flavours, "explore_check_time"):
        with riscv_time._board(served) as board:
            out = board.exec("ARGS = %r\n" % ({"worlds": worlds},) + WORK, timeout=3600)
        for line in out.splitlines():
            seed, depth, code, route, check, deal = line.split()
            if (code, int(route)) != twin(int(seed), int(depth)):
                raise SystemExit("explore_check_time: %s world %s differs from CPython" % (flavour, code))
            rows.append((flavour, code, int(check), int(deal)))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1..4", type=ranges.whole_range)
    ap.add_argument("--depths", default="1,5,9")
    ap.add_argument("--flavours", default="bytecode,native")
    args = ap.parse_args()
    worlds = [[s, int(d)] for d in args.depths.split(",") for s in args.seeds]
    rows = measure(args.flavours.split(","), worlds)
    print("every world dealt matches CPython's; RV32 instructions per world")
    for flavour, code, check, deal in rows:
        print("%-9s %-28s check %12s   deal %13s" % (flavour, code, "{:,}".format(check), "{:,}".format(deal)))
    for flavour in args.flavours.split(","):
        mine = [r for r in rows if r[0] == flavour]
        for i, name in ((2, "check"), (3, "deal")):
            values = [r[i] for r in mine]
            mean = sum(values) / len(values)
            low, mid, high = riscv_board.c6_ms(mean)
            print("%-9s %-5s mean %13s  max %13s  C6 ms of the mean %.1f..%.1f" % (
                flavour, name, "{:,}".format(round(mean)), "{:,}".format(max(values)), low, high))


if __name__ == "__main__":
    main()
