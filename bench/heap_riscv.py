"""Where each game's resident heap goes on the RISC-V board, per flavour: the steps of the board's
menu up to a game's first frame (bench/heap_board.py), each with the bytes it left allocated in the GC
heap, the machine code it committed outside it and the modules it loaded, then the resident heap, the
exec region's bytes, their sum (the SRAM the game holds), the free heap and its largest free block.

Each flavour is deployed as `maze32 deploy` deploys it, or frozen into the firmware ("frozen",
shared/manifest.py); each game runs in a fresh interpreter (a soft reset first, as the board starts).
The heap figures are gc.mem_alloc() after a collection: on this board an .mpy's bytecode and tables
sit in the GC heap, and its machine code in the exec region outside it (as ports/esp32 commits it:
host/riscv/maze32_board.c); frozen code stays in the firmware.

usage: python bench/heap_riscv.py [--flavours native,bytecode,frozen] [--games duel,deeper,explore]
                                  [--depth N]  (Explore's first world: 1 a surface, 4 caves, 8 a dungeon)
                                  [--modules a,b,...]  (each loaded first, a step of its own)
"""
import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "shared"))
sys.path.insert(0, str(ROOT / "bench"))
from frame_riscv import boards_of  # noqa: E402  (each flavour deployed, or the frozen firmware)
from riscv_time import _board  # noqa: E402

WORK = Path(__file__).resolve().parent / "heap_board.py"
SEEDS = {"duel": 7, "deeper": 7, "explore": 7}


def run_game(served, mode, depth=1, modules=()):
    # -> {"steps": [(name, bytes, exec bytes, modules)], "heap": resident, "exec": exec bytes,
    #     "free": bytes, "largest": bytes}
    with _board(served) as b:
        b.soft_reset()
        args = {"mode": mode, "seed": SEEDS[mode], "options": {"depth": depth}, "modules": list(modules)}
        out = b.exec("ARGS = %r\n" % args + WORK.read_text(), timeout=3600)
    if "done" not in out:
        raise SystemExit("heap_riscv: %s did not run: %s" % (mode, out.strip()[-400:]))
    got = {"steps": []}
    for line in out.splitlines():
        parts = line.split()
        if parts[:1] == ["step"]:
            got["steps"].append((parts[1], int(parts[2]), int(parts[3]), parts[4]))
        elif parts[:1] in (["heap"], ["exec"], ["free"]):
            got[parts[0]] = int(parts[1])
    m = re.search(r"max free sz: (\d+)", out)
    got["largest"] = int(m.group(1)) * 16 if m else 0
    return got


def measure(flavours, modes, say=print, depth=1, modules=()):
    results = []
    for flavour, served in boards_of(flavours):
        for mode in modes:
            r = run_game(served, mode, depth, modules)
            r.update(flavour=flavour, mode=mode)
            say("%s %s: resident %d B, exec %d B" % (flavour, mode, r["heap"], r["exec"]))
            results.append(r)
    return results


def table(results):
    lines = []
    for r in results:
        lines.append("%s %s: resident %s B + exec %s B = %s B, free %s B, largest free block %s B" % (
            r["flavour"], r["mode"], "{:,}".format(r["heap"]), "{:,}".format(r["exec"]),
            "{:,}".format(r["heap"] + r["exec"]), "{:,}".format(r["free"]), "{:,}".format(r["largest"])))
        wide = max([8] + [len(step[0]) for step in r["steps"]])
        for name, n, code, modules in r["steps"]:
            lines.append("  %-*s %9s B  exec %9s B  %s" % (wide, name, "{:,}".format(n), "{:,}".format(code),
                                                           modules))
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--flavours", default="native,bytecode")
    ap.add_argument("--games", default="duel,deeper,explore")
    ap.add_argument("--depth", type=int, default=1, help="Explore's first world's depth (default 1)")
    ap.add_argument("--modules", default="", help="modules loaded one at a time first, each its own step")
    args = ap.parse_args()
    results = measure(args.flavours.split(","), args.games.split(","),
                      say=lambda line: print(line, file=sys.stderr), depth=args.depth,
                      modules=[m for m in args.modules.split(",") if m])
    print("\n".join(table(results)))


if __name__ == "__main__":
    main()
