"""The maze32 command line as a user meets it: the installed console script, exit codes, one-line
errors without tracebacks, and nothing half-written."""
import json
import os
from pathlib import Path

import pytest

from support import GOLDEN_DIR, maze32, one_line_error as assert_one_line_error

GOLDEN = GOLDEN_DIR / "duel.tsv"


def golden(w, h, seed):
    for line in GOLDEN.read_text().splitlines():
        f = line.split("\t")
        if f[:3] == [str(w), str(h), str(seed)]:
            return f[3], int(f[4])
    raise KeyError((w, h, seed))


def test_validate_reports_a_valid_maze():
    proc = maze32("validate", "--seed", "7")
    assert proc.returncode == 0, proc.stderr
    assert golden(32, 32, 7)[0] in proc.stdout
    assert "route_parity" in proc.stdout and "FAIL" not in proc.stdout


def test_python_dash_m_host_works_too():
    proc = maze32("validate", "--seed", "3", "--size", "8x8", module=True)
    assert proc.returncode == 0 and golden(8, 8, 3)[0] in proc.stdout


def test_validate_json_is_the_maze32_document():
    proc = maze32("validate", "--seed", "11", "--size", "12x20", "--json")
    doc = json.loads(proc.stdout)
    assert doc["format"] == "maze32/1" and (doc["width"], doc["height"]) == (12, 20)
    assert doc["hash"] == golden(12, 20, 11)[0] and doc["attempts"] == golden(12, 20, 11)[1]
    assert all(doc["checks"].values())
    assert len(doc["cells"]) == 20 and all(len(r) == 12 for r in doc["cells"])
    p1, p2 = doc["metrics"]["players"]
    assert p1 == p2 and p1["solution"] == p1["start_key"] + p1["key_exit"]


def test_export_then_check_round_trip(tmp_path):
    out = tmp_path / "m.json"
    assert maze32("export", "--seed", "4294967295", "--size", "32x16", "-o", str(out)).returncode == 0
    assert json.loads(out.read_text())["hash"] == golden(32, 16, 4294967295)[0]
    proc = maze32("check", str(out))
    assert proc.returncode == 0 and "valid" in proc.stdout


def retried_seed():
    # An 8x8 seed of the catalogue that needed more than one attempt.
    for line in GOLDEN.read_text().splitlines():
        f = line.split("\t")
        if f[:2] == ["8", "8"] and int(f[4]) > 1:
            return f[2]
    raise AssertionError("catalogue has no retried 8x8 seed")


def test_generation_failure_is_exit_1_with_a_diagnostic():
    proc = maze32("validate", "--seed", retried_seed(), "--size", "8x8", "--max-attempts", "1")
    assert proc.returncode == 1
    assert "generation failed" in proc.stdout and "attempts" in proc.stdout


def test_failed_export_writes_nothing(tmp_path):
    out = tmp_path / "m.json"
    proc = maze32("export", "--seed", retried_seed(), "--size", "8x8", "--max-attempts", "1", "-o", str(out))
    assert proc.returncode == 1 and not out.exists()


@pytest.mark.parametrize("args,words", [
    (["validate", "--seed", "-1"], ["seed", "-1"]),
    (["validate", "--seed", "4294967296"], ["seed", "4294967296"]),
    (["validate", "--seed", "seven"], ["seed", "seven"]),
    (["validate", "--seed", "1.5"], ["seed"]),
    (["validate"], ["--seed"]),
    (["validate", "--seed", "1", "--size", "9x8"], ["size", "even"]),
    (["validate", "--seed", "1", "--size", "6x6"], ["size", "8..32"]),
    (["validate", "--seed", "1", "--size", "34x34"], ["size"]),
    (["validate", "--seed", "1", "--size", "big"], ["size", "WxH"]),
    (["validate", "--seed", "1", "--cycles", "999"], ["cycles"]),
    (["validate", "--seed", "1", "--seams", "0"], ["seams"]),
    (["validate", "--seed", "1", "--size", "8x8", "--min-exit-separation", "15"], ["min_exit_separation"]),
    (["validate", "--seed", "1", "--view-radius", "31"], ["view_radius"]),
    (["validate", "--seed", "1", "--landmark-pairs", "9"], ["landmark_pairs"]),
    (["validate", "--seed", "1", "--bogus"], ["--bogus"]),
    (["frobnicate"], ["frobnicate"]),
    ([], ["no command"]),
    (["play", "--bot", "zoom"], ["bot", "zoom", "stroll", "dash"]),
    (["play", "--bot", "6"], ["bot", "1..5"]),
])
def test_bad_input_gets_one_line(args, words):
    assert_one_line_error(maze32(*args), 2, *words)


