# maze32 sweep: generate many seeds, gather the metrics of SPEC 3.6, and compare their distributions
# with checked-in bands so that an unintended generator change shows even when every maze is valid.
from array import array

from maze32 import Config, Maze, Workspace, generate, split_seed, maze_hash
from maze32.codec import metrics
from host.errors import CliError
from host.stats import percentile, spread
from host.twin import failure_counts

HISTOGRAMS = ("solution", "dead_ends", "attempts")
DEFAULT_SIZES = ((8, 8), (16, 16), (32, 32), (32, 16), (16, 32))
# Player 1's figures; a valid maze gives Player 2 the same ones (route_parity).
METRICS = ("attempts", "edges", "cyclomatic", "dead_ends", "half_crossings", "start_key", "key_exit",
           "start_exit", "solution", "disjoint_routes", "route_bridges", "route_decisions")
CHUNK = 50                 # seeds per work item, at most
MAX_JOBS = 64              # --jobs 1..MAX_JOBS; fewer run when the work has fewer items
WINDOW = 4                 # work items in flight per worker: the range is streamed, never listed

_state = {}


def _quiet():
    # Workers leave Ctrl-C to the parent, which stops them (no traceback from each worker).
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


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


class Tally:
    # What a sweep keeps of one size, compactly and in seed order: each metric of the valid seeds in
    # an array, the failures, and the first seed of every distinct hash (by a 128-bit prefix).
    def __init__(self):
        self.seeds = 0
        self.values = dict((name, array("l")) for name in METRICS)
        self.failures = []
        self.by_hash = {}

    def add(self, rows):
        for r in rows:
            self.seeds += 1
            if not r["ok"]:
                self.failures.append({"seed": r["seed"], "failed": r["failed"]})
                continue
            for name in METRICS:
                self.values[name].append(r[name])
            key = bytes.fromhex(r["hash"][:32])
            seen = self.by_hash.get(key)
            if seen is None:
                self.by_hash[key] = r["seed"]
            elif isinstance(seen, list):
                seen.append(r["seed"])
            else:
                self.by_hash[key] = [seen, r["seed"]]

    @property
    def valid(self):
        return len(self.values[METRICS[0]])


def jobs_for(jobs, items):
    # Worker processes for a sweep: as asked, but never more than there are work items.
    return max(1, min(jobs, items))


