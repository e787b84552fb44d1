"""mip onto the RISC-V board (rv32imc, the ESP32-C6's instruction set): the index's native package and
the game through real mpremote, then the golden catalogue, the self-test in that flavour, the game's
trust check; and deploy reading the board's MicroPython version, with an older one made up (the only
stand-in here: the version number the board reports). Slow: run it when mip, the self-test or the
version rules change. Skipped without the RISC-V board's toolchain, like tests/test_riscv.py."""
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow            # mip installs and board builds: processes, minutes

from host import riscv_board

_GAPS = riscv_board.missing()
if _GAPS:
    pytest.skip("RISC-V board: missing %s; to enable: %s"
                % (", ".join(_GAPS), riscv_board.how_to_enable()), allow_module_level=True)

from host import boards, deploy, transport  # noqa: E402
from support import duel_rows as golden_rows, maze32  # noqa: E402
from mip_rigs import GAME_FILES, LIBRARY_FILES, Served, catalogue_on, mpremote  # noqa: E402

BIN = Path(sys.executable).parent


@pytest.fixture(scope="module")
def served_index(tmp_path_factory):
    out = tmp_path_factory.mktemp("index") / "mip"
    assert maze32("package", "-o", str(out)).returncode == 0
    served = Served(out)
    yield served
    served.close()


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    vb = riscv_board.RiscvBoard(root=tmp_path_factory.mktemp("riscv-mip"),
                                firmware=riscv_board.build_firmware()).start()
    yield vb
    vb.stop()


def test_mip_install_of_the_native_package_and_the_game(served_index, board):
    log = mpremote(board.url, "mip", "install", "--index", served_index.url, "maze32-game-rv32imc")
    assert log.count("Installing: /lib/") == LIBRARY_FILES + GAME_FILES, log
    rows = golden_rows()[::5]
    assert catalogue_on(board.url, rows) == [[str(w), str(h), str(s), d, str(a)] for w, h, s, d, a in rows]
    out = mpremote(board.url, "exec", "from maze32_game import app, trust\nfrom maze32 import selftest\n"
                   "print(repr(selftest.run()), trust.installed(), repr(trust.check()), callable(app.main))")
    assert out.split() == ["''", "native", "''", "True"]


def test_deploy_reads_the_version_and_distrusts_an_older_one(board, monkeypatch):
    profile = boards.load(boards.DEFAULT_BOARD)
    with transport.connected(board.url, 30.0) as b:
        result = deploy.deploy(b, profile, "auto")
    assert result["release"] == (1, 28, 0) and result["emit"] == "native" and result["notes"] == []
    real = deploy.board_version
    monkeypatch.setattr(deploy, "board_version", lambda b: (real(b)[0], (1, 27, 0)))
    with transport.connected(board.url, 30.0) as b:
        result = deploy.deploy(b, profile, "auto")
    assert result["emit"] == "bytecode" and "v1.27.0 on rv32imc" in result["notes"][0]
    assert "424ae08680" in result["notes"][0]


def test_a_library_from_the_old_emitter_fails_the_self_test_and_deploy_falls_back(board, tmp_path, monkeypatch):
    # deploy's mpy-cross swapped for the stand-in of the emitter before 424ae08680 (tests/old_emitter.py):
    # the board's self-test catches the clobbered index register, deploy ships bytecode instead, and
    # the board reproduces the golden rows.
    import old_emitter
    from host import flavours
    monkeypatch.setattr(flavours, "mpy_cross", lambda path=old_emitter.build(tmp_path): path)
    with transport.connected(board.url, 30.0) as b:
        result = deploy.deploy(b, boards.load(boards.DEFAULT_BOARD), "auto")
    assert result["emit"] == "bytecode" and result["release"] == (1, 28, 0)
    note, = result["notes"]             # the clobbered index came back as an address: its value varies
    assert note.startswith("the native flavour failed the board's self-test (an indexed viper store "
                           "clobbered its index register (") and note.endswith(", not 29061)): bytecode flavour")
    rows = golden_rows()[::5]
    assert catalogue_on(board.url, rows) == [[str(w), str(h), str(s), d, str(a)] for w, h, s, d, a in rows]
