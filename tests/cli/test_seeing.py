"""Issue 4 as a user meets it: render (terminal and SVG), sweep with bands, level codes. The pictures
of issue 12 (legend, PNG, compact terminal, replay sheet) are in test_pictures.py."""
import json
import xml.etree.ElementTree as ET

import pytest

from maze32 import levelcode
from support import maze32, one_line_error

SVG = "{http://www.w3.org/2000/svg}"


def document(seed, size):
    return json.loads(maze32("validate", "--seed", str(seed), "--size", size, "--json").stdout)


# -- render ---------------------------------------------------------------------------------------
def test_terminal_picture_draws_exactly_the_walls_and_objects():
    doc = document(11, "12x10")
    proc = maze32("render", "--seed", "11", "--size", "12x10", "--full")
    assert proc.returncode == 0
    rows = proc.stdout.splitlines()[:2 * 10 + 1]
    for y in range(10):
        for x in range(12):
            f = doc["cells"][y][x]
            east = rows[2 * y + 1][2 * x + 2]
            south = rows[2 * y + 2][2 * x + 1]
            assert (east == " ") == bool(f & 2), (x, y)
            assert (south == " ") == bool(f & 4), (x, y)
    for name, glyph in (("start", "S"), ("exit", "E"), ("key", "K"), ("compass", "C")):
        for x, y in doc["placements"][name]:
            assert rows[2 * y + 1][2 * x + 1] == glyph
    assert "landmark" in proc.stdout and "artifact" in proc.stdout      # the legend


def test_svg_is_well_formed_with_walls_objects_routes_and_heat(tmp_path):
    out = tmp_path / "m.svg"
    proc = maze32("render", "--seed", "5", "--size", "16x16", "--svg", str(out), "--route", "--distances")
    assert proc.returncode == 0, proc.stderr
    root = ET.parse(out).getroot()
    assert root.tag == SVG + "svg"
    parts = dict((el.get("id"), el) for el in root.iter() if el.get("id"))
    assert {"title", "legend", "walls", "objects", "route-1", "route-2", "distances", "colour-bar"} <= set(parts)
    circles = [el for el in parts["objects"].iter(SVG + "circle")]
    assert len(circles) == 2 * (4 + 2 + 1)
    heat = [el for el in parts["distances"].iter(SVG + "rect")]
    assert len(heat) == 16 * 16
    routes = [parts["route-1"], parts["route-2"]]
    doc = document(5, "16x16")
    solution = doc["metrics"]["players"][0]["solution"]
    assert all(len(r.get("points").split()) == solution + 1 for r in routes)


def test_svg_without_options_has_no_routes_or_heat(tmp_path):
    out = tmp_path / "m.svg"
    assert maze32("render", "--seed", "5", "--svg", str(out)).returncode == 0
    ids = {el.get("id") for el in ET.parse(out).getroot().iter() if el.get("id")}
    assert "walls" in ids and "legend" in ids
    assert "route-1" not in ids and "distances" not in ids and "colour-bar" not in ids


def test_render_to_an_unwritable_path(tmp_path):
    target = tmp_path / "no" / "m.svg"
    assert "cannot write" in one_line_error(maze32("render", "--seed", "1", "--svg", str(target)), 2)
    assert not target.parent.exists()


# -- sweep ----------------------------------------------------------------------------------------
def test_sweep_reports_distributions_and_jobs_agree(tmp_path):
    one = tmp_path / "1.json"
    p1 = maze32("sweep", "--seeds", "0..119", "--size", "16x16", "--size", "8x8", "-o", str(one))
    p2 = maze32("sweep", "--seeds", "0..119", "--size", "16x16", "--size", "8x8", "--jobs", "2", "--json")
    assert p1.returncode == 0 and p2.returncode == 0, p1.stderr + p2.stderr
    a, b = json.loads(one.read_text()), json.loads(p2.stdout)     # --json: the same document on stdout
    assert a == b
    s = a["sizes"]["16x16"]
    assert s["seeds"] == s["valid"] == 120 and not s["failures"]
    for name in ("solution", "dead_ends", "attempts", "disjoint_routes", "route_bridges"):
        st = s["metrics"][name]
        assert st["min"] <= st["median"] <= st["p95"] <= st["max"]
    assert s["metrics"]["edges"]["min"] == s["metrics"]["edges"]["max"] == 16 * 16 - 2 + 4 + 16
    for title in ("solution:", "dead_ends:", "attempts:"):
        assert title in p1.stdout
        assert sum(count for _, _, count in s["histograms"][title[:-1]]) == 120


