"""The RISC-V board as test_riscv.py and test_world_riscv.py serve it: MicroPython's ports/qemu
firmware (rv32imc) in QEMU behind host/riscv_board.py, reached through host.transport as each maze32
command reaches a board. A module of this tier calls skip_without_board() first: without the cross
toolchain, QEMU or the MicroPython source it is skipped with one reason."""
import pytest

from host import boards, riscv_board
from host.transport import Board
from support import script_text

PROFILE = boards.load("esp32-c6-devkitc-1")
TIMEOUT = 30            # seconds per board step (entering the REPL, one small exec)
LONG = 600              # a whole catalogue in one exec


def skip_without_board():
    gaps = riscv_board.missing()
    if gaps:
        pytest.skip("RISC-V board: missing %s; to enable: %s"
                    % (", ".join(gaps), riscv_board.how_to_enable()), allow_module_level=True)


class Served:
    # A module's board. restart() is a power cycle: QEMU stops and starts again on the same root,
    # whose RAM file holds the filesystem.
    def __init__(self, root, firmware):
        self.root, self.firmware = root, firmware
        self.board = riscv_board.RiscvBoard(root=root, firmware=firmware).start()

    @property
    def url(self):
        return self.board.url

    def restart(self):
        self.board.stop()
        self.board = riscv_board.RiscvBoard(root=self.root, firmware=self.firmware).start()

    def stop(self):
        self.board.stop()


@pytest.fixture(scope="module")
def firmware():
    return riscv_board.build_firmware()          # cached: builds only on the first run


class connected:
    # host.transport.Board on the served board, as each maze32 command opens one.
    def __init__(self, served):
        self.url = served.url

    def __enter__(self):
        self.board = Board(self.url, timeout=TIMEOUT)
        return self.board

    def __exit__(self, *exc):
        self.board.close()


def run_driver(served, driver, args):
    # A tests/drivers script with ARGS bound, in one exec on the board; its output lines.
    code = script_text(driver, args)
    with connected(served) as b:
        return b.exec(code, timeout=LONG).splitlines()
