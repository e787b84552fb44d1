"""Estimated ESP32-C6 time of one world chunk (64 x 64) per depth and flavour, and the twin's time per
250 x 250 world, by SPEC section 8.

Board: callgrind counts the x86-64 instructions of the MicroPython unix port running WORK (below) once
with the work repeated REPEAT times and once without it (same imports, allocation, warm-up); the
difference over REPEAT and over the chunks generated is one chunk's count, and that / 67,000 is the
estimated board milliseconds (bench/board_time.py explains the method). Chunks of a 2048 x 2048 world:
four per depth, in the top row (the surface's sky and ground) and below. A BSP dungeon plans its region
of 256 x 256 once and its 16 chunks reuse the plan: its rows take four chunks of one region
(REGION_CHUNKS); `cold` replans before every chunk (a player's first chunk of a region pays this),
`warm` makes the plan once, in the warm-up, and its chunks reuse it; `bsp 128x128 cold` replans the
four chunks of a 128 x 128 world (Explore's), one region with spawn and stairs, whose plan also
searches the routes to its rooms (world/stairs_routes.py); `accretion stairs` times the stairs' chunk
of a 2048 x 2048 world four times; `accretion 128x128` the four chunks of Explore's accretion world,
one block whose stairs' chunk digs the others' routes and searches them (world/accretion_routes.py):
`cold` forgets the levels found and the routes kept before every chunk (the stairs' chunk made
first, or alone, digs the other three), `warm` keeps them; `in turn` forgets them once, then makes
the spawn's chunk, the other two and the stairs' last (each keeps its routes: the stairs' digs none).
`in turn` is what every Explore deal does, with a cache or without (explore_deal.make_all reads the
stairs' entry first and makes the others anew when it is missing); made alone, as `cold` makes it,
only a host's lone chunk is. The RISC-V table gives each row's mean and its dearest chunk.

RISC-V (--riscv): the same chunks counted exactly in RV32 instructions on the RISC-V board
(bench/riscv_time.py's method: each flavour deployed as `maze32 deploy` does, then each chunk generated
once after a warm-up, counted with ticks_cpu() less the count of an empty span, the heap collected
before). Per kind the mean over the chunks and the most of one are printed, and each chunk's tiles'
SHA-256 is checked against CPython's. --seeds a..b counts the worlds (0, s) for each s (seed 7's
alone by default): issue 24's bound is on every chunk.

Twin: CPython, the whole-world build (host/worlds.build) of a 250 x 250 world per depth, median of
--runs runs, then the checks on it.

usage: python bench/world_time.py [--depths 1..9] [--flavours bytecode,viper,native] [--repeat 3]
                                  [--jobs 2] [--twin-only | --board-only] [--riscv [--seeds 0..15]]
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "shared"))
from host.flavours import FLAVOURS, build  # noqa: E402
import ranges  # noqa: E402  (bench/, the script's folder)

INSTRUCTIONS_PER_BOARD_MS = 67000
CHUNKS = ((1, 0), (6, 0), (5, 5), (9, 3))      # (cx, cy) of a 2048 x 2048 world
REGION_CHUNKS = ((4, 4), (5, 4), (6, 5), (7, 7))   # BSP rows: four chunks of region (1, 1)
EXPLORE_ROW = "bsp 128x128"
ACCRETION_EXPLORE_ROW = "accretion 128x128"
ACCRETION_TURN_ROW = "accretion 128x128 in turn"
STAIRS_ROW = "accretion stairs"
EXPLORE_CHUNKS = ((0, 0), (1, 0), (0, 1), (1, 1))


def chunks_for(depth, strategy, name="", seed=7):
    # The chunks a row times: a BSP dungeon's lie in one region, whose plan its warm row reuses; the
    # `explore` row's are a whole 128 x 128 world (Explore's): one region holding spawn and stairs,
    # whose plan searches the routes to its rooms.
    if name in (EXPLORE_ROW, ACCRETION_EXPLORE_ROW):
        return EXPLORE_CHUNKS
    if name == ACCRETION_TURN_ROW:             # the spawn's chunk, the others, the stairs' last
        from maze32.world.tiles import WorldSpec
        spec = WorldSpec(0, seed, depth, 128, 128, 1)
        ends = ((spec.spawn_cx, spec.spawn_cy), (spec.stairs_cx, spec.stairs_cy))
        return ends[:1] + tuple(c for c in EXPLORE_CHUNKS if c not in ends) + ends[1:]
    if name == STAIRS_ROW:                     # accretion's stairs chunk, which searches routes: 4 times
        from maze32.world.tiles import WorldSpec
        spec = WorldSpec(0, seed, depth, 2048, 2048, 1)
        return ((spec.stairs_cx, spec.stairs_cy),) * 4
    return REGION_CHUNKS if depth >= 7 and strategy == 0 else CHUNKS


def size_for(name):
    return (128, 128) if name in (EXPLORE_ROW, ACCRETION_EXPLORE_ROW, ACCRETION_TURN_ROW) else (2048, 2048)
BUDGET_MS = 25.0
TWIN_BUDGET_S = 0.5

WORK = """
import gc
from maze32.world.tiles import WorldSpec, WorldWorkspace, CHUNK
from maze32.world import generate_chunk, prepare
spec = WorldSpec(0, 7, ARGS["depth"], ARGS["size"][0], ARGS["size"][1], ARGS["strategy"])
ws = WorldWorkspace()
tiles = bytearray(CHUNK * CHUNK)
prepare(spec)
for cx, cy in ARGS["chunks"]:                  # warm-up: code loaded, plans made, as on the board
    generate_chunk(ws, spec, cx, cy, tiles)


