# Deeper: descend through hedge-maze levels with ghosts on your heels (SPEC 4 and 5, seeds 000-002).
# Pure game logic, no hardware: the board's frontends and the desktop twin both drive it with one
# tick() per frame, passing the key held in that frame (or None). Runs on MicroPython and CPython.
#   - the player moves one tile per tick onto any non-wall tile; unknown keys are ignored;
#   - a ghost sleeps until the player comes within ACTIVATION (Chebyshev) tiles, then chases: every
#     time its cooldown runs out it takes one step along a shortest route to the player;
#   - a ghost on the player's tile ends the run; reaching the hatch starts the next, deeper level;
#   - the score is the depth reached.
from maze32 import Workspace, split_seed
from maze32.hedge import HedgeLevel, generate_hedge, measure_level_routes, WALL, HATCH
from maze32.maze import UNSEEN

ACTIVATION = 4
MOVES = {"up": -32, "down": 32, "left": -1, "right": 1, "w": -32, "s": 32, "a": -1, "d": 1}
_STEPS = (-32, 1, 32, -1)        # the order a ghost tries its steps in: north, east, south, west

PLAYING = "playing"
DEEPER = "deeper"                # the hatch was reached this tick; a new level is loaded
CAUGHT = "caught"                # a ghost reached the player; the run is over


class Deeper:
    def __init__(self, seed):
        self.seed = seed
        self.hi, self.lo = split_seed(seed)
        self.level = HedgeLevel()
        self.ws = Workspace()
        self.depth = 0
        self.player = 0
        self.ghost = bytearray(16)       # tile index of each ghost, two bytes each (little end first)
        self.timer = bytearray(8)
        self.awake = bytearray(8)
        self.state = PLAYING
        self.descend()

    def descend(self):
        # Load the next level: player at (1, 1), ghosts where the generator put them, timers reset.
        self.depth += 1
        lv = self.level
        if generate_hedge(lv, self.ws, self.depth, self.hi, self.lo) != 0:
            raise RuntimeError("hedge level %d of seed %d failed" % (self.depth, self.seed))
        self.player = 33
        for i in range(lv.ghosts):
            self.set_ghost(i, (lv.gy[i] << 5) | lv.gx[i])
            self.timer[i] = lv.cooldown[i]
            self.awake[i] = 0

    def ghost_at(self, i):
        return self.ghost[2 * i] | (self.ghost[2 * i + 1] << 8)

    def set_ghost(self, i, c):
        self.ghost[2 * i] = c & 255
        self.ghost[2 * i + 1] = c >> 8

    @property
    def score(self):
        return self.depth

    def tick(self, key=None):
        # One frame. Returns PLAYING, DEEPER or CAUGHT (and stays CAUGHT once caught).
        if self.state == CAUGHT:
            return CAUGHT
        step = MOVES.get(key, 0) if key is not None else 0
        if step and self.level.tiles[self.player + step] != WALL:
            self.player += step
        if self.level.tiles[self.player] == HATCH:
            self.descend()
            return DEEPER
        if self.caught():
            return CAUGHT
        self.move_ghosts()
        return CAUGHT if self.caught() else PLAYING

    def caught(self):
        for i in range(self.level.ghosts):
            if self.ghost_at(i) == self.player:
                self.state = CAUGHT
                return True
        return False

    def move_ghosts(self):
        lv = self.level
        px, py = self.player & 31, self.player >> 5
        routed = False
        for i in range(lv.ghosts):
            g = self.ghost_at(i)
            if not self.awake[i] and max(abs((g & 31) - px), abs((g >> 5) - py)) <= ACTIVATION:
                self.awake[i] = 1
            if not self.awake[i]:
                continue
            self.timer[i] -= 1
            if self.timer[i]:
                continue
            self.timer[i] = lv.cooldown[i]
            if not routed:
                measure_level_routes(lv, self.ws, self.player)   # distances to the player, once per tick
                routed = True
            dist = self.ws.dist
            here = dist[g]
            if here == UNSEEN:
                continue
            for step in _STEPS:
                n = g + step
                if lv.tiles[n] != WALL and dist[n] == here - 1:
                    self.set_ghost(i, n)
                    break
