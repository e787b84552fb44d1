"""host/paths.py is the one place that knows where things are: the cache root every board and build
lives under, the product data in data/; and host/stats.py the one percentile every report uses."""
import os
import subprocess
import sys
from pathlib import Path

from host import paths
from host.stats import percentile, spread

from support import ROOT
WHERE = ("from host import riscv_board, virtual_board; "
         "print(virtual_board.default_root()); print(riscv_board.default_root()); print(riscv_board.cache_dir())")


def roots(**env):
    # The cache folders a fresh interpreter picks with this environment (the boards' own variables unset).
    base = dict((k, v) for k, v in os.environ.items() if k not in
                ("XDG_CACHE_HOME", "MAZE32_VIRTUAL_BOARD", "MAZE32_RISCV_BOARD"))
    proc = subprocess.run([sys.executable, "-c", WHERE], capture_output=True, text=True, timeout=60,
                          cwd=str(ROOT), env=dict(base, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "shared")]),
                                                  **env))
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.split()


def test_every_cache_folder_is_under_the_one_root(tmp_path):
    assert roots(XDG_CACHE_HOME=str(tmp_path)) == [str(tmp_path / "maze32" / name)
                                                   for name in ("virtual-board", "riscv-board", "riscv")]
    home = tmp_path / "home"
    assert roots(HOME=str(home)) == [str(home / ".cache" / "maze32" / name)
                                     for name in ("virtual-board", "riscv-board", "riscv")]


def test_a_relative_xdg_folder_is_ignored(tmp_path):
    # The XDG spec: a relative path in the variable is invalid (was: the cache, boards among them,
    # made under whatever folder the command ran in).
    home = tmp_path / "home"
    assert roots(XDG_CACHE_HOME="relative/cache", HOME=str(home)) == [
        str(home / ".cache" / "maze32" / name) for name in ("virtual-board", "riscv-board", "riscv")]


def test_a_board_folder_named_in_the_environment_wins(tmp_path):
    assert roots(XDG_CACHE_HOME=str(tmp_path), MAZE32_VIRTUAL_BOARD="/vb", MAZE32_RISCV_BOARD="/rb")[:2] == \
        ["/vb", "/rb"]


def test_product_data_is_in_data():
    # In a checkout: data/ holds the bands and the board profiles (test_install: host/data/ in a wheel).
    assert paths.DATA == ROOT / "data"
    assert paths.BANDS == ROOT / "data" / "bands.json" and paths.BANDS.is_file()
    assert paths.BOARDS == ROOT / "boards" and any(paths.BOARDS.glob("*.json"))
    assert paths.FIRMWARE == ROOT / "firmware" and (paths.FIRMWARE / "main.py").is_file()
    assert paths.GAME == ROOT / "firmware" / "maze32_game"


def test_one_percentile_nearest_rank():
    # Every figure is a value that occurred: the nearest rank of the sorted values, no interpolation.
    values = [5, 1, 4, 2, 3]
    assert [percentile(values, p) for p in (0, 25, 50, 75, 100)] == [1, 2, 3, 4, 5]
    assert percentile(range(101), 95) == 95 and percentile([7], 99) == 7
    assert spread([3, 1, 2]) == {"min": 1, "median": 2, "p95": 3, "max": 3}
    assert spread([]) == {"min": None, "median": None, "p95": None, "max": None}
