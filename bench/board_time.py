"""Estimated ESP32-C6 time of generation, by SPEC section 8.

For each size and seed, callgrind counts the x86-64 instructions of the MicroPython unix port running
bench/work.py once with the work repeated REPEAT times and once without it (same imports, allocation
and setup); the difference over REPEAT is one run's count, and that divided by 67,000 is the estimated
board milliseconds. Counts are deterministic for one binary and input, but the two runs differ in
small incidental ways (their temporary paths, the heap's layout), hence the repetition.

Flavours (host/flavours.py): `bytecode` (viper decorators stripped), `viper` (bytecode modules, viper
kernels) and `native` (every module -X emit=native, viper kernels), built for x64 as deploy builds them
for the board (rv32imc there).

With --riscv the same flavours, sizes, seeds and phases are also counted in RV32 instructions on the
RISC-V board (bench/riscv_time.py: SPEC 8's primary figure, exact) and printed beside the estimate,
with SPEC 8's C6 millisecond range.

usage: python bench/board_time.py [--sizes 32x32,8x8] [--seeds 0..9] [--phases] [--jobs 2]
                                  [--flavours bytecode,native] [--riscv]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from host.flavours import FLAVOURS, build  # noqa: E402
from host.stats import percentile  # noqa: E402
import ranges  # noqa: E402  (bench/, the script's folder)

ROOT = Path(__file__).resolve().parent.parent
WORK = Path(__file__).resolve().parent / "work.py"
PHASES_TEXT = Path(__file__).resolve().parent / "phases.py"          # work.py's phases, in front of it
INSTRUCTIONS_PER_BOARD_MS = 67000
PHASES = ("construct", "place", "validate", "hash")


def micropython():
    here = Path(sys.executable).parent / "micropython"
    return str(here) if here.exists() else shutil.which("micropython")


def library_path(flavour, tmp):
    # shared/maze32 built as deploy builds it for `flavour` (host/flavours.build), for x64.
    build(flavour, "x64", Path(tmp) / flavour, ROOT / "shared" / "maze32")
    return str(Path(tmp) / flavour)


def instructions(width, height, seed, phase, repeat, flavour):
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "work.py"
        args = {"width": width, "height": height, "seed": seed, "phase": phase, "repeat": repeat}
        script.write_text("ARGS = %r\n" % args + PHASES_TEXT.read_text() + WORK.read_text())
        out = Path(tmp) / "callgrind.out"
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=%s" % out, micropython(), str(script)],
            capture_output=True, text=True, env=dict(os.environ, MICROPYPATH=library_path(flavour, tmp)))
        if proc.returncode != 0 or "done" not in proc.stdout:
            raise SystemExit("callgrind run failed: %s" % proc.stderr[-1000:])
        return int(re.search(r"refs:\s+([\d,]+)", proc.stderr).group(1).replace(",", ""))


REPEAT = 10   # the work runs this many times in the measured run: per-run noise (paths, heap) amortized


def measure(width, height, seed, phase, flavour):
    return (instructions(width, height, seed, phase, REPEAT, flavour)
            - instructions(width, height, seed, phase, 0, flavour)) // REPEAT


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="32x32")
    ap.add_argument("--seeds", default="0..9", type=ranges.whole_range)
    ap.add_argument("--phases", action="store_true", help="also measure each phase on its own")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--flavours", default=",".join(FLAVOURS), help="comma-separated: " + ", ".join(FLAVOURS))
    ap.add_argument("--riscv", action="store_true",
                    help="also count RV32 instructions on the RISC-V board (bench/riscv_time.py)")
    args = ap.parse_args()
    if not shutil.which("valgrind"):
        raise SystemExit("board_time: valgrind is not installed (apt-get install valgrind)")
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    phases = ("total",) + (PHASES if args.phases else ())
    flavours = args.flavours.split(",")
    jobs = [(w, h, seed, phase, fl) for fl in flavours for w, h in sizes for phase in phases
            for seed in args.seeds]
    with ThreadPoolExecutor(args.jobs) as pool:
        counts = dict(zip(jobs, pool.map(lambda j: measure(*j), jobs)))
    rv32 = None
    if args.riscv:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import riscv_time
        rv32 = riscv_time.measure(flavours, sizes, list(args.seeds), phases,
                                  say=lambda line: print(line, file=sys.stderr))
    print("x86-64 instructions of the unix port (callgrind) / %d = estimated C6 ms; mean over seeds %d..%d "
          "(every retry included), p95, max" % (INSTRUCTIONS_PER_BOARD_MS, args.seeds[0], args.seeds[-1]))
    head = "%-9s %-6s %-9s %11s %11s %11s %8s %9s" % ("flavour", "size", "phase", "mean x86", "p95", "max",
                                                       "est ms", "instr/cell")
    if rv32 is not None:
        head += "  %11s %11s %11s  %s" % ("mean RV32", "p95", "max", "C6 ms (CPI 1.0..2.5, midpoint)")
    print(head)
    for fl in flavours:
        for w, h in sizes:
            for phase in phases:
                values = [counts[(w, h, s, phase, fl)] for s in args.seeds]
                mean = sum(values) / len(values)
                line = "%-9s %-6s %-9s %11s %11s %11s %8.1f %9.0f" % (
                    fl, "%dx%d" % (w, h), phase, "{:,}".format(round(mean)), "{:,}".format(percentile(values, 95)),
                    "{:,}".format(max(values)), mean / INSTRUCTIONS_PER_BOARD_MS, mean / (w * h))
                if rv32 is not None:
                    row = riscv_time.summarize(rv32, fl, (w, h), phase)
                    low, mid, high = row["c6_ms"]
                    line += "  %11s %11s %11s  %.1f..%.1f (%.1f)" % (
                        "{:,}".format(row["mean"]), "{:,}".format(row["p95"]), "{:,}".format(row["max"]),
                        low, high, mid)
                print(line)


if __name__ == "__main__":
    main()
