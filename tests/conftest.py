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