def chunk_for(count, jobs):
    # Seeds per work item: CHUNK, or fewer so that every worker gets some of a short range.
    return max(1, min(CHUNK, -(-count // max(1, jobs))))


def work(sizes, first, last, settings, chunk):
    # The work items, made as they are taken (a range of 2**32 seeds is 86 million of them).
    for w, h in sizes:
        for a in range(first, last + 1, chunk):
            yield (w, h, a, min(a + chunk - 1, last), tuple(settings))


def run(sizes, first, last, jobs, on_progress, settings=()):
    # -> {(w, h): Tally} in seed order. settings: ((name, value), ...) overriding the defaults.
    _state.clear()
    count = last - first + 1
    chunk = chunk_for(count, jobs)
    items = len(sizes) * -(-count // chunk)
    jobs = jobs_for(jobs, items)
    results = dict((tuple(s), Tally()) for s in sizes)
    todo = work(sizes, first, last, settings, chunk)
    if jobs <= 1:
        for key, rows in map(_worker, todo):
            results[key].add(rows)
            on_progress(len(rows))
        return results
    from collections import deque
    from itertools import islice
    from multiprocessing import get_context
    with get_context("fork").Pool(jobs, initializer=_quiet) as pool:
        pending = deque(pool.apply_async(_worker, (job,)) for job in islice(todo, WINDOW * jobs))
        while pending:
            key, rows = pending.popleft().get()
            for job in islice(todo, 1):
                pending.append(pool.apply_async(_worker, (job,)))
            results[key].add(rows)
            on_progress(len(rows))
    return results


def sweep(sizes, first, last, jobs, settings=(), bands=None, write_bands=False, on_progress=None):
    # The sweep document: {"seeds": [first, last], "sizes": {"WxH": summary}}; each summary gains
    # "drifted" (lines) when bands are given; "bands" holds new bands when write_bands.
    if jobs < 1 or jobs > MAX_JOBS:
        raise CliError("jobs: must be 1..%d, got %d" % (MAX_JOBS, jobs))
    results = run(sizes, first, last, jobs, on_progress or (lambda n: None), settings)
    document = {"seeds": [first, last], "sizes": {}}
    for (w, h), tally in results.items():
        label = "%dx%d" % (w, h)
        summary = summarize(tally)
        if bands is not None:
            summary["drifted"] = check_bands(tally, bands[label])
        if write_bands:
            document.setdefault("bands", {})[label] = make_bands(tally)
        document["sizes"][label] = summary
    return document


def verdict(document):
    # Exit 1 through CliError when a seed failed or a metric drifted (the report lists them).
    sizes = document["sizes"].values()
    if any(s["failures"] for s in sizes):
        raise CliError("some seeds failed to generate (listed above)", code=1)
    if any(s.get("drifted") for s in sizes):
        raise CliError("metrics drifted outside their bands (listed above)", code=1)


def summarize(tally):
    stats = {}
    ok = tally.valid
    for name in METRICS:
        if ok:
            stats[name] = spread(tally.values[name])
    return {"seeds": tally.seeds, "valid": ok, "metrics": stats,
            "histograms": dict((name, [list(b) for b in histogram(tally.values[name])])
                               for name in HISTOGRAMS if ok),
            "failures": list(tally.failures),
            "duplicates": [seeds for seeds in tally.by_hash.values() if isinstance(seeds, list)]}


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
def make_bands(tally):
    return dict((name, {q: percentile(tally.values[name], p) for q, p in
                        (("p01", 1), ("p25", 25), ("median", 50), ("p75", 75), ("p99", 99))})
                for name in METRICS if tally.valid)


# A drift is a metric whose sweep is improbable under the reference, for this many seeds: four
# one-sided binomial (sign) tests, each at FALSE_ALARM / (4 x metrics), so an unchanged generator
# raises a false alarm in at most FALSE_ALARM of the sizes swept, whatever the range (Bonferroni).
#   median: the seeds below (above) the reference median, against Binomial(n, MEDIAN_SHARE): the
#           distribution-free test that the median moved (ties make it conservative);
#   tails:  the seeds below p01 (above p99), against Binomial(n, TAIL_SHARE): a moved tail, and any
#           change at all of a metric that the reference holds constant.
# The shares are the reference's own 50% and 1%, plus three standard errors of a 1000-seed reference
# (it is itself a sample), so very large sweeps do not flag the reference's sampling error.
FALSE_ALARM = 0.01
MEDIAN_SHARE = 0.55
TAIL_SHARE = 0.02


def check_bands(tally, bands):
    drifted = []
    names = [name for name in METRICS if bands.get(name) and tally.values[name]]
    alpha = FALSE_ALARM / (4 * max(1, len(names)))
    for name in names:
        ref, values = bands[name], tally.values[name]
        n = len(values)
        for count, share, what in (
                (sum(1 for v in values if v < ref["median"]), MEDIAN_SHARE, "below the reference median %g"
                 % ref["median"]),
                (sum(1 for v in values if v > ref["median"]), MEDIAN_SHARE, "above the reference median %g"
                 % ref["median"]),
                (sum(1 for v in values if v < ref["p01"]), TAIL_SHARE, "below the reference 1st percentile %g"
                 % ref["p01"]),
                (sum(1 for v in values if v > ref["p99"]), TAIL_SHARE, "above the reference 99th percentile %g"
                 % ref["p99"])):
            p = binomial_tail(n, share, count)
            if p < alpha:
                drifted.append("%s: %d of %d seeds %s (p = %.1e, against %.1e for this many seeds)"
                               % (name, count, n, what, p, alpha))
                break
    return drifted


def binomial_tail(n, p, k):
    # P(Binomial(n, p) >= k), summed in logs from k up while the terms matter (k above the mean: they
    # only shrink), so any n is quick and nothing underflows to a false zero before it is negligible.
    import math
    if k <= n * p:
        return 1.0
    log_p, log_q = math.log(p), math.log1p(-p)
    total = 0.0
    for i in range(k, n + 1):
        term = math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + i * log_p
                        + (n - i) * log_q)
        total += term
        if term < total * 1e-12:
            break
    return min(1.0, total)


BAND_KEYS = ("p01", "p25", "median", "p75", "p99")


def load_bands(path, sizes):
    # The reference bands of a file, for every size of the sweep, or CliError saying what is missing
    # or malformed (the file is read within host.files' bounds, and each band used is checked here).
    import math
    from host.files import read_json, shown
    bands = read_json(path)
    where = "bands: %s" % shown(path)
    if not isinstance(bands, dict):
        raise CliError("%s: not an object of sizes" % where)
    for w, h in sizes:
        label = "%dx%d" % (w, h)
        if label not in bands:
            raise CliError("%s has no bands for %s" % (where, label))
        if not isinstance(bands[label], dict):
            raise CliError("%s: %s is not an object of metrics" % (where, label))
        for name in METRICS:
            ref = bands[label].get(name)
            if ref is None:
                continue
            if not isinstance(ref, dict) or any(
                    isinstance(ref.get(k), bool) or not isinstance(ref.get(k), (int, float))
                    or not math.isfinite(ref[k]) for k in BAND_KEYS):
                raise CliError("%s: %s.%s needs numbers %s" % (where, label, name, ", ".join(BAND_KEYS)))
    return bands
