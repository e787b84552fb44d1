# Where maze32's files are: the one place that knows the repository's layout.
#
# From a checkout (or an editable install) the data folders are the repository's own: boards/,
# bench/bands.json, firmware/. An installed wheel carries the same folders as package data under
# host/data/ (pyproject.toml maps them there), so the layout below DATA is the same either way.
import sys
from pathlib import Path

import maze32

HOST = Path(__file__).resolve().parent
DATA = HOST / "data" if (HOST / "data").is_dir() else HOST.parent
ROOT = DATA                                      # deploy's name for it
BOARDS = DATA / "boards"                         # board profiles, one JSON file each
BANDS = DATA / "bench" / "bands.json"            # sweep's reference metric bands
FIRMWARE = DATA / "firmware"                     # the board's application, as deploy ships it
LIBRARY = Path(maze32.__file__).resolve().parent  # shared/maze32, or the installed package
RISCV_PORT = HOST / "riscv"                      # the RISC-V board's additions to MicroPython's port
# The kit's MicroPython source beside a checkout (../shared/micropython); elsewhere MICROPYTHON_SRC.
MICROPYTHON_TARBALL = HOST.parent.parent / "shared" / "micropython" / "micropython-1.28.0-src.tar.gz"


def firmware(*names):
    # Import firmware modules (duel, deeper, console, ...) for the desktop twin. On the board they are
    # top-level modules that import each other by bare name, so their folder goes on sys.path, as it
    # is on the board: here, when a command first needs them, never when host is imported.
    folder = str(FIRMWARE)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return [__import__(name) for name in names]
