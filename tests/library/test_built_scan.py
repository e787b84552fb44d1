"""Generate's validation of the maze it has just built, as bytecode and CPython run it, leaves out what
construction proves: the symmetry and reciprocity tests (validate.scan_built gives the full scan's
verdict and every sum the full scan leaves in ws.tally, over many seeds and sizes) and the placement
checks (every attempt's placements pass them, over many seeds and settings)."""
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


@pytest.mark.parametrize("settings", [{}, {"width": 8, "height": 8}, {"width": 12, "height": 20, "view_radius": 5},
                                      {"landmark_pairs": 8, "artifact_pairs": 8, "min_exit_separation": 40},
                                      {"width": 10, "height": 8, "landmark_pairs": 0, "artifact_pairs": 0,
                                       "view_radius": 0, "min_exit_separation": 1}])
def test_placements_of_a_built_maze_pass_every_placement_check(settings, monkeypatch):
    # Generate's own validation skips check_placements as bytecode (validate.check_maze): every
    # attempt's placements pass it, failed attempts included (each attempt's, checked as it is made).
    cfg = Config(**settings)
    maze, ws = Maze(), Workspace()
    pipeline = sys.modules["maze32.generate"]
    seen = [0]

    def placed(*args):
        ok = real(*args)
        if ok:
            seen[0] += 1
            assert checks.check_placements(maze, ws, cfg) == 0, (settings, seed)
        return ok
    real = pipeline.try_place_objects
    monkeypatch.setattr(pipeline, "try_place_objects", placed)
    for seed in range(80):
        generate(maze, ws, cfg, *split_seed(seed * 104729))
    assert seen[0] >= 80
