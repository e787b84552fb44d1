"""Issue 24: one route search where one is enough. validate() after generate() shares the search
generate's placement step made (the workspace records what ws.dist measured, keyed on a fingerprint
of the cells and the start); a maze changed since, a search in between, or a maze read from a file is
searched on its own, and every verdict is the one a fresh workspace gives."""
import pytest

import runtimes

from maze32 import Config, Maze, Workspace, generate, validate, split_seed, OK
from maze32 import routes
from maze32.codec import to_dict, check_document, metrics
from maze32.fairness import measure_fairness
from maze32.validate import REACHABILITY, check_names


@pytest.fixture
def searches(monkeypatch):
    # Counts the breadth-first searches over a duel maze's passages (routes.spread: the build's
    # search kernel, spread_routes.spread_routes here).
    count = [0]
    real = routes.spread

    def counted(*args):
        count[0] += 1
        return real(*args)
    monkeypatch.setattr(routes, "spread", counted)
    return count


def made(seed, size=32):
    cfg = Config(width=size, height=size)
    maze, ws = Maze(), Workspace()
    assert generate(maze, ws, cfg, *split_seed(seed)) == OK
    return cfg, maze, ws


def fresh_verdict(maze, cfg):
    ws = Workspace()
    return validate(maze, ws, cfg), list(ws.routes), list(ws.topology)


@pytest.mark.parametrize("size", [32, 8])
def test_validate_after_generate_shares_its_search(searches, size):
    cfg, maze, ws = made(7, size)
    searches[0] = 0
    assert validate(maze, ws, cfg) == 0
    assert searches[0] == 0
    assert (0, list(ws.routes), list(ws.topology)) == fresh_verdict(maze, cfg)


def test_a_maze_changed_in_place_is_searched_again(searches):
    # Closing a passage and its rotation keeps the maze symmetric (so only the search can tell)
    # but cuts a dead end off: the shared search would call it reachable.
    cfg, maze, ws = made(7)
    c = next(i for i in range(32 * 16) if maze.cells[i] in (1, 2, 4, 8))   # a dead end in half A
    flag = maze.cells[c]
    step = {1: -32, 2: 1, 4: 32, 8: -1}[flag]
    back = {1: 4, 2: 8, 4: 1, 8: 2}[flag]
    for a, b, fa, fb in ((c, c + step, flag, back), (maze.rot - c, maze.rot - c - step, back, flag)):
        maze.cells[a] &= ~fa
        maze.cells[b] &= ~fb
    searches[0] = 0
    mask = validate(maze, ws, cfg)
    assert searches[0] == 1
    assert mask & REACHABILITY and "reachability" in check_names(mask)
    assert (mask, list(ws.routes), list(ws.topology)) == fresh_verdict(maze, cfg)


def test_a_moved_start_is_searched_again(searches):
    cfg, maze, ws = made(7)
    maze.px[0], maze.px[1] = maze.px[1], maze.px[0]   # swap the starts' columns: both move
    searches[0] = 0
    mask = validate(maze, ws, cfg)
    assert searches[0] >= 1
    assert (mask, list(ws.routes), list(ws.topology)) == fresh_verdict(maze, cfg)


def test_a_search_in_between_forgets_the_record(searches):
    cfg, maze, ws = made(7)
    measure_fairness(maze, ws)          # its searches overwrite ws.dist
    searches[0] = 0
    assert validate(maze, ws, cfg) == 0
    assert searches[0] == 1
    metrics(maze, ws)                   # the key-to-exit searches overwrite it too
    searches[0] = 0
    assert validate(maze, ws, cfg) == 0
    assert searches[0] == 1
    assert validate(maze, ws, cfg) == 0   # and the fresh search is recorded in turn
    assert searches[0] == 1


def test_a_file_is_searched_on_its_own(searches):
    cfg, maze, ws = made(7)
    doc = to_dict(maze, ws, cfg, validate(maze, ws, cfg))
    searches[0] = 0
    mask, _ = check_document(doc)
    assert mask == 0 and searches[0] >= 1


@pytest.mark.parametrize("size", [(32, 32), (8, 8), (30, 32), (32, 10)])
def test_a_reset_frames_the_grid_as_a_template_did(size):
    # routes.reset_routes builds ws.dist from rows it doubles, with no template: UNSEEN on the grid,
    # BLOCKED wherever a search could step off it (east of the last column, column 31 west of column
    # 0, the row below, the guard row, which no search enters), whatever a search or the carving left.
    from maze32.maze import UNSEEN, BLOCKED
    w, h = size
    ws = Workspace()
    for i in range(32 * 32):
        ws.dist[i] = i % 7                            # leftovers of an earlier search
    ws.prepare(w, h)
    routes.reset_routes(ws)
    for y in range(h):
        for x in list(range(w)) + ([w, 31] if w < 32 else []):
            assert ws.dist[(y << 5) | x] == (UNSEEN if x < w else BLOCKED), (x, y)
    for x in range(w):
        assert ws.dist[(h << 5) | x] == BLOCKED
        assert ws.dist[(32 << 5) | x] == BLOCKED


def test_every_build_resets_the_frame_and_the_compiled_ones_by_words():
    # routes.reset_routes writes two entries a store where its kernels are machine code
    # (_compat.compiled), copies of a template row as bytecode and on CPython: every build frames the
    # grid the same, and the word-wide kernel runs exactly in the viper and native builds.
    sizes = [[32, 32], [8, 8], [30, 32], [32, 10], [10, 30], [16, 8]]
    for runtime in runtimes.FLAVOURS:
        lines = runtimes.run(runtime, "reset_frame.py", {"sizes": sizes}).split("\n")
        assert lines[0] == "words %d" % (runtime in ("unix-viper", "unix-native")), (runtime, lines[0])
        assert lines[1:1 + len(sizes)] == ["%d %d 0" % (w, h) for w, h in sizes], (runtime, lines)


def builds_agree(driver, runs):
    # Runs a driver that prints "pointed 0|1" (whether the kernel for machine code ran), then one line
    # per run, on every build: the kernel for machine code runs exactly in the viper and native ones,
    # and every build prints the same lines.
    reference = None
    for runtime in runtimes.FLAVOURS:
        lines = runtimes.run(runtime, driver, {"runs": runs}).strip().split("\n")
        assert lines[0] == "pointed %d" % (runtime in ("unix-viper", "unix-native")), (runtime, lines[0])
        reference = reference or lines[1:]
        assert lines[1:] == reference and len(reference) == len(runs), (runtime, lines)


def test_every_build_carves_alike_and_the_compiled_ones_by_pointer():
    # carve.carve_half runs carve_at (the current cell's pointer in a register) where the kernels are
    # machine code and carve_tree elsewhere: the same cells, depths and generator state on every
    # build, at every width (32: no column outside the grid; 8 and 10: the narrowest, W % 4 == 2).
    builds_agree("carve_kernel.py", [[32, 32, 7], [8, 8, 1], [10, 30, 99], [32, 8, 12345], [30, 32, 65537],
                                     [16, 16, 0]])


def test_every_build_searches_alike_and_the_compiled_ones_by_pointer():
    # routes.measure_routes runs spread_at (the current cell's distance as a pointer) where the kernels
    # are machine code and spread_routes elsewhere: the same distances, queue and count on every build,
    # with and without a target (the search stops after the target's level).
    builds_agree("route_kernel.py", [[32, 32, 7, -1], [8, 8, 1, -1], [10, 30, 99, -1], [32, 32, 3, 40],
                                     [16, 8, 5, 0], [30, 32, 11, 900]])
