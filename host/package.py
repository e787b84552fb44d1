# maze32 package: the library and the game as mip packages, in the layout of micropython-lib's index
# (its tools/build.py), so any static host (a folder served over HTTP) is an index for
# `mpremote mip install --index URL NAME` and for `mip.install(NAME, index=URL)` on a board:
#   index.json                                  every package: name, version, licence, .mpy versions
#   package/<mpy>/<name>/latest.json, <v>.json  {"hashes": [[target path, hash prefix]], "deps": ...}
#   package/py/<name>/...                       the same as source (mip --no-mpy)
#   file/<hash prefix[:2]>/<hash prefix>        each file, named by the start of its SHA-256
# mip asks for package/<sys.implementation._mpy & 0xFF>/..., which names the .mpy version but not the
# architecture, so the native builds are packages of their own, named for the architecture.
#
# The github-style manifests (shared/package.json, firmware/package.json) are the other way in:
# relative URLs that mip resolves beside the manifest, so a clone, a fork or github:OWNER/REPO/PATH
# all install as they are. mip resolves a dependency that is not a URL against the index, so the
# game's manifest names no dependency: the library's is installed first.
import hashlib
import json
import os
import tempfile
import time
from pathlib import Path

import host
from host import files, flavours
from host.deploy import cross_version
from host.errors import CliError
from host.paths import GAME, LIBRARY

HASH_PREFIX = 8                 # micropython-lib's default; a collision is refused, never overwritten
NATIVE_ARCHS = ("rv32imc",)     # the ESP32-C6's; native .mpy files run only on their architecture
LICENSE = "MIT"
DESCRIPTIONS = {
    "maze32": "deterministic two-player duel mazes (bytecode: every port)",
    "maze32-game": "the maze32 games (Duel, Deeper, Explore) on the serial console and small panels",
}


def sources(package):
    # -> [path relative to the package's parent, as mip installs it] of a package folder's modules,
    # subfolders included.
    package = Path(package)
    return sorted(p.relative_to(package.parent).as_posix() for p in package.rglob("*.py")
                  if "__pycache__" not in p.parts)


def game_modules():
    # The game's modules as mip installs them: the package maze32_game/ (main.py, the board's boot
    # file, is deploy's: mip installs into lib/, where a board never runs it).
    return sources(GAME)


# -- the index --------------------------------------------------------------------------------------
class Index:
    # An index folder being written: content-addressed files and package documents.
    def __init__(self, out):
        self.out = Path(out)
        self.packages = []

    def add_file(self, data):
        short = hashlib.sha256(data).hexdigest()[:HASH_PREFIX]
        path = self.out / "file" / short[:2] / short
        if path.exists():
            if path.read_bytes() != data:       # same prefix, other bytes: the index would lie
                raise CliError("package: hash prefix collision at file/%s/%s" % (short[:2], short))
        else:
            write(path, data)
        return short

    def add_package(self, name, mpy, files, deps=(), description=""):
        # files: {target path under lib/: bytes}; deps: package names of this index.
        doc = {"v": 1, "hashes": [[target, self.add_file(files[target])] for target in sorted(files)],
               "deps": [[d, "latest"] for d in deps], "version": host.__version__}
        text = json.dumps(doc, separators=(",", ":")) + "\n"
        for version in ("latest", host.__version__):
            write(self.out / "package" / str(mpy) / name / (version + ".json"), text.encode())
        entry = next((p for p in self.packages if p["name"] == name), None)
        if entry is None:
            entry = {"name": name, "version": host.__version__, "author": "", "license": LICENSE,
                     "description": description, "versions": {}, "path": ""}
            self.packages.append(entry)
        entry["versions"][str(mpy)] = [host.__version__]
        return doc

    def finish(self):
        self.packages.sort(key=lambda p: p["name"])
        updated = int(os.environ.get("SOURCE_DATE_EPOCH") or time.time())
        doc = {"v": 2, "updated": updated, "packages": self.packages}
        write(self.out / "index.json", (json.dumps(doc, indent=1) + "\n").encode())
        return doc


