"""--check-bands knows its sample size (host/sweep.py's check_bands): an unchanged generator passes
at any range, from 5 seeds to 10,000 (a 20-seed median compared with the reference quartiles used to
fail), and a deliberately changed setting is still caught with 20 seeds and with 200."""
import json
import math
import subprocess

import pytest

from host import paths, sweep
from terminals import MAZE32


def maze32(*args):
    return subprocess.run([MAZE32, *args], capture_output=True, text=True, timeout=300)


def test_twenty_seeds_of_the_unchanged_generator_pass():
    proc = maze32("sweep", "--seeds", "0..19", "--size", "8x8", "--check-bands")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "every metric within its bands" in proc.stdout


@pytest.mark.slow                  # 192 sweeps; the quick tier keeps the reference's pass and the catches
def test_no_false_alarm_over_hundreds_of_small_and_large_sweeps():
    # Disjoint windows of fresh seeds (the reference is 0..999): at 1% a size, about 2 of these 200
    # could alarm; Bonferroni and ties make it rarer, and none does.
    bands = json.loads(paths.BANDS.read_text())["8x8"]
    alarms = windows = 0
    for n, count in ((5, 100), (20, 60), (50, 30), (2000, 2)):
        for k in range(count):
            first = 20000 + 100000 * (n == 2000) + k * n
            tally = sweep.run([(8, 8)], first, first + n - 1, 2, lambda done: None)[(8, 8)]
            windows += 1
            alarms += bool(sweep.check_bands(tally, bands))
    assert windows == 192 and alarms == 0


@pytest.mark.parametrize("seeds", ["0..19", "3000..3199"])
@pytest.mark.parametrize("setting", [["--cycles", "3"], ["--seams", "1"], ["--min-exit-separation", "12"]])
def test_a_changed_setting_is_caught(seeds, setting):
    proc = maze32("sweep", "--seeds", seeds, "--size", "8x8", *setting, "--check-bands")
    assert proc.returncode == 1, proc.stdout
    assert "drift 8x8 " in proc.stdout and "metrics drifted" in proc.stderr
    assert " seeds " in proc.stdout and "(p = " in proc.stdout     # says how improbable, for this many


def test_the_binomial_tail_is_the_exact_sum():
    for n, p, k in ((20, 0.55, 20), (20, 0.55, 15), (200, 0.02, 9), (7, 0.5, 4), (1000, 0.55, 700)):
        exact = sum(math.comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k, n + 1))
        assert sweep.binomial_tail(n, p, k) == pytest.approx(exact, rel=1e-9, abs=1e-300)
    assert sweep.binomial_tail(10 ** 6, 0.02, 10) == 1.0                    # below the mean: no evidence
