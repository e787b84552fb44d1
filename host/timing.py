# maze32 time: run the firmware's bench mode on the board and judge its lines against the twin.
import statistics

from host.errors import CliError
from host import twin
from host.stats import percentile

BENCH_CALL = "from maze32_game import board_bench\nboard_bench.run(%r, %d, %d, %d)\n"
BUILD_CALL = "import sys\nprint(getattr(sys.implementation, '_build', ''))\n"
RUN_SECONDS = 1.0    # allowance per generate + validate on the board (SPEC 8: ~0.15 s at worst)


MAX_US = 60_000_000   # a time above a minute for one maze is no measurement (SPEC 8: ~0.15 s)
MAX_DIGITS = 20       # a number field longer than this is malformed, not a number to convert
FIELDS = {"maze32-time": 8, "maze32-heap": 4, "maze32-flavour": 2, "maze32-done": 1}


class LineReader:
    # Turns the board's output, arriving in arbitrary chunks, into judged result lines as they come.
    # Every maze32- line is checked where it arrives, against what was asked (sizes, seeds): the
    # first one that is malformed, repeated or not asked for is kept in `problem` (the line named),
    # and measure() fails on it after the run; a line never raises.
    def __init__(self, on_time, sizes=None, first=0, last=-1):
        self.buf = b""
        self.times = []
        self.heap = {}
        self.done = False
        self.flavour = "unknown"
        self.on_time = on_time
        self.sizes = None if sizes is None else {tuple(s) for s in sizes}
        self.first, self.last = first, last
        self.seen = {}                              # (w, h, seed) -> the line that reported it
        self.lines = 0
        self.problem = None

    def __call__(self, chunk):
        self.buf += chunk
        while b"\n" in self.buf:
            line, self.buf = self.buf.split(b"\n", 1)
            self.lines += 1
            text = line.decode(errors="replace").strip()
            try:
                self.parse(text)
            except ValueError as e:
                self.refuse(text, str(e))

    def finish(self):
        # After the board's last line: CliError for the first bad line, or an output cut short.
        if self.problem:
            raise CliError(self.problem, code=1)
        if not self.done:
            raise CliError("board output ended before the bench finished")

    def refuse(self, text, why):
        if self.problem is None:
            shown = text if len(text) <= 60 else text[:57] + "..."
            self.problem = "board output line %d (%r): %s" % (self.lines, shown, why)

    def parse(self, line):
        f = line.split()
        if not f or not f[0].startswith("maze32-"):
            return                                  # the board's other output (banners, prints)
        if f[0] not in FIELDS:
            raise ValueError("not a bench line")
        if len(f) != FIELDS[f[0]]:
            raise ValueError("%d fields, a %s line has %d" % (len(f), f[0], FIELDS[f[0]]))
        if self.done:
            raise ValueError("after maze32-done")
        if f[0] == "maze32-time":
            w, h, seed, us, status, mask = (number(f[i], name) for i, name in enumerate(
                ("width", "height", "seed", "microseconds", "status", "mask"), 1))
            key = self.asked(w, h, seed)
            if not 0 <= us <= MAX_US:
                raise ValueError("%d microseconds is no time (0..%d)" % (us, MAX_US))
            row = {"width": w, "height": h, "seed": seed, "us": us, "status": status, "mask": mask,
                   "hash": f[7]}
            self.seen[key] = self.lines
            self.times.append(row)
            self.on_time(row)
        elif f[0] == "maze32-heap":
            w, h, grown = number(f[1], "width"), number(f[2], "height"), number(f[3], "heap bytes")
            if self.sizes is not None and (w, h) not in self.sizes:
                raise ValueError("size %dx%d was not asked for" % (w, h))
            if (w, h) in self.heap:
                raise ValueError("a second heap line for %dx%d" % (w, h))
            if grown < 0:
                raise ValueError("negative heap growth")
            self.heap[(w, h)] = grown
        elif f[0] == "maze32-flavour":
            self.flavour = f[1]
        else:
            self.done = True

    def asked(self, w, h, seed):
        # The (w, h, seed) of a result line, if it was asked for and not reported before.
        key = (w, h, seed)
        if self.sizes is not None and (w, h) not in self.sizes:
            raise ValueError("size %dx%d was not asked for" % (w, h))
        if self.sizes is not None and not self.first <= seed <= self.last:
            raise ValueError("seed %d was not asked for (%d..%d)" % (seed, self.first, self.last))
        if key in self.seen:
            raise ValueError("a second result for %dx%d seed %d (the first: line %d)" % (key + (self.seen[key],)))
        if (w, h) in self.heap:
            raise ValueError("a result for %dx%d after its heap line" % (w, h))
        return key


def number(text, name):
    # A field as an int, or ValueError naming it (bounded: a 5,000-digit field is not converted).
    digits = text[1:] if text.startswith("-") else text
    if len(text) > MAX_DIGITS or not digits.isascii() or not digits.isdigit():
        raise ValueError("%s %r is not a number" % (name, text if len(text) <= MAX_DIGITS else text[:12] + "..."))
    return int(text)


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
    reader = LineReader(on_time, sizes, first, last)
    # Long step: the board's timeout plus RUN_SECONDS per maze in all, and per seed between lines.
    runs = len(sizes) * (last - first + 1) * repeat
    board.exec(BENCH_CALL % ([list(s) for s in sizes], first, last, repeat), consumer=reader,
               timeout=board.timeout + RUN_SECONDS * runs, idle=board.timeout + RUN_SECONDS * repeat,
               what="running the bench")
    reader.finish()
    return reader


def judge(reader, sizes, first, last):
    # Every (size, seed) present, valid, and hashed exactly as the desktop twin hashes it.
    expected = {(w, h, s) for w, h in sizes for s in range(first, last + 1)}
    got = {(r["width"], r["height"], r["seed"]): r for r in reader.times}
    missing = sorted(expected - set(got))
    if missing:
        raise CliError("board reported no result for %s" % names(missing), code=1)
    no_heap = ["%dx%d" % tuple(s) for s in sizes if tuple(s) not in reader.heap]
    if no_heap:
        raise CliError("board reported no heap line (maze32-heap) for %s" % ", ".join(no_heap), code=1)
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
