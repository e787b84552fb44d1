"""The chunk cache (SPEC 10): entries under DIR/worlds/<seed>/depth_<N>/, reused, checksummed (a
corrupted, truncated or foreign entry is regenerated and reported), written atomically, capped with the
least recently used evicted; an unusable folder is a one-line error; the same code on the unix port."""
import json
import os
import shutil
import time

import pytest

import runtimes
from host import worlds as hw
from host.cli import main
from maze32.world.cache import ChunkCache, CacheError, HIT, MISS, REPAIRED
from maze32.world.tiles import CHUNK, WorldWorkspace

SIZE = (250, 250)


def spec(seed=7, depth=4, strategy="bsp"):
    return hw.spec_for(seed, depth, SIZE, strategy)


def entries(root):
    return sorted(os.path.relpath(os.path.join(d, f), root) for d, _, files in os.walk(root) for f in files)


def test_a_cached_build_equals_a_fresh_one_and_reads_back(tmp_path):
    for depth, strategy in ((4, "bsp"), (8, "accretion"), (2, "bsp")):
        s = spec(7, depth, strategy)
        whole = hw.build(s, 7)
        cache = ChunkCache(str(tmp_path))
        first = hw.build(s, 7, cache=cache)
        assert cache.misses == 16 and cache.hits == 0
        again = ChunkCache(str(tmp_path))
        second = hw.build(s, 7, cache=again)
        assert again.hits == 16 and again.misses == 0 and not again.repaired
        for region in (first, second):
            assert region.tiles == whole.tiles and region.rooms == whole.rooms
            assert (region.spawn, region.stairs) == (whole.spawn, whole.stairs)
    names = entries(str(tmp_path))
    assert "worlds/7/depth_4/250x250-bsp-0-0.chunk" in names
    assert "worlds/7/depth_8/250x250-accretion-3-3.chunk" in names
    assert not [n for n in names if n.endswith(".part") or n.endswith(".tmp")]


