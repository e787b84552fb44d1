"""Issue 12's pictures: the SVG with title, level code, legend, distinct routes and a colour bar; the
same picture as PNG; a terminal picture that fits 80 x 24 (compact) unless --full; distance shading of
whole cells; the replay sheet of a Duel (render.replay_svg)."""
import json
import re
import unicodedata
import xml.etree.ElementTree as ET

import pytest

from host import render, render_terminal
from maze32 import levelcode
from support import maze32, read_png

SVG = "{http://www.w3.org/2000/svg}"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
BRAILLE_BIT = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))
PLAIN = {"NO_COLOR": None, "FORCE_COLOR": None}           # the environment's colour choices undone
# what a colour terminal would get: ANSI codes, 80 columns
COLOUR = dict(PLAIN, FORCE_COLOR="1", COLUMNS="80", LINES="24", TERM="xterm-256color")


def document(*args):
    return json.loads(maze32("validate", *args, "--json", env=PLAIN).stdout)


def svg_of(tmp_path, *args):
    out = tmp_path / "m.svg"
    proc = maze32("render", *args, "--svg", str(out), env=PLAIN)
    assert proc.returncode == 0, proc.stderr
    return ET.parse(out).getroot()


def group(root, gid):
    found = [el for el in root.iter() if el.get("id") == gid]
    assert len(found) == 1, gid
    return found[0]


def texts(el):
    return [t.text or "" for t in el.iter(SVG + "text")]


def width(line):
    # Terminal columns of a line without its escape codes (wide characters count 2).
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in ANSI.sub("", line))


# -- SVG ------------------------------------------------------------------------------------------
def test_svg_has_title_seed_level_code_and_a_legend_in_the_pictures_colours(tmp_path):
    doc = document("--seed", "7", "--size", "16x16")
    root = svg_of(tmp_path, "--seed", "7", "--size", "16x16")
    code = levelcode.encode(16, 16, 7, doc["hash"])
    assert code == maze32("code", "--seed", "7", "--size", "16x16", env=PLAIN).stdout.split()[0]
    title = " ".join(texts(group(root, "title")))
    assert "16 \u00d7 16" in title and "seed 7" in title and code in title
    assert code in root.find(SVG + "title").text
    legend = " ".join(texts(group(root, "legend")))
    for entry in ("start", "exit", "key", "compass", "landmark", "artifact", "wall",
                  "Player 1's half", "Player 2's half"):
        assert entry in legend, entry
    assert "route" not in legend and "Distance" not in legend          # only when drawn
    # Every object's colour in the picture is a colour of the legend's symbols, one per player.
    in_picture = {c.get("fill") for c in group(root, "objects").iter(SVG + "circle")}
    in_legend = {c.get("fill") for c in group(root, "legend").iter(SVG + "circle")}
    assert in_picture == in_legend == set(render.PLAYER_COLOUR)
    objects = group(root, "objects")
    assert len(list(objects.iter(SVG + "circle"))) == 2 * (4 + 2 + 1)
    for (x, y), (glyph, m) in render.objects_of(doc).items():
        tips = [c.find(SVG + "title").text for c in objects.iter(SVG + "circle")
                if c.get("fill") == render.PLAYER_COLOUR[m]]
        assert any("(%d, %d)" % (x, y) in tip for tip in tips), (glyph, m)
    halves = group(root, "halves")
    tints = {r.get("fill") for r in halves.iter(SVG + "rect")}
    assert set(render.HALF_TINT) <= tints


def test_svg_of_custom_settings_says_it_has_no_level_code(tmp_path):
    root = svg_of(tmp_path, "--seed", "7", "--size", "16x16", "--cycles", "3")
    title = " ".join(texts(group(root, "title")))
    assert "seed 7" in title and "custom settings (no level code)" in title
    assert not re.search(r"[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{5}", title)


def test_the_two_routes_stay_distinct_where_they_overlap(tmp_path):
    doc = document("--seed", "7", "--size", "16x16")
    root = svg_of(tmp_path, "--seed", "7", "--size", "16x16", "--route")
    one, two = group(root, "route-1"), group(root, "route-2")
    assert one.get("stroke") == render.PLAYER_COLOUR[0] and two.get("stroke") == render.PLAYER_COLOUR[1]
    assert one.get("stroke-dasharray") is None and two.get("stroke-dasharray")      # solid, dashed
    p1 = [tuple(map(float, p.split(","))) for p in one.get("points").split()]
    p2 = [tuple(map(float, p.split(","))) for p in two.get("points").split()]
    solution = [doc["metrics"]["players"][m]["solution"] for m in (0, 1)]
    assert (len(p1) - 1, len(p2) - 1) == tuple(solution)
    shared = set(render.solution(doc, 0)) & set(render.solution(doc, 1))
    assert shared, "seed 7 at 16x16: the routes share cells"
    assert not set(p1) & set(p2)                      # offset to either side: never on the same line
    legend = " ".join(texts(group(root, "legend")))
    assert "Player 1: start \u2192 key \u2192 exit, %d steps" % solution[0] in legend
    assert "(dashed)" in legend


