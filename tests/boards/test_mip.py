"""mip, the MicroPython way onto a board: `maze32 package -o DIR` builds an index in micropython-lib's
layout, a local HTTP server serves it, and real mpremote's `mip install --index` puts the library and
the game on the virtual board (the unix port), which then reproduces the golden catalogue and starts
the game; the github-style package.json files install from a local path the same way."""
import hashlib
import json
import time

import pytest

pytestmark = pytest.mark.slow            # mip installs and board builds: processes, minutes

from host import package
from host.virtual_board import VirtualBoard

from mip_rigs import GAME_FILES, LIBRARY_FILES, Served, game_starts, matches_golden, mpremote
from support import ROOT, maze32
@pytest.fixture(scope="module")
def index(tmp_path_factory):
    out = tmp_path_factory.mktemp("index") / "mip"
    proc = maze32("package", "-o", str(out))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    served = Served(out)
    yield out, served
    served.close()


@pytest.fixture
def board(tmp_path):
    with VirtualBoard(tmp_path / "board") as vb:
        yield vb


def test_index_has_micropython_libs_layout(index):
    out, _ = index
    doc = json.loads((out / "index.json").read_text())
    assert doc["v"] == 2
    names = [p["name"] for p in doc["packages"]]
    assert names == ["maze32", "maze32-game", "maze32-game-rv32imc", "maze32-rv32imc"]
    assert doc["packages"][0]["versions"] == {"6": ["0.1.0"], "py": ["0.1.0"]}
    for name in names:
        latest = json.loads((out / "package" / "6" / name / "latest.json").read_text())
        assert latest == json.loads((out / "package" / "6" / name / "0.1.0.json").read_text())
        for target, short in latest["hashes"]:
            data = (out / "file" / short[:2] / short).read_bytes()
            assert hashlib.sha256(data).hexdigest()[:8] == short and data[:2] == b"M\x06", target
    native = json.loads((out / "package" / "6" / "maze32-rv32imc" / "latest.json").read_text())
    arch = dict((t, (out / "file" / h[:2] / h).read_bytes()[2] >> 2) for t, h in native["hashes"])
    # the .mpy header's architecture: rv32imc (11), but for the world's modules without viper
    # kernels, which the native flavour leaves bytecode (0: host/flavours.module_flavour)
    assert set(a for t, a in arch.items() if "/world/" not in t) == {11}
    assert set(a for t, a in arch.items() if "/world/" in t) == {0, 11}
    game = json.loads((out / "package" / "6" / "maze32-game" / "latest.json").read_text())
    assert game["deps"] == [["maze32", "latest"]] and len(game["hashes"]) == GAME_FILES


def test_rebuilding_into_the_index_only_adds(index, tmp_path):
    out, _ = index
    before = sorted(p.relative_to(out) for p in out.rglob("*") if p.is_file())
    assert maze32("package", "-o", str(out)).returncode == 0
    assert sorted(p.relative_to(out) for p in out.rglob("*") if p.is_file()) == before
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    proc = maze32("package", "-o", str(tmp_path / "other"))
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "no index.json" in proc.stderr


def test_mip_install_from_the_index(index, board):
    out, served = index
    start, first = time.monotonic(), len(served.sent)
    log = mpremote(board.url, "mip", "install", "--index", served.url, "maze32")
    seconds, moved = time.monotonic() - start, sum(n for _, n in served.sent[first:])
    assert log.count("Installing: ./lib/maze32/") == LIBRARY_FILES
    print("mip install maze32: %.1f s, %d bytes from the index" % (seconds, moved))
    matches_golden(board.url)
    assert "world" in mpremote(board.url, "exec", "import maze32.world\nprint(maze32.world.__name__)")
    # The game pulls the library as its dependency: already there, nothing of it moves again.
    log = mpremote(board.url, "mip", "install", "--index", served.url, "maze32-game")
    assert log.count("Exists: ./lib/maze32/") == LIBRARY_FILES and log.count("Installing:") == GAME_FILES
    game_starts(board.root)


def test_mip_install_of_the_github_style_manifests_from_a_local_path(board):
    # The library's package.json, then the game's, as local paths (relative, then absolute), as
    # mpremote takes them from a clone; their relative URLs resolve beside them, as they do under
    # github:OWNER/REPO/PATH. The library's manifest alone installs the library and nothing else (one
    # install of it: the same install twice cost a minute of the full run).
    log = mpremote(board.url, "mip", "install", "shared/package.json", cwd=str(ROOT))
    assert log.count("Installing: ./lib/maze32/") == LIBRARY_FILES == log.count("Installing:")
    log += mpremote(board.url, "mip", "install", str(ROOT / "firmware" / "package.json"))
    assert log.count("Installing: ./lib/") == LIBRARY_FILES + GAME_FILES
    matches_golden(board.url)
    game_starts(board.root)


def test_manifests_list_every_module():
    # The committed package.json files are what `maze32 package --manifests` writes from the tree:
    # a module added without them fails here.
    for rel, doc in package.manifests().items():
        assert json.loads((ROOT / rel).read_text()) == doc, "%s is stale: run maze32 package --manifests" % rel
    assert (ROOT / package.FROZEN_MANIFEST).read_text() == package.frozen_manifest(), "manifest.py is stale"


def test_bad_index_folders_are_one_line_errors(tmp_path):
    (tmp_path / "file").write_text("x")
    for out, words in (("-", "stdout"), (str(tmp_path / "file"), "not a folder"), ("", "empty")):
        proc = maze32("package", "-o", out)
        assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and words in proc.stderr, proc.stderr
        assert "Traceback" not in proc.stderr
    proc = maze32("package")
    assert proc.returncode == 2 and "-o DIR" in proc.stderr
