# Deeper: descend through hedge-maze levels with ghosts on your heels (SPEC 4 and 5, seeds 000-002).
# Pure game logic, no hardware: the board's frontends and the desktop twin both drive it with one
# tick() per frame, passing the key held in that frame (or None). Runs on MicroPython and CPython.
#   - the player moves one tile per tick onto any non-wall tile; unknown keys are ignored;
#   - the ghosts follow maze32.ghosts (wake within their level's wake distance, chase on their
#     cooldowns), the rules the level's `winnable` check plays by, so every level dealt can be won;
#     every ghost starts asleep beyond its wake distance, so nothing moves before the player does;
#   - a ghost on the player's tile ends the run; reaching the hatch starts the next, deeper level;
#   - the score is the depth reached.
from maze32 import Workspace, split_seed
from maze32.hedge import HedgeLevel, generate_hedge, WALL, HATCH
from maze32.ghosts import reset_ghosts, move_ghosts, is_caught

MOVES = {"up": -32, "down": 32, "left": -1, "right": 1}      # term.py turns WASD and arrows into these

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
        chase = self.level.chase         # the ghosts' tiles, timers and wake flags (maze32.ghosts)
        self.timer = chase.timer
        self.awake = chase.awake
        self.state = PLAYING
        self.descend()

    def descend(self):
        # Load the next level: player at (1, 1), ghosts where the generator put them, timers reset.
        self.depth += 1
        lv = self.level
        if generate_hedge(lv, self.ws, self.depth, self.hi, self.lo) != 0:
            raise RuntimeError("hedge level %d of seed %d failed" % (self.depth, self.seed))
        self.player = 33
        reset_ghosts(lv)

    def ghost_at(self, i):
        return self.level.chase.pos[i]

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
        if is_caught(self.level, self.player):
            self.state = CAUGHT
            return True
        return False

    def move_ghosts(self):
        move_ghosts(self.level, self.ws, self.player)
