"""Issue 24: the C reference (bench/c_ref/maze_ref.c) builds for the host and for rv32imc, and both
builds pass their own checks and count every phase (bench/c_ratio.py compares the library with them)."""
import shutil

import pytest

import c_ratio  # bench/c_ratio.py (bench/ is on the tests' path: conftest.py)
from host import riscv_board

PHASES = {"total", "construct", "carve", "place", "search", "validate"}


MISSING = ["gcc"] if not shutil.which("gcc") else riscv_board.missing()


@pytest.mark.skipif(bool(MISSING), reason="the C reference: missing %s" % ", ".join(MISSING))
def test_c_reference_counts_every_phase_on_the_host_and_on_rv32():
    on_host, rv32 = c_ratio.c_reference()
    assert set(on_host) == PHASES and set(rv32) == PHASES
    assert all(v > 0 for v in on_host.values())
    # Exact instruction counts: the parts add up to the whole, and a 32x32 generation takes more than
    # a bare search over its 1,024 cells.
    assert rv32["construct"] + rv32["place"] + rv32["validate"] <= rv32["total"] < 2 * 10 ** 6
    assert rv32["carve"] < rv32["construct"] and rv32["search"] > 1024 * 10


def test_a_reference_that_fails_its_checks_is_refused():
    with pytest.raises(SystemExit, match="failed its checks"):
        c_ratio.parse("total 5\nchecks failed\n", "host")
