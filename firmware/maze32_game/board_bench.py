# Bench mode: time generate + validate on this board, one line per seed, for the host to parse.
#   maze32-flavour NAME              (what deploy shipped: bytecode, viper or native; else "source")
#   maze32-time W H SEED MICROSECONDS STATUS MASK HASH
#   maze32-heap W H BYTES            (gc.mem_alloc growth inside the timed spans, summed; must be 0)
# The maze and workspace are allocated once and a warm-up generation runs before any timing, so the
# figures are steady-state. Each timed span starts right after a collection and is bracketed by
# gc.mem_alloc() with no collection in between, so any allocation in it shows; hashing and printing
# happen outside the spans.
# The library's core is imported in the functions that time it, not here: trust.installed() reads
# flavour() at boot, and a core loaded then, in passing among the self-test's garbage, stays for good
# on a board that keeps machine code (loading.py), splitting the heap (maze32/__init__.py).
import gc
from maze32._compat import ticks_us, ticks_diff


def _mem_alloc():
    return gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0   # CPython has no heap figure


def timings(maze, ws, cfg, first, last, repeat, out):
    # Seeds first..last timed (best of `repeat`), out(seed, microseconds, status, mask, hash) after
    # each. -> the bytes the timed spans grew the heap by (0: nothing allocated).
    from maze32 import generate, validate, split_seed, maze_hash
    hi, lo = split_seed(first)
    generate(maze, ws, cfg, hi, lo)                  # warm-up
    grown = 0
    seed = first
    while seed <= last:
        hi, lo = split_seed(seed)
        best = -1
        k = 0
        while k < repeat:
            gc.collect()
            before = _mem_alloc()
            t0 = ticks_us()
            status = generate(maze, ws, cfg, hi, lo)
            mask = validate(maze, ws, cfg)
            dt = ticks_diff(ticks_us(), t0)
            grown += _mem_alloc() - before
            if best < 0 or dt < best:
                best = dt
            k += 1
        out(seed, best, status, mask, maze_hash(maze, ws))
        seed += 1
    return grown


def time_seeds(maze, ws, cfg, first, last, repeat):
    # The host's lines (see the top).
    w = cfg.width
    h = cfg.height
    grown = timings(maze, ws, cfg, first, last, repeat,
                    lambda seed, us, status, mask, digest: print("maze32-time", w, h, seed, us, status, mask, digest))
    print("maze32-heap", w, h, grown)


def report(sizes, first, last, write):
    # The menu's Bench, for a person: per size the mean and slowest generate + validate of seeds
    # first..last and what the timed spans allocated, one line each through write (CR LF: a raw console).
    write("Bench: generate + validate of seeds %d..%d on this board, flavour %s\r\n\r\n" % (first, last, flavour()))
    from maze32 import Config, Maze, Workspace
    maze = Maze()
    ws = Workspace()
    for w, h in sizes:
        times = []
        grown = timings(maze, ws, Config(width=w, height=h), first, last, 1,
                        lambda seed, us, status, mask, digest: times.append(us))
        write("  %2dx%-2d  mean %6d us   slowest %6d us   heap allocated %d B\r\n"
              % (w, h, sum(times) // len(times), max(times), grown))


def flavour():
    # The flavour deploy recorded in maze32.json; "source" when the library runs from .py files.
    try:
        import json
        with open("maze32.json") as f:
            return json.load(f)["flavour"]
    except (OSError, ValueError, KeyError):
        return "source"


def run(sizes, first, last, repeat=1):
    # sizes: [(W, H), ...]; seeds first..last inclusive; best of `repeat` runs per seed.
    print("maze32-flavour", flavour())
    from maze32 import Config, Maze, Workspace
    maze = Maze()
    ws = Workspace()
    for w, h in sizes:
        time_seeds(maze, ws, Config(width=w, height=h), first, last, repeat)
    print("maze32-done")
