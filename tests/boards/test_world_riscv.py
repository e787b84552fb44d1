"""Worlds on the RISC-V board (SPEC 2 item 5): MicroPython's rv32imc firmware in QEMU, reached through
mpremote as a C6 is (test_riscv.py's board and helpers). The flavours with rv32imc machine code (viper
kernels; every module native) are deployed as `maze32 deploy` ships them and rebuild rows of the golden
world catalogue chunk by chunk (every chunk of the world in play; native also a whole world of each
kind and strategy); both generate chunks inside micropython.heap_lock(), where on this 32-bit port a
long integer would be caught too. (The bytecode flavour runs on the 32-bit webassembly port in
test_world_runtimes.py.) Skipped, with test_riscv.py's reason, where the tier cannot run."""
import pytest

import riscv_tier

riscv_tier.skip_without_board()

from host.deploy import deploy  # noqa: E402
from riscv_tier import PROFILE, Served, connected, run_driver  # noqa: E402
from riscv_tier import firmware  # noqa: E402,F401  (the module's fixture: the cached firmware build)
from support import WORLD_LOCKED, world_rows  # noqa: E402

pytestmark = pytest.mark.slow            # the whole module: QEMU boots, a board per module


@pytest.fixture(scope="module")
def served(tmp_path_factory, firmware):  # noqa: F811
    s = Served(tmp_path_factory.mktemp("riscv-worlds"), firmware)
    yield s
    s.stop()


@pytest.fixture(scope="module", params=("viper", "native"))
def flavour(request, served):
    with connected(served) as b:
        result = deploy(b, PROFILE, request.param)
    assert result["emit"] == request.param
    return request.param


def run_fresh(served, driver, args):
    # The driver in one exec after a soft reset: the library's native code leaves a C6-sized heap
    # little room for what an earlier exec kept.
    with connected(served) as b:
        b.soft_reset()
    return run_driver(served, driver, args)


def sample(rows, flavour):
    # Every chunk of the world in play; in the native flavour also a whole 250 x 250 world of each
    # kind and dungeon strategy (the whole catalogue runs on every runtime of test_world_runtimes.py;
    # here the emulated board's time is the limit).
    picked, seen = [], set()
    for row, digest in rows:
        depth, strategy, w = row[1], row[2], row[3]
        key = (min(3, (depth + 2) // 3), strategy)
        if w == 2048 or (flavour == "native" and key not in seen):
            seen.add(key)
            picked.append((row, digest))
    return picked


def by_kind(rows):
    # Rows of one kind of world (and dungeon strategy) together: one exec each, so the board holds
    # only that kind's code (native code for every kind at once outgrows a C6-sized heap).
    groups = {}
    for row, digest in rows:
        groups.setdefault((min(3, (row[1] + 2) // 3), row[2]), []).append((row, digest))
    return [groups[k] for k in sorted(groups)]


def test_world_catalogue(served, flavour):
    rows = [r for group in by_kind(sample(world_rows(), flavour)) for r in group]
    got = []
    for group in by_kind(rows):
        got += [line.split() for line in run_fresh(served, "world_catalogue.py", {"rows": [r for r, _ in group]})]
    assert len(got) == len(rows)
    bad = [r[:5] for (r, digest), g in zip(rows, got) if g[-1] != digest]
    assert not bad, "%s differs from the world catalogue at %s" % (flavour, bad)


def test_chunks_allocate_nothing(served, flavour):
    locked = WORLD_LOCKED
    rows = locked if flavour == "native" else [locked[0][:5] + [64, 0, 64, 64], locked[3][:5] + [0, 64, 64, 64],
                                               locked[4]]
    lines = []
    for group in by_kind([(r, None) for r in rows]):
        lines += run_fresh(served, "world_catalogue.py", {"rows": [r for r, _ in group], "locked": True})
    assert lines and all(line.endswith(" clean") for line in lines), lines