def test_sweep_lists_failing_seeds_and_exits_1():
    proc = maze32("sweep", "--seeds", "0..99", "--size", "8x8", "--max-attempts", "1")
    assert proc.returncode == 1
    assert "failed" in proc.stdout and "some seeds failed" in proc.stderr


@pytest.mark.slow
def test_bands_hold_for_fresh_seeds_and_catch_a_changed_generator():
    fresh = maze32("sweep", "--seeds", "7000..7199", "--size", "32x32", "--size", "8x8", "--check-bands")
    assert fresh.returncode == 0, fresh.stdout + fresh.stderr
    assert "every metric within its bands" in fresh.stdout
    changed = maze32("sweep", "--seeds", "7000..7199", "--size", "32x32", "--cycles", "3", "--check-bands")
    assert changed.returncode == 1
    assert "drift" in changed.stdout and "drifted" in changed.stderr


@pytest.mark.parametrize("args,word", [
    (["sweep", "--seeds", "9..3"], "empty"),
    (["sweep", "--seeds", "0..9", "--size", "9x9"], "size"),
    (["sweep", "--seeds", "0..9", "--jobs", "0"], "jobs"),
    (["sweep", "--seeds", "0..9", "--size", "12x20", "--check-bands"], "no bands for 12x20"),
    (["sweep"], "--seeds"),
])
def test_sweep_bad_input(args, word):
    assert word in one_line_error(maze32(*args), 2)


# -- level codes ----------------------------------------------------------------------------------
def test_level_code_round_trip():
    code = maze32("code", "--seed", "123456", "--size", "24x16").stdout.split()[0]
    assert len(code) == 15 and code.count("-") == 2
    proc = maze32("validate", "--code", code.lower().replace("1", "l"), "--json")
    doc = json.loads(proc.stdout)
    assert (doc["requested_seed"], doc["width"], doc["height"]) == (123456, 24, 16)
    assert doc["hash"] == document(123456, "24x16")["hash"]


def test_level_code_with_another_hash_is_rejected_saying_so():
    real = maze32("code", "--seed", "99").stdout.split()[0]
    version, w, h, seed, prefix = levelcode.decode(real)
    forged = levelcode.encode(w, h, seed, "%05x" % (int(prefix, 16) ^ 1))
    line = one_line_error(maze32("validate", "--code", forged), 1)
    assert "hash differs" in line and prefix in line
    # a typo is the likelier cause, so it is named before another generator
    assert line.index("check the code for a typo") < line.index("different generator")


def test_level_code_of_another_format_version():
    real = maze32("code", "--seed", "99").stdout.split()[0]
    version, w, h, seed, prefix = levelcode.decode(real)
    value = 0
    for ch in real.replace("-", ""):
        value = value * 32 + "0123456789ABCDEFGHJKMNPQRSTVWXYZ".index(ch)
    value = (value & ((1 << 60) - 1)) | (2 << 60)
    digits = ""
    for _ in range(13):
        digits = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"[value & 31] + digits
        value >>= 5
    assert "format version 2" in one_line_error(maze32("validate", "--code", digits), 1)


@pytest.mark.parametrize("code,word", [("ABC", "13 characters"), ("UUUU-UUUU-UUUUU", "not a code character")])
def test_malformed_level_codes(code, word):
    assert word in one_line_error(maze32("validate", "--code", code), 2)


def test_seed_and_code_together_is_an_error():
    assert "not both" in one_line_error(maze32("validate", "--seed", "1", "--code", "1SG0-0000-7RBJR"), 2)