def test_unwritable_output_is_one_line_and_leaves_nothing(tmp_path):
    target = tmp_path / "missing-dir" / "m.json"
    assert_one_line_error(maze32("export", "--seed", "1", "-o", str(target)), 2, "cannot write")
    assert not target.parent.exists()
    locked = tmp_path / "ro"
    locked.mkdir()
    os.chmod(locked, 0o500)
    if os.access(locked, os.W_OK):       # root ignores permission bits; nothing to learn here
        return
    assert_one_line_error(maze32("export", "--seed", "1", "-o", str(locked / "m.json")), 2)
    assert list(locked.iterdir()) == []


@pytest.mark.parametrize("content,words", [
    (None, ["no such file"]),
    ("", ["not JSON"]),
    ("{\"format\": \"maze32/1\", ", ["not JSON"]),
    ("[1, 2]", ["not a maze32/1 document"]),
    ("{\"format\": \"maze99/1\"}", ["format"]),
    ("{\"format\": \"maze32/1\", \"width\": \"wide\"}", ["width"]),
])
def test_malformed_files_are_exit_2(tmp_path, content, words):
    path = tmp_path / "f.json"
    if content is not None:
        path.write_text(content)
    assert_one_line_error(maze32("check", str(path)), 2, *words)


def test_binary_file_and_directory_are_exit_2(tmp_path):
    blob = tmp_path / "blob.json"
    blob.write_bytes(b"\xff\xfe\x00\x81")
    assert_one_line_error(maze32("check", str(blob)), 2)
    assert_one_line_error(maze32("check", str(tmp_path)), 2, "directory")


def test_structurally_wrong_cells_are_exit_2(tmp_path):
    out = tmp_path / "m.json"
    maze32("export", "--seed", "2", "--size", "8x8", "-o", str(out))
    for mutate, word in ((lambda d: d["cells"].pop(), "cells"),
                         (lambda d: d["cells"][0].__setitem__(0, 16), "cells[0][0]"),
                         (lambda d: d["placements"].pop("key"), "placements.key"),
                         (lambda d: d["config"].__setitem__("colour", 3), "colour"),
                         (lambda d: d["config"].__setitem__("width", 10), "contradicts")):
        doc = json.loads(out.read_text())
        mutate(doc)
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps(doc))
        assert_one_line_error(maze32("check", str(bad)), 2, word)


# -- conventions: --version, grouped help, examples and defaults, --json, --debug, -o -, board list --
def test_version():
    proc = maze32("--version")
    assert proc.returncode == 0 and proc.stdout.startswith("maze32 0.1.0") and "maze32/1" in proc.stdout


GROUPS = {"play commands": ["play", "web"],
          "maze commands": ["validate", "check", "export", "code", "sweep"],
          "picture commands": ["render", "hedge"],
          "board commands": ["board", "deploy", "package", "time", "flash"]}


def test_help_lists_the_commands_by_group():
    proc = maze32("--help")
    assert proc.returncode == 0 and proc.stdout.startswith("usage: maze32 ")
    text = proc.stdout
    for title, names in GROUPS.items():
        block = text.split(title + ":\n", 1)[1].split("\n\n", 1)[0]
        assert [line.split()[0] for line in block.splitlines()] == names, title
    assert "--version" in text and "--debug" in text
    assert text.split("\n\n")[1].startswith("start here: maze32 play")       # first after the usage
    assert text.index("play commands:") < text.index("maze commands:")


def all_parsers():
    # (name, parser) of every command and action, from the parser the console script builds.
    import argparse
    from host.cli import build_parser

    def walk(parser, name):
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not subs:
            yield name, parser
        for sub in subs:
            for child, p in sub.choices.items():
                yield from walk(p, (name + " " + child).strip())
    return list(walk(build_parser(), ""))


def test_play_help_gives_the_bots_paces_as_the_game_plays_them():
    # --bot's help names each level's moves a second: duel.BOT_LEVELS's frames a move at term's 20
    # frames a second (it once said 2.5 for stroll, which moves 1.7 times a second).
    from maze32_game import duel, term
    play = dict(all_parsers())["play"]
    text = next(a.help for a in play._actions if "--bot" in a.option_strings)
    paces = ["%g" % round(1000.0 / (term.FRAME_MS * frames), 1) for _, frames in duel.BOT_LEVELS]
    assert "(%s or %s moves a second" % (", ".join(paces[:-1]), paces[-1]) in text, text
    assert "%s or %s (" % (", ".join(n for n, _ in duel.BOT_LEVELS[:-1]), duel.BOT_LEVELS[-1][0]) in text


