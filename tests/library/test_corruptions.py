"""SPEC 3.5: every named check can fail. Each test corrupts a valid maze32/1 file so that it breaks
one rule, then asserts that `maze32 check` names that check and exits 1."""
import copy
import json

import pytest

from host.cli import main
from maze32.validate import CHECK_NAMES

N, E, S, W = 1, 2, 4, 8


@pytest.fixture(scope="module")
def valid_doc(tmp_path_factory):
    path = tmp_path_factory.mktemp("m") / "seed7.json"
    assert main(["export", "--seed", "7", "-o", str(path)]) == 0
    return json.loads(path.read_text())


def run_check(tmp_path, doc, capsys):
    path = tmp_path / "maze.json"
    path.write_text(json.dumps(doc))
    code = main(["check", str(path), "--json"])
    verdict = json.loads(capsys.readouterr().out)
    return code, verdict["failed"]


def test_untouched_file_passes(tmp_path, valid_doc, capsys):
    assert run_check(tmp_path, valid_doc, capsys) == (0, [])


def open_wall(cells, x, y, flag):
    dx, dy, back = {N: (0, -1, S), E: (1, 0, W), S: (0, 1, N), W: (-1, 0, E)}[flag]
    cells[y][x] |= flag
    cells[y + dy][x + dx] |= back


def close_all(cells, x, y):
    for flag, (dx, dy, back) in {N: (0, -1, S), E: (1, 0, W), S: (0, 1, N), W: (-1, 0, E)}.items():
        if cells[y][x] & flag:
            cells[y][x] &= ~flag
            cells[y + dy][x + dx] &= ~back


def first_closed_interior_wall(cells):
    for y in range(1, len(cells) - 1):
        for x in range(1, len(cells[0]) - 1):
            if not cells[y][x] & E:
                return x, y
    raise AssertionError("no closed wall")


def corrupt_dimensions(d):
    d["width"] = d["config"]["width"] = 34


def corrupt_border(d):
    d["cells"][0][5] |= N


def corrupt_reciprocity(d):
    y, x = next((y, x) for y, row in enumerate(d["cells"]) for x, f in enumerate(row) if f & E)
    d["cells"][y][x] &= ~E


def corrupt_symmetry(d):
    x, y = first_closed_interior_wall(d["cells"])
    open_wall(d["cells"], x, y, E)       # opened on one side of the rotation only


def corrupt_reachability(d):
    # Isolate an interior cell that holds no object.
    taken = {tuple(p) for v in d["placements"].values() for p in _flatten(v)}
    cells = d["cells"]
    x, y = next((x, y) for y in range(2, 10) for x in range(2, 10) if (x, y) not in taken)
    close_all(cells, x, y)


def corrupt_edges(d):
    d["config"]["cycles"] -= 1           # the file now claims fewer cycle pairs than it has


def corrupt_cycles(d):
    d["config"]["cycles"] += 1


def corrupt_dead_ends(d):
    # Give every dead end a second passage; that never creates a new dead end.
    cells = d["cells"]
    h, w = len(cells), len(cells[0])
    for y in range(h):
        for x in range(w):
            if bin(cells[y][x]).count("1") == 1:
                for flag, ok in ((E, x < w - 1), (S, y < h - 1), (W, x > 0), (N, y > 0)):
                    if ok and not cells[y][x] & flag:
                        open_wall(cells, x, y, flag)
                        break


def corrupt_half_crossings(d):
    d["config"]["seams"] = 1


def corrupt_placement_bounds(d):
    w, h = d["width"], d["height"]
    d["placements"]["exit"] = [[w, 3], [-1, h - 4]]


def corrupt_placement_collisions(d):
    d["placements"]["compass"] = copy.deepcopy(d["placements"]["key"])


def corrupt_exit_separation(d):
    d["config"]["min_exit_separation"] = d["width"] + d["height"] - 2


def corrupt_key_visibility(d):
    # Put both keys inside their owner's initial view: next to the start, and its rotation.
    w, h = d["width"], d["height"]
    (sx, sy) = d["placements"]["start"][0]
    taken = {tuple(p) for v in d["placements"].values() for p in _flatten(v)}
    kx, ky = next((x, y) for x, y in ((sx + 1, sy), (sx - 1, sy), (sx, sy + 1), (sx, sy - 1))
                  if 0 <= x < w and 0 <= y < h and (x, y) not in taken)
    d["placements"]["key"] = [[kx, ky], [w - 1 - kx, h - 1 - ky]]


def corrupt_route_parity(d):
    # Move Player 2's key one step along a passage: its route from Player 2's start changes by one.
    (kx, ky) = d["placements"]["key"][1]
    f = d["cells"][ky][kx]
    for flag, (dx, dy) in ((N, (0, -1)), (E, (1, 0)), (S, (0, 1)), (W, (-1, 0))):
        if f & flag:
            d["placements"]["key"][1] = [kx + dx, ky + dy]
            return


def corrupt_hash(d):
    d["hash"] = "0" * 64


def corrupt_seed(d):
    d["requested_seed"] += 1             # the recorded seed makes another maze


def _flatten(v):
    if isinstance(v[0], int):
        return [v]
    return [p for item in v for p in _flatten(item)]


CORRUPTIONS = dict((name, globals()["corrupt_" + name]) for name in CHECK_NAMES)


@pytest.mark.parametrize("name", CHECK_NAMES)
def test_every_check_can_fail(name, tmp_path, valid_doc, capsys):
    doc = copy.deepcopy(valid_doc)
    CORRUPTIONS[name](doc)
    code, failed = run_check(tmp_path, doc, capsys)
    assert code == 1
    assert name in failed


def test_hash_is_the_only_failure_when_only_the_hash_changes(tmp_path, valid_doc, capsys):
    doc = copy.deepcopy(valid_doc)
    corrupt_hash(doc)
    assert run_check(tmp_path, doc, capsys) == (1, ["hash"])


def test_reordering_a_pair_keeps_every_rule_but_changes_the_hash(tmp_path, valid_doc, capsys):
    # A rotation pair listed the other way round is still a rotation pair: only the hash notices, and
    # the recorded seed, which makes the pair the other way round.
    doc = copy.deepcopy(valid_doc)
    a, b = doc["placements"]["landmarks"][0]
    doc["placements"]["landmarks"][0] = [b, a]
    assert run_check(tmp_path, doc, capsys) == (1, ["hash", "seed"])


def test_an_unreachable_object_is_reported_not_crashed_on(tmp_path, valid_doc, capsys):
    # Wall in Player 1's compass: its route is "not reached" (-1), which parity and metrics must carry.
    doc = copy.deepcopy(valid_doc)
    x, y = doc["placements"]["compass"][0]
    close_all(doc["cells"], x, y)
    code, failed = run_check(tmp_path, doc, capsys)
    assert code == 1 and "reachability" in failed and "route_parity" in failed
