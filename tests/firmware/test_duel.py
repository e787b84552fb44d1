"""Duel's rules (SPEC 5) played by script in the twin, bots that only use what they have seen, and a
bot game on the MicroPython ports."""
import copy
import random

import pytest

import runtimes
from support import bot_duel_lines

from maze32_game import duel
import newcomer  # bench/newcomer.py: the player models the bots are tuned against
from newcomer import shortest_keys  # from the full maze: the test knows all

KEYS = {-32: "up", 32: "down", -1: "left", 1: "right"}
FLAGS = {-32: 1, 1: 2, 32: 4, -1: 8}
PLAY_SIZE = (32, 32)                # `maze32 play`'s default size (host/cli.py), SPEC 3.1's
FRESH = range(1000, 1010)           # seeds nobody tuned the bots to


def test_a_scripted_route_wins():
    game = duel.Duel(7)
    p1 = game.players[0]
    keys = shortest_keys(game, p1.cell, p1.key) + shortest_keys(game, p1.key, p1.exit)
    results = [game.tick(k, None) for k in keys]
    assert results[-1] == 0 and results.count(None) == len(keys) - 1
    assert game.players[0].has_key and game.winner == 0


def test_the_exit_does_nothing_without_the_key():
    game = duel.Duel(7)
    p1 = game.players[0]
    for k in shortest_keys(game, p1.cell, p1.exit):
        game.tick(k, None)
    if not p1.has_key:                      # the route did not pass the key
        assert p1.cell == p1.exit and game.winner is None


def test_unknown_keys_and_walls_do_not_move():
    game = duel.Duel(3, 16, 16)
    p1 = game.players[0]
    start = p1.cell
    for k in ("x", "Escape", None, "UP"):
        game.tick(k, None)
    assert p1.cell == start
    blocked = [k for step, k in KEYS.items() if not game.maze.cells[start] & FLAGS[step]]
    for k in blocked:
        game.tick(k, None)
        assert p1.cell == start


def test_fog_compass_and_artifact():
    game = duel.Duel(11)
    p1 = game.players[0]
    r = p1.view
    x, y = p1.cell & 31, p1.cell >> 5
    seen = {c for c in range(1024) if p1.seen[c]}
    square = {(yy << 5) | xx for yy in range(max(0, y - r), min(32, y + r + 1))
              for xx in range(max(0, x - r), min(32, x + r + 1))}
    assert square <= seen and seen - square <= set(game.landmarks())
    assert game.bearing(0) is None
    for k in shortest_keys(game, p1.cell, p1.compass_cell):
        game.tick(k, None)
    g = p1.goal()
    bx, by = game.bearing(0)
    assert (bx, by) == (((g & 31) > (p1.cell & 31)) - ((g & 31) < (p1.cell & 31)),
                        ((g >> 5) > (p1.cell >> 5)) - ((g >> 5) < (p1.cell >> 5)))
    before = p1.view
    for k in shortest_keys(game, p1.cell, game.artifacts()[0]):
        game.tick(k, None)
    assert p1.view == before + duel.ARTIFACT_BONUS


@pytest.mark.parametrize("level", [1, 2])
def test_bot_against_bot_always_finishes(level):
    for size in ((32, 32), (8, 8), (16, 24)):
        for seed in range(6):
            game = duel.Duel(seed, *size)
            bots = (duel.Bot(level, seed), duel.Bot(level, seed + 1))
            for _ in range(40000):
                if game.tick(bots[0].choose(duel.PlayerView(game, 0)),
                             bots[1].choose(duel.PlayerView(game, 1))) is not None:
                    break
            assert game.winner in (0, 1), (size, seed, level)


def test_the_stronger_bot_wins_more_often():
    wins = 0
    for seed in range(16):
        game = duel.Duel(seed, 16, 16)
        strong, weak = duel.Bot(2, seed), duel.Bot(1, seed)
        while game.winner is None:
            game.tick(strong.choose(duel.PlayerView(game, 0)), weak.choose(duel.PlayerView(game, 1)))
        wins += game.winner == 0
    assert wins >= 12


@pytest.mark.parametrize("player", ["bot 1", "bot 2", "newcomer"])
def test_decisions_do_not_depend_on_unseen_cells(player):
    rnd = random.Random(5)
    game = duel.Duel(9)
    bot = newcomer.Newcomer(9) if player == "newcomer" else duel.Bot(int(player[-1]), 9)
    other = duel.Bot(2, 10)
    cells = game.maze.cells
    for tick in range(120):
        view = duel.PlayerView(game, 0)
        twin = copy.deepcopy(bot)                  # the same player, plan and generator state
        choice = bot.choose(view)
        saved = bytes(cells)
        for c in range(1024):                      # scramble everything Player 1 has not seen
            if not game.players[0].seen[c]:
                cells[c] = rnd.randrange(16)
        assert twin.choose(view) == choice, tick
        cells[:] = saved
        if game.tick(choice, other.choose(duel.PlayerView(game, 1))) is not None:
            break


@pytest.mark.parametrize("runtime", ["unix", "wasm"])
def test_a_bot_game_runs_the_same_on_micropython(runtime):
    out = runtimes.run(runtime, "duel_bots.py", {"seed": 4, "size": [16, 16], "ticks": 60}, firmware=True)
    assert out.splitlines() == bot_duel_lines(4, (16, 16), 60)


def newcomer_wins(size):
    # Games the newcomer model (fog, nearest frontier, a wrong turn now and then, 3 keys a second)
    # wins against each bot level, over the fresh seeds, as `maze32 play` deals them.
    return [newcomer.person_wins(FRESH, size, level) for level in range(1, len(duel.BOT_LEVELS) + 1)]


def assert_tuned(size):
    wins = newcomer_wins(size)
    assert wins[0] >= 8, wins                                      # the easiest bot loses to a newcomer
    assert all(b < a or a == 0 for a, b in zip(wins, wins[1:])), wins   # each harder bot wins more
    expert = newcomer.person_wins(FRESH, size, len(duel.BOT_LEVELS), "expert")
    assert expert <= 3, expert        # the hardest beats a player who knows the route, at 4 keys a second


def test_a_newcomer_beats_the_easiest_bot_and_the_hardest_beats_an_expert():
    assert_tuned(PLAY_SIZE)


@pytest.mark.slow
def test_the_tuning_holds_on_a_smaller_maze():
    assert_tuned((16, 16))


def test_the_models_keep_their_pace():
    # 3 keys a second for the newcomer, 4 for the expert, at the game's 20 frames a second.
    game = duel.Duel(1000, *PLAY_SIZE)
    person, expert = newcomer.Newcomer(1), newcomer.Expert(game)
    view = duel.PlayerView(game, 0)
    assert sum(person.choose(view) is not None for _ in range(200)) == 30
    assert sum(expert.choose(view) is not None for _ in range(100)) == 20


def test_bot_levels_are_named_and_paced():
    names = [name for name, _ in duel.BOT_LEVELS]
    paces = [pace for _, pace in duel.BOT_LEVELS]
    assert len(set(names)) == len(names) and paces == sorted(paces, reverse=True)
    game = duel.Duel(3, 16, 16)
    for level, (name, pace) in enumerate(duel.BOT_LEVELS, 1):
        bot = duel.Bot(level, 0)
        moves = [bot.choose(duel.PlayerView(game, 1)) for _ in range(8 * pace)]
        assert bot.name == name and sum(k is not None for k in moves) == 8   # one move per `pace` frames
    with pytest.raises(ValueError):
        duel.Bot(len(duel.BOT_LEVELS) + 1, 0)
