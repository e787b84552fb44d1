"""Issue figure: every seed 0..999 at 32x32 and at 8x8 yields a valid maze within max_attempts, and
each finished maze keeps the invariants of SPEC 3.3 (checked here independently of validate)."""
import pytest

from maze32 import Config, Maze, Workspace, generate, validate, split_seed, OK


def count_edges(maze):
    w, h = maze.width, maze.height
    edges = 0
    for y in range(h):
        for x in range(w):
            f = maze.cell(x, y)
            edges += bool(f & 2) + bool(f & 4)
    return edges


@pytest.mark.slow
@pytest.mark.parametrize("size", [(32, 32), (8, 8)])
def test_every_seed_below_1000_validates(size):
    cfg = Config(width=size[0], height=size[1])
    maze, ws = Maze(), Workspace()
    worst = 0
    for seed in range(1000):
        hi, lo = split_seed(seed)
        assert generate(maze, ws, cfg, hi, lo) == OK, (size, seed, list(ws.fails))
        assert validate(maze, ws, cfg) == 0
        worst = max(worst, maze.attempts)
        if seed % 50 == 0:
            w, h = size
            assert count_edges(maze) == w * h - 2 + 2 * cfg.seams + 2 * cfg.cycles
            crossings = sum(bool(maze.cell(x, h // 2 - 1) & 4) for x in range(w))
            assert crossings == 2 * cfg.seams
    assert worst <= cfg.max_attempts
