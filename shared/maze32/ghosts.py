# Deeper's ghosts (SPEC 4-5, seed 000): the one statement of their rules, used by the game
# (firmware/maze32_game/deeper.py) and by the `winnable` check (hedge_check.py), so the check plays the real game.
#   - a ghost sleeps until the player comes within wake_distance(level) tiles (Chebyshev; seed 000's
#     ACTIVATION on levels 3..19, less before, more after: hedge_level.py), then chases;
#   - an awake ghost counts its timer down once per frame; when it runs out the timer restarts at the
#     ghost's cooldown and the ghost takes one step along a shortest route to the player (the first of
#     north, east, south, west that brings it one tile closer);
#   - a ghost on the player's tile catches the player.
# The ghosts' state lives in the level's Chase (hedge_level.py), reset by reset_ghosts. Allocates nothing.
from maze32.grid import STEPS_NESW
from maze32.maze import UNSEEN
from maze32.hedge_level import WALL, wake_distance, measure_level_routes


def reset_ghosts(lv):
    # Every ghost where the generator put it, asleep, its timer at its initial cooldown.
    chase = lv.chase
    i = 0
    while i < lv.ghosts:
        chase.pos[i] = (lv.gy[i] << 5) | lv.gx[i]
        chase.timer[i] = lv.cooldown[i]
        chase.awake[i] = 0
        i += 1


def is_caught(lv, player):
    pos = lv.chase.pos
    i = 0
    while i < lv.ghosts:
        if pos[i] == player:
            return True
        i += 1
    return False


def move_ghosts(lv, ws, player):
    # One frame of every ghost. The route search to the player runs at most once, and only in a frame
    # where some ghost steps; it overwrites ws.dist.
    chase = lv.chase
    pos = chase.pos
    px = player & 31
    py = player >> 5
    reach = wake_distance(lv.level)
    routed = False
    nxt = 0
    while nxt < lv.ghosts:
        i = nxt
        nxt += 1
        g = pos[i]
        if not chase.awake[i]:
            dx = (g & 31) - px
            dy = (g >> 5) - py
            if dx < -reach or dx > reach or dy < -reach or dy > reach:
                continue
            chase.awake[i] = 1
        chase.timer[i] -= 1
        if chase.timer[i]:
            continue
        chase.timer[i] = lv.cooldown[i]
        if not routed:
            measure_level_routes(lv, ws, player)
            routed = True
        dist = ws.dist
        here = dist[g]
        if here == UNSEEN:
            continue
        for step in STEPS_NESW:
            n = g + step
            if lv.tiles[n] != WALL and dist[n] == here - 1:
                pos[i] = n
                break
