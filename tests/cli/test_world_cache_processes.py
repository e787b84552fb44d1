"""The chunk cache shared by several real processes at once (issue 22: two processes filling one cold
cache failed in 9 of 10 pairs, "cache: cannot write ... (No such file or directory)"): every run
succeeds with the same world, each entry is sound afterwards, and no temporary file is left."""
import json
import os
import subprocess

import pytest

from support import MAZE32

RUNS = 4
ROUNDS = 5


def together(folder, seed):
    # RUNS `world validate --cache folder` started at once -> [(exit, stdout, stderr)].
    cmd = [MAZE32, "world", "validate", "--seed", str(seed), "--depth", "8", "--size", "250x250",
           "--json", "--cache", str(folder)]
    procs = [subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for _ in range(RUNS)]
    return [(p.returncode, out, err) for p, (out, err) in ((p, p.communicate(timeout=300)) for p in procs)]


@pytest.mark.slow
def test_processes_filling_one_cold_cache_all_succeed(tmp_path):
    for round_ in range(ROUNDS):
        folder = tmp_path / ("cache%d" % round_)
        results = together(folder, 7 + round_)
        assert [code for code, _, _ in results] == [0] * RUNS, [err for _, _, err in results]
        hashes = set(json.loads(out)["hash"] for _, out, _ in results)
        assert len(hashes) == 1 and all(json.loads(out)["valid"] for _, out, _ in results)
        assert not [err for _, _, err in results if err.strip()]      # nothing repaired, nothing failed
        names = [n for _, _, files in os.walk(folder) for n in files]
        assert len(names) == 16 and all(n.endswith(".chunk") for n in names), names
        # A warm cache read by as many at once: every chunk a hit, the same world.
        again = together(folder, 7 + round_)
        assert [code for code, _, _ in again] == [0] * RUNS
        assert set(json.loads(out)["hash"] for _, out, _ in again) == hashes


@pytest.mark.slow
def test_micropython_and_cpython_processes_share_one_cold_cache(tmp_path):
    # The board's own cache code on the unix port, three processes of it and three of CPython at once.
    import threading
    import runtimes
    runtimes.library("unix")                     # built once, before the processes race
    outs, errors = [], []

    def fill(runtime):
        try:
            outs.append(runtimes.run(runtime, "world_cache_run.py", {"root": str(tmp_path), "fill": 1}))
        except Exception as e:                   # noqa: BLE001 - reported below, as the test's failure
            errors.append(str(e))
    threads = [threading.Thread(target=fill, args=(r,)) for r in ("unix", "cpython") * 3]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and sorted(o.split() for o in outs) == [["filled", "16", "same"]] * 6, (errors, outs)
