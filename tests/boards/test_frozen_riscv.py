"""The frozen-firmware path: the RISC-V board's firmware built with maze32's manifest.py (MicroPython's
manifest syntax) frozen in beside its boot script, then, with nothing on its filesystem, the library
and the game import from the firmware itself, reproduce the golden catalogue and pass the self-test.
Slow (a firmware build of its own, cached like the board's): skipped without the RISC-V toolchain."""

import pytest

pytestmark = pytest.mark.slow            # mip installs and board builds: processes, minutes

from host import riscv_board

_GAPS = riscv_board.missing()
if _GAPS:
    pytest.skip("RISC-V board: missing %s; to enable: %s"
                % (", ".join(_GAPS), riscv_board.how_to_enable()), allow_module_level=True)

from support import ROOT, duel_rows as golden_rows  # noqa: E402
from mip_rigs import catalogue_on, mpremote  # noqa: E402
from riscv_tier import connected, run_driver  # noqa: E402

MANIFEST = ROOT / "shared" / "manifest.py"


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    vb = riscv_board.RiscvBoard(root=tmp_path_factory.mktemp("riscv-frozen"),
                                firmware=riscv_board.build_firmware(freeze=MANIFEST)).start()
    yield vb
    vb.stop()


def test_frozen_library_and_game_run_from_the_firmware(board):
    out = mpremote(board.url, "exec", "import os, maze32, maze32_game\nfrom maze32_game import app, trust\n"
                   "from maze32 import selftest, world\n"
                   "print(os.listdir('/'), maze32.__file__, maze32_game.__file__, repr(selftest.run()), "
                   "trust.installed(), callable(app.main))")
    listing, rest = out.rsplit("]", 1)
    assert listing == "["                                # an empty filesystem: all from the firmware
    assert rest.split() == ["maze32/__init__.py", "maze32_game/__init__.py", "''", "source", "True"], out
    rows = golden_rows()
    assert catalogue_on(board.url, rows) == [[str(w), str(h), str(s), d, str(a)] for w, h, s, d, a in rows]


def test_every_game_holds_at_most_96_kb_on_the_frozen_firmware(board):
    # Issue 24: with the code in the firmware, a game's resident heap is its objects and buffers: each
    # game, chosen after the others from one menu (tests/drivers/game_heap.py), holds at most 96 KB of
    # the board's 256 KiB, and gives it back at the menu.
    with connected(board) as b:
        b.soft_reset()
    out = run_driver(board, "game_heap.py", {"modes": ["explore", "duel", "deeper", "explore"]})
    lines = [line.split() for line in out[0::2]]           # each followed by its qstr_info line
    menu = int(lines[0][1])
    for mode, _, played, _, left, _ in lines[1:]:
        assert int(played) <= 96000 and int(left) - menu < 24000, (mode, played, left, menu)

