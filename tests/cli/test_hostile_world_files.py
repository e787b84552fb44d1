"""maze32 world check against malformed maze32-world/7 files: the bounds every file of ours is read
with (files.read_json), so each is exit 2 with one line naming the problem, never a traceback."""
import json
import resource

import pytest

from support import maze32, one_line_error

CASES = {
    "nested": ("[" * 5000 + "]" * 5000, "nested"),
    "long integer": ('{"format": "maze32-world/7", "seed": ' + "9" * 5000 + "}", "digits"),
    "NaN": ('{"format": NaN}', "NaN"),
    "repeated key": ('{"format": "maze32-world/7", "format": "x"}', "twice"),
    "binary": ("\x00\x01\x02\xff", "not"),
    "not an object": ("[1, 2, 3]", ""),
    "empty": ("", ""),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_malformed_world_file_is_one_line_and_exit_2(tmp_path, name):
    text, word = CASES[name]
    path = tmp_path / "world.json"
    path.write_text(text, encoding="latin-1")
    one_line_error(maze32("world", "check", str(path)), 2, word)


def test_an_oversized_world_file_is_refused_unread(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as f:
        f.truncate(17 * 1024 * 1024)          # sparse: larger than the bound, nothing to parse
    proc = maze32("world", "check", str(path))
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1, proc.stderr


# -- bounded work and every claim checked (issue 22) ------------------------------------------------
@pytest.fixture(scope="module")
def dungeon(tmp_path_factory):
    path = tmp_path_factory.mktemp("w") / "world.json"
    proc = maze32("world", "export", "--seed", "6", "--depth", "16", "--size", "250x250", "-o", str(path))
    assert proc.returncode == 0, proc.stderr
    return json.loads(path.read_text())


def check_doc(tmp_path, doc, **kw):
    path = tmp_path / "world.json"
    path.write_text(json.dumps(doc))
    return maze32("world", "check", str(path), "--json", **kw)


def limit_memory():
    # 1 GB of address space: a check that allocates the claimed extent (4.2 GB) fails at once.
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def test_a_huge_claimed_extent_allocates_nothing_and_fails_dimensions(tmp_path, dungeon):
    doc = dict(dungeon, extent=[65535, 65535], tiles=[""] * 65535)
    proc = check_doc(tmp_path, doc, preexec_fn=limit_memory)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr[-800:]
    assert json.loads(proc.stdout)["failed"] == ["dimensions"]


def test_more_rooms_than_the_world_holds_are_refused_unread(tmp_path, dungeon):
    big = max(dungeon["rooms"], key=lambda r: r[2] * r[3])
    one_line_error(check_doc(tmp_path, dict(dungeon, rooms=[big] * 20000)), 2, "rooms", "at most")


def test_many_listed_rooms_cost_a_look_up_each(tmp_path, dungeon):
    # The world's rooms, then copies of the largest up to as many as the world may list: each is
    # judged (true: it is open), the only failure is the hash of the changed list.
    from maze32.world.codec import max_rooms
    rooms = dungeon["rooms"]
    big = max(rooms, key=lambda r: r[2] * r[3])
    proc = check_doc(tmp_path, dict(dungeon, rooms=rooms + [big] * (max_rooms(250, 250) - len(rooms))))
    assert proc.returncode == 1 and json.loads(proc.stdout)["failed"] == ["hash"], proc.stdout


@pytest.mark.parametrize("field, value, word", [("kind", "caves", "kind"), ("seed", 7, "seed 7"),
                                                ("strategy", "accretion", "strategy accretion")])
def test_a_false_claim_is_caught(tmp_path, dungeon, field, value, word):
    proc = check_doc(tmp_path, dict(dungeon, **{field: value}))
    verdict = json.loads(proc.stdout)
    assert proc.returncode == 1 and not verdict["valid"] and verdict["failed"] == [], proc.stdout
    assert any(word in line for line in verdict["false_claims"]), verdict


def test_a_strategy_claimed_for_a_kind_with_one_is_caught(tmp_path):
    path = tmp_path / "surface.json"
    assert maze32("world", "export", "--seed", "2", "--depth", "2", "--size", "250x250", "-o",
                  str(path)).returncode == 0
    doc = dict(json.loads(path.read_text()), strategy="accretion")
    verdict = json.loads(check_doc(tmp_path, doc).stdout)
    assert not verdict["valid"] and "built only by bsp" in verdict["false_claims"][0], verdict


@pytest.mark.parametrize("field, value", [("kind", "volcano"), ("comment", "trust me")])
def test_an_unknown_claim_is_refused(tmp_path, dungeon, field, value):
    one_line_error(check_doc(tmp_path, dict(dungeon, **{field: value})), 2, field)


def test_the_true_document_holds_every_claim(tmp_path, dungeon):
    verdict = json.loads(check_doc(tmp_path, dungeon).stdout)
    assert verdict["valid"] and verdict["false_claims"] == [], verdict
