"""What the test files share: where the checkout is, the one way they run the maze32 command line, the
one check of its one-line errors, and a driver's script as the runtimes run it. Shared fixtures live in
conftest.py; a test file never imports another test file."""
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent          # the checkout: every path a test computes starts here
TESTS = ROOT / "tests"
DRIVERS = TESTS / "drivers"                            # scripts the runtimes run (tests/runtimes.py)
LOCKED = DRIVERS / "locked.py"                         # the heap-lock harness the locked drivers share
GOLDEN_DIR = TESTS / "golden"                          # the catalogues every runtime must reproduce
MAZE32 = str(Path(sys.executable).parent / "maze32")   # the venv's console script, as a user runs it
SETPRIV = shutil.which("setpriv")


def script_text(driver, args):
    # A tests/drivers script as every runtime runs it, one script (a board is sent one): ARGS bound
    # first, and the line `from locked import locked` replaced by the harness's text (drivers/locked.py).
    text = re.sub(r"(?m)^from locked import locked\b.*\n", lambda _: LOCKED.read_text(), (DRIVERS / driver).read_text())
    return "ARGS = %r\n" % (args,) + text


def maze32(*args, module=False, board=None, env=None, unprivileged=False, umask=None, timeout=300, **kw):
    """Run `maze32 ARGS` -> subprocess.CompletedProcess (returncode, stdout, stderr; text unless text=False).

    module: as `python -m host` instead of the console script. board: the virtual board's folder
    (MAZE32_VIRTUAL_BOARD). env: changes to this process's environment, a None value removing the
    variable. unprivileged: as root without capabilities, so file modes apply to it. umask: the
    command's umask. stdin is closed unless stdin= or input= is given (a command never waits on a
    terminal it was not meant to have); other keywords go to subprocess.run. The timeout only turns a
    hang into a failure: the default is generous for a loaded machine."""
    cmd = [sys.executable, "-m", "host", *args] if module else [MAZE32, *args]
    if unprivileged:
        cmd = [SETPRIV, "--inh-caps=-all", "--bounding-set=-all", *cmd]
    full = dict(os.environ)
    for name, value in dict(env or {}, **({"MAZE32_VIRTUAL_BOARD": str(board)} if board else {})).items():
        if value is None:
            full.pop(name, None)
        else:
            full[name] = value
    if "input" not in kw:
        kw.setdefault("stdin", subprocess.DEVNULL)
    if "stdout" not in kw and "stderr" not in kw:
        kw["capture_output"] = True
    kw.setdefault("text", True)
    if umask is not None:
        kw["preexec_fn"] = lambda: os.umask(umask)
    return subprocess.run(cmd, timeout=timeout, env=full, **kw)


def one_line_error(proc, code=2, *words):
    """Assert a refusal as a user must see it: exit status code, exactly one line on stderr starting
    `maze32: ` and holding every word, no traceback anywhere. -> that line."""
    out = proc.stdout or ""
    assert proc.returncode == code, (proc.returncode, out + proc.stderr)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("maze32: "), proc.stderr[-800:]
    assert "Traceback" not in proc.stderr + out, proc.stderr[-800:]
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


# -- the golden catalogues, as rows ----------------------------------------------------------------
def _rows(name):
    return [line.split("\t") for line in (GOLDEN_DIR / name).read_text().splitlines() if not line.startswith("#")]


def duel_rows():
    # duel.tsv -> [(w, h, seed, digest, attempts)]
    return [(int(w), int(h), int(seed), digest, int(attempts)) for w, h, seed, digest, attempts in _rows("duel.tsv")]


def hedge_rows():
    # hedge.tsv -> [(level, seed, digest, attempts)]
    return [(int(level), int(seed), digest, int(attempts)) for level, seed, digest, attempts in _rows("hedge.tsv")]


def world_rows():
    # world.tsv -> [([seed, depth, strategy, w, h, x, y, rw, rh], digest)]: a driver's row and its digest
    rows = []
    for seed, depth, strategy, size, region, digest in _rows("world.tsv"):
        w, h = (int(v) for v in size.split("x"))
        x, y, rw, rh = (int(v) for v in region.split(","))
        rows.append(([int(seed), int(depth), strategy, w, h, x, y, rw, rh], digest))
    return rows