def test_every_option_has_help_a_default_and_every_command_an_example():
    import argparse
    seen = set()
    for name, parser in all_parsers():
        seen.add(name)
        help_text = parser.format_help()
        assert "example" in help_text and "  maze32 " + name.split()[0] in help_text, name
        for action in parser._actions:
            if not action.option_strings or action.help is argparse.SUPPRESS:
                continue
            assert action.help, (name, action.option_strings)
            rendered = parser.formatter_class("maze32")._get_help_string(action)
            if action.default not in (None, False, argparse.SUPPRESS) and action.dest != "help":
                assert "default" in rendered, (name, action.option_strings)
    assert {"validate", "board list", "board serve", "boards", "sweep", "time", "play"} <= seen


def test_json_and_a_refused_option_start_without_rich():
    # rich (about a third of a command's start-up) is imported when a table is drawn for people: a --json
    # run and a refused option go without it (host/report.py); the table run needs it.
    import subprocess
    import sys
    probe = ("import sys; from host.cli import main; main(sys.argv[1:]); "
             "sys.stderr.write('rich %s' % any(m.split('.')[0] == 'rich' for m in sys.modules))")
    for args, loaded in ((["validate", "--seed", "1", "--json"], False), (["validate", "--seed", "-1"], False),
                         (["validate", "--seed", "1"], True)):
        proc = subprocess.run([sys.executable, "-c", probe] + args, capture_output=True, text=True, timeout=60)
        assert proc.stderr.endswith("rich %s" % loaded), (args, proc.stderr[-300:])


def test_json_is_a_flag_printing_json_on_stdout_everywhere(tmp_path):
    exported = tmp_path / "m.json"
    assert maze32("export", "--seed", "2", "--size", "8x8", "-o", str(exported)).returncode == 0
    for args, key in ((["validate", "--seed", "2", "--size", "8x8"], "hash"),
                      (["check", str(exported)], "valid"),
                      (["code", "--seed", "2", "--size", "8x8"], "code"),
                      (["hedge", "--seed", "2"], "tiles"),
                      (["sweep", "--seeds", "0..3", "--size", "8x8"], "sizes"),
                      (["board", "list"], "esp32-c6-devkitc-1")):
        proc = maze32(*args, "--json")
        assert proc.returncode == 0, (args, proc.stderr)
        assert key in json.loads(proc.stdout), args
    assert not (Path.cwd() / "-").exists()


def test_output_dash_is_stdout(tmp_path):
    proc = maze32("export", "--seed", "3", "--size", "8x8", "-o", "-", cwd=str(tmp_path))
    assert proc.returncode == 0 and json.loads(proc.stdout)["hash"] == golden(8, 8, 3)[0]
    assert list(tmp_path.iterdir()) == []


def test_debug_goes_through_the_parser_before_or_after_the_command():
    for args in (["--debug", "validate", "--seed", "1", "--size", "9x8"],
                 ["validate", "--seed", "1", "--size", "9x8", "--debug"]):
        proc = maze32(*args)
        assert proc.returncode == 1 and "Traceback" in proc.stderr and "CliError" in proc.stderr, args
    # a file named --debug is a file, not the option
    assert_one_line_error(maze32("check", "--", "--debug"), 2, "--debug", "no such file")


def test_board_list_and_the_boards_alias():
    a, b = maze32("board", "list"), maze32("boards")
    assert a.returncode == b.returncode == 0 and a.stdout == b.stdout and "m5stack-nanoc6" in a.stdout
    assert_one_line_error(maze32("board"), 2, "list", "serve")


def test_code_with_settings_and_code_with_seed_are_refused():
    assert_one_line_error(maze32("code", "--seed", "1", "--cycles", "3"), 2, "default settings")
    assert_one_line_error(maze32("validate", "--code", "1SG0-0000-7RBJR", "--cycles", "3"), 2, "default settings")


def test_an_explore_world_code_given_as_a_level_code_says_how_to_play_it():
    # Was: "expected 13 characters (4-4-5), got 7" for the code Explore's own header and end screen show.
    assert_one_line_error(maze32("play", "--mode", "explore", "--code", "202-9-1"), 2,
                          "Explore world's code", "--seed 202 --depth 9")
    assert_one_line_error(maze32("validate", "--code", "7-6-0 caves"), 2, "--seed 7 --depth 6")
    # a depth no world has, and a level code's own shape, are level codes still
    assert_one_line_error(maze32("validate", "--code", "7-600-0"), 2, "expected 13 characters")
    assert_one_line_error(maze32("validate", "--code", "2345-6723-45672"), 1, "level code: format version")


def test_a_near_miss_command_or_mode_gets_did_you_mean():
    assert_one_line_error(maze32("valdate", "--seed", "7"), 2, "invalid choice", "did you mean 'validate'?")
    assert_one_line_error(maze32("play", "--mode", "dule"), 2, "did you mean 'duel'?")
    far = maze32("xyzzy")
    assert_one_line_error(far, 2, "invalid choice")
    assert "did you mean" not in far.stderr
