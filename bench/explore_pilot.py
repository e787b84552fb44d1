"""A pilot for Explore (issue 19): it takes a world's shortest route to the stairs as reach.py's check
finds it (the check's own marks: the tiles it counts as safe) and plays it with the game's own tick,
one key a tick, as the rules allow: sideways into the next tile (digging it first when it is dirt; when
the game steps up onto it instead, digging down into it), up by building, down by digging, waiting
while it falls and building back up a shaft it fell down.
Reaching the stairs this way is the proof that the check's route is one the game plays.
Pure Python on CPython; bench/explore_reach.py and tests/firmware/test_explore_reach.py use it.
"""
from collections import deque

from maze32_game import explore
from maze32.world.tiles import SOLID, WATER

STEPS = ((-1, 0, "left"), (1, 0, "right"), (0, -1, "up"), (0, 1, "down"))


def safe_tiles(game, start):
    # The tiles the check counts as safe in the world as it is now (bit y * 128 + x of its marks),
    # and the check's route length from `start`.
    length = game.stairs_route(start, 128 * 128)
    marks = game.marks                     # the check's marks (Explore keeps them; its workspace comes and goes)
    safe = set()
    for i in range(game.width * 0 + 128 * 128):
        if marks[i >> 3] & (1 << (i & 7)):
            safe.add((i & 127, i >> 7))
    return safe, length


def route(game, start):
    # The shortest route (a list of tiles, start first, the stairs last) over the check's safe tiles,
    # or None; and the check's own length for it.
    safe, length = safe_tiles(game, start)
    goal = (game.stairs_x, game.stairs_y)
    came = {start: None}
    queue = deque([start])
    while queue:
        c = queue.popleft()
        for dx, dy, _ in STEPS:
            n = (c[0] + dx, c[1] + dy)
            if n in came or not (n == goal or n in safe):
                continue
            came[n] = c
            if n == goal:
                path = [n]
                while came[path[-1]] is not None:
                    path.append(came[path[-1]])
                return path[::-1], length
            queue.append(n)
    return None, length


def falling(game):
    return game.tile(game.x, game.y) != WATER and not SOLID[game.tile(game.x, game.y + 1)]


def fly(game, path, limit):
    # Play `path` with game.tick: -> ("stairs" | "dead" | "stuck", ticks). The player must stand on
    # path[0].
    depth = game.depth
    j = 0                                        # path[j]: the last tile of the route reached
    ticks = 0
    while ticks < limit:
        here = (game.x, game.y)
        if here in path[j + 1:]:
            j = path.index(here, j + 1)
        elif here != path[j] and j + 1 < len(path) and here[0] == path[j + 1][0]:
            j += 1                               # fell down the next tile's shaft, or stepped up onto it
        target = path[j]
        if here == path[-1]:
            return "stairs", ticks                # the last depth's stairs lead nowhere deeper
        if here == target:
            nxt = path[j + 1]
            key = [k for dx, dy, k in STEPS if (here[0] + dx, here[1] + dy) == nxt][0]
        elif here[0] == target[0] and here[1] > target[1]:
            key = "up"                           # back up the shaft, building
        elif here[0] == target[0] and here[1] == target[1] - 1:
            key = "down"                         # stepped up onto it: dig down into it
        else:
            return "stuck", ticks
        if falling(game):
            key = None
        state = game.tick(key)
        ticks += 1
        if state == explore.DEAD:
            return "dead", ticks
        if state == explore.DEEPER or game.depth != depth:
            return "stairs", ticks
    return "stuck", ticks
