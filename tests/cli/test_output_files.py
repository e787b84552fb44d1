"""Output files (export -o, sweep -o and --write-bands, time -o, render --svg): a regular file is
written whole or not at all with the umask's mode (an existing file keeps its mode), a symlink's
target is written and the link kept, a device or FIFO is written in place or refused but never
replaced, and an empty name is refused before any work."""
import json
import os
import socket
import stat
import time
from pathlib import Path

import pytest

from host import files
from host.errors import CliError
from support import SETPRIV, maze32, one_line_error


def leftovers(directory):
    return [p.name for p in Path(directory).iterdir() if p.name.startswith(".maze32-")]


def exported_seed(path):
    return json.loads(Path(path).read_text())["requested_seed"]


# -- modes ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("umask,mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_gets_the_umasks_mode(tmp_path, umask, mode):
    out = tmp_path / "m.json"
    assert maze32("export", "--seed", "1", "--size", "8x8", "-o", str(out), umask=umask).returncode == 0
    assert stat.S_IMODE(out.stat().st_mode) == mode
    svg = tmp_path / "m.svg"
    assert maze32("render", "--seed", "1", "--size", "8x8", "--svg", str(svg), umask=umask).returncode == 0
    assert stat.S_IMODE(svg.stat().st_mode) == mode
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o600, 0o666, 0o755])
def test_an_existing_file_keeps_its_mode(tmp_path, mode):
    out = tmp_path / "m.json"
    out.write_text("old\n")
    os.chmod(out, mode)
    assert maze32("export", "--seed", "2", "--size", "8x8", "-o", str(out), umask=0o077).returncode == 0
    assert stat.S_IMODE(out.stat().st_mode) == mode and exported_seed(out) == 2


# -- symlinks -------------------------------------------------------------------------------------
def test_a_symlink_has_its_target_written_and_stays_a_link(tmp_path):
    real_dir = tmp_path / "real"
    real_dir.mkdir()
    target = real_dir / "m.json"
    target.write_text("old\n")
    os.chmod(target, 0o640)
    link = tmp_path / "link.json"
    link.symlink_to(os.path.relpath(target, tmp_path))
    assert maze32("export", "--seed", "3", "--size", "8x8", "-o", str(link)).returncode == 0
    assert link.is_symlink() and os.readlink(link) == os.path.relpath(target, tmp_path)
    assert exported_seed(target) == 3 and stat.S_IMODE(target.stat().st_mode) == 0o640
    chain = tmp_path / "chain.json"
    chain.symlink_to(link)
    assert maze32("export", "--seed", "4", "--size", "8x8", "-o", str(chain)).returncode == 0
    assert chain.is_symlink() and link.is_symlink() and exported_seed(target) == 4
    assert leftovers(tmp_path) == leftovers(real_dir) == []


def test_a_dangling_symlink_creates_its_target(tmp_path):
    link = tmp_path / "link.json"
    link.symlink_to("made.json")
    assert maze32("export", "--seed", "5", "--size", "8x8", "-o", str(link), umask=0o022).returncode == 0
    assert link.is_symlink() and exported_seed(tmp_path / "made.json") == 5
    assert stat.S_IMODE((tmp_path / "made.json").stat().st_mode) == 0o644


def test_a_symlink_loop_is_refused(tmp_path):
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("a")
    one_line_error(maze32("export", "--seed", "1", "--size", "8x8", "-o", str(tmp_path / "a")), 2, "cannot write")
    assert (tmp_path / "a").is_symlink() and (tmp_path / "b").is_symlink()


# -- what is not a regular file -------------------------------------------------------------------
def test_dev_null_is_written_in_place_not_replaced():
    before = os.stat("/dev/null")
    proc = maze32("export", "--seed", "1", "--size", "8x8", "-o", "/dev/null")
    assert proc.returncode == 0, proc.stderr
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)
    assert maze32("render", "--seed", "1", "--size", "8x8", "--svg", "/dev/null").returncode == 0
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_fifo_with_a_reader_gets_the_document_in_place(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    # The reader is there before the command starts (was: a thread given 0.2 s to open it, on a loaded
    # machine not always enough); an 8x8 document fits the pipe's buffer, read once the command is done.
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        proc = maze32("export", "--seed", "6", "--size", "8x8", "-o", str(fifo))
        got = b""
        while True:
            chunk = os.read(reader, 1 << 16)
            if not chunk:
                break
            got += chunk
    finally:
        os.close(reader)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(got)["requested_seed"] == 6 and stat.S_ISFIFO(fifo.stat().st_mode)


def test_a_fifo_without_a_reader_is_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    start = time.monotonic()
    one_line_error(maze32("export", "--seed", "1", "--size", "8x8", "-o", str(fifo)), 2, "FIFO")
    assert time.monotonic() - start < 10 and stat.S_ISFIFO(fifo.stat().st_mode)


def test_a_directory_and_a_socket_are_refused(tmp_path):
    one_line_error(maze32("export", "--seed", "1", "--size", "8x8", "-o", str(tmp_path)), 2, "directory")
    sock_path = tmp_path / "s"
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(sock_path))
    try:
        one_line_error(maze32("export", "--seed", "1", "--size", "8x8", "-o", str(sock_path)), 2, "socket")
        assert stat.S_ISSOCK(sock_path.stat().st_mode)
    finally:
        s.close()


