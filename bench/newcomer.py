"""Player models the games are tuned against (SPEC 12; method and figures in docs/game-feel.md).

Pure Python on CPython; the tests (tests/test_duel.py, tests/test_deeper.py) and bench/game_feel.py
import it. Each model is called once per frame, as a frontend calls tick(), and answers a key or None.
  - Newcomer (Duel): sees only what the game shows its player (duel.PlayerView: the fog included, it
    never reads a hidden cell), walks to its goal once seen, else to the nearest seen cell that opens
    onto unseen ground, takes a wrong turn at a junction now and then, at 3 keys a second.
  - Expert (Duel): knows the whole maze and walks a shortest route, key then exit, at 4 keys a second.
  - DeeperNewcomer: sees the whole level as the screen does, walks toward the hatch at 3 keys a second
    with the odd hesitation and keeps clear of awake ghosts by a plain rule (deeper_newcomer.py).
"""
import random
import sys
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for _p in (ROOT / "shared", ROOT / "firmware"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))
from maze32_game import duel  # noqa: E402

TICKS_PER_SECOND = 20            # the game's frame rate (firmware/maze32_game/console.py)
NEWCOMER_KEYS = 3                # keys a second of a person finding their way
EXPERT_KEYS = 4                  # keys a second of a person who knows the route
WRONG_TURN = 0.15                # chance of a wrong turn at a junction
DIRECTIONS = ("up", "right", "down", "left")


class Cadence:
    # Spreads `per_second` keys evenly over the game's frames: due() is True on the frames a key falls.
    def __init__(self, per_second, phase=0):
        self.per_second = per_second
        self.frame = phase

    def due(self):
        before = self.frame * self.per_second // TICKS_PER_SECOND
        self.frame += 1
        return self.frame * self.per_second // TICKS_PER_SECOND != before


class Newcomer:
    # Duel's newcomer: only PlayerView, a plain rule, a seeded wrong turn now and then.
    def __init__(self, seed, keys=NEWCOMER_KEYS, wrong_turn=WRONG_TURN):
        self.cadence = Cadence(keys)
        self.rng = random.Random(seed)
        self.wrong_turn = wrong_turn

    def choose(self, view):
        if not self.cadence.due():
            return None
        goal = view.known_goal()
        plan = duel.route(view, lambda c: c == goal) if goal is not None else []
        if not plan:
            plan = duel.route(view, lambda c: duel.borders_unseen(view, c))
        if not plan:
            return None
        key = plan[-1]
        flags = view.passages(view.cell)
        others = [k for k in DIRECTIONS if flags & duel.MOVES[k][1] and k != key]
        if len(others) >= 2 and self.rng.random() < self.wrong_turn:
            key = self.rng.choice(others)            # a junction: the wrong way this time
        return key


class Expert:
    # Knows the maze (reads it, as no player can): a shortest route to the key, then to the exit.
    def __init__(self, game, p=0, keys=EXPERT_KEYS):
        pl = game.players[p]
        self.keys = shortest_keys(game, pl.cell, pl.key) + shortest_keys(game, pl.key, pl.exit)
        self.keys.reverse()
        self.cadence = Cadence(keys)

    def choose(self, view):
        if not self.cadence.due() or not self.keys:
            return None
        return self.keys.pop()


def shortest_keys(game, a, b):
    # Keys along a shortest route a -> b over the whole maze.
    cells = game.maze.cells
    prev = {a: None}
    queue = deque([a])
    while queue:
        c = queue.popleft()
        for k in DIRECTIONS:
            step, flag = duel.MOVES[k]
            if cells[c] & flag and c + step not in prev:
                prev[c + step] = (c, k)
                queue.append(c + step)
    keys = []
    while b != a:
        b, key = prev[b]
        keys.append(key)
    return keys[::-1]


def duel_game(seed, size, level, person="newcomer", limit=20 * 60 * TICKS_PER_SECOND):
    # One Duel as `maze32 play` deals it: the person is Player 1, Bot(level, seed + 1) Player 2.
    # -> (winner, frames, person's steps, bot's steps); winner None if nobody got out within `limit`.
    game = duel.Duel(seed, *size)
    me = Newcomer(seed) if person == "newcomer" else Expert(game)
    bot = duel.Bot(level, seed + 1)
    frame = 0
    while game.winner is None and frame < limit:
        game.tick(me.choose(duel.PlayerView(game, 0)), bot.choose(duel.PlayerView(game, 1)))
        frame += 1
    return game.winner, frame, game.players[0].steps, game.players[1].steps


def person_wins(seeds, size, level, person="newcomer"):
    # Seeds on which the person gets out first.
    return sum(duel_game(seed, size, level, person)[0] == 0 for seed in seeds)