# What the heap-lock tests generate on every MicroPython (unix port flavours, wasm, the RISC-V board):
# mazes as [w, h, seeds], world chunks as driver rows (both strategies, the deepest kinds, far corners).
HEAPLOCK_RUNS = [[32, 32, [0, 1, 2, 3, 4294967295]], [8, 8, [0, 1, 2, 3, 4, 5, 6, 7]],
                 [32, 16, [0, 1, 2]], [12, 20, [9, 2**31]]]
WORLD_LOCKED = [[7, 1, "bsp", 250, 250, 0, 0, 250, 250], [7, 5, "bsp", 250, 250, 0, 0, 250, 250],
                [7, 8, "bsp", 250, 250, 0, 0, 250, 250], [7, 9, "accretion", 250, 250, 0, 0, 250, 250],
                [4294967295, 2, "bsp", 2048, 2048, 1984, 0, 64, 128], [3, 6, "bsp", 2048, 2048, 1984, 1984, 64, 64],
                [5, 7, "accretion", 64, 64, 0, 0, 64, 64],       # one chunk: spawn and stairs, the routes searched
                [1, 8, "accretion", 128, 128, 0, 0, 128, 128]]   # one block: the stairs' chunk plans the others


# -- games played by script ------------------------------------------------------------------------
def route_keys(game, target):
    # Keys that walk Deeper's player along a shortest route to `target` (computed here, not by the game).
    from maze32.hedge import WALL, measure_level_routes
    measure_level_routes(game.level, game.ws, target)
    dist = game.ws.dist
    keys, c = [], game.player
    names = {-32: "up", 32: "down", -1: "left", 1: "right"}
    while c != target:
        for step, name in names.items():
            if game.level.tiles[c + step] != WALL and dist[c + step] == dist[c] - 1:
                keys.append(name)
                c += step
                break
    return keys


def bot_duel_lines(seed, size, ticks):
    # What tests/drivers/duel_bots.py prints for ARGS {seed, size, ticks}, played here by the twin (the
    # firmware's own modules under CPython): a bot-against-bot Duel, each tick's keys and both cells.
    from maze32_game import duel
    game = duel.Duel(seed, *size)
    bots = (duel.Bot(2, seed), duel.Bot(1, seed + 1))
    lines = []
    for _ in range(ticks):
        k1, k2 = bots[0].choose(duel.PlayerView(game, 0)), bots[1].choose(duel.PlayerView(game, 1))
        game.tick(k1, k2)
        lines.append("%s %s %d %d" % (k1, k2, game.players[0].cell, game.players[1].cell))
    return lines


def link_reference(seed, size, level, delay):
    # The game a linked Duel's lockstep must play: each bot picks, before frame f, its key for frame
    # f + delay from what its player sees after frame f - 1. -> (winner, deciding frame, every frame's
    # state hash). Firmware modules (on sys.path by conftest.py), imported when first needed.
    from maze32_game import duel
    from maze32_game import link_duel
    game = duel.Duel(seed, *size)
    bots = (duel.Bot(level, 0), duel.Bot(level, 1))
    keys = ([None] * delay, [None] * delay)
    hashes = []
    f = 0
    while True:
        for p in (0, 1):
            keys[p].append(bots[p].choose(duel.PlayerView(game, p)))
        winner = game.tick(keys[0][f], keys[1][f])
        hashes.append(link_duel.state_hash(game))
        if winner is not None:
            return winner, f, hashes
        f += 1


def read_png(data):
    # -> (width, height, rows of RGB tuples, text chunks) of an 8-bit RGB PNG, parsed here.
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, text = 8, b"", {}
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        assert struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0] == zlib.crc32(kind + body)
        if kind == b"IHDR":
            w, h, depth, colour = struct.unpack(">IIBB", body[:10])
            assert (depth, colour) == (8, 2)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"tEXt":
            key, value = body.split(b"\x00", 1)
            text[key.decode("latin-1")] = value.decode("latin-1")     # tEXt is Latin-1 (PNG spec)
        pos += 12 + n
    raw = zlib.decompress(idat)
    rows = []
    for y in range(h):
        line = raw[y * (3 * w + 1):(y + 1) * (3 * w + 1)]
        assert line[0] == 0
        rows.append([tuple(line[1 + 3 * x:4 + 3 * x]) for x in range(w)])
    return w, h, rows, text
