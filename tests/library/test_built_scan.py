"""Generate's validation of the cells it has just built (validate.scan_built, what bytecode and CPython
run) leaves out the symmetry and reciprocity tests, which construction proves: over many seeds and
sizes it gives the full scan's verdict and every sum the full scan leaves in ws.tally."""
import sys

import pytest

from maze32 import Config, Maze, Workspace, generate, split_seed

checks = sys.modules["maze32.validate"]       # the module (the package exports its validate function)


@pytest.mark.parametrize("size", [(32, 32), (8, 8), (10, 8), (32, 16), (12, 20), (8, 32), (30, 30)])
def test_scan_of_a_built_maze_agrees_with_the_full_scan(size):
    w, h = size
    cfg = Config(width=w, height=h)
    maze, ws = Maze(), Workspace()
    for seed in range(120):
        generate(maze, ws, cfg, *split_seed(seed * 7919))
        ws.tally[0] = ws.tally[1] = 0
        built = checks.scan_built(maze, ws), list(ws.tally)
        ws.tally[0] = ws.tally[1] = 0
        full = checks.scan_cells(maze, ws, 0, h >> 1), list(ws.tally)
        assert built == full, (size, seed)


def test_scan_of_a_built_maze_still_finds_an_opened_border():
    # BORDER is tested as the full scan tests it: a passage off the west edge of row 3.
    cfg = Config(width=32, height=32)
    maze, ws = Maze(), Workspace()
    generate(maze, ws, cfg, *split_seed(5))
    maze.cells[3 << 5] |= 8
    ws.tally[0] = ws.tally[1] = 0
    assert checks.scan_built(maze, ws) == checks.scan_cells(maze, ws, 0, 16) & checks.BORDER == checks.BORDER
