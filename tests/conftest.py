"""The one place the tests' import path is set. Test files import the library (`maze32`, from shared/),
the host (`host`), the game (`maze32_game`, from firmware/: `from maze32_game import duel`, as on a
board), the drivers the runtimes run (tests/drivers/, e.g. link_memnet) and the helper modules beside
this file (support, runtimes, terminals, ...). No test file edits sys.path itself, and none imports
another test file: what they share is in support.py."""
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
sys.path.insert(0, str(TESTS / "drivers"))     # scripts the runtimes run, some imported here too
sys.path.insert(0, str(ROOT / "firmware"))     # the game, the package maze32_game
sys.path.insert(0, str(ROOT / "bench"))        # bench/newcomer.py: the player models the bots are tuned against
sys.path.insert(0, str(TESTS))                 # support.py, runtimes.py, terminals.py, ...
sys.path.insert(0, str(ROOT / "shared"))       # the library, maze32
sys.path.insert(0, str(ROOT))                  # host

# The user's data (host/paths.py's DATA_HOME: the twin's records and saved runs) and the default
# virtual and RISC-V boards' folders in folders of this session (of this worker, under pytest-xdist)
# for every test and every command a test runs: never the user's, never another worker's. The RISC-V
# firmware builds stay in the user's cache (built once, under a lock, for every run).
import atexit  # noqa: E402
import os  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402
for name, prefix in (("XDG_DATA_HOME", "data"), ("MAZE32_VIRTUAL_BOARD", "virtual-board"),
                     ("MAZE32_RISCV_BOARD", "riscv-board")):
    os.environ[name] = tempfile.mkdtemp(prefix="maze32-%s-" % prefix)
    atexit.register(shutil.rmtree, os.environ[name], True)

# Tests stop commands with SIGINT, as Ctrl-C does. A suite started in the background (`cmd &` in a
# script, nohup) inherits SIGINT ignored, and so would every command it starts (Python then installs no
# KeyboardInterrupt): a served board, a kept board or a sweep would not stop. A handler, unlike an
# ignored signal, is not inherited across exec.
import signal  # noqa: E402
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# Python's bytecode cache on, for this run and every process it starts, where the environment turned it
# off (PYTHONDONTWRITEBYTECODE, set on these machines): the suite starts `maze32` and Python hundreds of
# times, each compiling host/ and shared/ again without it, and each worker rewrote every test file's
# asserts again (about 30 of the quick tier's 300 CPU seconds). The caches are __pycache__ folders
# (git ignores them), written atomically, so workers and other runs share them safely.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

import pytest  # noqa: E402

WORKERS = 4             # twice the machine's 2 cores: half a worker's time is waiting on the pipes, ptys and clocks
                        # of the processes its tests start (two workers left ~120 core-seconds of the quick tier idle)


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config):
    # The whole suite or a tier of it (`make test`, `pytest -m "not slow"`: no path named, so
    # pyproject's testpaths) runs on WORKERS pytest-xdist workers, a test file on one worker with all
    # its tests (--dist loadfile: a module's fixtures, its board and its summary stay in one process).
    # A named file or test, -n given, --pdb, a worker itself, or no pytest-xdist: one process, as ever.
    source = getattr(pytest.Config, "ArgsSource", None)          # pytest 7.4 and later say where args came from
    if (source and config.pluginmanager.hasplugin("xdist") and not hasattr(config, "workerinput")
            and config.option.numprocesses is None and not config.option.usepdb
            and config.args_source == source.TESTPATHS):
        config.option.numprocesses = WORKERS
        if config.option.dist == "no":
            config.option.dist = "loadfile"