@pytest.mark.parametrize("damage,reason", [
    (lambda b: b[:20] + bytes([b[20] ^ 1]) + b[21:], "corrupted (checksum mismatch)"),
    (lambda b: b[:len(b) // 2], "truncated"),
    (lambda b: b + b"extra", "too long"),
    (lambda b: b"", "truncated"),
])
def test_a_bad_entry_is_regenerated_and_reported(tmp_path, damage, reason):
    s = spec()
    ws, tiles, fresh = WorldWorkspace(), bytearray(CHUNK * CHUNK), bytearray(CHUNK * CHUNK)
    heard = []
    cache = ChunkCache(str(tmp_path), report=heard.append)
    assert cache.chunk(s, ws, 1, 2, tiles) == MISS
    path = cache.path(s, 1, 2)
    with open(path, "rb") as f:
        good = f.read()
    with open(path, "wb") as f:
        f.write(damage(good))
    assert cache.chunk(s, ws, 1, 2, fresh) == REPAIRED
    assert fresh == tiles and cache.repaired == [path]
    assert heard == ["cache: %s was %s; regenerated" % (path, reason)]
    with open(path, "rb") as f:
        assert f.read() == good                     # rewritten whole
    assert ChunkCache(str(tmp_path)).chunk(s, ws, 1, 2, fresh) == HIT


def test_another_worlds_entry_is_not_trusted(tmp_path):
    # Depth 5's chunk (0, 0), sound in itself, moved to where depth 4's belongs.
    a, other = spec(7, 4), spec(7, 5)
    ws, tiles = WorldWorkspace(), bytearray(CHUNK * CHUNK)
    cache = ChunkCache(str(tmp_path))
    cache.chunk(other, ws, 0, 0, tiles)
    os.makedirs(os.path.dirname(cache.path(a, 0, 0)))
    os.replace(cache.path(other, 0, 0), cache.path(a, 0, 0))
    heard = []
    cache = ChunkCache(str(tmp_path), report=heard.append)
    assert cache.chunk(a, ws, 0, 0, tiles) == REPAIRED and "another world's chunk" in heard[0]


def test_the_cap_evicts_the_least_recently_used(tmp_path):
    s = spec(7, 4)
    ws, tiles = WorldWorkspace(), bytearray(CHUNK * CHUNK)
    one = len(ChunkCache(str(tmp_path / "probe"))._entry_bytes(s, ws, 0, 0, tiles))
    cache = ChunkCache(str(tmp_path), limit=3 * one + 10)
    for cx in range(3):
        cache.chunk(s, ws, cx, 0, tiles)
    cache.chunk(s, ws, 0, 0, tiles)                 # chunk 0 used again: chunk 1 is now the oldest
    cache.chunk(s, ws, 3, 0, tiles)                 # a fourth: one must go
    names = [os.path.basename(n) for n in entries(str(tmp_path / "worlds"))]
    assert names == ["250x250-bsp-0-0.chunk", "250x250-bsp-2-0.chunk", "250x250-bsp-3-0.chunk"]
    assert cache.evicted == 1 and cache.size() <= 3 * one + 10
    # A new session finds the entries by age and keeps the cap.
    again = ChunkCache(str(tmp_path), limit=2 * one + 10)
    again.chunk(s, ws, 3, 1, tiles)
    assert len(entries(str(tmp_path / "worlds"))) == 2
    with pytest.raises(CacheError):
        ChunkCache(str(tmp_path), limit=one // 2).chunk(s, ws, 2, 2, tiles)


def test_orphaned_temporary_files_a_minute_old_are_removed_on_open(tmp_path):
    # A writer killed mid-entry leaves its temporary file; one younger than a minute may be another
    # process's write under way, so it stays.
    s = spec()
    folder = os.path.dirname(ChunkCache(str(tmp_path)).path(s, 0, 0))
    os.makedirs(folder)
    names = (".maze32-0123456789ab.tmp", "250x250-bsp-0-0.chunk.part", ".maze32-fresh.tmp")
    for name in names:
        with open(os.path.join(folder, name), "wb") as f:
            f.write(b"half of an entr")
    old = time.time() - 61
    for name in names[:2]:
        os.utime(os.path.join(folder, name), (old, old))
    ChunkCache(str(tmp_path))
    assert sorted(os.listdir(folder)) == [".maze32-fresh.tmp"]


def test_another_seeds_entries_copied_in_are_regenerated(tmp_path):
    # Seed 6's folder filled with seed 5's entries (sound in themselves): none is used.
    five, six = spec(5, 8), spec(6, 8)
    hw.build(five, 5, cache=ChunkCache(str(tmp_path)))
    shutil.copytree(str(tmp_path / "worlds" / "5"), str(tmp_path / "worlds" / "6"))
    heard = []
    cache = ChunkCache(str(tmp_path), report=heard.append)
    built = hw.build(six, 6, cache=cache)
    assert built.tiles == hw.build(six, 6).tiles
    assert len(cache.repaired) == 16 and all("another world's chunk" in line for line in heard)


# Two kinds in the quick tier (a FIFO hung the reader, a folder broke every later run), all four in the
# full run: each is three `maze32 world validate` runs.
@pytest.mark.parametrize("kind", ["folder", "fifo", pytest.param("link to /dev/zero", marks=pytest.mark.slow),
                                  pytest.param("dangling link", marks=pytest.mark.slow)])
def test_an_entry_that_is_no_regular_file_is_replaced_and_reported(tmp_path, kind):
    # Through the command line, as a user meets it: under /1 a FIFO or a link to /dev/zero hung the
    # reader (the timeout turns that into a failure) and a folder broke every later run.
    from support import maze32
    args = ["world", "validate", "--seed", "7", "--depth", "4", "--size", "250x250", "--json",
            "--cache", str(tmp_path)]
    first = maze32(*args, timeout=60)
    path = os.path.join(str(tmp_path), "worlds", "7", "depth_4", "250x250-bsp-1-2.chunk")
    os.remove(path)
    if kind == "folder":
        os.makedirs(os.path.join(path, "inside"))
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        os.symlink("/dev/zero" if kind == "link to /dev/zero" else "/nonexistent", path)
    runs = [maze32(*args, timeout=60) for _ in range(2)]      # repaired once, then sound for good
    assert [r.returncode for r in runs] == [0, 0], runs[0].stderr
    assert all(json.loads(r.stdout)["hash"] == json.loads(first.stdout)["hash"] for r in runs)
    lines = runs[0].stderr.strip().splitlines()
    assert len(lines) == 1 and "not a regular file" in lines[0] and runs[1].stderr == "", lines
    assert os.path.isfile(path) and not os.path.islink(path)


def test_two_processes_repairing_one_folder_entry_both_succeed(tmp_path, monkeypatch):
    # A folder where an entry belongs, repaired by two processes at once: the other one removes the
    # folder and puts its copy there while this one is removing it (was: this one's rmdir met the
    # other's file, "cache: cannot write ... (Not a directory)", and its command failed).
    from maze32.world import cache as cache_module
    s = spec()
    hw.build(s, 7, cache=ChunkCache(str(tmp_path)))
    mine, theirs = ChunkCache(str(tmp_path)), ChunkCache(str(tmp_path))
    path = mine.path(s, 1, 2)
    os.remove(path)
    os.makedirs(os.path.join(path, "inside"))
    real_rmdir = os.rmdir
    raced = []

    def rmdir_after_the_other(folder):
        if folder == path and not raced:           # the other process, just before this rmdir
            raced.append(1)
            monkeypatch.setattr(cache_module.os, "rmdir", real_rmdir)
            assert theirs.chunk(s, WorldWorkspace(), 1, 2, bytearray(CHUNK * CHUNK)) == REPAIRED
        real_rmdir(folder)
    monkeypatch.setattr(cache_module.os, "rmdir", rmdir_after_the_other)
    tiles = bytearray(CHUNK * CHUNK)
    assert mine.chunk(s, WorldWorkspace(), 1, 2, tiles) == REPAIRED and raced
    assert os.path.isfile(path) and ChunkCache(str(tmp_path)).chunk(s, WorldWorkspace(), 1, 2, tiles) == HIT


def test_cli_cache_reports_repairs_and_refuses_unusable_folders(tmp_path, capsys, monkeypatch):
    folder = tmp_path / "c"
    args = ["world", "validate", "--seed", "7", "--depth", "4", "--size", "250x250", "--json",
            "--cache", str(folder)]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    entry = folder / "worlds" / "7" / "depth_4" / "250x250-bsp-2-1.chunk"
    entry.write_bytes(entry.read_bytes()[:100])
    assert main(args) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["hash"] == first["hash"]
    assert "%s was truncated; regenerated" % entry in out.err
    # A file where the folder should be; a folder inside a file; a full disk.
    blocker = tmp_path / "file"
    blocker.write_text("x")
    for bad in (str(blocker), str(blocker / "sub")):
        assert main(args[:-1] + [bad]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "cache:" in err and "Traceback" not in err
    import maze32.world.cache as wc

    def full(path, mode="r", *rest):
        if "w" in mode:
            raise OSError(28, "No space left on device")
        return open(path, mode, *rest)
    monkeypatch.setattr(wc, "open", full, raising=False)
    empty = tmp_path / "empty"
    assert main(args[:-1] + [str(empty)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "No space left on device" in err
    assert not [n for n in entries(str(empty)) if n.endswith(".chunk") or n.endswith(".tmp")]


def test_the_cache_runs_on_the_unix_port(tmp_path):
    out = runtimes.run("unix", "world_cache_run.py", {"root": str(tmp_path)})
    assert out.split() == ["miss", "hit", "repaired", "hit", "same"]
