"""stdout as a command may find it: closed (`>&-`), full (/dev/full), gone (`| head`), or in an
encoding that cannot spell a file name (PYTHONIOENCODING=ascii). Each is one line on stderr and a
non-zero exit (141, quietly, for a reader gone), never a traceback, and a name is printed escaped."""
import os
import subprocess

import pytest

from terminals import MAZE32

# The world's validate (seconds of generation before its first byte) only in the full run: the same
# stdout handling as the others.
COMMANDS = [["validate", "--seed", "1"], ["--version"], ["--help"], ["export", "--seed", "1", "-o", "-"],
            pytest.param(["world", "validate", "--seed", "1", "--depth", "2"], marks=pytest.mark.slow),
            ["board", "list"], ["code", "--seed", "3"]]


def run(args, stdout, env=None, cwd=None):
    return subprocess.run([MAZE32, *args], stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=120,
                          env=dict(os.environ, **(env or {})), cwd=cwd)


def closed_stdout():
    # A child whose fd 1 is closed, as the shell's >&- leaves it.
    r, w = os.pipe()
    os.close(w)
    return r


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a))
def test_a_full_stdout_is_one_line_and_a_failure(args):
    with open("/dev/full", "w") as full:
        proc = run(args, full)
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr == "maze32: cannot write to stdout: No space left on device\n"


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a))
def test_a_closed_stdout_is_one_line_and_a_failure(args):
    proc = subprocess.run([MAZE32, *args], stderr=subprocess.PIPE, text=True, timeout=120,
                          preexec_fn=lambda: os.close(1))
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr == "maze32: cannot write to stdout: it is closed\n"


def test_a_reader_gone_is_still_the_quiet_141():
    # The reader is gone before the command writes its first byte.
    proc = subprocess.Popen([MAZE32, "validate", "--seed", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()
    assert proc.wait(120) == 141 and proc.stderr.read() == b""


def test_a_name_the_encoding_cannot_spell_is_printed_escaped(tmp_path):
    ascii_ = {"PYTHONIOENCODING": "ascii"}
    made = run(["export", "--seed", "3", "-o", "m\u00e4ze.json"], subprocess.PIPE, ascii_, tmp_path)
    assert made.returncode == 0 and made.stdout.startswith("wrote m\\xe4ze.json (hash "), made.stderr
    checked = run(["check", "m\u00e4ze.json"], subprocess.PIPE, ascii_, tmp_path)
    assert checked.returncode == 0 and "m\\xe4ze.json" in checked.stdout, checked.stderr
    world = run(["world", "export", "--seed", "3", "--depth", "2", "--region", "0,0,64,64", "-o", "w\u00f6rld.json"],
                subprocess.PIPE, ascii_, tmp_path)
    assert world.returncode == 0 and "w\\xf6rld.json" in world.stdout, world.stderr
    checked = run(["world", "check", "w\u00f6rld.json"], subprocess.PIPE, ascii_, tmp_path)
    assert checked.returncode == 0 and checked.stdout.startswith("valid w\\xf6rld.json: "), checked.stderr
    missing = run(["world", "check", "n\u00f6ne.json"], subprocess.PIPE, ascii_, tmp_path)
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    assert missing.stderr.count("\n") == 1 and missing.stderr.startswith("maze32: "), missing.stderr
