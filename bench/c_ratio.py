"""The library against its C reference (issue 24), per phase, in RV32 instructions at 32x32.

bench/c_ref/maze_ref.c does the core work of one generation the way C would (the same steps and
layout, not the same mazes). It is built with gcc for the host (run once: it must pass its own
checks; its nanoseconds are printed for scale) and with the RISC-V board's cross compiler for rv32imc
(-O2, picolibc, semihosting), run bare-metal in the board's QEMU with -icount shift=0, where it counts
its phases with the instret counter. The library's phases are counted on the RISC-V board by
bench/riscv_time.py, native flavour; the ratio is library / C.

usage: python bench/c_ratio.py [--seeds 0..31] [--flavours native]
"""
import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
import ranges  # noqa: E402
import riscv_time  # noqa: E402
from host import riscv_board  # noqa: E402

SOURCE = HERE / "c_ref" / "maze_ref.c"
# Library phase -> the C reference's phase of the same work.
PHASES = ("total", "construct", "carve", "place", "search", "validate")
RV32 = ["-march=rv32imc", "-mabi=ilp32", "-O2", "--specs=picolibc.specs"]
# picolibc has no rv32imc multilib: the reference is compiled for rv32imc and linked with rv32imac's
# C library (its printf, startup and semihosting; none of it is counted).
LINK = ["-march=rv32imac", "-mabi=ilp32", "--specs=picolibc.specs", "--crt0=semihost", "--oslib=semihost",
        "-Wl,--defsym=__flash=0x80000000", "-Wl,--defsym=__flash_size=0x100000",
        "-Wl,--defsym=__ram=0x80100000", "-Wl,--defsym=__ram_size=0x100000"]


def run(cmd, what, timeout=120):
    # -> stdout and stderr together (QEMU's semihosting writes the guest's stdout to its stderr).
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    if proc.returncode != 0:
        raise SystemExit("c_ratio: %s failed: %s" % (what, (proc.stderr or proc.stdout).strip()[-500:]))
    return proc.stdout + proc.stderr


def parse(out, what):
    # "phase mean" lines, then "checks ok".
    lines = out.split()
    if "ok" not in lines:
        raise SystemExit("c_ratio: the %s C reference failed its checks: %r" % (what, out))
    return dict((name, int(value)) for name, value in zip(lines[0::2], lines[1::2]) if name != "checks")


def c_reference():
    # -> ({phase: host ns}, {phase: RV32 instructions}) of the C reference, means over its 32 seeds.
    if not shutil.which("gcc"):
        raise SystemExit("c_ratio: gcc is not installed")
    missing = riscv_board.missing()
    if missing:
        raise SystemExit("c_ratio: the RISC-V toolchain is missing: %s" % "; ".join(missing))
    with tempfile.TemporaryDirectory() as tmp:
        host = Path(tmp) / "maze_ref"
        run(["gcc", "-O2", "-o", str(host), str(SOURCE)], "gcc")
        on_host = parse(run([str(host)], "the host build"), "host")
        obj, elf = Path(tmp) / "maze_ref.o", Path(tmp) / "maze_ref.elf"
        run([riscv_board.GCC] + RV32 + ["-c", str(SOURCE), "-o", str(obj)], "the rv32imc compile")
        run([riscv_board.GCC] + LINK + ["-o", str(elf), str(obj)], "the rv32imc link")
        out = run([riscv_board.QEMU, "-machine", "virt", "-bios", "none", "-kernel", str(elf),
                   "-semihosting-config", "enable=on,target=native", "-display", "none", "-serial", "none",
                   "-monitor", "none", "-icount", "shift=0"], "QEMU")
        return on_host, parse(out, "rv32imc")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="0..31", type=ranges.whole_range)
    ap.add_argument("--flavours", default="native")
    args = ap.parse_args()
    on_host, rv32 = c_reference()
    flavours = args.flavours.split(",")
    results = riscv_time.measure(flavours, [(32, 32)], args.seeds, PHASES,
                                 say=lambda line: print(line, file=sys.stderr))
    print("32x32, RV32 instructions, mean over seeds %d..%d (the C: its 32 seeds); ratio = library / C"
          % (args.seeds[0], args.seeds[-1]))
    print("%-9s %-10s %12s %10s %7s %12s" % ("flavour", "phase", "library", "C", "ratio", "C host ns"))
    for flavour in flavours:
        for phase in PHASES:
            mean = riscv_time.summarize(results, flavour, (32, 32), phase)["mean"]
            print("%-9s %-10s %12s %10s %6.2fx %12s" % (flavour, phase, "{:,}".format(mean), "{:,}".format(rv32[phase]),
                                                      mean / rv32[phase], "{:,}".format(on_host[phase])))


if __name__ == "__main__":
    main()
