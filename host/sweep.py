# maze32 sweep: generate many seeds, gather the metrics of SPEC 3.6, and compare their distributions
# with checked-in bands so that an unintended generator change shows even when every maze is valid.
import json
import statistics
from multiprocessing import get_context
from pathlib import Path

from maze32 import Config, Maze, Workspace, generate, split_seed, maze_hash
from maze32.codec import metrics
from host.errors import CliError
from host.twin import failure_counts

HISTOGRAMS = ("solution", "dead_ends", "attempts")
DEFAULT_SIZES = ((8, 8), (16, 16), (32, 32), (32, 16), (16, 32))
# Player 1's figures; a valid maze gives Player 2 the same ones (route_parity).
METRICS = ("attempts", "edges", "cyclomatic", "dead_ends", "half_crossings", "start_key", "key_exit",
           "start_exit", "solution", "disjoint_routes", "route_bridges", "route_decisions")
CHUNK = 50

_state = {}


def _worker(job):
    # One chunk of seeds at one size, in a worker process that keeps its maze and workspace.
    w, h, first, last, settings = job
    key = (w, h)
    if key not in _state:
        _state[key] = (Config(width=w, height=h, **dict(settings)), Maze(), Workspace())
    cfg, maze, ws = _state[key]
    rows = []
    for seed in range(first, last + 1):
        hi, lo = split_seed(seed)
        if generate(maze, ws, cfg, hi, lo) != 0:
            rows.append({"seed": seed, "ok": False, "failed": list(failure_counts(ws))})
            continue
        m = metrics(maze, ws)                      # the report's metrics: Player 1's figures
        p1 = m["players"][0]
        rows.append({"seed": seed, "ok": True, "hash": maze_hash(maze, ws), "attempts": maze.attempts,
                     "edges": m["edges"], "cyclomatic": m["cyclomatic"], "dead_ends": m["dead_ends"],
                     "half_crossings": m["half_crossings"], "start_key": p1["start_key"],
                     "key_exit": p1["key_exit"], "start_exit": p1["start_exit"],
                     "solution": p1["solution"], "disjoint_routes": p1["disjoint_routes"],
                     "route_bridges": p1["route_bridges"], "route_decisions": p1["route_decisions"]})
    return key, rows


def run(sizes, first, last, jobs, on_progress, settings=()):
    # -> {(w, h): [row, ...]} in seed order. settings: ((name, value), ...) overriding the defaults.
    _state.clear()
    work = [(w, h, a, min(a + CHUNK - 1, last), tuple(settings))
            for w, h in sizes for a in range(first, last + 1, CHUNK)]
    results = {tuple(s): [] for s in sizes}
    if jobs <= 1:
        chunks = map(_worker, work)
        for key, rows in chunks:
            results[key].extend(rows)
            on_progress(len(rows))
    else:
        with get_context("fork").Pool(jobs) as pool:
            for key, rows in pool.imap(_worker, work):
                results[key].extend(rows)
                on_progress(len(rows))
    for rows in results.values():
        rows.sort(key=lambda r: r["seed"])
    return results


def quantile(values, q):
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, int(round(q * (len(ordered) - 1)))))]


def sweep(sizes, first, last, jobs, settings=(), bands=None, write_bands=False, on_progress=None):
    # The sweep document: {"seeds": [first, last], "sizes": {"WxH": summary}}; each summary gains
    # "drifted" (lines) when bands are given; "bands" holds new bands when write_bands.
    if jobs < 1:
        raise CliError("jobs: must be at least 1, got %d" % jobs)
    results = run(sizes, first, last, jobs, on_progress or (lambda n: None), settings)
    document = {"seeds": [first, last], "sizes": {}}
    for (w, h), rows in results.items():
        label = "%dx%d" % (w, h)
        summary = summarize(rows)
        if bands is not None:
            summary["drifted"] = check_bands(rows, bands[label])
        if write_bands:
            document.setdefault("bands", {})[label] = make_bands(rows)
        document["sizes"][label] = summary
    return document


def verdict(document):
    # Exit 1 through CliError when a seed failed or a metric drifted (the report lists them).
    sizes = document["sizes"].values()
    if any(s["failures"] for s in sizes):
        raise CliError("some seeds failed to generate (listed above)", code=1)
    if any(s.get("drifted") for s in sizes):
        raise CliError("metrics drifted outside their bands (listed above)", code=1)


def summarize(rows):
    ok = [r for r in rows if r["ok"]]
    stats = {}
    for name in METRICS:
        values = [r[name] for r in ok]
        if values:
            stats[name] = {"min": min(values), "median": statistics.median(values),
                           "p95": quantile(values, 0.95), "max": max(values)}
    by_hash = {}
    for r in ok:
        by_hash.setdefault(r["hash"], []).append(r["seed"])
    return {"seeds": len(rows), "valid": len(ok), "metrics": stats,
            "histograms": dict((name, [list(b) for b in histogram([r[name] for r in ok])])
                               for name in HISTOGRAMS if ok),
            "failures": [{"seed": r["seed"], "failed": r["failed"]} for r in rows if not r["ok"]],
            "duplicates": [seeds for seeds in by_hash.values() if len(seeds) > 1]}


def histogram(values, bins=8):
    # -> [(low, high, count)] over equal-width bins covering the values.
    lo, hi = min(values), max(values)
    width = max(1, -(-(hi - lo + 1) // bins))
    out = []
    for b in range(bins):
        a = lo + b * width
        if a > hi:
            break
        out.append((a, a + width - 1, sum(1 for v in values if a <= v <= a + width - 1)))
    return out


# -- bands ----------------------------------------------------------------------------------------
def make_bands(rows):
    ok = [r for r in rows if r["ok"]]
    return dict((name, {q: quantile([r[name] for r in ok], v) for q, v in
                        (("p01", 0.01), ("p25", 0.25), ("median", 0.5), ("p75", 0.75), ("p99", 0.99))})
                for name in METRICS)


def check_bands(rows, bands):
    # A metric drifts when this sweep's median leaves the reference's middle half, or (with enough
    # seeds to judge tails) its 5th/95th percentile leaves the reference's 1st..99th percentile.
    ok = [r for r in rows if r["ok"]]
    drifted = []
    for name in METRICS:
        ref = bands.get(name)
        values = [r[name] for r in ok]
        if not ref or not values:
            continue
        med = statistics.median(values)
        if not ref["p25"] <= med <= ref["p75"]:
            drifted.append("%s: median %g outside the reference middle half %g..%g"
                           % (name, med, ref["p25"], ref["p75"]))
        elif len(values) >= 50:
            lo, hi = quantile(values, 0.05), quantile(values, 0.95)
            if lo < ref["p01"] or hi > ref["p99"]:
                drifted.append("%s: 5th..95th percentile %g..%g outside the reference 1st..99th %g..%g"
                               % (name, lo, hi, ref["p01"], ref["p99"]))
    return drifted


def load_bands(path, sizes):
    # The reference bands of a file, for every size of the sweep, or CliError saying what is missing.
    try:
        bands = json.loads(Path(path).read_text())
    except (OSError, ValueError) as e:
        raise CliError("bands: cannot read %s (%s)" % (path, e))
    for w, h in sizes:
        if "%dx%d" % (w, h) not in bands:
            raise CliError("bands: %s has no bands for %dx%d" % (path, w, h))
    return bands
