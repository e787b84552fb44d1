# Where maze32's files are: the one place that knows the repository's layout and the user's cache.
#
# Product data: the sweep's reference bands in data/, the board profiles in boards/ (SPEC 1); an installed wheel
# carries that folder as package data host/data/ (pyproject.toml), so below DATA the layout is the
# same either way. The firmware that deploy compiles and play imports is firmware/ in a checkout and
# host/data/firmware/ in a wheel.
import os
import sys
from pathlib import Path

import maze32

HOST = Path(__file__).resolve().parent
INSTALLED = (HOST / "data").is_dir()             # a wheel, not a checkout (or an editable install)
DATA = HOST / "data" if INSTALLED else HOST.parent / "data"
# Board profiles, one JSON file each: boards/ at the checkout's top (SPEC 1), host/data/boards in a wheel.
BOARDS = (HOST / "data" if INSTALLED else HOST.parent) / "boards"
BANDS = DATA / "bands.json"                      # sweep's reference metric bands
FIRMWARE = (HOST / "data" if INSTALLED else HOST.parent) / "firmware"   # the board's application
LIBRARY = Path(maze32.__file__).resolve().parent  # shared/maze32, or the installed package
RISCV_PORT = HOST / "riscv"                      # the RISC-V board's additions to MicroPython's port
# The kit's MicroPython source beside a checkout (../shared/micropython); elsewhere MICROPYTHON_SRC.
MICROPYTHON_TARBALL = HOST.parent.parent / "shared" / "micropython" / "micropython-1.28.0-src.tar.gz"
# MicroPython's webassembly port as npm installs it for the tests (make setup), which the web page ships.
WASM_PORT = HOST.parent / "tests" / "wasm" / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
# The user's cache: the boards' folders, the RISC-V firmware builds, Explore's chunks.
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")) / "maze32"


def firmware(*names):
    # Import firmware modules (duel, deeper, console, ...) for the desktop twin. On the board they are
    # top-level modules that import each other by bare name, so their folder goes on sys.path, as it
    # is on the board: here, when a command first needs them, never when host is imported.
    folder = str(FIRMWARE)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return [__import__(name) for name in names]
