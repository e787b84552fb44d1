"""Deeper's hedge maze (SPEC 4): the golden catalogue on every runtime, no allocation on the
MicroPython ports, the rules of seeds 000-002, and a validator whose every check can fail."""
import pytest

import runtimes
from maze32 import Workspace, split_seed
from maze32.hedge import (HedgeLevel, generate_hedge, validate_hedge, side_for,
                          HEDGE_CHECKS, WALL, FLOOR, HATCH)
from maze32.hedge_level import is_ghost_start, cooldown_for, check_pace, wake_distance
from support import hedge_rows, maze32


@pytest.mark.parametrize("runtime", runtimes.CATALOGUE_FLAVOURS)
def test_golden_catalogue_reproduced(runtime):
    rows = hedge_rows()
    assert len(rows) >= 200
    out = runtimes.run(runtime, "hedge_catalogue.py", {"rows": [[lv, s] for lv, s, _, _ in rows]})
    got = [line.split() for line in out.splitlines()]
    bad = [(lv, s) for (lv, s, d, a), g in zip(rows, got) if g != [str(lv), str(s), d, str(a)]]
    assert len(got) == len(rows) and not bad, bad[:10]


@pytest.mark.parametrize("runtime", ["unix", "unix-viper", "unix-native", "wasm"])
def test_generation_and_validation_allocate_nothing(runtime):
    rows = [[level, seed] for level in (1, 4, 8, 12, 40) for seed in (0, 1, 2**32 - 1)]
    out = runtimes.run(runtime, "hedge_catalogue.py", {"rows": rows, "locked": True})
    for line in out.splitlines():
        assert line.split()[2:] == ["clean", "0", "0"], line


def made(level, seed):
    lv, ws = HedgeLevel(), Workspace()
    hi, lo = split_seed(seed)
    assert generate_hedge(lv, ws, level, hi, lo) == 0
    return lv, ws


def test_sizes_grow_by_level_and_cap_at_21():
    assert [side_for(level) for level in range(1, 11)] == [7, 9, 11, 13, 15, 17, 19, 21, 21, 21]


def test_the_ramp():
    # Issue 23, within SPEC 4: ghost 0's cooldown from 30 frames a step at level 1, 2 less a level to
    # seed 000's 16 at 8, 16 to level 20, then a frame less every 3 levels down to 5; ghost i 8 more
    # (SPEC); the wake distance 2 and 3 on the two smallest levels, seed 000's 4, then a tile more
    # every 10 levels from 20 up to 8; the check's person-paced walk on the first 21 levels.
    levels = (1, 2, 3, 7, 8, 20, 21, 23, 24, 30, 40, 50, 53, 61, 100)
    assert [cooldown_for(lv, 0) for lv in levels] == [30, 28, 26, 18, 16, 16, 15, 15, 14, 12, 9, 6,
                                                       5, 5, 5]
    assert all(cooldown_for(lv, i) == cooldown_for(lv, 0) + 8 * i for lv in levels for i in range(8))
    assert [wake_distance(lv) for lv in levels] == [2, 3, 4, 4, 4, 5, 5, 5, 5, 6, 7, 8, 8, 8, 8]
    assert [check_pace(lv) for lv in levels] == [8, 8, 8, 6, 6, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1]


