# maze32 deploy: compile shared/maze32 and the game (maze32_game) for the board's .mpy format, repair
# what is in the way (.part leftovers of an interrupted deploy, folders where files go, stale .py twins:
# a .py shadows a .mpy of the same name; modules it no longer ships), copy what changed, write
# board.json, soft-reset.
import hashlib
import json
import re
import subprocess
import tempfile

from host.errors import CliError
from host import flavours
from host.paths import FIRMWARE, GAME, LIBRARY   # a checkout's folders, or the installed ones
from maze32 import selftest
BOOT = "main.py"                              # the board's boot file, at its top: MicroPython runs it only as .py
BOARD_LIBRARY = "lib/maze32/"                 # the library's folder on the board: deploy's alone
BOARD_GAME = "lib/maze32_game/"               # the game's package on the board: deploy's alone too
OWN_FOLDERS = (BOARD_LIBRARY, BOARD_GAME)
LONG_STEP = 6        # listing (hashing every file) and repairing get this many times the board's timeout

ARCHS = selftest.ARCHS        # sys.implementation._mpy bits 10.. -> native architecture

# Lists everything under the board's working folder: "d PATH" for a folder, "f PATH SHA256" for a file.
# It only reads: nothing is imported (a truncated module may never return from its import).
LIST_FILES = """
import os, hashlib, binascii
def _walk(d):
    for e in os.ilistdir(d or '.'):
        p = d + '/' + e[0] if d else e[0]
        if e[1] & 0x4000:
            print('d', p)
            _walk(p)
        else:
            h = hashlib.sha256()
            with open(p, 'rb') as f:
                while True:
                    b = f.read(512)
                    if not b:
                        break
                    h.update(b)
            print('f', p, binascii.hexlify(h.digest()).decode())
_walk('')
"""

# maze32.selftest on the board, in the flavour deploy just copied there.
SELFTEST = "from maze32 import selftest\nprint('maze32-selftest', selftest.run() or 'ok')"

# Removes each path given (a folder with everything in it; one already gone is fine), then makes the
# folders deploy writes into.
REPAIR = """
import os
def _rm(p):
    try:
        m = os.stat(p)[0]
    except OSError:
        return
    if m & 0x4000:
        for e in os.ilistdir(p):
            _rm(p + '/' + e[0])
        os.rmdir(p)
    else:
        os.remove(p)
for p in %r:
    _rm(p)
for d in %r:
    try:
        os.mkdir(d)
    except OSError:
        pass
"""


def parse_mpy(value):
    # sys.implementation._mpy -> (version, sub-version, arch or None)
    return value & 0xFF, (value >> 8) & 3, selftest.arch_of(value)


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
    # -> {board path: bytes}: the library in `flavour` under lib/maze32/, the game under
    # lib/maze32_game/ in its flavour beside it (flavours.firmware_flavour: its drawing's viper kernels
    # compiled alike), both through flavours.build; main.py as source at the top.
    try:
        library = flavours.build(flavour, arch, out_dir, LIBRARY)
        game = flavours.build(flavours.firmware_flavour(flavour), arch, out_dir, GAME)
    except flavours.BuildError as e:
        raise CliError(str(e))
    files = dict((BOARD_LIBRARY + name, path.read_bytes()) for name, path in library.items())
    files.update((BOARD_GAME + name, path.read_bytes()) for name, path in game.items())
    files[BOOT] = (FIRMWARE / BOOT).read_bytes()
    return files


def board_version(board):
    # -> (sys.implementation._mpy, MicroPython's version as (major, minor, micro), or None if unread).
    text = board.exec("import sys\nprint(sys.implementation._mpy)\nprint(*sys.implementation.version[:3])",
                      what="reading sys.implementation._mpy and .version")
    lines = text.strip().splitlines() or [""]
    try:
        mpy = int(lines[0].strip())
    except ValueError:
        raise CliError("board at %s: reading sys.implementation._mpy: it answered %r, not a number"
                       % (board.port, lines[0].strip()[:40]))
    release = lines[1].split() if len(lines) > 1 else []
    return mpy, (tuple(int(n) for n in release) if len(release) == 3 and all(n.isdigit() for n in release)
                 else None)


def trusted(release, arch, flavour, emit):
    # -> (flavour, note): the version rules of maze32.selftest decide for --emit auto; an explicit
    # --emit is obeyed, the rule's objection kept as a note.
    safe, reason = selftest.trusted_flavour(release, arch, flavour)
    if not reason:
        return flavour, ""
    if emit == "auto":
        return safe, reason + " (--emit %s overrides it)" % flavour
    return flavour, reason.rsplit(":", 1)[0] + ": %s anyway, as --emit asked" % flavour


def board_selftest(board):
    # The board's own verdict on the flavour just deployed, from a fresh interpreter: "" or why not.
    out = board.exec(SELFTEST, what="running the self-test of indexed viper loads and stores")
    for line in out.splitlines():
        if line.startswith("maze32-selftest "):
            verdict = line[len("maze32-selftest "):].strip()
            return "" if verdict == "ok" else verdict
    return "it printed no verdict (%r)" % out.strip()[:60]


