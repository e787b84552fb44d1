"""Deeper's rules (SPEC 4, 5) played by script in the twin, and one tick on the MicroPython port."""
import pytest

from maze32_game import deeper
import runtimes
import deeper_newcomer  # bench/deeper_newcomer.py: the player model the ramp is tuned to
from maze32 import ghosts
from maze32.hedge import FLOOR
from support import route_keys


def test_unknown_keys_are_ignored():
    game = deeper.Deeper(5)
    before = game.player
    for key in ("x", "Escape", "", "UP"):
        game.tick(key)
        assert game.player == before


def test_walls_stop_the_player():
    game = deeper.Deeper(5)
    game.tick("up")                     # (1, 0) is border wall
    game.tick("left")                   # (0, 1) too
    assert game.player == 33


def test_a_ghost_catches_a_player_who_stands_still():
    for seed in range(5):
        game = deeper.Deeper(seed)
        ghost = game.ghost_at(0)
        game.player = next(ghost + step for step in (-32, 1, 32, -1)
                           if game.level.tiles[ghost + step] == FLOOR)     # right beside it (not the hatch)
        outcome = None
        for _ in range(400):
            outcome = game.tick(None)
            if outcome == deeper.CAUGHT:
                break
        assert outcome == deeper.CAUGHT and game.score == 1
        assert game.tick("right") == deeper.CAUGHT          # the run stays over


def test_the_hatch_takes_the_player_deeper():
    game = deeper.Deeper(11)
    for ghost in range(game.level.ghosts):                # ghosts far away and asleep for this test
        game.awake[ghost] = 0
    ghosts.wake_distance, saved = (lambda level: -1), ghosts.wake_distance
    try:
        outcomes = [game.tick(k) for k in route_keys(game, game.level.hatch)]
    finally:
        ghosts.wake_distance = saved
    assert outcomes[-1] == deeper.DEEPER and outcomes.count(deeper.DEEPER) == 1
    assert game.depth == 2 and game.level.side == 9 and game.player == 33 and game.score == 2


def test_sleeping_ghosts_do_not_move():
    game = deeper.Deeper(3)
    ghosts.wake_distance, saved = (lambda level: -1), ghosts.wake_distance
    try:
        start = [game.ghost_at(i) for i in range(game.level.ghosts)]
        for _ in range(100):
            game.tick(None)
        assert [game.ghost_at(i) for i in range(game.level.ghosts)] == start
    finally:
        ghosts.wake_distance = saved


@pytest.mark.parametrize("depth", [1, 2, 5, 13, 20, 40, 61])
def test_no_ghost_wakes_before_the_first_move(depth):
    # Issue 23: a level can be read for as long as one likes; the ghosts sleep until the player moves.
    for seed in range(8):
        game = deeper.Deeper(seed * 7919 + 1)
        game.depth = depth - 1
        game.descend()                      # straight to this depth
        assert [game.tick(None) for _ in range(400)] == [deeper.PLAYING] * 400
        assert not any(game.awake[:game.level.ghosts]), (seed, depth)


FRESH = range(1000, 1010)           # seeds nobody tuned the levels to


def test_a_newcomer_clears_the_first_levels():
    # The Deeper newcomer model (3 keys a second, hesitating, keeping clear of awake ghosts).
    for depth in (1, 2, 3, 4):
        assert sum(deeper_newcomer.play_level(seed, depth) for seed in FRESH) >= 9, depth


@pytest.mark.slow
def test_the_levels_grow_harder_past_depth_20():
    seeds = range(1000, 1050)
    clears = {d: sum(deeper_newcomer.play_level(s, d) for s in seeds) for d in (5, 12, 20, 40, 50)}
    assert clears[5] >= 47 and clears[12] >= 45, clears          # gentle first levels
    assert clears[12] > clears[40] > clears[50] and 15 <= clears[50] <= 35, clears


@pytest.mark.parametrize("runtime", ["unix", "wasm"])
def test_a_game_ticks_on_micropython(runtime):
    out = runtimes.run(runtime, "deeper_tick.py", {"seed": 7, "keys": ["right", "down", "x", None] * 5},
                       firmware=True)
    game = deeper.Deeper(7)
    expected = [game.tick(k) for k in ["right", "down", "x", None] * 5]
    assert out.split() == expected + [str(game.player), str(game.depth)]
