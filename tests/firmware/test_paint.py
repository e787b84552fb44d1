"""Windows painted a window at a time (firmware/maze32_game/paint.py): Explore's and Deeper's the same
text as the tile by tile composition of each tile's glyph and style the views made before, on every
terminal size (Explore's windows across up to three chunks a side), the player bumped or not, at the
world's edges, ghosts asleep and awake, the player caught; term.play's frames (painted rows, bytes)
written exactly as the view's str lines; the Duel's and Deeper's frames the bytes they were before
paint.py; the same bytes on CPython, the unix port with and without the viper kernels compiled, and
the webassembly port."""
import pytest

import runtimes
from maze32_game import arenas, deeper, explore_buffers, term
from maze32_game.deeper_view import GHOST, HATCH, HEDGE, DeeperRound
from maze32_game.explore_view import BUMP, PLAYER, RESET, STYLES, ExploreRound
from maze32_game.term import P1


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


def deeper_by_tiles(rnd, cols, rows):
    # Deeper's window as its view composed it before paint.py (the origin where window() left it):
    # a style where it changes, a blank ending the bump style, RESET at a line's end if needed.
    g, lv = rnd.game, rnd.game.level
    tw, th = min(lv.side, (cols - 1) // 2), min(lv.side, rows)
    x0, y0 = rnd.origin
    spots = {}
    for i in range(lv.ghosts):
        c = lv.chase.pos[i]
        if lv.chase.awake[i] or c not in spots:
            spots[c] = (GHOST[1 if lv.chase.awake[i] else 0], "G")
    spots[g.player] = (BUMP, "G") if g.state == deeper.CAUGHT else (BUMP if rnd.bump else P1[1], "@")
    lines = []
    for y in range(y0, y0 + th):
        parts, cur = [], RESET
        for c in range((y << 5) | x0, (y << 5) | (x0 + tw)):
            t = lv.tiles[c]
            style, glyph = spots.get(c) or ((HEDGE, "██") if t == 0 else (HATCH, "H ") if t == 2 else (None, "  "))
            if style is None:
                cur = term.unbump(parts, cur)
                parts.append(glyph)
            else:
                cur = term.put(parts, cur, style, glyph)
            if len(glyph) == 1:                 # a spot: one glyph, then a blank
                cur = term.unbump(parts, cur)
                parts.append(" ")
        lines.append("".join(parts) + (RESET if cur != RESET else ""))
    return lines


def text(line):
    return line if isinstance(line, str) else str(line, "utf-8")


# The quick tier paints a dungeon (rooms, doors, stairs); the full run a surface and caves too.
@pytest.mark.parametrize("seed, depth", [pytest.param(7, 1, marks=pytest.mark.slow),
                                         pytest.param(3, 4, marks=pytest.mark.slow), (5, 8)])
def test_the_painted_window_is_the_tile_by_tile_window(seed, depth):
    rnd = ExploreRound(seed, depth)
    keys = ("right", "right", "down", "left", None)
    for i in range(12):
        rnd.bump = i % 3 == 0
        for cols, rows in ((80, 24), (41, 12), (200, 60), (300, 140)):
            assert rnd.window(cols, rows) == by_tiles(rnd, cols, rows), (i, cols, rows)
        rnd.tick(keys[i % len(keys)])
    g = rnd.game
    right, bottom = g.width - 1, g.height - 1
    for g.x, g.y in ((0, 0), (right, bottom), (0, bottom), (63, 64)):     # the world's corners, a seam
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
    rnd.painter.arenas = False                                      # no room for the arenas: str
    assert rnd.frame(80, 24) == rnd.view(80, 24)                    # lines, painted one at a time
    shared = rnd.painter.arenas = arenas.Arenas()                   # a larger terminal grows the
    small = len(shared.buffers[1 - shared.current])                 # arena it paints into
    rnd.game.x, rnd.game.y = rnd.game.width // 2, rnd.game.height // 2
    assert [text(x) for x in rnd.frame(300, 140)[1:-2]] == by_tiles(rnd, 300, 137) == rnd.window(300, 137)
    assert len(shared.buffers[shared.current]) > small


@pytest.mark.parametrize("seed", [7, pytest.param(5, marks=pytest.mark.slow), pytest.param(11, marks=pytest.mark.slow)])
def test_the_painted_level_is_the_tile_by_tile_level(seed):
    rnd = DeeperRound(seed)
    game = rnd.game
    keys = ("right", "left", "down", "up", None, "right", "right", "down", "down")
    for i in range(240):
        if i % 40 == 0 and game.depth < 12:
            game.descend()                      # more ghosts, larger levels
        rnd.bump = i % 3 == 0
        for cols, rows in ((80, 24), (41, 12), (200, 60)):
            assert rnd.window(cols, rows) == deeper_by_tiles(rnd, cols, rows), (i, cols, rows)
        if game.state == deeper.CAUGHT:
            break
        rnd.tick(keys[i % len(keys)])
    game.state = deeper.CAUGHT                  # the caught player drawn too
    assert rnd.window(80, 21) == deeper_by_tiles(rnd, 80, 21)
    frame = rnd.frame(80, 24)
    assert [text(x) for x in frame] == rnd.view(80, 24) and any(not isinstance(x, str) for x in frame)


# What the Duel's and Deeper's views wrote for these walks (tests/drivers/game_frames.py, 40 frames at
# 80 x 24) when they joined their lines as str piece by piece (main at b4faf80, before paint.py):
# painting them writes the same bytes. (Explore's window is held to its tile-by-tile composition
# above, its rules being another matter.)
BEFORE = {("duel", 7): "6d681f3db88f59bbe6df8c4ba7a301f2f7336a8a11f7f4c8491fd3165bfe0965",
          ("duel", 12): "8116a3746c3ebbac7ff41c1a81e1f01f46f5a9b93beff8eb2d3610611f1b7473",
          ("deeper", 7): "58cd9a17323a390805be29930624e29aebe7ae2496ffcf5077d7d6d5bcec030a",
          ("deeper", 5): "7f69234762423982a3b70ac91a90e205f2ecc6ddcb0c4bee8ffff3db3d6c6662"}


# The unix port's bytecode flavour in the quick tier; its viper flavour and the webassembly port in the full run.
@pytest.mark.parametrize("runtime", ["unix", pytest.param("unix-viper", marks=pytest.mark.slow),
                                     pytest.param("wasm", marks=pytest.mark.slow)])
def test_the_same_frames_as_before_and_on_every_runtime(runtime):
    args = {"rounds": [[name, seed, 1] for name, seed in BEFORE] + [["explore", 7, 1], ["explore", 3, 4],
                                                                     ["explore", 5, 8]], "ticks": 40}
    mine = runtimes.run("cpython", "game_frames.py", args, firmware=True)
    digests = dict(((name, int(seed)), digest) for name, seed, _, digest in (x.split() for x in mine.splitlines()))
    assert all(digests[k] == BEFORE[k] for k in BEFORE), digests
    assert runtimes.run(runtime, "game_frames.py", args, firmware=True) == mine, runtime


def test_the_arenas_are_made_where_the_heap_has_room_once_collected():
    # arenas.room() asks once a round; a heap short only of collected garbage has room (a native Duel
    # painted str lines all round at 1.76 M RV32 instructions a frame, its first frame seeing 45 KB
    # free that were 130 KB once collected); one full of live data has none.
    assert runtimes.run("unix", "arenas_room.py", firmware=True).split() == ["garbage", "True", "live", "False"]



def test_a_frame_after_the_generator_used_its_memory_writes_every_line():
    # A board's arenas share the generator's queue and marks (explore_buffers): once the world's
    # chunks are made or checked (Explore.scratched counts it), the lines on the screen may be gone,
    # so the next frame writes every window line, even one the same as before.
    rnd = ExploreRound(7, 1)
    out = []
    screen = term.Screen(out.append)
    screen.show(rnd.frame(80, 24))
    del out[:]
    screen.show(rnd.frame(80, 24))
    assert out == []                                    # nothing changed: nothing written
    used = rnd.game.scratched
    rnd.game.stairs_route()
    assert rnd.game.scratched == used + 1
    rnd.game.resident(1, 1)                             # resident: no chunk made, nothing used
    assert rnd.game.scratched == used + 1
    screen.show(rnd.frame(80, 24))
    assert len([p for p in out if not isinstance(p, str)]) == 21 and out[0] == "\x1b[2;1H"


@pytest.mark.parametrize("runtime", ["unix", "unix-viper", pytest.param("wasm", marks=pytest.mark.slow)])
def test_explores_arenas_are_its_generators_memory_on_micropython(runtime):
    # 12 KiB a board's Explore does not hold twice: the painter's two arenas are the queue and marks'
    # block (explore_buffers.Buffers), and a frame after the world's check shows the view's lines.
    out = runtimes.run(runtime, "explore_lent.py", firmware=True).split()
    assert out == ["lent", "True", "bytes", "12288", "12288", "rewritten", "21", "same", "True"]
    assert explore_buffers.ARENA == arenas.ARENA