def board_files(board):
    # -> ({file path: sha256}, {folder path}) of everything under the board's working folder.
    files, folders = {}, set()
    for line in board.exec(LIST_FILES, timeout=board.timeout * LONG_STEP,
                           what="listing and hashing the board's files").splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "f":
            files[parts[1]] = parts[2]
        elif len(parts) == 2 and parts[0] == "d":
            folders.add(parts[1])
    return files, folders


def in_the_way(files, present, present_folders, folders):
    # What must go before copying: leftovers of an interrupted copy (.part), a folder where a file
    # goes, a file where a folder goes, stale .py twins (a .py shadows the .mpy of the same name),
    # whatever the library's and the game's folders hold that this deploy does not ship (modules of an
    # older layout, e.g. the flat world_*.mpy before maze32/world/ became a package), and the game's
    # .mpy modules at the board's top, where deploy put them before lib/maze32_game/ (bench.mpy is
    # board_bench's old name).
    remove = {p for p in present if p.endswith(".part")}
    remove |= {p for p in present_folders if p.endswith(".part") or p in files}
    remove |= {p for p in present if p in folders}
    remove |= {p[:-4] + ".py" for p in files if p.endswith(".mpy") and p[:-4] + ".py" in present}
    remove |= {p for p in present if p.startswith(OWN_FOLDERS) and p not in files}
    remove |= {p for p in present_folders if p.startswith(OWN_FOLDERS) and p not in folders}
    remove |= {p for p in present if p.endswith(".mpy") and (BOARD_GAME + p in files or p == "bench.mpy")}
    # nothing inside a folder that goes anyway
    return sorted(p for p in remove if not any(p.startswith(q + "/") for q in remove))


def deploy(board, profile, emit, progress=None):
    # -> dict(copied=[...], skipped=[...], removed=[...], mpy=(v, sub, arch), emit=flavour, notes=[...])
    # The flavour: the fastest the board runs, unless its MicroPython version says its machine code
    # cannot be trusted; after the soft reset the board's self-test judges the code itself, and a fast
    # flavour that computes wrong results is replaced by bytecode.
    board_mpy, release = board_version(board)
    arch, flavour = check_compatible(board_mpy, emit)
    flavour, note = trusted(release, arch, flavour, emit)
    result = copy_flavour(board, profile, arch, flavour, progress)
    result.update(mpy=parse_mpy(board_mpy), release=release, notes=[note] if note else [])
    verdict = board_selftest(board)
    if verdict and flavour != "bytecode":
        again = copy_flavour(board, profile, arch, "bytecode", progress)
        again["copied"] = sorted(set(result["copied"]) | set(again["copied"]))
        again["skipped"] = [p for p in again["skipped"] if p not in again["copied"]]
        again["removed"] = sorted(set(result["removed"]) | set(again["removed"]))
        result.update(again, notes=result["notes"] + ["the %s flavour failed the board's self-test (%s): "
                                                      "bytecode flavour" % (flavour, verdict)])
        verdict = board_selftest(board)
    if verdict:
        raise CliError("board at %s: the %s flavour fails the self-test: %s" % (board.port, result["emit"], verdict))
    board.soft_reset()      # leave the board fresh: the self-test's code would hold heap the game needs
    return result


def copy_flavour(board, profile, arch, flavour, progress):
    # Whatever an earlier deploy left (killed at any point) or whatever else is in the way is repaired
    # first; then every file whose hash differs is copied under a temporary name and renamed.
    with tempfile.TemporaryDirectory() as tmp:
        files = compile_all(arch, flavour, tmp)
    files["board.json"] = (json.dumps(profile, indent=1) + "\n").encode()
    # What was deployed, for the firmware (bench mode reports the flavour it runs).
    files["maze32.json"] = (json.dumps({"flavour": flavour, "arch": arch}) + "\n").encode()
    present, present_folders = board_files(board)
    folders = sorted({"/".join(p.split("/")[:i]) for p in files for i in range(1, p.count("/") + 1)})
    removed = in_the_way(files, present, present_folders, folders)
    if removed or set(folders) - present_folders:
        board.exec(REPAIR % (removed, folders), timeout=board.timeout * LONG_STEP,
                   what="removing what is in the way (%d) and making folders" % len(removed))
    gone = tuple(p + "/" for p in removed)
    present = dict((p, h) for p, h in present.items() if p not in removed and not p.startswith(gone))
    copied, skipped = [], []
    for path, data in files.items():
        if present.get(path) == hashlib.sha256(data).hexdigest():
            skipped.append(path)
        else:
            board.write_file(path, data)
            copied.append(path)
        if progress:
            progress(path)
    board.soft_reset()
    return {"copied": copied, "skipped": skipped, "removed": removed, "emit": flavour, "files": len(files)}