def test_a_block_device_is_refused_never_replaced(tmp_path, monkeypatch):
    # No block device is safe to name here; a stat that says "block device" stands in for one.
    target = tmp_path / "disk"
    target.write_text("precious\n")
    real_stat = os.stat

    def fake_stat(path, *a, **kw):
        st = real_stat(path, *a, **kw)
        if str(path) == str(target):
            return os.stat_result((stat.S_IFBLK | 0o660,) + tuple(st)[1:])
        return st
    monkeypatch.setattr(os, "stat", fake_stat)
    with pytest.raises(CliError, match="block device"):
        files.write_file(str(target), "x")
    assert target.read_text() == "precious\n"


# -- empty names, failures leave nothing ----------------------------------------------------------
@pytest.mark.parametrize("args", [
    ["export", "--seed", "1", "-o", ""],
    ["render", "--seed", "1", "--svg", ""],
    ["sweep", "--seeds", "0..3", "--size", "8x8", "-o", ""],
    ["sweep", "--seeds", "0..3", "--size", "8x8", "--write-bands", ""],
    ["time", "--seeds", "0..0", "-o", "", "--port", "/dev/ttyNOPE"],
])
def test_an_empty_file_name_is_refused(tmp_path, args):
    one_line_error(maze32(*args, cwd=str(tmp_path)), 2, "empty")
    assert list(tmp_path.iterdir()) == []


def test_a_failed_write_leaves_no_temporary_file_and_the_old_file_whole(tmp_path, monkeypatch):
    out = tmp_path / "m.json"
    out.write_text("old\n")

    def refuse(src, dst):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(CliError, match="No space left"):
        files.write_file(str(out), "new\n")
    assert out.read_text() == "old\n" and leftovers(tmp_path) == []

    def interrupted(fd):
        raise KeyboardInterrupt
    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        files.write_file(str(out), "new\n")
    assert out.read_text() == "old\n" and leftovers(tmp_path) == []


def test_a_parent_that_is_a_file_is_one_line(tmp_path):
    (tmp_path / "f").write_text("")
    one_line_error(maze32("export", "--seed", "1", "--size", "8x8", "-o", str(tmp_path / "f" / "m.json")), 2,
             "cannot write")


@pytest.mark.skipif(SETPRIV is None, reason="needs setpriv to drop root's capabilities")
def test_read_only_files_and_folders_are_refused_and_left_alone(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("drops root's capabilities; another user meets the modes anyway")
    ro = tmp_path / "ro.json"
    ro.write_text("keep\n")
    os.chmod(ro, 0o444)
    one_line_error(maze32("export", "--seed", "1", "--size", "8x8", "-o", str(ro), unprivileged=True), 2,
             "permission denied")
    assert ro.read_text() == "keep\n" and stat.S_IMODE(ro.stat().st_mode) == 0o444
    locked = tmp_path / "locked"
    locked.mkdir()
    os.chmod(locked, 0o555)
    one_line_error(maze32("export", "--seed", "1", "--size", "8x8", "-o", str(locked / "m.json"), unprivileged=True),
             2, "cannot write")
    assert list(locked.iterdir()) == []


@pytest.mark.parametrize("args", [["sweep", "--seeds", "0..4294967295", "--size", "8x8"],
                                  ["world", "sweep", "--seeds", "0..4294967295", "--depth", "1..255"],
                                  ["sweep", "--seeds", "0..4294967295", "--size", "8x8", "--write-bands", "OUT"]])
def test_an_output_that_cannot_be_a_file_is_refused_before_the_work(tmp_path, args):
    # A sweep of every seed writes its -o FILE at the end, hours later: a folder there, or a missing
    # folder, is refused at once (was: found only after the whole sweep).
    (tmp_path / "folder").mkdir()
    for target, said in ((tmp_path / "folder", "(is a directory)"), (tmp_path / "missing" / "s.json", "(no folder ")):
        cmd = [a if a != "OUT" else str(target) for a in args] + ([] if "OUT" in args else ["-o", str(target)])
        one_line_error(maze32(*cmd, timeout=60), 2, "cannot write " + said)


def test_a_picture_into_a_folder_or_nowhere_is_refused_before_drawing(tmp_path):
    for args in (["render", "--seed", "1", "--svg"], ["hedge", "--seed", "1", "--png"],
                 ["world", "render", "--seed", "1", "--depth", "1", "--whole", "--png"]):
        one_line_error(maze32(*args, str(tmp_path)), 2, "cannot write (is a directory)")
        one_line_error(maze32(*args, str(tmp_path / "missing" / "p")), 2, "cannot write (no folder ")
    one_line_error(maze32("render", "--seed", "1", "--svg", ""), 2, "the file name is empty")   # was: no picture, exit 0
