"""`maze32 world render` (terminal colours, PNG and SVG with one colour per material and a legend) and
`maze32 world sweep` (the metrics' spread per depth: depths differ in structure)."""
import json
from xml.etree import ElementTree

import pytest
from rich.text import Text

from host import render, render_world, worlds as hw
from host.cli import main
from maze32.world.tiles import MATERIALS
from support import read_png

SIZE = ["--size", "250x250"]


def map_pixel(rows, region, x, y, px):
    # The PNG pixel in the middle of tile (x, y) of the map of `region`, px pixels a tile.
    left, top = [int(v * render_world.SCALE) for v in (render.MARGIN + 4, render.MARGIN + 52)]
    return rows[top + (y - region.oy) * px + px // 2][left + (x - region.ox) * px + px // 2]


def test_png_shows_the_view_round_the_spawn_with_a_title_markers_and_a_legend(tmp_path, capsys):
    path = tmp_path / "w.png"
    assert main(["world", "render", "--seed", "7", "--depth", "8", *SIZE, "--png", str(path)]) == 0
    assert "wrote %s" % path in capsys.readouterr().out
    w, h, rows, text = read_png(path.read_bytes())
    spec = hw.spec_for(7, 8, (250, 250))
    region = hw.build(spec, 7, hw.around_spawn(spec, render_world.PICTURE_VIEW))
    px = render_world.PIXELS
    assert (region.w, region.h) == render_world.PICTURE_VIEW and px >= 4      # several pixels a tile
    assert text["Title"] == "maze32 world  seed 7, depth 8 (dungeon/bsp), 250 \u00d7 250 tiles"
    # away from both markers: the spawn's, and the stairs' (on the map's edge when beyond it)
    tx = min(max(region.stairs[0], region.ox), region.ox + region.w - 1)
    ty = min(max(region.stairs[1], region.oy), region.oy + region.h - 1)
    far = [(x, y) for x, y in ((region.ox, region.oy), (region.ox + 7, region.oy + region.h - 3),
                               (region.ox + region.w - 1, region.oy + 40), (region.ox + 1, region.oy + 1))
           if abs(x - region.spawn[0]) > 8 and max(abs(x - tx), abs(y - ty)) > 8]
    assert len(far) >= 2
    for x, y in far:                               # each tile a square of its material's colour
        assert map_pixel(rows, region, x, y, px) == render_world.COLOURS[MATERIALS[region.at(x, y)][0]]
    # The spawn marked large: its colour a disc's radius away from the tile, not on one pixel.
    sx, sy = region.spawn
    assert map_pixel(rows, region, sx, sy, px)[:2] in ((255, 0), (255, 255))
    left, top = [int(v * render_world.SCALE) for v in (render.MARGIN + 4, render.MARGIN + 52)]
    cy, cx = top + (sy - region.oy) * px + px // 2, left + (sx - region.ox) * px + px // 2
    assert rows[cy][cx - 14] == render_world.SPAWN_COLOUR
    present = {MATERIALS[t][0] for t in set(region.tiles)}
    legend = dict(item.rsplit(" ", 1) for item in text["legend"].split("; "))
    assert set(legend) == present | {"spawn", "stairs-marker"}
    assert len(set(legend.values())) == len(legend)      # one colour each
    # The legend column beside the map holds each present colour's swatch.
    band = {px_ for row in rows for px_ in row[left + region.w * px + 40:]}
    assert all(render_world.COLOURS[name] in band for name in present)


def test_the_default_picture_is_explores_world_whole_and_names_its_hash(tmp_path, capsys):
    # Explore's world (128 x 128, render's default size) was cut to 100 rows round the spawn, its stairs
    # beyond the map; and the hash under the legend was the part's, not saying so.
    whole, part = tmp_path / "whole.svg", tmp_path / "part.svg"
    assert main(["world", "render", "--seed", "3", "--depth", "7", "--svg", str(whole)]) == 0
    assert main(["world", "render", "--seed", "7", "--depth", "8", *SIZE, "--svg", str(part)]) == 0
    capsys.readouterr()
    texts = [" ".join(" ".join(ElementTree.parse(str(f)).getroot().itertext()).split()) for f in (whole, part)]
    spec = hw.spec_for(3, 7, (128, 128))
    world = hw.build(spec, 3, None)
    assert "the whole world" in texts[0] and "beyond this map" not in texts[0]
    assert "the world's hash %s" % world.digest()[:16] in texts[0]
    x, y, w, h = hw.around_spawn(hw.spec_for(7, 8, (250, 250)), render_world.PICTURE_VIEW)
    assert "these tiles' hash (world export --region %d,%d,%d,%d)" % (x, y, w, h) in texts[1]


def test_whole_draws_the_whole_world_with_both_markers(tmp_path, capsys):
    path = tmp_path / "w.png"
    assert main(["world", "render", "--seed", "7", "--depth", "8", *SIZE, "--whole", "--png", str(path)]) == 0
    capsys.readouterr()
    w, h, rows, text = read_png(path.read_bytes())
    region = hw.build(hw.spec_for(7, 8, (250, 250)), 7)
    px = render_world.MOST_PIXELS // 250
    assert w > 250 * px and h > 250 * px
    assert map_pixel(rows, region, 0, 0, px) == render_world.COLOURS[MATERIALS[region.at(0, 0)][0]]
    tx, ty = region.stairs
    mark = render_world.raster.colour(render_world.STAIRS_MARK)
    assert any(map_pixel(rows, region, tx + d, ty, px) == mark for d in (-1, 1))   # around its ">"
    assert main(["world", "render", "--seed", "7", "--depth", "8", *SIZE, "--whole", "--region", "0,0,9,9",
                 "--png", str(path)]) == 2
    assert "--whole and --region" in capsys.readouterr().err
    assert main(["world", "render", "--seed", "7", "--depth", "8", *SIZE, "--whole"]) == 2
    assert "--whole goes with --png or --svg" in capsys.readouterr().err


def test_svg_is_xml_with_a_named_legend(tmp_path, capsys):
    path = tmp_path / "w.svg"
    assert main(["world", "render", "--seed", "7", "--depth", "1", *SIZE, "--region", "0,0,120,60",
                 "--svg", str(path)]) == 0
    capsys.readouterr()
    root = ElementTree.fromstring(path.read_text())
    ns = "{http://www.w3.org/2000/svg}"
    names = [t.text for t in root.iter(ns + "text")]
    assert {"grass: dig it", "dirt: dig it", "stone: too hard to dig"} <= set(names)
    assert "spawn: where you start; beyond this map, so the ringed mark on its edge points its way" in " ".join(
        names)                                              # the spawn lies east of this region
    assert "seed 7, depth 1 (surface)" in root.find(ns + "title").text
    assert "tiles 0,0 to 119,59, 8 pixels a tile" in names
    assert len(root.findall(ns + "rect")) > 100


def test_terminal_picture_is_in_explores_glyphs_and_fits(capsys):
    # The game's table (firmware/maze32_game/explore_view.py), two columns a tile, the spawn its @.
    assert main(["world", "render", "--seed", "7", "--depth", "4", *SIZE]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert max(len(line) for line in lines) < 80 and len(lines) <= 24
    assert "@ " in out and "stone: too hard to dig" in out and "spawn: where you start" in out
    from maze32_game import explore_view as view
    region = hw.build(hw.spec_for(7, 4, (250, 250)), 7, (0, 0, 20, 5))
    text = render_world.terminal_text(region, legend=False)
    rows = text.plain.splitlines()
    assert rows == ["".join(view.STYLES[region.at(x, y)][0] for x in range(20)) for y in range(5)]
    stone = text.plain.index(view.STYLES[3][0])          # in the game's colour for stone too
    want = Text.from_ansi(view.STYLES[3][1] + "x").spans[0].style
    assert any(span.start <= stone < span.end and span.style == want for span in text.spans)


@pytest.mark.slow       # 27 worlds (18 s); the quick tier sweeps two (test_sweep_table)
def test_sweep_shows_depths_differ(capsys, tmp_path):
    out_file = tmp_path / "sweep.json"
    assert main(["world", "sweep", "--seeds", "0..2", "--depth", "1..9", "--json", "-o", str(out_file)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert json.loads(out_file.read_text()) == doc
    d = doc["depths"]
    assert [d[str(k)]["kind"] for k in range(1, 10)] == ["surface"] * 3 + ["caves"] * 3 + ["dungeon"] * 3
    for k in range(1, 10):
        st = d[str(k)]
        assert st["valid"] == 3 and st["unreachable_stairs"] == 0
        for name in hw.SWEPT:
            assert set(st["metrics"][name]) == {"min", "median", "p95", "max"}
    surface, caves, dungeon = (d[str(k)]["metrics"]["open_fraction"]["median"] for k in (1, 4, 7))
    assert caves > surface > dungeon
    assert d["1"]["metrics"]["rooms"]["max"] == 0 and d["7"]["metrics"]["rooms"]["min"] > 100
    assert d["4"]["metrics"]["spawn_to_stairs"]["median"] > 0


def test_sweep_table(capsys):
    assert main(["world", "sweep", "--seeds", "5..6", "--depth", "7", "--strategy", "accretion"]) == 0
    out = capsys.readouterr().out
    assert "spawn_to_stairs" in out and "dungeon" in out and "2/2" in out


# -- the terminal picture's limit (issue 22: a 2048 x 2048 region ran past 60 s at 3.1 GB) -------------
def limit_memory():
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def test_a_region_too_large_for_the_terminal_is_refused_naming_the_limit():
    from support import maze32, one_line_error
    proc = maze32("world", "render", "--seed", "1", "--depth", "8", "--size", "2048x2048", "--region",
                  "0,0,2048,2048", timeout=60,
                  preexec_fn=limit_memory)
    one_line_error(proc, 2, "2048 x 2048", "at most %d x %d" % render_world.TERMINAL_MOST, "--png")


def test_with_a_picture_file_the_terminal_shows_the_region_clipped(tmp_path, capsys):
    png = tmp_path / "w.png"
    most_w, most_h = render_world.TERMINAL_MOST
    assert main(["world", "render", "--seed", "1", "--depth", "8", "--size", "2048x2048",
                 "--region", "0,0,%d,40" % (most_w + 44),
                 "--png", str(png)]) == 0
    out = capsys.readouterr().out
    assert read_png(png.read_bytes())[0] >= most_w + 44           # the file holds the whole region
    assert "tiles 0,0 to %d,39 of" % (most_w - 1) in out.replace("\n", "") and "at most" in out


def test_render_draws_explores_world_unless_told_another_size(capsys):
    # Was: a 2048 x 2048 world by default, 256 times the tiles of the world Explore plays (128 x 128),
    # so a newcomer's first render showed a world no game has. --help says the default.
    from maze32_game import explore
    assert hw.EXPLORE_SIZE == (explore.WORLD_SIDE, explore.WORLD_SIDE)
    assert main(["world", "render", "--seed", "7", "--depth", "1"]) == 0
    assert "of 128 x 128" in capsys.readouterr().out.replace("\n", "")
    try:
        main(["world", "render", "--help"])
    except SystemExit:
        pass
    assert "default 128x128, Explore's world" in " ".join(capsys.readouterr().out.split())


def test_render_says_whose_hash_it_prints_and_export_writes_the_same(tmp_path, capsys):
    # Was: a bare "hash c094..." under the picture, which a reader could not tell from the whole
    # world's hash that `world validate` prints. It is the drawn region's, and says how to get it again.
    assert main(["world", "render", "--seed", "7", "--depth", "8"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("region hash ") and len(last) <= 80
    short, region = last.split()[2], last.split("--region ")[1].rstrip(")")
    path = tmp_path / "part.json"
    assert main(["world", "export", "--seed", "7", "--depth", "8", "--size", "128x128",
                 "--region", region, "-o", str(path)]) == 0
    assert json.loads(path.read_text())["hash"].startswith(short) and len(short) == 16


def test_render_names_the_dungeons_strategy_as_explores_world_code_does(capsys):
    # A play-tester compared `world render` (BSP unless told) with Explore's accretion world of the
    # same seed and depth, and nothing said they were two dungeons.
    assert main(["world", "render", "--seed", "202", "--depth", "9", "--strategy", "accretion"]) == 0
    assert "depth 9 (dungeon/accretion)" in capsys.readouterr().out
    assert main(["world", "render", "--seed", "202", "--depth", "2"]) == 0
    assert "depth 2 (surface), tiles" in capsys.readouterr().out
