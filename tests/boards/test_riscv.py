"""SPEC 2 item 5: the RISC-V board. MicroPython's own ports/qemu firmware (VIRT_RV32: rv32imc, the
ESP32-C6's instruction set and .mpy architecture) in qemu-system-riscv32 -icount shift=0, reached
through real mpremote over a loopback socket, exactly as a C6 is (host/riscv_board.py).

One board serves the whole module. Each flavour is deployed once and reproduces both golden
catalogues in one exec each, and generates plus validates inside micropython.heap_lock(); then the
device workflow: a second deploy copies nothing, a corrupted .mpy is replaced, stale .py twins are
removed, files survive soft resets and power cycles, main.py runs at boot and the host still gets in.
Without the cross toolchain, QEMU or the MicroPython source the module is skipped with one reason."""
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

import riscv_tier

riscv_tier.skip_without_board()

from host import board_key, riscv_board  # noqa: E402
from host.deploy import deploy  # noqa: E402
from host.errors import CliError  # noqa: E402
from riscv_tier import LONG, PROFILE, TIMEOUT, Served, connected, firmware, run_driver  # noqa: E402,F401
from support import HEAPLOCK_RUNS, bot_duel_lines, duel_rows, hedge_rows, maze32  # noqa: E402

pytestmark = pytest.mark.slow            # the whole module: QEMU boots, a board per module

MPREMOTE = (sys.executable, "-m", "host.board_key")     # mpremote's command line, presenting the board's key
FLAVOURS = ("bytecode", "viper", "native")


@pytest.fixture(scope="module")
def served(tmp_path_factory, firmware):
    s = Served(tmp_path_factory.mktemp("riscv-board"), firmware)
    yield s
    s.stop()


@pytest.fixture(scope="module", params=FLAVOURS)
def flavour(request, served):
    # Deploys one flavour; the tests that take this fixture then run against it (pytest groups them).
    with connected(served) as b:
        result = deploy(b, PROFILE, request.param)
    assert result["emit"] == request.param
    assert result["mpy"] == (6, 3, "rv32imc")
    return request.param


# -- the firmware and the board itself -------------------------------------------------------------------
def test_build_is_cached(firmware):
    start = time.monotonic()
    assert riscv_board.build_firmware() == firmware
    assert time.monotonic() - start < 10


def test_c6_estimate_of_spec_8():
    # 160,000 instructions: 1 ms at 160 MHz and CPI 1.0, 2.5 ms at CPI 2.5, midpoint 1.75 ms.
    assert riscv_board.c6_ms(160000) == (1.0, 1.75, 2.5)


def test_missing_prerequisites_are_one_line(monkeypatch, tmp_path):
    monkeypatch.setenv("MICROPYTHON_SRC", str(tmp_path / "no-such-source.tar.gz"))
    with pytest.raises(CliError) as e:
        riscv_board.build_firmware()
    line = str(e.value)
    assert "\n" not in line and "MICROPYTHON_SRC" in line and "apt-get install" in line
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("MICROPYTHON_SRC")
    with pytest.raises(CliError) as e:
        riscv_board.build_firmware()
    assert riscv_board.GCC in str(e.value) and riscv_board.QEMU in str(e.value)
    assert "gcc-riscv64-unknown-elf" in str(e.value) and "\n" not in str(e.value)


def test_mpremote_connects_again_and_again(served):
    # Each command connects afresh, as each maze32 command does.
    for _ in range(3):
        proc = subprocess.run([*MPREMOTE, "connect", served.url, "exec",
                               "import sys; print(sys.implementation._mpy, sys.implementation._build)"],
                              capture_output=True, text=True, timeout=60)
        assert proc.returncode == 0, proc.stderr
        mpy, build = proc.stdout.split()
        assert int(mpy) >> 10 == 11 and build == "VIRT_RV32"     # arch 11: rv32imc


