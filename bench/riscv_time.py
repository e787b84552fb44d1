"""RV32 instructions per generated maze, counted on the RISC-V board (SPEC 2 item 5, SPEC 8).

The board (host/riscv_board.py) runs MicroPython's own rv32imc firmware in QEMU with -icount shift=0:
every executed instruction advances the guest clock by 1 ns, so time.ticks_us() on it counts thousands
of RV32 instructions, and time.ticks_cpu() (the instret counter there, as the C6's counts cycles)
counts them one by one, the same on every run. Both are checked first with an inline-assembler loop of
known length. Each flavour is deployed as `maze32 deploy` deploys it; then, per size and seed, one
generate() (every attempt, validation included: what a player waits for) is counted with ticks_cpu()
after a warm-up, less the count of an empty span, with the heap collected before and nothing allocated
inside. Every maze's hash is checked against CPython.

Printed per flavour and size: the mean over the seeds (retries included: a median alone would hide
them), p95 and max instructions, and the SPEC 8 estimate for an ESP32-C6 at 160 MHz with 1.0 to 2.5
cycles per instruction (1.0: everything in cache; 2.5: flash cache misses), with the range's midpoint.

usage: python bench/riscv_time.py [--sizes 32x32,8x8] [--seeds 0..9] [--flavours bytecode,viper,native]
                                  [--phases] [--json FILE]
(bench/board_time.py --riscv prints these figures beside callgrind's.)
"""
import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "shared"))
from host import boards, riscv_board  # noqa: E402
from host.deploy import deploy  # noqa: E402
from host.errors import CliError  # noqa: E402
from host.transport import Board  # noqa: E402
from host.stats import percentile  # noqa: E402
import ranges  # noqa: E402  (bench/, the script's folder)

FLAVOURS = ("bytecode", "viper", "native")

CLOCK_CHECK = """
import micropython, time
@micropython.asm_rv32
def spin(a0):
    label(loop)
    addi(a0, a0, -1)
    bne(a0, zero, loop)
def run(n):
    c = time.ticks_cpu()
    t = time.ticks_us()
    spin(n)
    us = time.ticks_diff(time.ticks_us(), t)
    return time.ticks_diff(time.ticks_cpu(), c), us
run(1000)                            # the first call takes a few hundred more (caches): warm up
for n in (1000000, 11000000, 1000000, 11000000):
    print(*run(n))
"""

PHASES = ("total", "construct", "place", "validate", "hash", "carve", "search")


def code_of(path):
    # A MicroPython file's code alone, without its comment and blank lines: what the board is sent
    # (its heap's layout, and with it the counts by tenths of a percent, then does not move with a
    # comment).
    return "".join(line for line in path.read_text().splitlines(True)
                   if line.strip() and not line.lstrip().startswith("#"))

# Counted on the board, per size, seed and phase (bench/phases.py's, its text sent before this
# workload), with ticks_cpu() less the count of an empty span; validate is the public validate()
# right after generate(): it shares generate's search.
# Each seed's maze is generated first (its phases then run on that seed's state), as bench/work.py
# does for callgrind; the heap is collected before each span.
WORK = "\nimport gc, time\n" + code_of(Path(__file__).resolve().parent / "phases.py") + """for w, h in ARGS["sizes"]:
    cfg = Config(width=w, height=h)
    hi, lo = split_seed(ARGS["seeds"][0])
    generate(maze, ws, cfg, hi, lo)                  # warm-up
    for seed in ARGS["seeds"]:
        hi, lo = split_seed(seed)
        for name in ARGS["phases"]:
            status = generate(maze, ws, cfg, hi, lo)
            digest = maze_hash(maze, ws)
            attempts = maze.attempts
            gc.collect()
            t = time.ticks_cpu()
            empty = time.ticks_diff(time.ticks_cpu(), t)   # the counting's own instructions
            t = time.ticks_cpu()
            phase(name, cfg, hi, lo)
            n = time.ticks_diff(time.ticks_cpu(), t) - empty
            print(w, h, seed, name, n, status, attempts, digest)
"""


def twin(width, height, seed):
    from maze32 import Config, Maze, Workspace, generate, split_seed, maze_hash, OK
    maze, ws = Maze(), Workspace()
    hi, lo = split_seed(seed)
    assert generate(maze, ws, Config(width=width, height=height), hi, lo) == OK
    return maze_hash(maze, ws), maze.attempts


def check_clock(board):
    # 10 million more turns of a 2-instruction loop: exactly 20,000,000 more on ticks_cpu(), and
    # 20,000 us (+-1: the microsecond boundaries fall differently each run) on ticks_us().
    (c1, u1), (c2, u2), (c3, u3), (c4, u4) = [tuple(map(int, line.split()))
                                              for line in board.exec(CLOCK_CHECK, timeout=120).splitlines()]
    if (c1, c2) != (c3, c4) or c2 - c1 != 20000000 or not all(abs(u - 20000) <= 1 for u in (u2 - u1, u4 - u3)):
        raise SystemExit("riscv_time: the guest clock does not count instructions: %r"
                         % [(c1, u1), (c2, u2), (c3, u3), (c4, u4)])
    return c2 - c1, u2 - u1


