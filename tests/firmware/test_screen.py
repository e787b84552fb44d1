"""Display frames (firmware/maze32_game/screen.py) drawn through the real framebuf module of the MicroPython unix
port, for the SSD1306 (128x64 mono) and the ST7789 (RGB565), checked pixel by pixel."""
import pytest

from maze32_game import deeper
from maze32_game import duel
from maze32_game import explore
from maze32_game import games
import runtimes
from maze32_game import screen


def draw(game, fmt, w, h, cell, seed, pixels, keys=(), depth=1):
    out = runtimes.run("unix", "screen_pixels.py", {"game": game, "format": fmt, "width": w, "height": h,
                                                    "cell": cell, "seed": seed, "keys": list(keys),
                                                    "pixels": pixels, "depth": depth}, firmware=True)
    origin, values = out.splitlines()
    return tuple(int(v) for v in origin.split()), [int(v) for v in values.split()]


def test_deeper_on_the_ssd1306_shows_hedges_floor_player_and_hatch():
    game = deeper.Deeper(4)
    lv, cell = game.level, 8                    # a 7x7 level: 56 x 56 pixels, all on screen
    ghosts = {game.ghost_at(i) for i in range(lv.ghosts)}
    probes, expect = [], []
    for y in range(lv.side):
        for x in range(lv.side):
            t = lv.tiles[(y << 5) | x]
            probes.append([x * cell + cell // 2, y * cell + cell // 2])   # the cell's centre
            c = (y << 5) | x
            expect.append(1 if t == 0 or c == game.player or c in ghosts else 0)   # a ghost's X crosses it
    origin, values = draw("deeper", "mono", 128, 64, cell, 4, probes)
    assert origin == (0, 0) and values == expect
    hx, hy = lv.hatch & 31, lv.hatch >> 5
    _, edge = draw("deeper", "mono", 128, 64, cell, 4, [[hx * cell + 1, hy * cell + 4]])
    assert edge == [1]                          # the hatch's outline


def test_duel_on_the_st7789_draws_seen_walls_only():
    game = duel.Duel(6, 16, 16)
    me, cell, w, h = game.players[0], 10, 172, 320
    m = game.maze
    probes, expect = [], []
    # 16 x 16 cells at 10 px fit 172 x 320 entirely: the window starts at (0, 0).
    for y in range(16):
        for x in range(16):
            c = (y << 5) | x
            f = m.cells[c]
            probes.append([x * cell + cell // 2, y * cell])            # the middle of the north side
            # That line is this cell's north wall and the south wall of the cell above: drawn if
            # either of them is seen and closed on that side.
            above = c - 32
            drawn = (me.seen[c] and not f & 1) or (y > 0 and me.seen[above] and not m.cells[above] & 4)
            expect.append(0xFFE0 if drawn else 0)
    origin, values = draw("duel", "rgb", w, h, cell, 6, probes)
    assert origin == (0, 0) and values == expect
    px, py = (me.cell & 31) * cell + cell // 2, (me.cell >> 5) * cell + cell // 2
    _, centre = draw("duel", "rgb", w, h, cell, 6, [[px, py]])
    assert centre == [0xFFE0]                   # the player, filled


def test_duel_window_follows_the_player_on_the_small_screen():
    game = duel.Duel(6, 16, 16)
    p = game.players[0].cell
    origin, _ = draw("duel", "mono", 128, 64, 8, 6, [[0, 0]])
    cols, rows = (128 - 1) // 8, (64 - 1) // 8
    x0, y0 = origin
    assert x0 <= (p & 31) < x0 + cols and y0 <= (p >> 5) < y0 + rows
    assert 0 <= x0 <= 16 - cols and 0 <= y0 <= 16 - rows


@pytest.mark.parametrize("fmt, w, h, cell, fg", [("mono", 128, 64, 8, 1), ("rgb", 172, 320, 10, 0xFFE0)])
def test_explore_on_both_panels_shows_the_ground_hazards_items_and_player(fmt, w, h, cell, fg):
    # Explore of seed 5 at depth 4 after a few steps, on the unix port's framebuf; the same walk in
    # CPython says what each tile is: a tile's centre is lit for solid ground, a hazard's cross, an
    # item's dot and the player, dark for air, water (its top line), stairs (their outline), doors.
    keys = ["right", "right", "down", "left"]
    game = explore.Explore(5, 4)
    for key in keys:
        game.tick(key)
    t = cell // 2
    cols, rows = w // t, h // t
    probes = [[x * t + t // 2, y * t + t // 2] for y in range(rows) for x in range(cols)]
    origin, values = draw("explore", fmt, w, h, cell, 5, probes, keys, depth=4)
    x0, y0 = origin
    assert x0 <= game.x < x0 + cols and y0 <= game.y < y0 + rows
    expect, kinds = [], set()
    for y in range(rows):
        for x in range(cols):
            k = game.tile(x0 + x, y0 + y)
            lit = explore.SOLID[k] or explore.HAZARD[k] or k == explore.ITEM or (x0 + x, y0 + y) == (game.x, game.y)
            expect.append(fg if lit else 0)
            kinds.add(bool(explore.SOLID[k]))
    assert values == expect and kinds == {True, False}        # ground and open tiles both in view
    px, py = (game.x - x0) * t, (game.y - y0) * t
    _, corner = draw("explore", fmt, w, h, cell, 5, [[px, py]], keys, depth=4)
    assert corner == [0]                                       # the player is inset in its tile


def test_every_game_has_its_panel_drawing():
    # games.py names a screen.py function for each game: app.py's Frontends draws any game by it.
    for g in games.GAMES:
        assert callable(getattr(screen, g.panel)), g.name


def test_display_and_button_adapters_send_what_the_panels_expect():
    out = runtimes.run("unix", "panels.py", firmware=True).splitlines()
    # 25 init commands then 6 window commands (display off, addressing mode, ...), to address 60;
    # the frame goes as one write: control byte 0x40 (64) and 1,024 bytes with pixels lit.
    assert out[0].split() == ["ssd1306", str(25 + 6), "ae", "20", "00", "60", str(1 + 128 * 64 // 8),
                              "64", "True"]
    # One-byte writes: reset, sleep out, colour mode 16-bit (0x55), memory access (0x00), inversion
    # on, normal mode, display on; then the window and memory write of show(), and the whole frame.
    assert out[1].split() == ["st7789", "01", "11", "3a", "55", "36", "00", "21", "13", "29",
                              "2a", "2b", "2c", str(172 * 320 * 2)]
    assert out[2] == "buttons None left left"
