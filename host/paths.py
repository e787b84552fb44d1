# Where maze32's files are: the one place that knows the repository's layout and the user's cache.
#
# Product data: the sweep's reference bands in data/, the board profiles in boards/ (SPEC 1); an installed wheel
# carries that folder as package data host/data/ (pyproject.toml), so below DATA the layout is the
# same either way. The game (the package maze32_game, which play imports and deploy compiles) is
# firmware/maze32_game/ in a checkout and a package of its own in a wheel; the board's boot file
# main.py is firmware/ in a checkout and host/data/firmware/ in a wheel.
import os
from pathlib import Path

import maze32
import maze32_game                               # only its __init__: no game module loads here

HOST = Path(__file__).resolve().parent
INSTALLED = (HOST / "data").is_dir()             # a wheel, not a checkout (or an editable install)
DATA = HOST / "data" if INSTALLED else HOST.parent / "data"
# Board profiles, one JSON file each: boards/ at the checkout's top (SPEC 1), host/data/boards in a wheel.
BOARDS = (HOST / "data" if INSTALLED else HOST.parent) / "boards"
BANDS = DATA / "bands.json"                      # sweep's reference metric bands
FIRMWARE = (HOST / "data" if INSTALLED else HOST.parent) / "firmware"   # main.py, the board's boot file
LIBRARY = Path(maze32.__file__).resolve().parent  # shared/maze32, or the installed package
GAME = Path(maze32_game.__file__).resolve().parent  # firmware/maze32_game, or the installed package
RISCV_PORT = HOST / "riscv"                      # the RISC-V board's additions to MicroPython's port
# The kit's MicroPython source beside a checkout (../shared/micropython); elsewhere MICROPYTHON_SRC.
MICROPYTHON_TARBALL = HOST.parent.parent / "shared" / "micropython" / "micropython-1.28.0-src.tar.gz"
# MicroPython's webassembly port as npm installs it for the tests (make setup), which the web page ships.
WASM_PORT = HOST.parent / "tests" / "wasm" / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"


def xdg(name, default):
    # An XDG base folder: the variable when it is an absolute path (the spec: a relative one is
    # invalid and ignored; it would put the user's files wherever the command happens to run), else
    # the default under the home folder.
    value = os.environ.get(name, "")
    return Path(value if os.path.isabs(value) else os.path.expanduser(default))


# The user's cache: the boards' folders, the RISC-V firmware builds, Explore's chunks.
CACHE = xdg("XDG_CACHE_HOME", "~/.cache") / "maze32"
# The user's data, which a cleaned cache must not lose: the twin's records and its Duel runs (ghosts).
DATA_HOME = xdg("XDG_DATA_HOME", "~/.local/share") / "maze32"

