"""maze32 installed as a wheel (pip install ., not editable) works away from the checkout: the board
profiles, the sweep's reference bands and the board's main.py come along as package data, the game as
the package maze32_game."""
import os
import shutil
import subprocess
import sys

import pytest

from support import ROOT

pytestmark = pytest.mark.slow            # the whole module: pip builds and installs a wheel
# Build products and installed tools of the checkout, not part of the source.
IGNORED = shutil.ignore_patterns(".git", ".venv", "node_modules", "build", "*.egg-info", "__pycache__",
                                 ".pytest_cache", "out")


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    # A copy of the source (the build writes build/ and *.egg-info beside it), installed with pip into
    # a folder of its own; run with this venv's python (for rich, mpremote, ...) from an empty folder.
    base = tmp_path_factory.mktemp("install")
    source, target, elsewhere = base / "source", base / "target", base / "cwd"
    shutil.copytree(ROOT, source, ignore=IGNORED, symlinks=True)
    elsewhere.mkdir()
    proc = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                           "--no-build-isolation", "--no-input", "--target", str(target), str(source)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    shutil.rmtree(source)                # nothing may lean on the source tree any more
    env = dict(os.environ, PYTHONPATH=str(target))
    env.pop("MAZE32_VIRTUAL_BOARD", None)

    def run(*args):
        return subprocess.run([sys.executable, str(target / "bin" / "maze32"), *args], capture_output=True,
                              text=True, cwd=str(elsewhere), env=env, timeout=300)
    run.target = target
    return run


def test_installed_package_is_the_one_that_runs(installed):
    proc = installed("--version")
    assert proc.returncode == 0 and proc.stdout.startswith("maze32 0.1.0"), proc.stderr
    data = installed.target / "host" / "data"
    assert (data / "bands.json").is_file() and (data / "firmware" / "main.py").is_file()
    assert (installed.target / "maze32_game" / "app.py").is_file()
    assert sorted(p.name for p in (data / "boards").glob("*.json")) == \
        sorted(p.name for p in (ROOT / "boards").glob("*.json"))
    assert not (data / "bench").exists()                 # bench/ is the scripts, not shipped


def test_installed_board_list(installed):
    for args in (["board", "list"], ["boards"]):
        proc = installed(*args)
        assert proc.returncode == 0, proc.stderr
        assert "esp32-c6-devkitc-1" in proc.stdout and "waveshare-esp32-c6-lcd-1.47" in proc.stdout


def test_installed_sweep_checks_the_shipped_bands(installed):
    proc = installed("sweep", "--seeds", "7000..7099", "--size", "8x8", "--check-bands")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "every metric within its bands" in proc.stdout


def test_installed_play_finds_the_firmware(installed):
    # What play and deploy use: the game, the installed package maze32_game.
    code = ("from maze32_game import deeper_view as view; from host import paths; assert paths.GAME.is_dir(); "
            "print(view.__file__); print(view.DeeperRound(3).status(80))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          cwd=str(installed.target.parent / "cwd"),
                          env=dict(os.environ, PYTHONPATH=str(installed.target)))
    assert proc.returncode == 0, proc.stderr
    where, last = proc.stdout.splitlines()
    assert where.startswith(str(installed.target / "maze32_game"))
    assert last.startswith("deeper  depth 1")


def test_installed_worlds_come_as_a_package(installed):
    # maze32.world is a subpackage: the wheel must carry it (pyproject.toml lists it).
    assert (installed.target / "maze32" / "world" / "tiles.py").is_file()
    proc = installed("world", "validate", "--seed", "7", "--depth", "8", "--size", "250x250")
    assert proc.returncode == 0, proc.stdout + proc.stderr
