# The one percentile of maze32's reports (sweep, time, world sweep, the benches), and the spread the
# sweeps print: nearest rank of the sorted values, no interpolation, so every figure is a value that
# occurred (a seed's metric, a run's count).
import statistics

SPREAD = ("min", "median", "p95", "max")


def percentile(values, p):
    # The p-th percentile (0..100) of values.
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, int(round(p / 100.0 * (len(ordered) - 1)))))
    return ordered[k]


def spread(values):
    # {"min", "median", "p95", "max"} of values; None each when there are none.
    ordered = sorted(values)
    if not ordered:
        return dict.fromkeys(SPREAD)
    return {"min": ordered[0], "median": statistics.median(ordered), "p95": percentile(ordered, 95),
            "max": ordered[-1]}
