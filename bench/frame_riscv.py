"""RV32 instructions of one game frame on the RISC-V board, per game and flavour, and each game's
resident heap (bench/frame_time.py --riscv prints this).

Each flavour is deployed as `maze32 deploy` deploys it (the library, and the firmware's drawing
kernels in that flavour), or "frozen": both frozen into the firmware (shared/manifest.py); then, per game, in a fresh interpreter (a soft reset first, as a board
starts a game from its menu), bench/frame_board.py plays TICKS frames and counts each one with
time.ticks_cpu() (RV32 instructions, exactly): the round's tick and its 80 x 24 view through
term.Screen, the heap collected before each frame. Games: Duel 32x32 against bot level 2, Deeper level
8 with every ghost chasing, Explore walking a surface, a cave and a dungeon world. A frame in which
Explore made a world chunk is counted apart (the chunk's cost is the generator's: bench/world_time.py).

usage: python bench/frame_riscv.py [--flavours bytecode,native,frozen] [--ticks 24] [--json FILE]
"""
import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "shared"))
sys.path.insert(0, str(ROOT / "bench"))
from host import boards, riscv_board  # noqa: E402
from host.deploy import deploy  # noqa: E402
from host.errors import CliError  # noqa: E402
from riscv_time import _board  # noqa: E402  (one Board on the served board, as a command opens one)

WORK = Path(__file__).resolve().parent / "frame_board.py"
BUDGET = 1600000                     # RV32 instructions a frame (10 ms at CPI 1.0, 25 ms at 2.5)
# (label, ARGS for frame_board.py)
GAMES = (("Duel 32x32", {"mode": "duel", "seed": 7, "size": (32, 32)}),
         ("Deeper level 8", {"mode": "deeper", "seed": 7, "level": 8}),
         ("Explore surface", {"mode": "explore", "seed": 7, "depth": 1}),
         ("Explore cave", {"mode": "explore", "seed": 3, "depth": 4}),
         ("Explore dungeon", {"mode": "explore", "seed": 5, "depth": 8}))


def run_game(served, args, ticks):
    # -> (resident heap bytes, [(instructions, bytes allocated, chunks made)] a frame)
    with _board(served) as b:
        b.soft_reset()
        out = b.exec("ARGS = %r\n" % dict(args, ticks=ticks) + WORK.read_text(), timeout=3600)
    heap, frames = None, []
    for line in out.splitlines():
        parts = line.split()
        if parts[:1] == ["heap"]:
            heap = int(parts[1])
        elif parts[:1] == ["frame"]:
            frames.append(tuple(int(p) for p in parts[2:5]))
    if heap is None or "done" not in out or len(frames) != ticks:
        raise SystemExit("frame_riscv: %s did not run: %s" % (args["mode"], out.strip()[-300:]))
    return heap, frames


MANIFEST = ROOT / "shared" / "manifest.py"     # the frozen firmware's (docs/device.md)


def boards_of(flavours):
    # -> (flavour, served board) one flavour after the other, each deployed as `maze32 deploy` deploys
    # it; "frozen": the firmware built with the library and the game frozen in (shared/manifest.py:
    # their code in the firmware's flash, viper kernels as machine code), nothing on its filesystem.
    # Shared by bench/heap_riscv.py.
    profile = boards.load("esp32-c6-devkitc-1")
    for flavour in flavours:
        try:
            firmware = riscv_board.build_firmware(lambda line: print(line, file=sys.stderr),
                                                  freeze=MANIFEST if flavour == "frozen" else None)
        except CliError as e:
            raise SystemExit("frame_riscv: %s" % e)
        with tempfile.TemporaryDirectory() as root, \
                riscv_board.RiscvBoard(root=root, firmware=firmware) as served:
            if flavour != "frozen":
                with _board(served) as b:
                    got = deploy(b, profile, flavour)["emit"]
                if got != flavour:
                    raise SystemExit("frame_riscv: deploy chose %s, not %s" % (got, flavour))
            yield flavour, served


def measure(flavours, ticks, say=print):
    # -> [{game, flavour, heap, frames: [[instructions, bytes, chunks], ...]}]
    results = []
    for flavour, served in boards_of(flavours):
        for label, args in GAMES:
            heap, frames = run_game(served, args, ticks)
            say("%s %s: %d frames" % (flavour, label, len(frames)))
            results.append({"game": label, "flavour": flavour, "heap": heap, "frames": frames})
    return results


def table(results):
    lines = ["RV32 instructions a frame (tick + 80 x 24 view + Screen) on the RISC-V board; budget %s; "
             "frames with a world chunk made apart" % "{:,}".format(BUDGET),
             "%-16s %-9s %7s %11s %11s %6s  %-11s %11s  %s" % (
                 "game", "flavour", "frames", "mean", "max", "bytes", "C6 ms max", "with chunk", "resident heap")]
    for r in results:
        plain = [f for f in r["frames"] if not f[2]]
        chunked = [f[0] for f in r["frames"] if f[2]]
        counts = [f[0] for f in plain]
        low, _, high = riscv_board.c6_ms(max(counts))
        lines.append("%-16s %-9s %7d %11s %11s %6d  %4.1f..%-5.1f %11s  %s B" % (
            r["game"], r["flavour"], len(counts), "{:,}".format(sum(counts) // len(counts)),
            "{:,}".format(max(counts)), max(f[1] for f in plain), low, high,
            "{:,}".format(max(chunked)) if chunked else "-", "{:,}".format(r["heap"])))
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--flavours", default="bytecode,native")
    ap.add_argument("--ticks", type=int, default=24, help="frames counted per game")
    ap.add_argument("--json", help="also write every frame's figures to this file")
    args = ap.parse_args()
    results = measure(args.flavours.split(","), args.ticks, say=lambda line: print(line, file=sys.stderr))
    print("\n".join(table(results)))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