def deployed(flavours, name, first=None):
    # A RISC-V board started here (MicroPython's rv32imc firmware built first): yields (flavour,
    # served) once each flavour in turn is deployed on it as `maze32 deploy` deploys it. first(board),
    # if given, runs on the board before the first deploy, on its connection. A build that fails is
    # one line naming the bench `name`.
    try:
        firmware = riscv_board.build_firmware(lambda line: print(line, file=sys.stderr))
    except CliError as e:
        raise SystemExit("%s: %s" % (name, e))
    profile = boards.load("esp32-c6-devkitc-1")
    with tempfile.TemporaryDirectory() as root, \
            riscv_board.RiscvBoard(root=root, firmware=firmware) as served:
        for flavour in flavours:
            with _board(served) as board:
                if first is not None and flavour == flavours[0]:
                    first(board)
                deploy(board, profile, flavour)
            yield flavour, served


def measure(flavours, sizes, seeds, phases, say=print):
    # -> [{flavour, width, height, seed, phase, instructions, attempts}] counted on a RISC-V board
    # started here; every maze's hash is checked against CPython. SystemExit on any failure.
    def clock(board):
        counted, us = check_clock(board)
        say("clock: 20,000,000 more instructions of an rv32 loop: ticks_cpu %s more, "
            "ticks_us %d more (1 us = 1,000 RV32 instructions)" % ("{:,}".format(counted), us))

    results = []
    for flavour, served in deployed(flavours, "riscv_time", clock):
        with _board(served) as board:
            args = {"sizes": sizes, "seeds": seeds, "phases": list(phases)}
            out = board.exec("ARGS = %r\n" % (args,) + WORK, timeout=3600)
        for line in out.splitlines():
            w, h, seed, phase, count, status, attempts, digest = line.split()
            w, h, seed = int(w), int(h), int(seed)
            if (digest, int(attempts)) != twin(w, h, seed) or status != "0":
                raise SystemExit("riscv_time: %s %dx%d seed %d differs from CPython" % (flavour, w, h, seed))
            results.append({"flavour": flavour, "width": w, "height": h, "seed": seed, "phase": phase,
                            "instructions": int(count), "attempts": int(attempts)})
    return results


def summarize(results, flavour, size, phase):
    # Mean (every retry included), p95 and max of one flavour, size and phase, and SPEC 8's C6 range.
    mine = [r for r in results if (r["flavour"], (r["width"], r["height"]), r["phase"]) == (flavour, size, phase)]
    counts = [r["instructions"] for r in mine]
    mean = sum(counts) / len(counts)
    return {"flavour": flavour, "size": "%dx%d" % size, "phase": phase, "seeds": len(counts),
            "mean_attempts": sum(r["attempts"] for r in mine) / len(mine), "mean": round(mean),
            "p95": percentile(counts, 95), "max": max(counts), "c6_ms": list(riscv_board.c6_ms(mean)),
            "c6_ms_p95": list(riscv_board.c6_ms(percentile(counts, 95))),
            "c6_ms_max": list(riscv_board.c6_ms(max(counts)))}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="32x32,8x8", type=ranges.sizes)
    ap.add_argument("--seeds", default="0..9", type=ranges.whole_range)
    ap.add_argument("--flavours", default=",".join(FLAVOURS))
    ap.add_argument("--phases", action="store_true", help="also count each phase on its own")
    ap.add_argument("--json", help="also write the figures to this file")
    args = ap.parse_args()
    flavours = args.flavours.split(",")
    phases = PHASES if args.phases else ("total",)
    results = measure(flavours, args.sizes, args.seeds, phases)
    print("every maze's hash matches CPython; RV32 instructions per maze (total: generate, all "
          "attempts, validation included), seeds %d..%d" % (args.seeds[0], args.seeds[-1]))
    print("%-9s %-6s %-9s %8s %12s %12s %12s  %s" % ("flavour", "size", "phase", "attempts", "mean", "p95",
                                                     "max", "C6 ms at 160 MHz, CPI 1.0..2.5 (midpoint), of the mean"))
    summary = []
    for flavour in flavours:
        for size in args.sizes:
            for phase in phases:
                row = summarize(results, flavour, size, phase)
                summary.append(row)
                low, mid, high = row["c6_ms"]
                print("%-9s %-6s %-9s %8.1f %12s %12s %12s  %.1f..%.1f (%.1f)" % (
                    flavour, row["size"], phase, row["mean_attempts"], "{:,}".format(row["mean"]),
                    "{:,}".format(row["p95"]), "{:,}".format(row["max"]), low, high, mid))
    if args.json:
        Path(args.json).write_text(json.dumps({"summary": summary, "results": results}, indent=1) + "\n")


class _board:
    # One host.transport.Board on the served RISC-V board, as one maze32 command opens one.
    def __init__(self, served):
        self.url = served.url

    def __enter__(self):
        self.board = Board(self.url, timeout=30)
        return self.board

    def __exit__(self, *exc):
        self.board.close()


if __name__ == "__main__":
    main()