@pytest.mark.parametrize("level", [1, 3, 8, 10, 20, 40, 61])
def test_levels_keep_the_rules(level):
    for seed in range(25):
        lv, ws = made(level, seed)
        side = lv.side
        tiles = [[lv.tiles[(y << 5) | x] for x in range(side)] for y in range(side)]
        assert tiles[1][1] == FLOOR
        assert all(tiles[0][x] == WALL and tiles[side - 1][x] == WALL for x in range(side))
        rooms = [(x, y) for y in range(1, side, 2) for x in range(1, side, 2)]
        assert all(tiles[y][x] != WALL for x, y in rooms)             # every room carved
        assert sum(row.count(HATCH) for row in tiles) == 1
        hx, hy = lv.hatch & 31, lv.hatch >> 5
        assert max(hx - 1, hy - 1) >= side // 2
        assert lv.ghosts == min(level, 8)
        ghosts = [(lv.gx[i], lv.gy[i]) for i in range(lv.ghosts)]
        wake = wake_distance(level)
        for i, (x, y) in enumerate(ghosts):
            # Far from the spawn, and asleep until the player has walked 2 tiles toward it.
            assert tiles[y][x] == FLOOR and max(x - 1, y - 1) >= max(side // 2, wake + 2)
            assert lv.cooldown[i] == cooldown_for(level, i)
            for x2, y2 in ghosts[:i]:
                assert max(abs(x - x2), abs(y - y2)) >= 2


def test_loops_are_reopened_at_about_15_percent():
    # Edges beyond a spanning tree of the rooms come only from phase 2's reopening.
    extra, candidates = 0, 0
    for seed in range(60):
        lv, ws = made(8, seed)
        side = lv.side
        open_tiles = sum(1 for y in range(side) for x in range(side) if lv.tiles[(y << 5) | x] != WALL)
        rooms = ((side - 1) // 2) ** 2
        extra += open_tiles - (2 * rooms - 1)          # a tree of n rooms has n-1 wall tiles opened
        candidates += 2 * ((side - 1) // 2) * ((side - 1) // 2 - 1) - (rooms - 1)
    assert 0.10 < extra / candidates < 0.20


def corrupt(name, lv, ws):
    side = lv.side
    if name == "dimensions":
        lv.side = side - 2
    elif name == "border":
        lv.tiles[(0 << 5) | 3] = FLOOR
    elif name == "spawn":
        lv.tiles[33] = WALL
    elif name == "connected":
        # An open tile sealed off by walls: a room in the far corner with its four sides walled.
        c = ((side - 2) << 5) | (side - 2)
        lv.tiles[c] = FLOOR
        for n in (c - 32, c + 1, c + 32, c - 1):
            lv.tiles[n] = WALL
    elif name == "goal":
        lv.tiles[lv.hatch] = FLOOR
    elif name == "ghosts":
        lv.cooldown[0] = 0
    elif name == "winnable":
        # Ghost 0 moved onto the player's shortest route close to the hatch, where it still keeps
        # every placement rule: the player runs into it (or it wakes and meets the player).
        route = player_route(lv, ws)
        for c in reversed(route[:-1]):
            x, y = c & 31, c >> 5
            if lv.tiles[c] == FLOOR and is_ghost_start(c, lv) and not any(
                    max(abs(x - lv.gx[j]), abs(y - lv.gy[j])) < 2 for j in range(1, lv.ghosts)):
                lv.gx[0], lv.gy[0] = x, y
                return
        raise AssertionError("no route tile keeps the ghost rules")


def player_route(lv, ws):
    # Tiles of a shortest route from the spawn to the hatch (computed here, not by the check).
    from collections import deque
    prev, todo = {33: None}, deque([33])
    while todo:
        c = todo.popleft()
        for n in (c - 32, c + 1, c + 32, c - 1):
            if n not in prev and lv.tiles[n] != WALL:
                prev[n] = c
                todo.append(n)
    route, c = [], lv.hatch
    while c is not None:
        route.append(c)
        c = prev[c]
    return route[::-1]


@pytest.mark.parametrize("name", HEDGE_CHECKS)
def test_every_check_can_fail(name):
    lv, ws = made(5, 11)
    assert validate_hedge(lv, ws) == 0
    corrupt(name, lv, ws)
    mask = validate_hedge(lv, ws)
    assert mask & (1 << HEDGE_CHECKS.index(name))
    if name == "winnable":
        assert mask == 1 << HEDGE_CHECKS.index(name)      # a level that keeps every other rule


def play_shortest_route(seed, level, pace=1):
    # The real game (firmware/maze32_game/deeper.py) from the spawn to the hatch along a shortest route, one
    # step every `pace` frames: what the winnable check promises a player can do.
    from maze32_game import deeper
    game = deeper.Deeper(seed)
    while game.depth < level:
        game.descend()
    names = {-32: "up", 32: "down", -1: "left", 1: "right"}
    route = player_route(game.level, game.ws)
    outcomes = []
    for a, b in zip(route, route[1:]):
        outcomes.append(game.tick(names[b - a]))
        outcomes += [game.tick(None) for _ in range(pace - 1)] if outcomes[-1] == "playing" else []
    return outcomes


def test_the_unwinnable_level_of_the_issue_is_now_winnable():
    # Seed 685035233, level 1 used to put the hatch behind a ghost in a one-tile corridor.
    assert play_shortest_route(685035233, 1)[-1] == "deeper"


@pytest.mark.parametrize("level", [1, 2, 5, 8])
def test_every_dealt_level_is_won_by_a_player_at_top_speed(level):
    # Not the check's own walk: this one plays the game through its tick() (any shortest route).
    for seed in range(15):
        outcomes = play_shortest_route(seed * 7919 + 13, level)
        assert outcomes[-1] == "deeper" and "caught" not in outcomes, (seed, level)


@pytest.mark.parametrize("level", [1, 2, 7, 16])
def test_the_first_levels_are_won_at_a_persons_pace(level):
    # Issue 23: on the first levels the check also walks at check_pace(level) frames a step (8, a
    # newcomer's 2.5 keys a second, at level 1); the game through its tick() agrees.
    for seed in range(15):
        outcomes = play_shortest_route(seed * 7919 + 13, level, check_pace(level))
        assert outcomes[-1] == "deeper" and "caught" not in outcomes, (seed, level)


def test_without_the_check_some_levels_would_be_lost():
    # The check is not vacuous: the first attempt of many seeds is a level that catches the player.
    from maze32 import hedge
    lost = 0
    saved = hedge.MAX_ATTEMPTS
    try:
        hedge.MAX_ATTEMPTS = 1
        for seed in range(30):
            lv, ws = HedgeLevel(), Workspace()
            hi, lo = split_seed(seed)
            lost += generate_hedge(lv, ws, 3, hi, lo) != 0
    finally:
        hedge.MAX_ATTEMPTS = saved
    assert lost >= 5


def test_hedge_command_prints_the_golden_level_and_rejects_bad_levels():
    import json
    proc = maze32("hedge", "--seed", "3", "--level", "9", "--json")
    doc = json.loads(proc.stdout)
    expected = next(d for lv, s, d, _ in hedge_rows() if (lv, s) == (9, 3))
    assert proc.returncode == 0 and doc["hash"] == expected and all(doc["checks"].values())
    assert doc["side"] == 21 and len(doc["ghosts"]) == 8
    bad = maze32("hedge", "--seed", "3", "--level", "0")
    assert bad.returncode == 2 and bad.stderr.strip().splitlines() == ["maze32: level: must be at least 1, got 0"]
