# maze32 time: run the firmware's bench mode on the board and judge its lines against the twin.
import statistics

from host.errors import CliError
from host import twin
from host.stats import percentile

BENCH_CALL = "import bench\nbench.run(%r, %d, %d, %d)\n"
BUILD_CALL = "import sys\nprint(getattr(sys.implementation, '_build', ''))\n"
RUN_SECONDS = 1.0    # allowance per generate + validate on the board (SPEC 8: ~0.15 s at worst)


class LineReader:
    # Turns the board's output, arriving in arbitrary chunks, into parsed result lines as they come.
    def __init__(self, on_time):
        self.buf = b""
        self.times = []
        self.heap = {}
        self.done = False
        self.flavour = "unknown"
        self.on_time = on_time

    def __call__(self, chunk):
        self.buf += chunk
        while b"\n" in self.buf:
            line, self.buf = self.buf.split(b"\n", 1)
            self.parse(line.decode(errors="replace").strip())

    def parse(self, line):
        f = line.split()
        if not f:
            return
        if f[0] == "maze32-time" and len(f) == 8:
            row = {"width": int(f[1]), "height": int(f[2]), "seed": int(f[3]), "us": int(f[4]),
                   "status": int(f[5]), "mask": int(f[6]), "hash": f[7]}
            self.times.append(row)
            self.on_time(row)
        elif f[0] == "maze32-heap" and len(f) == 4:
            self.heap[(int(f[1]), int(f[2]))] = int(f[3])
        elif f[0] == "maze32-flavour" and len(f) == 2:
            self.flavour = f[1]
        elif f[0] == "maze32-done":
            self.done = True


def measure(port, timeout, sizes, first, last, repeat, on_time):
    # The time document: run bench mode on the board at port, judge its lines against the twin.
    from host import transport
    with transport.connected(port, timeout=timeout) as board:
        build = board.exec(BUILD_CALL, what="reading the board's build").strip()
        reader = run(board, sizes, first, last, repeat, on_time)
    summary, mismatched = judge(reader, sizes, first, last)
    if build == riscv_build():
        count_instructions(summary, reader, sizes, first, last)
    return {"port": port or "virtual", "build": build, "flavour": reader.flavour, "repeat": repeat,
            "sizes": summary, "results": reader.times, "mismatched": [list(k) for k in mismatched]}


def riscv_build():
    from host import riscv_board
    return riscv_board.BUILD


def count_instructions(summary, reader, sizes, first, last):
    # On the RISC-V board the clock counts executed instructions (-icount shift=0: 1 us = 1,000 RV32
    # instructions): each size gets the mean (every retry included, SPEC 8), p95 and max in RV32
    # instructions, and SPEC 8's ESP32-C6 milliseconds for the mean (CPI 1.0..2.5 at 160 MHz).
    from host import riscv_board
    got = {(r["width"], r["height"], r["seed"]): r["us"] for r in reader.times}
    for row, (w, h) in zip(summary, sizes):
        counts = [got[(w, h, s)] * riscv_board.INSTRUCTIONS_PER_US for s in range(first, last + 1)]
        mean = sum(counts) // len(counts)
        row["instructions"] = {"mean": mean, "p95": percentile(counts, 95), "max": max(counts)}
        row["c6_ms"] = [round(v, 2) for v in riscv_board.c6_ms(mean)]


def verdict(document):
    # Exit 1 through CliError when the board and the twin disagree or generation allocated.
    if document["mismatched"]:
        raise CliError("board and twin disagree on %s" % names(document["mismatched"]), code=1)
    if any(row["heap_growth"] for row in document["sizes"]):
        raise CliError("generation allocated on the board (heap growth above)", code=1)


def run(board, sizes, first, last, repeat, on_time):
    reader = LineReader(on_time)
    # Long step: the board's timeout plus RUN_SECONDS per maze in all, and per seed between lines.
    runs = len(sizes) * (last - first + 1) * repeat
    board.exec(BENCH_CALL % ([list(s) for s in sizes], first, last, repeat), consumer=reader,
               timeout=board.timeout + RUN_SECONDS * runs, idle=board.timeout + RUN_SECONDS * repeat,
               what="running the bench")
    if not reader.done:
        raise CliError("board output ended before the bench finished")
    return reader


def judge(reader, sizes, first, last):
    # Every (size, seed) present, valid, and hashed exactly as the desktop twin hashes it.
    expected = {(w, h, s) for w, h in sizes for s in range(first, last + 1)}
    got = {(r["width"], r["height"], r["seed"]): r for r in reader.times}
    missing = sorted(expected - set(got))
    if missing:
        raise CliError("board reported no result for %s" % names(missing), code=1)
    mismatched = []
    for (w, h), cfg in ((s, twin.make_config(s, {})) for s in sizes):
        for seed in range(first, last + 1):
            r = got[(w, h, seed)]
            result = twin.build(seed, cfg)
            if r["status"] != 0 or r["mask"] != 0 or r["hash"] != result.hash():
                mismatched.append((w, h, seed))
    summary = []
    for w, h in sizes:
        us = [got[(w, h, s)]["us"] for s in range(first, last + 1)]
        summary.append({"size": "%dx%d" % (w, h), "seeds": len(us), "min_us": min(us),
                        "mean_us": sum(us) // len(us),
                        "median_us": statistics.median(us), "p95_us": percentile(us, 95),
                        "max_us": max(us), "heap_growth": reader.heap.get((w, h))})
    return summary, mismatched


def names(keys):
    # "WxH seed S, ..." for the first eight (w, h, seed) keys.
    return ", ".join("%dx%d seed %d" % tuple(k) for k in keys[:8]) + (" ..." if len(keys) > 8 else "")