def test_distances_shade_whole_cells_under_walls_routes_and_objects_with_a_colour_bar(tmp_path):
    doc = document("--seed", "5", "--size", "16x16")
    root = svg_of(tmp_path, "--seed", "5", "--size", "16x16", "--distances", "--route")
    cells = list(group(root, "distances").iter(SVG + "rect"))
    assert len(cells) == 16 * 16 and {c.get("width") for c in cells} == {c.get("height") for c in cells}
    far = max(render.distances(doc, doc["placements"]["start"][0])[0].values())
    bar = group(root, "colour-bar")
    assert len(list(bar.iter(SVG + "rect"))) >= 8
    assert "0" in texts(bar) and str(far) in texts(bar)
    assert "Distance" in texts(group(root, "legend"))
    order = [el.get("id") for el in root.iter() if el.get("id")]
    assert order.index("distances") < order.index("walls") < order.index("route-1") < order.index("objects")


# -- PNG ------------------------------------------------------------------------------------------
def test_png_is_the_svg_picture_rasterised(tmp_path):
    svg, png = tmp_path / "m.svg", tmp_path / "m.png"
    proc = maze32("render", "--seed", "7", "--size", "16x16", "--route", "--distances",
                  "--svg", str(svg), "--png", str(png), env=PLAIN)
    assert proc.returncode == 0, proc.stderr
    assert "m.svg" in proc.stdout and "m.png" in proc.stdout
    root = ET.parse(svg).getroot()
    w, h, rows, _ = read_png(png.read_bytes())
    pixel = lambda x, y: rows[y][x]                              # noqa: E731
    scale = 2
    assert (w, h) == (round(float(root.get("width")) * scale), round(float(root.get("height")) * scale))
    # Each object's disc is its player's colour beside the letter, in the PNG too.
    for c in group(root, "objects").iter(SVG + "circle"):
        cx, cy, r = float(c.get("cx")), float(c.get("cy")), float(c.get("r"))
        want = tuple(int(c.get("fill")[k:k + 2], 16) for k in (1, 3, 5))
        got = pixel(int((cx - 0.75 * r) * scale), int(cy * scale))
        assert max(abs(a - b) for a, b in zip(got, want)) <= 8, (c.get("fill"), got)
    assert pixel(0, 0) == (255, 255, 255)


def test_png_to_stdout_and_both_pictures_to_stdout_refused(tmp_path):
    proc = maze32("render", "--seed", "3", "--size", "8x8", "--png", "-", text=False)
    assert proc.returncode == 0 and proc.stdout[:8] == b"\x89PNG\r\n\x1a\n"
    bad = maze32("render", "--seed", "3", "--png", "-", "--svg", "-", env=PLAIN)
    assert bad.returncode == 2 and "only one" in bad.stderr


def test_png_to_an_unwritable_path(tmp_path):
    proc = maze32("render", "--seed", "1", "--size", "8x8", "--png", str(tmp_path / "no" / "m.png"), env=PLAIN)
    assert proc.returncode == 2 and "cannot write" in proc.stderr
    assert not (tmp_path / "no").exists()


