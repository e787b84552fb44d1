"""Explore's window painted a window at a time (firmware/explore_rows.py): the same text as the tile
by tile composition of each tile's glyph and style, on every terminal size (windows across up to
three chunks a side), the player bumped or not, at the world's edges; term.play's frames (painted
rows, bytes) written exactly as the view's str lines; the same bytes on CPython, the unix port with
and without the viper kernels compiled, and the webassembly port."""
import pytest

import runtimes
import term
import explore_view
from explore_view import BUMP, PLAYER, RESET, STYLES, ExploreRound


def by_tiles(rnd, cols, rows):
    # The window as the view composed it before explore_rows: tile by tile, a style where it changes.
    g = rnd.game
    tw, th = min(g.width, (cols - 1) // 2), min(g.height, rows)
    x0 = min(max(0, g.x - tw // 2), g.width - tw)
    y0 = min(max(0, g.y - th // 2), g.height - th)
    lines = []
    for y in range(y0, y0 + th):
        parts, cur = [], ""
        for x in range(x0, x0 + tw):
            glyph, style = ("@ ", BUMP if rnd.bump else PLAYER) if (x, y) == (g.x, g.y) else STYLES[g.tile(x, y)]
            if style != cur:
                parts.append(style)
                cur = style
            parts.append(glyph)
        lines.append("".join(parts) + RESET)
    return lines


def text(line):
    return line if isinstance(line, str) else str(line, "utf-8")


@pytest.mark.parametrize("seed, depth", [(7, 1), (3, 4), (5, 8)])
def test_the_painted_window_is_the_tile_by_tile_window(seed, depth):
    rnd = ExploreRound(seed, depth)
    keys = ("right", "right", "down", "left", None)
    for i in range(12):
        rnd.bump = i % 3 == 0
        for cols, rows in ((80, 24), (41, 12), (200, 60), (300, 140)):
            assert rnd.window(cols, rows) == by_tiles(rnd, cols, rows), (i, cols, rows)
        rnd.tick(keys[i % len(keys)])
    g = rnd.game
    for g.x, g.y in ((0, 0), (2047, 2047), (0, 2047), (63, 64)):     # the world's corners, a seam
        assert rnd.window(80, 21) == by_tiles(rnd, 80, 21)


def test_frames_write_what_the_view_shows_and_nothing_unchanged():
    rnd = ExploreRound(3, 4)
    out = []
    screen = term.Screen(out.append)
    for i in range(20):
        lines = rnd.frame(80, 24)
        assert [text(x) for x in lines] == rnd.view(80, 24)
        assert any(not isinstance(x, str) for x in lines)           # the window's rows: bytes
        screen.show(lines)
        del out[:]
        screen.show(rnd.frame(80, 24))                              # the same frame again:
        assert out == []                                            # nothing written
        rnd.tick(("right", "down", "left", None)[i % 4])
    painter = rnd.painter                                           # a larger terminal grows the
    small = len(painter.arenas[painter.current])                    # arena it paints into
    rnd.game.x, rnd.game.y = 1000, 1000
    assert [text(x) for x in rnd.frame(300, 140)[1:-2]] == by_tiles(rnd, 300, 137) == rnd.window(300, 137)
    assert len(painter.arenas[painter.current]) > small


def test_the_same_frames_on_every_runtime():
    args = {"worlds": [[7, 1], [3, 4], [5, 8]], "ticks": 24}
    mine = runtimes.run("cpython", "explore_frames.py", args, firmware=True)
    assert len(mine.splitlines()) == 3
    for runtime in ("unix", "unix-viper", "wasm"):
        assert runtimes.run(runtime, "explore_frames.py", args, firmware=True) == mine, runtime
