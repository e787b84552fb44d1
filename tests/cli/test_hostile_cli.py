"""Hostile command lines: the cases of issue 13 (board serve on a file, an unwritable or forbidden
folder, ports out of range or taken, stdout's reader gone, sweep's workers and ranges) and every
option of every command given hostile values. Each ends at once with its exit status and, for bad
input, one `maze32: ` line: never a traceback, never a hang, never memory in proportion to a range."""
import argparse
import functools
import json
import os
import resource
import signal
import socket
import subprocess
import time
import tracemalloc

import pytest

from host import sweep
from host.cli import build_parser, main
from host.errors import CliError
from support import MAZE32, SETPRIV, maze32, one_line_error

CASES = {}          # name -> clean (True/False), for the summary
run = functools.partial(maze32, timeout=60)     # never a hang: a minute is ample for any case here


def one_line(name, proc, code=2, *words):
    CASES[name] = False
    line = one_line_error(proc, code, *words)
    CASES[name] = True
    return line


# -- board serve and the virtual board's folder ----------------------------------------------------
def test_board_serve_on_a_file(tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    one_line("serve --root a file", run("board", "serve", "--root", str(f)), 2, "not a folder")
    one_line("serve --root under a file", run("board", "serve", "--root", str(f / "sub")), 2, "cannot create")
    assert f.read_text() == "x"


def test_board_serve_where_no_folder_can_be_made():
    one_line("serve --root /sys/...", run("board", "serve", "--root", "/sys/maze32-board"), 2, "cannot create")


@pytest.mark.skipif(SETPRIV is None, reason="needs setpriv to drop root's capabilities")
def test_unwritable_board_folders(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("drops root's capabilities")
    locked = tmp_path / "locked"
    locked.mkdir()
    os.chmod(locked, 0o555)
    one_line("serve --root unwritable", run("board", "serve", "--root", str(locked), unprivileged=True), 2,
             "not writable")
    one_line("serve --root inside unwritable",
             run("board", "serve", "--root", str(locked / "b"), unprivileged=True), 2, "Permission denied")
    env = dict(os.environ, MAZE32_VIRTUAL_BOARD=str(locked / "b"))
    for args in (["deploy"], ["time", "--seeds", "0..0", "--size", "8x8"]):
        one_line("MAZE32_VIRTUAL_BOARD unwritable: " + args[0], run(*args, env=env, unprivileged=True), 2,
                 "virtual board folder")
    assert list(locked.iterdir()) == []


@pytest.mark.parametrize("port", ["70000", "65536", "-1", "99999999999999999999", "9" * 5000, "http", "", "0x1_0000"])
def test_tcp_port_out_of_range(port):
    one_line("--tcp-port " + port[:20], run("board", "serve", "--tcp-port", port, "--root", "/nonexistent/x"), 2,
             "tcp-port")


def test_tcp_port_in_use(tmp_path):
    taken = socket.create_server(("127.0.0.1", 0))
    try:
        port = taken.getsockname()[1]
        start = time.monotonic()
        one_line("--tcp-port in use", run("board", "serve", "--tcp-port", str(port), "--root", str(tmp_path)), 2,
                 "cannot listen", str(port), "in use")
        assert time.monotonic() - start < 30
    finally:
        taken.close()


# -- stdout's reader gone ------------------------------------------------------------------------
def closed_stdout(*args, tty_stdin=False, cwd=None):
    # The command with stdout a pipe whose reader has already gone (`maze32 ... | head -c 0`).
    import pty
    r, w = os.pipe()
    os.close(r)
    master = slave = None
    if tty_stdin:
        master, slave = pty.openpty()
    try:
        proc = run(*args, stdout=w, stderr=subprocess.PIPE, stdin=slave if tty_stdin else subprocess.DEVNULL,
                   cwd=cwd)
    finally:
        os.close(w)
        for fd in (master, slave):
            if fd is not None:
                os.close(fd)
    return proc


@pytest.mark.parametrize("args", [
    ["validate", "--seed", "1"], ["validate", "--seed", "1", "--json"], ["export", "--seed", "1", "-o", "-"],
    ["render", "--seed", "1"], ["render", "--seed", "1", "--svg", "-"], ["code", "--seed", "1"],
    ["sweep", "--seeds", "0..9", "--size", "8x8"], ["sweep", "--seeds", "0..9", "--size", "8x8", "--json"],
    ["hedge", "--seed", "1"], ["board", "list"], ["--help"], ["--version"], ["check", "CHECKED"],
    ["play", "--seed", "1", "--mode", "deeper"], ["play", "--seed", "1", "--mode", "duel"],
], ids=lambda a: " ".join(a))
def test_a_reader_that_went_away(tmp_path, args):
    if "CHECKED" in args:
        assert main(["export", "--seed", "1", "--size", "8x8", "-o", str(tmp_path / "m.json")]) == 0
        args = [str(tmp_path / "m.json") if a == "CHECKED" else a for a in args]
    proc = closed_stdout(*args, tty_stdin=args[0] == "play", cwd=str(tmp_path))
    # 141 as a shell reports a SIGPIPE; argparse itself ignores a failed write of --help and --version
    clean = proc.returncode in ((0, 141) if args[0].startswith("--") else (141,)) and proc.stderr == ""
    CASES["broken pipe: " + " ".join(args)] = clean
    assert clean, (proc.returncode, proc.stderr[-800:])


# -- sweep: workers capped by the work, ranges streamed ----------------------------------------------
class FakePool:
    # multiprocessing's Pool as run() uses it, in-process, recording how many workers were asked for.
    made = []

    def __init__(self, processes, initializer=None):
        FakePool.made.append(processes)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def apply_async(self, func, args):
        value = func(*args)
        return type("Done", (), {"get": lambda self: value})()


@pytest.fixture
def fake_pool(monkeypatch):
    import multiprocessing
    FakePool.made = []
    monkeypatch.setattr(multiprocessing, "get_context", lambda method=None: type("Ctx", (), {"Pool": FakePool}))
    return FakePool.made


@pytest.mark.parametrize("seeds,sizes,jobs,workers", [
    ((0, 3), [(8, 8)], 8, 4), ((0, 0), [(8, 8)], 64, 1), ((0, 3), [(8, 8), (12, 12)], 64, 8),
    ((0, 99), [(8, 8)], 2, 2), ((0, 999), [(8, 8)], 64, 63), ((5, 5), [(8, 8)], 1, 1)])
def test_sweep_workers_are_capped_by_the_work(fake_pool, seeds, sizes, jobs, workers):
    results = sweep.run(sizes, seeds[0], seeds[1], jobs, lambda n: None)
    assert (fake_pool or [1]) == [workers]
    assert all(t.seeds == seeds[1] - seeds[0] + 1 for t in results.values())
    CASES["sweep --jobs %d for %d seeds" % (jobs, seeds[1] - seeds[0] + 1)] = True


def test_sweep_jobs_out_of_range_and_the_same_result_with_any_jobs(tmp_path):
    for value in ("0", "65", "-1", "many", "9" * 5000):
        one_line("sweep --jobs " + value[:10], run("sweep", "--seeds", "0..3", "--jobs", value), 2, "jobs")
    one = json.loads(run("sweep", "--seeds", "0..3", "--size", "8x8", "--json").stdout)
    eight = json.loads(run("sweep", "--seeds", "0..3", "--size", "8x8", "--jobs", "8", "--json").stdout)
    assert one == eight


class Enough(Exception):
    pass


@pytest.mark.slow
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_sweep_of_every_seed_starts_at_once_in_little_memory(jobs):
    # 2**32 seeds: nothing is listed up front; stopping after a few hundred costs a few hundred.
    done = []

    def progress(n):
        done.append(n)
        if sum(done) >= 300:
            raise Enough
    tracemalloc.start()
    start = time.monotonic()
    try:
        with pytest.raises(Enough):
            sweep.run([(8, 8)], 0, 2 ** 32 - 1, jobs, progress)
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert time.monotonic() - start < 20 and peak < 8 << 20, (time.monotonic() - start, peak)
    CASES["sweep.run 0..4294967295 --jobs %d stopped early" % jobs] = True


@pytest.mark.slow
def test_the_whole_seed_range_from_the_command_line_under_a_memory_limit():
    # As the issue ran it, under a 1 GiB address-space limit, stopped with Ctrl-C (to the whole
    # process group, as a terminal sends it): it must have started, stayed small, and end quietly.
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
    proc = subprocess.Popen([MAZE32, "sweep", "--seeds", "0..4294967295", "--size", "8x8", "--jobs", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=limit,
                            start_new_session=True)
    try:
        time.sleep(4)
        assert proc.poll() is None, proc.communicate()
        with open("/proc/%d/status" % proc.pid) as f:
            rss = int(next(line for line in f if line.startswith("VmHWM:")).split()[1]) * 1024
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    clean = proc.returncode == 130 and err.strip() == "maze32: interrupted" and rss < 300 << 20
    CASES["sweep --seeds 0..4294967295 --jobs 2, Ctrl-C"] = clean
    assert clean, (proc.returncode, err[-1500:], rss)


# -- files a command reads whole ----------------------------------------------------------------
def test_flash_reads_only_a_regular_firmware_file(tmp_path):
    fifo = tmp_path / "fw.fifo"
    os.mkfifo(fifo)
    for name, path, word in (("a FIFO", fifo, "not a regular file"), ("a directory", tmp_path, "directory"),
                             ("/dev/zero", "/dev/zero", "not a regular file"),
                             ("missing", tmp_path / "none.bin", "no such file")):
        start = time.monotonic()
        one_line("flash --firmware " + name, run("flash", "--port", "/dev/ttyNOPE", "--firmware", str(path),
                                                 timeout=30), 2, "firmware", word)
        assert time.monotonic() - start < 20


# -- hostile bands files -------------------------------------------------------------------------
@pytest.mark.parametrize("name,content,word", [
    ("deep", "[" * 100000, "nested"), ("huge-int", '{"8x8": ' + "9" * 5000 + "}", "integer"),
    ("list", "[]", "not an object"), ("size-not-object", '{"8x8": 5}', "8x8"),
    ("band-not-object", '{"8x8": {"attempts": []}}', "attempts"),
    ("band-string", '{"8x8": {"attempts": {"p01": "x", "p25": 1, "median": 1, "p75": 1, "p99": 1}}}', "attempts"),
    ("band-nan", '{"8x8": {"attempts": {"p01": NaN}}}', "NaN"), ("missing-size", '{"16x16": {}}', "no bands"),
    ("binary", "\udcff", "UTF-8"), ("directory", None, "directory"),
])
def test_a_hostile_bands_file(tmp_path, name, content, word):
    path = tmp_path / "bands.json"
    if content is None:
        path = tmp_path
    else:
        path.write_bytes(content.encode("utf-8", "surrogateescape"))
    one_line("--bands " + name, run("sweep", "--seeds", "0..3", "--size", "8x8", "--check-bands", "--bands",
                                    str(path)), 2, word)


# -- every option of every command -----------------------------------------------------------------
HOSTILE = ["", " ", "-1", "0", "1", "65536", "99999999999999999999", "9" * 5000, "nan", "inf", "-inf", "1e9",
           "0x", "0x1F", "1_000", "\n", "\x1b[2J", "é", "٣", "8x8", "9x9", "0..0", "5..1", "0..4294967296",
           "x" * 100000, "--", "-", "../../../../etc/passwd", "/dev/null", "/dev/zero"]


def options_of(parser, prefix=()):
    # (command words, option string, action) for every option taking a value, of every command.
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from options_of(sub, prefix + (name,))
        elif action.option_strings and action.nargs is None and not isinstance(
                action, (argparse._StoreTrueAction, argparse._StoreFalseAction, argparse._HelpAction,
                         argparse._VersionAction)) and prefix:
            yield prefix, action.option_strings[-1], action


def test_every_option_parses_hostile_values_or_says_why_in_one_line():
    parser = build_parser()
    tried = 0
    bad = []
    for words, option, action in options_of(parser):
        for value in HOSTILE:
            tried += 1
            try:
                parser.parse_args(list(words) + [option + "=" + value])
            except CliError as e:
                if "\n" in str(e) or len(str(e)) > 300:
                    bad.append((words, option, value[:20], str(e)[:200]))
            except BaseException as e:          # SystemExit, ValueError...: a traceback for the user
                bad.append((words, option, value[:20], repr(e)[:200]))
    CASES["parser: %d option values" % tried] = not bad
    assert tried > 1000 and not bad, bad[:20]


# Commands cheap enough to run with every hostile value of their options (files go to tmp_path).
RUNNABLE = {
    ("validate",): ["--seed", "1", "--size", "8x8"],
    ("code",): ["--seed", "1", "--size", "8x8"],
    ("render",): ["--seed", "1", "--size", "8x8"],
    ("hedge",): ["--seed", "1"],
    ("export",): ["--seed", "1", "--size", "8x8", "-o", "OUT"],
}
SLOW_VALUES = {"--max-attempts", "--level"}
RUN_VALUES = ["", "-1", "0", "1", "99999999999999999999", "9" * 5000, "nan", "0x1F", "1_000", "\n", "é",
              "8x8", "9x9", "x" * 100000, "-", "/dev/null"]
# The quick tier runs one value of each kind (empty, negative, huge, not a number, a control character,
# too long), the full run every value: each run of a command is a maze generated, 1,300 of them.
QUICK_RUN_VALUES = ["", "-1", "9" * 5000, "nan", "\n", "x" * 100000]


@pytest.mark.parametrize("values", [QUICK_RUN_VALUES, pytest.param(RUN_VALUES, marks=pytest.mark.slow)],
                         ids=["kinds", "all"])
def test_every_option_of_the_cheap_commands_runs_or_says_why(tmp_path, capsys, monkeypatch, values):
    monkeypatch.chdir(tmp_path)
    parser = build_parser()
    tried = 0
    bad = []
    for words, option, action in options_of(parser):
        if words not in RUNNABLE:
            continue
        for value in values:
            if action.metavar == "FILE" and value not in ("", "-", "/dev/null", "\n", "é", "x" * 100000):
                continue                        # never a file outside tmp_path
            if option == "--png" and value == "-":
                continue                        # binary stdout: capsys reads text
            if option in SLOW_VALUES and value not in ("", "0", "-1", "1", "9" * 5000, "nan", "x" * 100000):
                continue
            base = [a if a != "OUT" else str(tmp_path / "out.json") for a in RUNNABLE[words]]
            args = list(words) + [a for i, a in enumerate(base) if not (a == option or (i and base[i - 1] == option))]
            args += [option + "=" + value]
            tried += 1
            start = time.process_time()         # this process's CPU: the command's work, not the machine's load
            try:
                code = main(args)
            except BaseException as e:
                code = "escaped %r" % e
            out = capsys.readouterr()
            lines = out.err.strip().splitlines()
            if code not in (0, 1, 2) or (code == 2 and (len(lines) != 1 or not lines[0].startswith("maze32: "))) \
                    or time.process_time() - start > 10:
                bad.append((args[:1] + [option, value[:20]], code, out.err[-300:]))
    CASES["runs: %d option values" % tried] = not bad
    assert tried > 6 * len(values) and not bad, bad[:20]


def test_summary_of_the_hostile_command_lines():
    if len(CASES) < 20:
        pytest.skip("the cases above did not all run")
    print("\nhostile command lines: %d cases, %d clean" % (len(CASES), sum(CASES.values())))
    assert all(CASES.values()), [k for k, v in CASES.items() if not v]