# -- the terminal ---------------------------------------------------------------------------------
@pytest.mark.parametrize("options", [[], ["--route"], ["--distances"], ["--route", "--distances"]])
def test_a_32x32_terminal_picture_fits_80x24(options, tmp_path):
    # the SVG by a short name: the "written:" line's width is the path's, not the picture's
    for extra in ([], ["--svg", "m.svg"]):
        proc = maze32("render", "--seed", "7", *options, *extra, env=COLOUR, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        assert "\x1b[" in proc.stdout                       # colours were on
        lines = proc.stdout.rstrip("\n").split("\n")
        assert len(lines) <= 24, len(lines)
        assert max(width(line) for line in lines) <= 80
        assert "compact view" in proc.stdout and "--full" in proc.stdout


def braille_rows(text, w, h):
    rows = text.splitlines()[:h // 2 + 1]
    assert all(len(r) == 2 * w + 1 for r in rows)
    return rows


def test_compact_picture_draws_exactly_the_walls():
    for seed, size in ((7, "32x32"), (11, "14x12")):
        w, h = map(int, size.split("x"))
        doc = document("--seed", str(seed), "--size", size)
        proc = maze32("render", "--seed", str(seed), "--size", size, env=PLAIN)
        rows = braille_rows(proc.stdout, w, h)
        letters = set(render.objects_of(doc))

        def lit(u, v):
            ch = rows[v // 4][u // 2]
            if not 0x2800 <= ord(ch) <= 0x28FF:
                return None                                 # an object's letter stands there
            return bool((ord(ch) - 0x2800) & BRAILLE_BIT[u % 2][v % 4])
        checked = 0
        for y in range(h):
            for x in range(w):
                f = doc["cells"][y][x]
                east = lit(4 * (x + 1), 2 * y + 1)
                south = lit(4 * x + 1, 2 * (y + 1))
                if east is not None:
                    assert east == (not f & 2), (x, y)
                    checked += 1
                if south is not None:
                    assert south == (not f & 4), (x, y)
                    checked += 1
                assert lit(4 * x + 2, 2 * y + 1) in (False, None)     # inside a cell: no dot
        assert checked >= 2 * w * h - 2 * len(letters)
        for (x, y), (glyph, m) in render.objects_of(doc).items():
            assert glyph in (rows[y // 2][2 * x + 1], rows[y // 2][2 * x])


def test_full_gives_the_full_picture_whatever_its_size():
    doc = document("--seed", "7", "--size", "32x32")
    proc = maze32("render", "--seed", "7", "--full", env=PLAIN)
    rows = proc.stdout.splitlines()
    assert len(rows) > 65 and "compact view" not in proc.stdout
    for y in range(32):
        for x in range(32):
            f = doc["cells"][y][x]
            assert (rows[2 * y + 1][2 * x + 2] == " ") == bool(f & 2), (x, y)
            assert (rows[2 * y + 2][2 * x + 1] == " ") == bool(f & 4), (x, y)
    for (x, y), (glyph, m) in render.objects_of(doc).items():
        assert rows[2 * y + 1][2 * x + 1] == glyph


def backgrounds(picture):
    # -> {offset: background colour triplet} of a rich Text.
    from rich.style import Style
    out = {}
    for span in picture.spans:
        style = Style.parse(span.style) if isinstance(span.style, str) else span.style
        if style.bgcolor is not None:
            for i in range(span.start, span.end):
                out[i] = style.bgcolor.get_truecolor()
    return out


def test_terminal_distances_shade_every_character_not_stripes():
    doc = document("--seed", "5", "--size", "16x16")
    for picture, lines in ((render_terminal.terminal(doc, heat=True), 33), (render_terminal.compact(doc, heat=True), 8)):
        shaded, plain = backgrounds(picture), picture.plain.split("\n")
        for n in range(lines):                     # the compact picture's last line is the border
            start = sum(len(r) + 1 for r in plain[:n])
            for i in range(len(plain[n])):
                assert start + i in shaded, (n, i, plain[n][i])
    assert len(set(backgrounds(render_terminal.terminal(doc, heat=True)).values())) > 16   # a scale


# -- the replay sheet ------------------------------------------------------------------------------
def index(cells):
    return [(y << 5) | x for x, y in cells]


def test_replay_sheet_draws_both_walks_beside_the_shortest_routes():
    doc = document("--seed", "5", "--size", "16x16")
    one, two = render.solution(doc, 0), render.solution(doc, 1)
    detour = one[:8] + list(reversed(one[4:8])) + one[5:]          # back 3 cells and on again: +6
    stuck = two[:12] + [two[11]] * 5                                 # standing still is no step
    root = ET.fromstring(render.replay_svg(doc, [index(detour), index(stuck)]))
    assert root.tag == SVG + "svg"
    best = doc["metrics"]["players"][0]["solution"]
    head = texts(group(root, "panel-1"))[0]
    assert head.startswith("Player 1: %d steps, shortest %d" % (best + 6, best)) and "(won)" in head
    assert texts(group(root, "panel-2"))[0].startswith("Player 2: 11 steps, shortest %d" % best)
    legend = " ".join(texts(group(root, "legend")))
    for entry in ("where the player walked", "walked more than once", "the shortest route",
                  "where the player stopped", "start", "exit", "key", "compass", "landmark", "artifact",
                  "6 more than the shortest route (%d)" % best, "did not get out (no key)"):
        assert entry in legend, entry
    shortest = group(root, "shortest-1")
    assert len(shortest.get("points").split()) == best + 1 and shortest.get("stroke-dasharray")
    walked = list(group(root, "walk-1").iter(SVG + "path"))
    assert len(walked) == 2                                           # once, and more than once
    once, again = (len(p.get("d").split("M")) - 1 for p in walked)
    assert again == 3 and once == best - 3
    assert len(group(root, "walk-2").find(SVG + "path").get("d").split("M")) - 1 == 11


def test_replay_sheet_of_walks_that_never_moved():
    doc = document("--seed", "5", "--size", "8x8")
    start = doc["placements"]["start"]
    root = ET.fromstring(render.replay_svg(doc, [[], index([tuple(start[1])] * 3)]))
    assert texts(group(root, "panel-1"))[0].startswith("Player 1: 0 steps")
    assert texts(group(root, "panel-2"))[0].startswith("Player 2: 0 steps")


# -- a Deeper level: maze32 hedge --svg/--png, and its terminal picture ---------------------------
def test_hedge_pictures_have_a_title_a_legend_and_every_ghost(tmp_path):
    svg, png = tmp_path / "h.svg", tmp_path / "h.png"
    proc = maze32("hedge", "--seed", "7", "--level", "9", "--svg", str(svg), "--png", str(png), env=PLAIN)
    assert proc.returncode == 0, proc.stderr
    assert "written: %s, %s" % (svg, png) in proc.stdout.replace("\n", "")
    doc = json.loads(maze32("hedge", "--seed", "7", "--level", "9", "--json", env=PLAIN).stdout)
    root = ET.parse(svg).getroot()
    assert root.find(SVG + "title").text == "maze32 Deeper  level 9 (21 \u00d7 21 tiles), seed 7"
    words = " ".join(texts(group(root, "legend")))
    for wanted in ("you start here", "the hatch", "a ghost", "where a ghost wakes: within 4 tiles",
                   "hedge: a wall", "shortest way to the hatch", "all 7 checks hold", doc["hash"][:16]):
        assert wanted in words, wanted
    markers = group(root, "markers")
    assert sorted(texts(markers)) == sorted(["H", "@"] + ["G"] * len(doc["ghosts"])) and len(doc["ghosts"]) == 8
    # The PNG is the same picture: each marker's disc in its colour, beside its letter.
    w, h, rows, _ = read_png(png.read_bytes())
    pixel = lambda x, y: rows[y][x]
    assert (w, h) == (round(float(root.get("width")) * 2), round(float(root.get("height")) * 2))
    for c in markers.iter(SVG + "circle"):
        cx, cy, r = float(c.get("cx")), float(c.get("cy")), float(c.get("r"))
        want = tuple(int(c.get("fill")[k:k + 2], 16) for k in (1, 3, 5))
        got = pixel(int((cx - 0.75 * r) * 2), int(cy * 2))
        assert max(abs(a - b) for a, b in zip(got, want)) <= 8, (c.get("fill"), got)


def test_hedge_terminal_picture_is_the_games_two_columns_a_tile_with_a_legend():
    proc = maze32("hedge", "--seed", "7", "--level", "9", env=COLOUR)
    lines = proc.stdout.splitlines()
    doc = json.loads(maze32("hedge", "--seed", "7", "--level", "9", "--json", env=PLAIN).stdout)
    rows = [ANSI.sub("", line) for line in lines[:doc["side"]]]
    assert all(width(row) == 2 * doc["side"] for row in rows)          # square tiles: not squashed
    assert rows[1][2:4] == "@ " and rows[0] == "\u2588" * 2 * doc["side"]
    hx, hy = doc["hatch"]
    assert rows[hy][2 * hx] == "H"
    assert all(rows[g["y"]][2 * g["x"]] == "G" for g in doc["ghosts"])
    legend = ANSI.sub("", lines[doc["side"]])
    assert "@ you" in legend and "H the hatch" in legend and "G a ghost: wakes within 4 tiles" in legend
    assert len(lines) <= 24 and all(width(line) < 80 for line in lines)
    assert "\x1b[" in lines[1]                                          # in the game's colours


def test_hedge_pictures_to_stdout_one_at_a_time(tmp_path):
    proc = maze32("hedge", "--seed", "3", "--png", "-", text=False)
    assert proc.returncode == 0 and proc.stdout[:8] == b"\x89PNG\r\n\x1a\n"
    for both in (["--png", "-", "--svg", "-"], ["--json", "--svg", "-"]):
        bad = maze32("hedge", "--seed", "3", *both, env=PLAIN)
        assert bad.returncode == 2 and bad.stderr.startswith("maze32: ") and "only one" in bad.stderr