def work(n, cold):
    i = 0
    while i < n:
        for j, (cx, cy) in enumerate(ARGS["chunks"]):
            if cold and (j == 0 or not ARGS["turn"]):
                ws.layout_spec = ws.stairs_spec = None
            generate_chunk(ws, spec, cx, cy, tiles)
        i += 1


gc.collect()
gc.disable()
work(ARGS["repeat"], ARGS["cold"])
print("done")
"""


def micropython():
    here = Path(sys.executable).parent / "micropython"
    return str(here) if here.exists() else shutil.which("micropython")


def instructions(flavour, library, depth, strategy, repeat, cold, name=""):
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "work.py"
        args = {"depth": depth, "strategy": strategy, "repeat": repeat, "cold": cold,
                "chunks": chunks_for(depth, strategy, name), "size": size_for(name),
                "turn": name == ACCRETION_TURN_ROW}
        script.write_text("ARGS = %r\n" % args + WORK)
        out = Path(tmp) / "callgrind.out"
        proc = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=%s" % out, micropython(),
             "-X", "heapsize=4M", str(script)],
            capture_output=True, text=True, env=dict(os.environ, MICROPYPATH=library))
        if proc.returncode != 0 or "done" not in proc.stdout:
            raise SystemExit("callgrind run failed: %s" % proc.stderr[-1000:])
        return int(re.search(r"refs:\s+([\d,]+)", proc.stderr).group(1).replace(",", ""))


def chunk_instructions(job):
    flavour, library, depth, strategy, name, cold, repeat = job
    return (instructions(flavour, library, depth, strategy, repeat, cold, name)
            - instructions(flavour, library, depth, strategy, 0, cold, name)) // (repeat * len(CHUNKS))


def parse_depths(text):
    try:
        depths = ranges.whole_range(text)
    except ValueError:
        depths = []
    if not depths or depths[0] < 1 or depths[-1] > 255:
        raise SystemExit("world_time: --depths must be D or A..B (1..255), got %r" % text)
    return depths


def board(args):
    if not shutil.which("valgrind"):
        raise SystemExit("world_time: valgrind is not installed (apt-get install valgrind)")
    tmp = tempfile.mkdtemp(prefix="world-time-")
    libraries = {}
    for fl in args.flavours.split(","):
        build(fl, "x64", Path(tmp) / fl, ROOT / "shared" / "maze32")
        libraries[fl] = str(Path(tmp) / fl)
    rows = rows_for(parse_depths(args.depths))
    jobs = [(fl, libraries[fl], depth, strategy, name, cold, args.repeat)
            for fl in args.flavours.split(",") for depth, strategy, name, cold in rows]
    with ThreadPoolExecutor(args.jobs) as pool:
        counts = dict(zip(jobs, pool.map(chunk_instructions, jobs)))
    shutil.rmtree(tmp, ignore_errors=True)
    print("one 64 x 64 chunk of a 2048 x 2048 world (mean of chunks %s; BSP: %s), estimated C6 ms = "
          "x86 / %d" % (", ".join("%d,%d" % c for c in CHUNKS), ", ".join("%d,%d" % c for c in REGION_CHUNKS),
                        INSTRUCTIONS_PER_BOARD_MS))
    print("%-6s %-16s" % ("depth", "world") + "".join("%22s" % fl for fl in args.flavours.split(",")))
    worst = 0.0
    for depth, strategy, name, cold in rows:
        label = label_of(depth, name, cold)
        cells = []
        for fl in args.flavours.split(","):
            n = counts[(fl, libraries[fl], depth, strategy, name, cold, args.repeat)]
            ms = n / INSTRUCTIONS_PER_BOARD_MS
            if fl == args.flavours.split(",")[-1]:
                worst = max(worst, ms)
            cells.append("%11d %7.1f ms" % (n, ms))
        print("%-6d %-16s" % (depth, label) + "".join("%22s" % c for c in cells))
    fastest = args.flavours.split(",")[-1]
    print("worst chunk in the %s flavour: %.1f ms (budget %.0f ms): %s"
          % (fastest, worst, BUDGET_MS, "within" if worst <= BUDGET_MS else "OVER"))


# The RISC-V board's work: per (depth, strategy, cold) row, each chunk once after a warm-up, counted.
RISCV_WORK = """
import gc, time
from array import array
gc.collect()
queue = array("H", range(4096))                # the largest buffers before the library's native code
tiles = bytearray(4096)
import hashlib, binascii
from maze32.world import WorldSpec, WorldWorkspace, generate_chunk, prepare
ws = WorldWorkspace(queue=queue)
depth, strategy, cold = ARGS["row"]
for seed, chunks in ARGS["worlds"]:
    spec = WorldSpec(0, seed, depth, ARGS["size"][0], ARGS["size"][1], strategy)
    prepare(spec)
    for cx, cy in chunks:
        generate_chunk(ws, spec, cx, cy, tiles)
    for j, (cx, cy) in enumerate(chunks):
        if cold and (j == 0 or not ARGS["turn"]):
            ws.layout_spec = ws.stairs_spec = None
        gc.collect()
        t = time.ticks_cpu()
        empty = time.ticks_diff(time.ticks_cpu(), t)
        t = time.ticks_cpu()
        generate_chunk(ws, spec, cx, cy, tiles)
        n = time.ticks_diff(time.ticks_cpu(), t) - empty
        print(seed, cx, cy, n, binascii.hexlify(hashlib.sha256(tiles).digest()).decode())
