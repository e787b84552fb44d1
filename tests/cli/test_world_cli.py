"""`maze32 world render` (terminal colours, PNG and SVG with one colour per material and a legend) and
`maze32 world sweep` (the metrics' spread per depth: depths differ in structure)."""
import json
from xml.etree import ElementTree

from host import render_world, worlds as hw
from host.cli import main
from maze32.world.tiles import MATERIALS
from support import read_png

SIZE = ["--size", "250x250"]


def test_png_has_a_colour_per_material_and_a_legend(tmp_path, capsys):
    path = tmp_path / "w.png"
    assert main(["world", "render", "--seed", "7", "--depth", "8", *SIZE, "--png", str(path)]) == 0
    out = capsys.readouterr().out
    assert "wrote %s" % path in out
    w, h, rows, text = read_png(path.read_bytes())
    region = hw.build(hw.spec_for(7, 8, (250, 250)), 7)
    scale = 2                                     # 512 // 250
    assert w == 250 * scale and h > 250 * scale
    for x, y in ((0, 0), (region.stairs[0], region.stairs[1]), (120, 80), (region.rooms[0][0], region.rooms[0][1])):
        t = region.at(x, y)
        want = (255, 0, 255) if (x, y) == tuple(region.spawn) else render_world.COLOURS[MATERIALS[t][0]]
        assert rows[y * scale][x * scale] == want, (x, y)
    present = {MATERIALS[t][0] for t in set(region.tiles)}
    legend = dict(item.rsplit(" ", 1) for item in text["legend"].split("; "))
    assert set(legend) == present | {"spawn"}
    assert len(set(legend.values())) == len(legend)      # one colour each
    # The legend band under the map holds each present colour's swatch.
    band = {px for row in rows[250 * scale:] for px in row}
    assert all(render_world.COLOURS[name] in band for name in present)


def test_svg_is_xml_with_a_named_legend(tmp_path, capsys):
    path = tmp_path / "w.svg"
    assert main(["world", "render", "--seed", "7", "--depth", "1", *SIZE, "--region", "0,0,120,60",
                 "--svg", str(path)]) == 0
    capsys.readouterr()
    root = ElementTree.fromstring(path.read_text())
    ns = "{http://www.w3.org/2000/svg}"
    names = [t.text for t in root.iter(ns + "text")]
    assert {"air", "grass", "dirt", "stone", "spawn"} <= set(names)
    assert "seed 7, depth 1 (surface)" in root.find(ns + "title").text
    assert len(root.findall(ns + "rect")) > 100


def test_terminal_picture_is_coloured_and_fits(capsys):
    assert main(["world", "render", "--seed", "7", "--depth", "4", *SIZE]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert max(len(line) for line in lines[:render_world.VIEW[1]]) <= 80 and len(lines) <= 24
    assert "@" in out and "stone" in out and "spawn" in out
    region = hw.build(hw.spec_for(7, 4, (250, 250)), 7, (0, 0, 20, 5))
    text = render_world.terminal_text(region, legend=False)
    styles = {str(span.style) for span in text.spans}
    assert any("#5c5c64" in s for s in styles)           # stone's colour


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
    proc = maze32("world", "render", "--seed", "1", "--depth", "8", "--region", "0,0,2048,2048", timeout=60,
                  preexec_fn=limit_memory)
    one_line_error(proc, 2, "2048 x 2048", "at most %d x %d" % render_world.TERMINAL_MOST, "--png")


def test_with_a_picture_file_the_terminal_shows_the_region_clipped(tmp_path, capsys):
    png = tmp_path / "w.png"
    most_w, most_h = render_world.TERMINAL_MOST
    assert main(["world", "render", "--seed", "1", "--depth", "8", "--region", "0,0,%d,40" % (most_w + 44),
                 "--png", str(png)]) == 0
    out = capsys.readouterr().out
    assert read_png(png.read_bytes())[0] >= most_w + 44           # the file holds the whole region
    assert "tiles 0,0 to %d,39 of" % (most_w - 1) in out.replace("\n", "") and "at most" in out
