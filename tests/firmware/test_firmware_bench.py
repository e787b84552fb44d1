"""The firmware's bench mode on the real MicroPython ports: one line per seed whose hash matches the
golden catalogue, a valid maze every time, and no heap growth across the timed seeds."""
import pytest

import runtimes
from support import duel_rows


@pytest.mark.parametrize("runtime", ["unix", "wasm"])
def test_bench_mode_hashes_match_the_twin(runtime):
    out = runtimes.run(runtime, "bench_entry.py",
                       {"sizes": [[32, 32], [8, 8]], "first": 0, "last": 9}, firmware=True)
    golden = {(w, h, s): d for w, h, s, d, _ in duel_rows()}
    times = [l.split() for l in out.splitlines() if l.startswith("maze32-time")]
    heaps = [l.split() for l in out.splitlines() if l.startswith("maze32-heap")]
    assert len(times) == 20 and out.splitlines()[-1] == "maze32-done"
    for _, w, h, seed, us, status, mask, digest in times:
        assert (status, mask) == ("0", "0")
        assert int(us) >= 0
        assert digest == golden[(int(w), int(h), int(seed))]
    assert [h[-1] for h in heaps] == ["0", "0"]