def test_a_connection_without_the_boards_key_is_dropped_and_counted(served):
    # The RISC-V board is served by the same base as the virtual board (host/board_server.py): a
    # stranger's mpremote (no key) is dropped unanswered and counted; the key's holder gets in.
    before = served.board.refused
    proc = subprocess.run([str(Path(sys.executable).parent / "mpremote"), "connect", served.url, "exec",
                           "open('intruded', 'w').write('x')"], capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0
    assert served.board.refused == before + 1
    with connected(served) as b:
        assert "intruded" not in b.exec("import os\nprint(os.listdir())")


def test_guest_clock_counts_instructions(served):
    # -icount shift=0: 1 ns of guest time per instruction, so ticks_us() advances once per 1000, and
    # ticks_cpu() (instructions retired, as the C6's counts cycles) once per instruction. An inline-
    # assembler loop of 2 instructions per turn, 10 million turns more: exactly 20,000,000 more on
    # ticks_cpu(); 20,000 us more, +-1 where the microsecond boundaries fall. A byte from the host
    # (its UART interrupt: host time, not guest time) can land inside a run and add its handler's
    # instructions, so each length runs four times: the least count comes back exactly, at least twice.
    code = ("import micropython, time\n"
            "@micropython.asm_rv32\n"
            "def spin(a0):\n"
            "    label(loop)\n"
            "    addi(a0, a0, -1)\n"
            "    bne(a0, zero, loop)\n"
            "def run(n):\n"
            "    c = time.ticks_cpu()\n"
            "    t = time.ticks_us()\n"
            "    spin(n)\n"
            "    us = time.ticks_diff(time.ticks_us(), t)\n"
            "    return time.ticks_diff(time.ticks_cpu(), c), us\n"
            "run(1000)\n"
            "for n in (1000000, 11000000) * 4:\n"
            "    print(*run(n))\n")
    with connected(served) as b:
        runs = [tuple(map(int, line.split())) for line in b.exec(code, timeout=LONG).splitlines()]
    short, long = sorted(runs[0::2]), sorted(runs[1::2])
    assert [c for c, _ in short].count(short[0][0]) >= 2 and [c for c, _ in long].count(long[0][0]) >= 2, runs
    assert long[0][0] - short[0][0] == 20000000, runs
    assert abs(long[0][1] - short[0][1] - 20000) <= 1, runs


# -- every flavour: the golden catalogues, no allocation -----------------------------------------------
EXEC_FILL = """
import gc, maze32board
def commit(n):
    # a function compiled to machine code and dropped at once: its code stays committed
    exec("@micropython.native\\ndef f(x):\\n    return x + %d\\n" % n, {})
used, size = maze32board.exec_region()
exec("def g(x):\\n    return x\\n", globals())
print("bytecode", maze32board.exec_region()[0] - used)
n = 0
try:
    while n < 100000:
        commit(n)
        n += 1
except MemoryError:
    print("full", n)
gc.collect()
print("region", used, maze32board.exec_region()[0], size)
"""


def test_machine_code_is_committed_outside_the_heap_as_on_a_c6(served):
    # host/riscv/maze32_board.c item 6: native code compiled (or loaded) on the board lands in the exec
    # region, not the GC heap; bytecode does not; the region is not collected (dropped functions keep
    # their room, as on ports/esp32), a full one is a MemoryError like a full ESP-IDF heap, the board
    # carries on, and a soft reset empties it for the next session.
    with connected(served) as b:
        b.soft_reset()
        lines = b.exec(EXEC_FILL, timeout=LONG).split("\n")
        got = {line.split()[0]: line.split()[1:] for line in lines if line.strip()}
        b.soft_reset()
        after = b.exec("import maze32board\nprint(maze32board.exec_region()[0])")
        after += b.exec("@micropython.native\ndef f(x):\n    return x + 1\nprint(f(41))")
    assert got["bytecode"] == ["0"], got
    assert int(got["full"][0]) > 100, got                  # many functions fitted before it filled
    start, used, size = (int(v) for v in got["region"])
    assert start == 0 and size == 128 * 1024 and size - 256 < used <= size, got
    assert after.split() == ["0", "42"], after


def test_duel_catalogue(served, flavour):
    rows = duel_rows()
    got = [line.split() for line in run_driver(served, "catalogue.py",
                                               {"rows": [[w, h, s] for w, h, s, _, _ in rows]})]
    assert len(got) == len(rows)
    bad = [(w, h, s) for (w, h, s, digest, attempts), g in zip(rows, got)
           if g != [str(w), str(h), str(s), digest, str(attempts)]]
    assert not bad, "%s differs from the golden catalogue at %s" % (flavour, bad[:10])


def test_hedge_catalogue(served, flavour):
    rows = hedge_rows()
    got = [line.split() for line in run_driver(served, "hedge_catalogue.py",
                                               {"rows": [[lv, s] for lv, s, _, _ in rows]})]
    assert len(got) == len(rows)
    bad = [(lv, s) for (lv, s, d, a), g in zip(rows, got) if g != [str(lv), str(s), d, str(a)]]
    assert not bad, "%s differs from the hedge catalogue at %s" % (flavour, bad[:10])


def test_generation_allocates_nothing(served, flavour):
    lines = run_driver(served, "heaplock.py", {"runs": HEAPLOCK_RUNS})
    assert len(lines) == sum(len(seeds) for _, _, seeds in HEAPLOCK_RUNS)
    for line in lines:
        assert line.split()[3:] == ["clean", "0", "0"], line
    hedge = [[level, seed] for level in (1, 4, 8, 12) for seed in (0, 1, 2**32 - 1)]
    for line in run_driver(served, "hedge_catalogue.py", {"rows": hedge, "locked": True}):
        assert line.split()[2:] == ["clean", "0", "0"], line


def test_heaplock_harness_catches_allocation(served):
    # The control: the same harness on this board does catch a tuple and a long integer (32-bit port).
    lines = run_driver(served, "heaplock_control.py", {})
    assert lines == ["tuple ALLOCATED", "bigint ALLOCATED"]


# -- the device workflow -------------------------------------------------------------------------------------
def listing(served):
    with connected(served) as b:
        out = b.exec("import os\nfor d in ('', 'lib/maze32', 'lib/maze32_game'):\n"
                     " for e in os.ilistdir(d or '.'):\n  print((d + '/' if d else '') + e[0], e[3])")
    return dict(line.rsplit(" ", 1) for line in out.splitlines())


def test_deploy_soft_reset_redeploy_repairs(served):
    with connected(served) as b:
        first = deploy(b, PROFILE, "native")
    files = first["files"]
    with connected(served) as b:
        b.soft_reset()                                    # files survive a soft reset
    with connected(served) as b:
        again = deploy(b, PROFILE, "native")
    assert again["copied"] == [] and len(again["skipped"]) == files and again["removed"] == []

    # A corrupted module and stale .py twins that would shadow deployed .mpy files.
    module = sorted(p for p in again["skipped"] if p.startswith("lib/maze32/") and p.endswith(".mpy"))[0]
    twin = module[:-4] + ".py"
    with connected(served) as b:
        b.write_file(module, b"M\x06 not a module any more")
        b.write_file(twin, b"raise ImportError('stale twin ran')\n")
        b.write_file("lib/maze32_game/board_bench.py", b"raise ImportError('stale twin ran')\n")
    with connected(served) as b:
        fixed = deploy(b, PROFILE, "native")
    assert fixed["copied"] == [module]
    bench = "lib/maze32_game/board_bench"
    assert sorted(fixed["removed"]) == sorted([twin, bench + ".py"])
    present = listing(served)
    assert twin not in present and bench + ".py" not in present and bench + ".mpy" in present
    assert not [p for p in present if p.endswith(".part")]
    expected = {(w, h, s): (d, a) for w, h, s, d, a in duel_rows()}
    for line in run_driver(served, "catalogue.py", {"rows": [[32, 32, 0], [8, 8, 1]]}):
        w, h, s, digest, attempts = line.split()
        assert expected[(int(w), int(h), int(s))] == (digest, int(attempts))


def test_main_py_runs_at_boot(served):
    # As on a board: main.py runs after a reset into the friendly REPL (power-on, or Ctrl-D there),
    # not after a soft reset from the raw REPL (deploy's); the files are there each time.
    main = ("with open('boots.txt', 'a') as f:\n"
            "    f.write('boot\\n')\n"
            "print('main.py ran')\n")
    with connected(served) as b:
        b.exec("import os\ntry:\n os.remove('boots.txt')\nexcept OSError:\n pass")
        b.write_file("main.py", main.encode())
        b.soft_reset()                                    # from the raw REPL: main.py must not run
        assert "boots.txt" not in b.exec("import os\nprint(os.listdir())")
    # Ctrl-D at the friendly prompt (Board.close left the raw REPL): "soft reboot", then main.py.
    host, port = served.url[len("socket://"):].split(":")
    with socket.create_connection((host, int(port)), timeout=TIMEOUT) as s:
        s.sendall(board_key.for_url(served.url))            # the board's key first, as the host's clients do
        s.sendall(b"\r\x02\r\x04")
        seen = b""
        while b"main.py ran" not in seen or not seen.endswith(b">>> "):
            data = s.recv(4096)
            assert data, seen
            seen += data
    assert b"soft reboot" in seen
    served.restart()                                      # power cycle: main.py runs at power-on
    with connected(served) as b:
        assert b.exec("print(open('boots.txt').read())").split() == ["boot", "boot"]
        b.exec("import os\nos.remove('main.py')\nos.remove('boots.txt')")


def test_deployed_game_starts_at_power_on_and_the_host_gets_in(served):
    # The game's own main.py: after a power cycle its menu waits for keys; a key reaches it (it draws
    # again), and the host's Ctrl-C interrupts it, as on a C6 (this board's console is interrupt-driven).
    with connected(served) as b:
        deploy(b, PROFILE, "native")
    served.restart()
    host, port = served.url[len("socket://"):].split(":")
    with socket.create_connection((host, int(port)), timeout=TIMEOUT) as s:
        s.sendall(board_key.for_url(served.url))            # the board's key first, as the host's clients do
        s.sendall(b"n")                                   # the menu's "new random seed": it draws again
        seen = b""
        while b"maze32" not in seen:
            data = s.recv(4096)
            assert data, seen
            seen += data
    with connected(served) as b:
        assert b.exec("import sys\nprint('maze32_game.app' in sys.modules)").strip() == "True"   # main.py ran it
        b.exec("import os\nos.remove('main.py')")      # the rest of the module's boots stay quiet


# -- the games and the host's commands on this board ----------------------------------------------------
def test_loading_keeps_what_a_game_loads_once_machine_code_is_committed(served, flavour):
    # loading.keep_machine_code on this board, as on ports/esp32: with machine code in the exec region
    # (native: every module; viper: the kernels) a module forgotten and loaded again would commit its
    # code again, so the modules with machine code stay loaded (world/fields.py's kernels), and the
    # rest go (ghost.py has none: built as bytecode); bytecode commits none and forgets.
    with connected(served) as b:
        b.soft_reset()
    lines = " ".join(run_driver(served, "loading_keep.py",
                                {"modules": ["maze32.world.fields", "maze32_game.ghost"]})).split()
    if flavour == "bytecode":
        assert lines == ["False", "forgot", "forgot", "True", "forgot", "forgot"], lines
    else:
        assert lines == ["True", "kept", "forgot", "True", "kept", "forgot"], lines


def test_games_tick_as_in_the_twin(served, flavour):
    # Scripted inputs: a bot-against-bot Duel and a Deeper run tick by tick on the board, compared
    # with the same games played here by the twin (the firmware's own modules under CPython).
    from maze32_game import deeper
    got = run_driver(served, "duel_bots.py", {"seed": 4, "size": [16, 16], "ticks": 60})
    assert got == bot_duel_lines(4, (16, 16), 60)
    keys = ["right", "down", "x", None] * 5
    got = " ".join(run_driver(served, "deeper_tick.py", {"seed": 7, "keys": keys})).split()
    run = deeper.Deeper(7)
    assert got == [run.tick(k) for k in keys] + [str(run.player), str(run.depth)]


def test_explore_from_the_boards_menu_twice(served, flavour):
    # Issue 19: Explore chosen from app.main's menu (its key, over maze32 play --port), its stairs
    # taken (the next world dealt on a heap the first one's frames split), walked, dug, left for the
    # menu and chosen again, in every flavour: the round's buffers are made as it is
    # chosen, before its code, on the heap the menu's last game left whole (loading.forget), and its
    # records are kept on the board as every game's are (games.py: they were skipped for want of room).
    from terminals import explore_through_the_menu
    with connected(served) as b:
        b.exec("import os\ntry:\n    os.remove('records.txt')\nexcept OSError:\n    pass")
        b.soft_reset()
    explore_through_the_menu(served.url)
    with connected(served) as b:
        kept = b.exec("print(open('records.txt').read())")
    assert "explore" in kept, kept


def test_every_game_after_a_won_duel_from_the_boards_menu(served, flavour):
    # A newcomer's session on the board's own menu: a Duel won (its records and ghost written), then
    # Deeper, then Explore, each chosen after the last. On 0c5c16c a native board died choosing Deeper
    # after a won Duel (MemoryError: the Duel's records and ghost code stayed loaded).
    from terminals import every_game_through_the_menu
    every_game_through_the_menu(served.url)


def test_time_command_counts_rv32_instructions(served):
    # maze32 time --port URL, as a user runs it: the board's clock counts instructions, so the report
    # gives them per size (mean with every retry, p95, max) and SPEC 8's C6 range, and every hash
    # matches the twin.
    import json
    assert maze32("deploy", "--port", served.url).returncode == 0
    proc = maze32("time", "--port", served.url, "--size", "8x8", "--seeds", "0..5", "--json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["build"] == riscv_board.BUILD and doc["flavour"] == "native" and not doc["mismatched"]
    row = doc["sizes"][0]
    us = [r["us"] for r in doc["results"]]
    assert row["instructions"]["mean"] == sum(u * 1000 for u in us) // len(us)
    assert row["instructions"]["max"] == max(us) * 1000 >= row["instructions"]["p95"]
    low, mid, high = row["c6_ms"]
    assert low < mid < high and abs(high - 2.5 * low) < 0.05
    table = maze32("time", "--port", served.url, "--size", "8x8", "--seeds", "0..1")
    assert table.returncode == 0 and "RV32 instructions per maze" in table.stdout


def test_play_port_plays_the_boards_menu_and_games(served):
    # maze32 play --port URL on a real pseudo-terminal: the board's menu, Deeper, back, Duel, quit.
    from terminals import PtyProcess, MAZE32
    with connected(served) as b:
        deploy(b, PROFILE, "native")
    term = PtyProcess([MAZE32, "play", "--port", served.url])
    try:
        assert term.wait_for("maze32 on", 10.0), term.text()
        term.send(b"2")
        assert term.wait_for("Goal: reach each hatch", 10.0), term.text()
        term.send(b"q")
        assert term.wait_for("Duel", 10.0), term.text()
        term.send(b"1")
        assert term.start(10.0), term.text()                     # past Duel's goal screen
        assert term.wait_for("key no", 10.0), term.text()       # its status line: the game runs
        term.send(b"q")
        assert term.wait_for("quit  time", 10.0), term.text()   # the menu again, with the result
        term.send(b"q")
        assert term.wait_for("the board's game ended", 20.0), term.text()
        assert term.proc.wait(20) == 0
    finally:
        term.close()


def test_play_port_riscv_says_its_board_stops_when_you_detach():
    # `--port riscv` is a board this command starts and stops: Ctrl-] said the game waits on the
    # board, paused, and the next play found the menu afresh (the board had been powered off).
    from terminals import PtyProcess, MAZE32
    assert maze32("deploy", "--port", "riscv").returncode == 0
    term = PtyProcess([MAZE32, "play", "--port", "riscv"])
    try:
        assert term.wait_for("maze32 on", 30.0), term.text()
        term.send(b"\x1d")
        assert term.wait_for("the RISC-V board stops with this command", 20.0), term.text()
        assert term.proc.wait(20) == 0 and "waits on the board" not in term.text()
    finally:
        term.close()


def test_play_port_ends_with_the_game_its_boot_started(served):
    # A board powered on runs main.py: the menu is the game play --port comes back to. Quitting it
    # leaves the friendly REPL (its banner, no raw REPL's Ctrl-D): play said "the board's game ended"
    # and exits, without showing the banner, and the board is left fresh (soft-reset from the raw
    # REPL, so main.py does not start the game again). play had waited for ever at ">>>".
    from terminals import PtyProcess, MAZE32
    with connected(served) as b:
        deploy(b, PROFILE, "native")
    served.restart()
    term = PtyProcess([MAZE32, "play", "--port", served.url])
    try:
        assert term.wait_for("maze32 on", 10.0), term.text()
        term.send(b"q")
        assert term.wait_for("the board's game ended", 20.0), term.text()
        assert term.proc.wait(20) == 0
        assert "MicroPython v" not in term.text() and ">>>" not in term.text(), term.text()
    finally:
        term.close()
    with connected(served) as b:
        assert b.exec("import sys\nprint('maze32_game.app' in sys.modules)").strip() == "False"
        b.exec("import os\nos.remove('main.py')")      # the rest of the module's boots stay quiet
