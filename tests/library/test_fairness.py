"""Fairness metrics (SPEC 3.6) against networkx as an independent reference, and allocation-free on
the MicroPython ports."""
import networkx as nx
import pytest

import runtimes
from maze32 import Config, Maze, Workspace, generate, split_seed
from maze32.codec import metrics
from maze32.fairness import measure_fairness, ROUTES, BRIDGES, DECISIONS


def graph_of(maze):
    g = nx.Graph()
    for y in range(maze.height):
        for x in range(maze.width):
            g.add_node((x, y))
            f = maze.cell(x, y)
            if f & 2:
                g.add_edge((x, y), (x + 1, y))
            if f & 4:
                g.add_edge((x, y), (x, y + 1))
    return g


def separating_bridges(g, bridges, a, b):
    # Bridges on any simple a-b path: exactly those whose removal separates a from b.
    count = 0
    for u, v in bridges:
        h = g.copy()
        h.remove_edge(u, v)
        if not nx.has_path(h, a, b):
            count += 1
    return count


def generated(size, seeds):
    # Each seed's maze in turn, in one Maze and Workspace.
    cfg = Config(width=size[0], height=size[1])
    maze, ws = Maze(), Workspace()
    for seed in seeds:
        generate(maze, ws, cfg, *split_seed(seed))
        yield seed, maze, ws


@pytest.mark.slow
@pytest.mark.parametrize("size,seeds", [((32, 32), range(0, 4)), ((8, 8), range(0, 40)),
                                        ((12, 20), range(0, 20))])
def test_matches_networkx(size, seeds):
    for seed, maze, ws in generated(size, seeds):
        measure_fairness(maze, ws)
        g = graph_of(maze)
        bridges = list(nx.bridges(g))
        for m in (0, 1):
            start, key, exit_ = (maze.position(slot, m) for slot in (0, 2, 1))
            f = ws.fairness
            assert f[3 * m + ROUTES] == min(4, nx.edge_connectivity(g, start, exit_)), seed
            expected = separating_bridges(g, bridges, start, key) + separating_bridges(g, bridges, key, exit_)
            assert f[3 * m + BRIDGES] == expected, seed
            assert 0 <= f[3 * m + DECISIONS] <= nx.shortest_path_length(g, start, key) + \
                nx.shortest_path_length(g, key, exit_) + 1
        assert list(ws.fairness)[:3] == list(ws.fairness)[3:], "players' figures differ, seed %d" % seed


@pytest.mark.parametrize("runtime", ["unix", "unix-viper", "unix-native", "wasm"])
def test_fairness_allocates_nothing_and_agrees(runtime):
    out = runtimes.run(runtime, "fairness_lock.py", {"runs": [[32, 32, [0, 1, 2, 3]], [8, 8, [5, 6]]]})
    cfgs = {}
    maze, ws = Maze(), Workspace()
    for line in out.splitlines():
        w, h, seed, outcome, *figures = line.split()
        assert outcome == "clean", line
        cfg = cfgs.setdefault((w, h), Config(width=int(w), height=int(h)))
        hi, lo = split_seed(int(seed))
        generate(maze, ws, cfg, hi, lo)
        measure_fairness(maze, ws)
        assert [int(v) for v in figures] == list(ws.fairness)


@pytest.mark.parametrize("size,seeds", [((32, 32), range(0, 4)), ((8, 8), range(0, 20))])
def test_route_metrics_match_networkx(size, seeds):
    # The metrics' route lengths per player; key -> exit is measured for the metrics alone, since
    # validation of a symmetric maze does not need it (validate.check_routes).
    for seed, maze, ws in generated(size, seeds):
        g = graph_of(maze)
        players = metrics(maze, ws)["players"]
        for m in (0, 1):
            start, key, exit_ = (maze.position(slot, m) for slot in (0, 2, 1))
            got = players[m]
            assert got["start_key"] == nx.shortest_path_length(g, start, key), seed
            assert got["key_exit"] == nx.shortest_path_length(g, key, exit_), seed
            assert got["start_exit"] == nx.shortest_path_length(g, start, exit_), seed
            assert got["solution"] == got["start_key"] + got["key_exit"]