"""


def rows_for(depths):
    # (depth, strategy, name, cold) per line of the tables: a dungeon depth three times.
    rows = []
    for depth in depths:
        rows.append((depth, 0, "bsp" if depth >= 7 else "", False))
        if depth >= 7:
            rows.append((depth, 0, "bsp", True))
            rows.append((depth, 0, EXPLORE_ROW, True))
            rows.append((depth, 1, "accretion", False))
            rows.append((depth, 1, ACCRETION_EXPLORE_ROW, True))
            rows.append((depth, 1, ACCRETION_EXPLORE_ROW, False))
            rows.append((depth, 1, ACCRETION_TURN_ROW, True))
            rows.append((depth, 1, STAIRS_ROW, False))
    return rows


def label_of(depth, name, cold):
    return {1: "surface", 2: "surface", 3: "surface", 4: "caves", 5: "caves", 6: "caves"}.get(
        depth, "dungeon %s%s" % (name, " cold" if cold and name != ACCRETION_TURN_ROW else
                                 (" warm" if name in ("bsp", ACCRETION_EXPLORE_ROW) and not cold else "")))


def twin_chunk_hash(depth, strategy, cx, cy, size=(2048, 2048), seed=7):
    import hashlib
    from maze32.world import WorldSpec, WorldWorkspace, CHUNK, generate_chunk
    tiles = bytearray(CHUNK * CHUNK)
    generate_chunk(WorldWorkspace(), WorldSpec(0, seed, depth, size[0], size[1], strategy), cx, cy, tiles)
    return hashlib.sha256(tiles).hexdigest()


def riscv(args):
    sys.path.insert(0, str(ROOT / "bench"))
    import riscv_time
    flavours = args.flavours.split(",")
    rows = rows_for(parse_depths(args.depths))
    try:
        seeds = ranges.whole_range(args.seeds)
    except ValueError:
        raise SystemExit("world_time: --seeds must be a..b (0..65535), got %r" % args.seeds)
    if not seeds or seeds[0] < 0 or seeds[-1] > 0xFFFF:
        raise SystemExit("world_time: --seeds must be a..b (0..65535), got %r" % args.seeds)
    counts = {}
    for fl, served in riscv_time.deployed(flavours, "world_time"):
        for depth, strategy, name, cold in rows:    # a fresh interpreter per row: a whole heap
            work = "ARGS = %r\n" % {"row": (depth, strategy, cold), "size": size_for(name), "worlds": [
                (seed, chunks_for(depth, strategy, name, seed)) for seed in seeds],
                "turn": name == ACCRETION_TURN_ROW} + RISCV_WORK
            with riscv_time._board(served) as b:
                out = b.exec(work, timeout=3600)
                b.soft_reset()
            for line in out.splitlines():
                seed, cx, cy, n, digest = line.split()
                if digest != twin_chunk_hash(depth, strategy, int(cx), int(cy), size_for(name), int(seed)):
                    raise SystemExit("world_time: %s seed %s depth %d chunk %s,%s differs from CPython"
                                     % (fl, seed, depth, cx, cy))
                counts.setdefault((fl, depth, strategy, name, cold), []).append(int(n))
    print("RV32 instructions per 64 x 64 chunk of a 2048 x 2048 world on the RISC-V board (mean of "
          "chunks %s; BSP: %s; the worlds (0, s) for s in %s; every chunk's tiles match CPython)"
          % (", ".join("%d,%d" % c for c in CHUNKS), ", ".join("%d,%d" % c for c in REGION_CHUNKS), args.seeds))
    print("%-6s %-28s" % ("depth", "world") + "".join("%24s" % (fl + " mean / max") for fl in flavours))
    for depth, strategy, name, cold in rows:
        cells = ["{:,} / {:,}".format(sum(counts[(fl, depth, strategy, name, cold)])
                                      // len(counts[(fl, depth, strategy, name, cold)]),
                                      max(counts[(fl, depth, strategy, name, cold)])) for fl in flavours]
        print("%-6d %-28s" % (depth, label_of(depth, name, cold)) + "".join("%24s" % c for c in cells))


def twin(args):
    from host import worlds as hw
    print("the twin (CPython %s): whole 250 x 250 world, median of %d runs"
          % (sys.version.split()[0], args.runs))
    print("%-6s %-20s %10s %12s" % ("depth", "world", "build s", "checks s"))
    worst = 0.0
    for depth in parse_depths(args.depths):
        for strategy in (("bsp", "accretion") if depth >= 7 else ("bsp",)):
            spec = hw.spec_for(7, depth, (250, 250), strategy)
            builds, checks = [], []
            for seed in range(args.runs):
                spec = hw.spec_for(seed, depth, (250, 250), strategy)
                start = time.perf_counter()
                region = hw.build(spec, seed)
                builds.append(time.perf_counter() - start)
                start = time.perf_counter()
                assert region.check_mask() == 0
                checks.append(time.perf_counter() - start)
            b = statistics.median(builds)
            worst = max(worst, b)
            print("%-6d %-20s %10.3f %12.3f" % (depth, spec.kind_name + (" " + strategy if depth >= 7 else ""),
                                                b, statistics.median(checks)))
    print("slowest build: %.3f s (budget %.1f s): %s" % (worst, TWIN_BUDGET_S,
                                                         "within" if worst <= TWIN_BUDGET_S else "OVER"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depths", default="1..9", help="D or A..B (default 1..9)")
    ap.add_argument("--flavours", default=",".join(FLAVOURS), help="comma-separated, fastest last")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--runs", type=int, default=5, help="twin: worlds timed per depth")
    ap.add_argument("--seeds", default="7", help="--riscv: the worlds (0, s) for s in a..b")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--twin-only", action="store_true")
    group.add_argument("--board-only", action="store_true")
    group.add_argument("--riscv", action="store_true",
                       help="only count exact RV32 instructions per chunk on the RISC-V board")
    args = ap.parse_args()
    if args.riscv:
        return riscv(args)
    if not args.board_only:
        twin(args)
    if not args.twin_only:
        board(args)


if __name__ == "__main__":
    main()
