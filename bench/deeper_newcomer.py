"""Deeper's newcomer model (SPEC 12; docs/game-feel.md): what share of the levels at a depth a person
clears on a first try.

It sees the whole level as the screen does (hedges, the hatch, the ghosts and which of them move), and
after reading the level for READ_FRAMES it walks a shortest route to the hatch at 3 keys a second,
letting a key slot pass now and then (HESITATE). Its plain rule for ghosts: never step onto a ghost,
and only walk a route whose every tile it reaches before an awake ghost could (judging each ghost's
pace by watching it: its cooldown); with no such route, wait, and back away to the neighbouring tile
farthest from the awake ghosts once one comes within FLEE_AT steps.
Pure Python on CPython; bench/game_feel.py and tests/test_deeper.py use it.
"""
import random
from collections import deque

from newcomer import Cadence, NEWCOMER_KEYS, TICKS_PER_SECOND
from maze32_game import deeper

READ_FRAMES = 2 * TICKS_PER_SECOND      # looking the level over before the first key
FRAMES_PER_KEY = 7                      # about TICKS_PER_SECOND / NEWCOMER_KEYS, as the player feels it
HESITATE = 0.1                          # chance that a key slot passes without a key
STEPS = ((-32, "up"), (1, "right"), (32, "down"), (-1, "left"))
FLEE_AT = 2                             # steps from an awake ghost that make the player back away
LIMIT = 60 * TICKS_PER_SECOND           # a level not cleared in a minute counts as lost


def distances(tiles, sources):
    # Route distances over open tiles from every source tile.
    dist = {s: 0 for s in sources}
    queue = deque(sources)
    while queue:
        c = queue.popleft()
        for step, _ in STEPS:
            n = c + step
            if tiles[n] and n not in dist:
                dist[n] = dist[c] + 1
                queue.append(n)
    return dist


class DeeperNewcomer:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.cadence = Cadence(NEWCOMER_KEYS)
        self.reading = READ_FRAMES

    def choose(self, game):
        if self.reading:
            self.reading -= 1
            return None
        if not self.cadence.due() or self.rng.random() < HESITATE:
            return None
        lv = game.level
        tiles = lv.tiles
        ghosts = [game.ghost_at(i) for i in range(lv.ghosts)]
        awake = [i for i in range(lv.ghosts) if game.awake[i]]
        near = distances(tiles, [ghosts[i] for i in awake])
        arrive = {}                                    # frames until an awake ghost could be on a tile
        for i in awake:
            for c, d in distances(tiles, [ghosts[i]]).items():
                t = d * lv.cooldown[i]
                if t < arrive.get(c, t + 1):
                    arrive[c] = t
        key = safe_step(game.player, lv.hatch, tiles, set(ghosts), arrive)
        if key is not None:
            return key
        # No safe route: wait while the ghosts are not close, else back away from them (never onto
        # a ghost), until a route opens.
        best, best_d = None, near.get(game.player, 0)
        if best_d > FLEE_AT:
            return None
        for step, key in STEPS:
            n = game.player + step
            if tiles[n] and n not in ghosts and near.get(n, 0) > best_d:
                best, best_d = key, near[n]
        return best


def safe_step(player, hatch, tiles, ghosts, arrive):
    # The first key of a shortest route to the hatch over the tiles the player reaches before any
    # awake ghost could (`arrive`: the frames a ghost needs, at the pace it is seen to move), never
    # through a ghost; None if there is none. The hatch is always worth the dive: reaching it wins,
    # even onto a ghost (firmware/maze32_game/deeper.py checks the hatch first).
    prev = {player: None}
    dist = {player: 0}
    queue = deque([player])
    while queue:
        c = queue.popleft()
        if c == hatch:
            while prev[c] != player:
                c = prev[c]
            return next(key for step, key in STEPS if player + step == c)
        for step, _ in STEPS:
            n = c + step
            d = dist[c] + 1
            if not tiles[n] or n in prev:
                continue
            if n != hatch and (n in ghosts or arrive.get(n, d * FRAMES_PER_KEY + 1) <= d * FRAMES_PER_KEY):
                continue
            prev[n] = c
            dist[n] = d
            queue.append(n)
    return None


def play_level(seed, depth, game=None):
    # The newcomer on level `depth` of `seed` (or on the level `game` is at), from its first frame
    # -> True when it reaches the hatch.
    if game is None:
        game = deeper.Deeper(seed)
        if depth > 1:
            game.depth = depth - 1
            game.descend()                  # straight to this depth, as a run arriving there
    person = DeeperNewcomer(seed * 64 + depth)
    for _ in range(LIMIT):
        state = game.tick(person.choose(game))
        if state != deeper.PLAYING:
            return state == deeper.DEEPER
    return False


def run_depth(seed, deepest):
    # A whole run, as the game deals it: the depth where the newcomer is caught (or gives up after a
    # minute), at most `deepest`.
    game = deeper.Deeper(seed)
    while game.depth < deepest and play_level(seed, game.depth, game):
        pass
    return game.depth


def clears(seeds, depth):
    # -> (levels cleared among the seeds, the side, the ghosts) at this depth.
    from maze32.hedge_level import side_for, ghosts_for
    return sum(play_level(s, depth) for s in seeds), side_for(depth), ghosts_for(depth)
