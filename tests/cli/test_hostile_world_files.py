"""maze32 world check against malformed maze32-world/1 files: the bounds every file of ours is read
with (files.read_json), so each is exit 2 with one line naming the problem, never a traceback."""
import pytest

from support import maze32, one_line_error

CASES = {
    "nested": ("[" * 5000 + "]" * 5000, "nested"),
    "long integer": ('{"format": "maze32-world/1", "seed": ' + "9" * 5000 + "}", "digits"),
    "NaN": ('{"format": NaN}', "NaN"),
    "repeated key": ('{"format": "maze32-world/1", "format": "x"}', "twice"),
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
