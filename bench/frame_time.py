"""Estimated ESP32-C6 time of one Duel frame (move, visibility, bot, console frame), by SPEC section 8:
callgrind instructions of the MicroPython unix port for TICKS frames minus 0 frames, per frame,
divided by 67,000. The library runs from source (its kernels compile with viper), the firmware as
bytecode, as on a deployed board.

usage: python bench/frame_time.py [--size 32x32] [--seed 7] [--ticks 40]
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
        params = {"seed": args.seed, "width": args.width, "height": args.height, "ticks": ticks}
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
    ap.add_argument("--ticks", type=int, default=40)
    args = ap.parse_args()
    args.width, args.height = (int(v) for v in args.size.split("x"))
    per = (count(args, args.ticks) - count(args, 0)) / args.ticks
    print("Duel %s frame: %.0f instructions = %.1f ms estimated on the ESP32-C6"
          % (args.size, per, per / 67000))


if __name__ == "__main__":
    main()
