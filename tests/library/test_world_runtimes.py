"""SPEC 2 for worlds: the golden catalogue tests/golden/world.tsv (written once from the twin's
whole-world builds) rebuilt chunk by chunk on CPython, the MicroPython unix port in every flavour and
the 32-bit webassembly port, one driver call each; chunk generation inside micropython.heap_lock() on
every MicroPython flavour, the first chunk from a workspace that has made nothing yet (so nothing is
first set up under the lock); the world checks on every flavour; and the generator's memory on the 32-bit
port."""
import pytest

import runtimes
from support import WORLD_LOCKED, world_rows


def test_catalogue_covers_every_depth_both_strategies_and_the_world_in_play():
    rows = [r for r, _ in world_rows()]
    small = [r for r in rows if r[3:5] == [250, 250]]
    assert {r[1] for r in small if r[2] == "bsp"} == set(range(1, 10))
    assert len({r[0] for r in small}) >= 3 and {r[1] for r in small if r[2] == "accretion"} == {7, 8, 9}
    big = [r for r in rows if r[3:5] == [2048, 2048]]
    assert len(big) >= 5 and {(r[7], r[8]) for r in big} == {(64, 64)}
    assert {1 if r[1] <= 3 else 4 if r[1] <= 6 else 7 for r in big} == {1, 4, 7}


@pytest.mark.parametrize("runtime", runtimes.CATALOGUE_FLAVOURS)
def test_golden_catalogue_reproduced(runtime):
    rows = world_rows()
    out = runtimes.run(runtime, "world_catalogue.py", {"rows": [r for r, _ in rows]})
    got = [line.split() for line in out.splitlines()]
    assert len(got) == len(rows)
    bad = [r[:5] for (r, digest), g in zip(rows, got) if g[-1] != digest]
    assert not bad, "%s differs from the world catalogue at %s" % (runtime, bad[:10])


# The webassembly port runs the bytecode the unix port runs in the quick tier: only in the full run.
@pytest.mark.parametrize("runtime", ["unix", "unix-viper", "unix-native", pytest.param("wasm", marks=pytest.mark.slow)])
def test_chunk_generation_allocates_nothing(runtime):
    out = runtimes.run(runtime, "world_catalogue.py", {"rows": WORLD_LOCKED, "locked": True})
    lines = out.splitlines()
    assert len(lines) == 4 * 16 + 3 + 1 + 4          # the 128 x 128 row: its 4 chunks
    assert all(line.endswith(" clean") for line in lines), [l for l in lines if not l.endswith("clean")]


def test_heaplock_harness_catches_allocation_in_a_chunk():
    # The control: the same harness catches a world stage that builds a tuple.
    out = runtimes.run("unix", "world_heaplock_control.py")
    assert out.split() == ["ALLOCATED"]


def test_generator_memory_on_the_32_bit_port():
    # gc.mem_alloc() growth of a WorldWorkspace and one chunk's tiles, then of one generated chunk.
    out = runtimes.run("wasm", "world_memory.py")
    grown, generating = (int(v) for v in out.split())
    assert 0 < grown <= 32 * 1024, grown
    assert generating == 0


@pytest.mark.parametrize("runtime", runtimes.CATALOGUE_FLAVOURS)
def test_the_world_checks_agree_on_every_flavour(runtime):
    # check_world's viper kernels (the flood, the solid-tile sums of the rooms rule) on each build.
    lines = [line.split() for line in runtimes.run(runtime, "world_check_run.py").splitlines()]
    assert [line[2:] for line in lines] == [["0", "64"], ["0", "64"]], lines
