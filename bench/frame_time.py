"""Estimated ESP32-C6 time of one game frame, by SPEC section 8: callgrind instructions of the
MicroPython unix port for TICKS frames minus 0 frames, per frame, divided by 67,000. Duel: move,
visibility, bot, console frame. Deeper: move, every ghost awake and due (the route search to the
player every frame, the worst case), console frame. The library and the game run from source (their
kernels compile with viper), as the viper flavour deploys them.

With --riscv instead: every game's frame (Duel, Deeper, Explore) counted exactly in RV32 instructions
on the RISC-V board per flavour, with each game's resident heap (bench/frame_riscv.py).

usage: python bench/frame_time.py [--mode duel|deeper] [--size 32x32] [--level 8] [--seed 7] [--ticks N]
       python bench/frame_time.py --riscv [--flavours bytecode,native,frozen] [--ticks 24]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = Path(__file__).resolve().parent / "frame.py"


def count(args, ticks):
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "frame.py"
        params = {"seed": args.seed, "width": args.width, "height": args.height, "ticks": ticks,
                  "mode": args.mode, "level": args.level}
        script.write_text("ARGS = %r\n" % params + WORK.read_text())
        proc = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=%s/out" % tmp,
                               str(Path(sys.executable).parent / "micropython"), "-X", "heapsize=4M",
                               str(script)], capture_output=True, text=True,
                              env=dict(os.environ, MICROPYPATH="%s:%s" % (ROOT / "shared", ROOT / "firmware")))
        if "done" not in proc.stdout:
            raise SystemExit("frame run failed: %s" % proc.stderr[-800:])
        return int(re.search(r"refs:\s+([\d,]+)", proc.stderr).group(1).replace(",", ""))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="32x32")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--mode", choices=("duel", "deeper"), default="duel")
    ap.add_argument("--level", type=int, default=8, help="Deeper level (8: 21 x 21, eight ghosts)")
    ap.add_argument("--ticks", type=int, default=None, help="frames measured (duel 40, deeper 6: "
                    "ghosts that chase every frame catch the player soon after)")
    ap.add_argument("--riscv", action="store_true", help="every game's frame in RV32 instructions on the "
                    "RISC-V board, side by side (bench/frame_riscv.py)")
    ap.add_argument("--flavours", default="bytecode,native", help="with --riscv (frozen: the firmware with the library and game frozen in)")
    args = ap.parse_args()
    if args.riscv:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import frame_riscv
        results = frame_riscv.measure(args.flavours.split(","), args.ticks or 24,
                                      say=lambda line: print(line, file=sys.stderr))
        print("\n".join(frame_riscv.table(results)))
        return
    args.ticks = args.ticks or (40 if args.mode == "duel" else 6)
    args.width, args.height = (int(v) for v in args.size.split("x"))
    per = (count(args, args.ticks) - count(args, 0)) / args.ticks
    what = "Duel %s" % args.size if args.mode == "duel" else "Deeper level %d" % args.level
    print("%s frame: %.0f instructions = %.1f ms estimated on the ESP32-C6" % (what, per, per / 67000))


if __name__ == "__main__":
    main()