def write(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    files.write_file(str(path), data)


def built(flavour, arch, package, tmp):
    # -> {path under lib/: bytes} of `package` built by flavours.build (the one builder).
    try:
        written = flavours.build(flavour, arch, tmp, package)
    except flavours.BuildError as e:
        raise CliError(str(e))
    base = Path(tmp)
    return dict((Path(path).relative_to(base).as_posix(), Path(path).read_bytes()) for path in written.values())


def as_source(package):
    return dict((rel, (Path(package).parent / rel).read_bytes()) for rel in sources(package))


def build_index(out):
    # -> the index.json document. Every package of every flavour into `out`.
    out = index_folder(out)
    mpy, _ = cross_version()
    index = Index(out)
    with tempfile.TemporaryDirectory() as tmp:
        game = built("bytecode", None, GAME, os.path.join(tmp, "game"))
        index.add_package("maze32", mpy, built("bytecode", None, LIBRARY, os.path.join(tmp, "lib")),
                          description=DESCRIPTIONS["maze32"])
        index.add_package("maze32-game", mpy, game, deps=["maze32"], description=DESCRIPTIONS["maze32-game"])
        for arch in NATIVE_ARCHS:
            native = built("native", arch, LIBRARY, os.path.join(tmp, arch))
            # the game beside it as deploy ships it: its drawing's viper kernels compiled too
            fast_game = built(flavours.firmware_flavour("native"), arch, GAME, os.path.join(tmp, arch + "-game"))
            index.add_package("maze32-" + arch, mpy, native,
                              description="maze32 compiled to %s machine code (native flavour)" % arch)
            index.add_package("maze32-game-" + arch, mpy, fast_game, deps=["maze32-" + arch],
                              description=DESCRIPTIONS["maze32-game"] + ", with maze32-" + arch)
    # Source, for mip's --no-mpy: the library as written (a board with viper compiles its kernels).
    index.add_package("maze32", "py", as_source(LIBRARY), description=DESCRIPTIONS["maze32"])
    index.add_package("maze32-game", "py", as_source(GAME), deps=["maze32"],
                      description=DESCRIPTIONS["maze32-game"])
    return index.finish()


def index_folder(out):
    # The output folder: a new or empty one, or an index this command wrote before (files are
    # content-addressed, so rebuilding into it only adds); never a folder holding something else.
    return files.output_folder(out, "package", "index.json", "an index")


# -- the github-style manifests ---------------------------------------------------------------------
def manifests():
    # -> {path in the checkout: document}: the library's and the game's package.json.
    library = sources(LIBRARY)
    shared = {"urls": [[rel, rel] for rel in library], "version": host.__version__}
    # The game's manifest beside its modules: install the library's first (mip resolves a dependency
    # named without a URL against an index, so the game cannot name it portably).
    game = {"urls": [[name, name] for name in game_modules()], "version": host.__version__}
    return {"shared/package.json": shared, "firmware/package.json": game}


FROZEN_MANIFEST = "shared/manifest.py"   # beside the library it freezes (the checkout's top is fixed)
FROZEN_HEAD = """\
# Freezing maze32 and its game into a MicroPython firmware you build yourself (MicroPython's manifest
# syntax): include this file from your board's manifest.py, include("/path/to/maze32/shared/manifest.py"),
# or pass it as FROZEN_MANIFEST. The library freezes as the package maze32 (its viper kernels
# compiled for the port's architecture by the build's mpy-cross), the game as the package maze32_game;
# a board runs main.py only from its filesystem, so yours says `from maze32_game import app; app.main()`.
# Written by `maze32 package --manifests`; tests/boards/test_frozen_riscv.py builds the RISC-V board with it.
"""


def frozen_manifest():
    # -> the text of manifest.py: the library and the game, a package each.
    lines = ['metadata(description="maze32: deterministic duel mazes and their games", version="%s", '
             'license="%s")' % (host.__version__, LICENSE), 'package("maze32")',
             'package("maze32_game", base_path="../firmware")']
    return FROZEN_HEAD + "\n".join(lines) + "\n"


def manifest_text(doc):
    # JSON with one [target, source] pair a line, so that a diff shows the module that came or went.
    pairs = ",\n".join("  " + json.dumps(pair) for pair in doc["urls"])
    return '{\n "urls": [\n%s\n ],\n "version": %s\n}\n' % (pairs, json.dumps(doc["version"]))


def checkout():
    # The checkout the manifests belong to (an installed maze32 has none).
    root = LIBRARY.parent.parent
    if not (root / "shared" / "maze32") == LIBRARY or not (root / "firmware").is_dir():
        raise CliError("package --manifests: maze32 runs from %s, not from a checkout" % LIBRARY)
    return root


def write_manifests():
    # Rewrites the checkout's package.json files from its file list; -> the paths written.
    root = checkout()
    for rel, doc in manifests().items():
        files.write_file(str(root / rel), manifest_text(doc))
    files.write_file(str(root / FROZEN_MANIFEST), frozen_manifest())
    return [str(root / rel) for rel in sorted(manifests()) + [FROZEN_MANIFEST]]
