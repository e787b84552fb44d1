# Explore: the third game (seed 004's worlds, SPEC 10). A side view of a world of (seed, depth), 128 x
# 128 tiles (WORLD_SIDE; a host may ask for any size up to 2048), generated chunk by chunk as the
# player nears them. Pure game logic, no hardware: the board's console and the desktop twin drive it
# with one tick() per frame, as they drive deeper.py. Runs on MicroPython and CPython.
# The rules (the ? screen and the README say them; maze32/world/reach.py shows why no world dealt can
# trap the player):
#   - left/right walk onto any open tile; into anything solid they climb one step when the tile above
#     it (not lava, acid or a trap) and the one above the player are open, and else dig it when it is
#     dirt, grass or sand (the player stays);
#   - up and down dig the tile above or below when it is dirt, grass or sand (stone never); up into an
#     open tile climbs it and builds a block of dirt where the player stood (blocks never run out), so
#     a shaft fallen down is climbed back up;
#   - a step off an edge, or a dig, that would drop the player into lava, acid or a trap is refused
#     (the edge and the ground hold): a hazard kills only when walked or climbed into;
#   - the player falls one tile a tick onto whatever is solid, and while falling (out of water) the
#     keys do nothing; in water everything happens every other tick;
#   - lava, acid and traps end the run; an item is picked up; the stairs lead a depth deeper, to the
#     next world's spawn;
#   - restart (the r key) puts the player back on this world's spawn, what was dug staying dug;
#   - the score is the depth reached, then the items.
# Every world dealt can be won: a world is dealt only when reach.stairs_route finds the stairs within
# ROUTE_LIMIT tiles of the spawn under these rules; else the next candidate of (seed, depth) is made
# (at most explore_deal._CANDIDATES), as Deeper's levels are. Candidate 0 is the world (seed, depth)
# names; a dungeon alternates BSP and accretion between candidates.
# Memory: SLOTS chunks of 4 KiB are resident (the player's chunk column and its neighbours, in the
# player's chunk row and the nearer one), the game's GAME_SLOTS (its worlds' four), plus the generator's
# workspace (whose marks and queue the check reuses; the rest of it let go while every chunk of the
# world is resident, made again for the next world) and a log of the tiles dug and built, which is
# replayed onto a chunk generated again after it left: about 55 KiB, within the 64 KiB SPEC 10 allows
# (tests/test_world_explore.py measures it on the 32-bit port). A chunk the player will need is
# generated at most one a tick before it is needed (under 25 ms each on a C6 by SPEC 8's estimate, one
# frame), so walking never waits; only a new world's first chunks are made at once.
import sys

from maze32._compat import const
from maze32.world.tiles import (WorldWorkspace, CHUNK, CHUNK_SHIFT, SOLID, HAZARD, DIGGABLE, AIR, DIRT, WATER,
                                STAIRS, ITEM, MAX_DEPTH, KIND_NAMES, DUNGEON, STRATEGIES)
from maze32_game.explore_buffers import SLOTS, CHUNK_AREA   # noqa: F401  (SLOTS: a host's)
from maze32_game.loading import packed

PLAYING = "playing"
DEEPER = "deeper"          # the stairs were taken this tick: a new world is loaded
DEAD = "dead"              # lava, acid or a trap: the run is over
SIDE = (-1, 1)             # left, right
RESTART = "restart"        # tick's key: back to the spawn
WORLD_SIDE = 128           # the game's worlds: 2 x 2 chunks, all resident, checked whole
ROUTE_LIMIT = 256          # the stairs at most this many tiles from the spawn by the shortest route
_BUILT = const(1 << 22)    # in the dig log: the tile became a block of dirt (else air; explore_deal's too)
_WANTED = const(6)         # SLOTS: the chunks the player needs at most (wanted(0..5)); a world of 2 x 2 has 4
assert CHUNK_AREA == CHUNK * CHUNK


def world_chunks(width, height):
    # The chunks of a world of width x height tiles.
    return ((width + CHUNK - 1) >> CHUNK_SHIFT) * ((height + CHUNK - 1) >> CHUNK_SHIFT)


def _dealer():
    # explore_deal.py, loaded packed (a round deals its next world from a heap its frames have split;
    # Explore.deal's from-import is the one host/web.py follows into the page).
    return packed(__import__, "maze32_game.explore_deal", None, None, ("_",))


class Explore:
    def __init__(self, seed, depth=1, width=WORLD_SIDE, height=WORLD_SIDE, cache=None, buffers=None):
        # cache: a maze32.world.cache.ChunkCache (the board's flash or the twin's disk), a function making
        # one as each world is dealt (explore_deal.start), or None;
        # buffers: explore_buffers.Buffers, made early by a board with a tight heap (else its own).
        # The round's state and its first world: explore_deal.start.
        kept = set(sys.modules)                 # what was loaded before the deal (explore_deal.let_go)
        dealer = _dealer()
        dealer.start(self, seed, depth, width, height, cache, buffers)
        dealer.let_go(kept)

    # -- worlds and chunks -------------------------------------------------------------------------
    # A world is dealt by explore_deal.py (enter, deal, stairs_route: the candidates, every chunk made,
    # the check), loaded as a world is dealt and let go after: a round walking a world holds none of it.
    def enter(self, depth):
        # The world of this depth: its first candidate whose stairs the check reaches (reach.py),
        # dealt: every slot emptied, the player at its spawn, the view's chunks made.
        kept = set(sys.modules)
        dealer = _dealer()
        dealer.enter(self, depth)
        dealer.let_go(kept)

    def deal(self, depth, candidate):
        # Candidate `candidate` of this depth's world made current (explore_deal.deal: a test's, a bench's).
        from maze32_game import explore_deal   # a from-import: host/web.py follows these into the page
        explore_deal.deal(self, depth, candidate)

    def stairs_route(self, start=None, limit=ROUTE_LIMIT):
        # The check on the world just dealt (explore_deal.stairs_route): the stairs' route's length
        # from the spawn (or `start`, (x, y)), or < 0 for none within `limit`.
        return _dealer().stairs_route(self, start, limit)

    def workspace(self):
        # The generator's workspace, made again for a new world where it was let go (enter).
        if self.ws is None:
            self.ws = WorldWorkspace(queue=self.queue, marks=self.marks)
        return self.ws

    def code(self):
        # The world's code: what names it (seed, depth, candidate, and its kind and strategy).
        spec = self.spec
        kind = KIND_NAMES[spec.kind] + ("/" + STRATEGIES[spec.strategy] if spec.kind == DUNGEON else "")
        return "%d-%d-%d %s" % (self.seed, self.depth, self.candidate, kind)

    def slot_of(self, cx, cy):
        key = (cx << 8) | cy
        i = 0
        while i < self.nslots:
            if self.keys[i] == key:
                return i
            i += 1
        return -1

    def load(self, cx, cy):
        # Chunk (cx, cy) made resident (explore_deal.load: a round walking the game's 2 x 2 worlds never
        # makes one; a host's larger world does as the player nears it). Returns the slot.
        return _dealer().load(self, cx, cy)

    def wanted(self, i):
        # The i-th chunk the player needs (0..5): chunk columns left, own, right of the player's, in
        # the player's chunk row and then the row nearer to the player (above in the upper half of
        # the chunk). -> cx << 8 | cy, or -1 outside the world.
        px = self.x >> CHUNK_SHIFT
        py = self.y >> CHUNK_SHIFT
        cx = px - 1 + (i % 3)
        cy = py
        if i >= 3:
            cy = py - 1 if (self.y & 63) < 32 else py + 1
        if cx < 0 or cy < 0 or cx >= self.spec.cols or cy >= self.spec.rows:
            return -1
        return (cx << 8) | cy

    def is_wanted(self, key):
        i = 0
        while i < _WANTED:
            if self.wanted(i) == key:
                return True
            i += 1
        return False

    def want(self):
        # Mark the resident chunks the player needs now as just used (they are evicted last).
        i = 0
        while i < _WANTED:
            key = self.wanted(i)
            if key >= 0:
                j = self.slot_of(key >> 8, key & 255)
                if j >= 0:
                    self.stamp += 1
                    self.used[j] = self.stamp
            i += 1

    def prefetch(self):
        # Make the first chunk the player needs that is not resident; True if one was made.
        i = 0
        while i < _WANTED:
            key = self.wanted(i)
            if key >= 0 and self.slot_of(key >> 8, key & 255) < 0:
                self.load(key >> 8, key & 255)
                return True
            i += 1
        return False

    def tile(self, x, y):
        # The tile at (x, y); outside the world, stone. A chunk not resident is made at once.
        if x < 0 or y < 0 or x >= self.width or y >= self.height:
            return 3                                # STONE
        cx = x >> CHUNK_SHIFT
        cy = y >> CHUNK_SHIFT
        i = self.slot_of(cx, cy)
        if i < 0:
            i = self.load(cx, cy)
        return self.slots[i][((y & 63) << 6) | (x & 63)]

    def resident(self, cx, cy):
        # The tiles of chunk (cx, cy), made at once if it is not resident (a view copies rows of them).
        i = self.slot_of(cx, cy)
        if i < 0:
            i = self.load(cx, cy)
        return self.slots[i]

    def empty(self, x, y):
        # Tile (x, y) becomes air, remembered so that a chunk made again keeps it.
        self.put(x, y, AIR, 0)

    def build(self, x, y):
        # Tile (x, y) becomes a block of dirt, remembered as a dig is.
        self.put(x, y, DIRT, _BUILT)

    def put(self, x, y, t, flag):
        self.tile(x, y)
        i = self.slot_of(x >> CHUNK_SHIFT, y >> CHUNK_SHIFT)
        self.slots[i][((y & 63) << 6) | (x & 63)] = t
        if self.log:
            self.digs[self.dig_count % self.log] = flag | (x << 11) | y
        self.dig_count += 1

    def is_open(self, x, y):
        return not SOLID[self.tile(x, y)]

    def lands_safely(self, x, y):
        # Does a fall into (x, y) end on the ground (or the stairs) rather than in lava, acid or a
        # trap? (reach.py's column pass asks the same of every tile.) Outside the world: stone.
        while True:
            t = self.tile(x, y)
            if SOLID[t] or t == STAIRS:
                return True
            if HAZARD[t]:
                return False
            y += 1

    def dig(self, x, y):
        # Dig (x, y) when it is dirt, grass or sand and what it opens does not drop into a hazard
        # (reach.py: the ground holds). True when dug.
        if not DIGGABLE[self.tile(x, y)]:
            return False
        if self.lands_safely(x, y + 1):
            self.empty(x, y)
            return True
        self.refused += 1                           # the view says why nothing happened
        return False

    # -- one frame ---------------------------------------------------------------------------------
    def tick(self, key=None):
        # One frame with the key held (or None). Returns PLAYING, DEEPER or DEAD (and stays DEAD).
        if self.state == DEAD:
            return DEAD
        self.clock += 1
        if key == RESTART:                          # before water's slowness: a way out at once
            self.x = self.spawn_x
            self.y = self.spawn_y
            key = None
        if self.tile(self.x, self.y) == WATER and self.clock & 1:
            self.want()
            self.prefetch()
            return PLAYING                          # water: every other tick
        x = self.x
        y = self.y
        here = self.tile(x, y)
        if here != WATER and self.is_open(x, y + 1):
            key = None                              # falling: no hold on anything
        if key == "left" or key == "right":
            nx = x + (-1 if key == "left" else 1)
            t = self.tile(nx, y)
            if not SOLID[t]:
                if HAZARD[t] or t == STAIRS or self.lands_safely(nx, y + 1):
                    self.x = nx
                else:
                    self.refused += 1               # the edge holds: its drop ends in a hazard
            elif self.is_open(x, y - 1) and self.is_open(nx, y - 1) and not HAZARD[self.tile(nx, y - 1)]:
                self.x = nx                         # one step up, onto anything solid (never into lava)
                self.y = y - 1
            elif DIGGABLE[t]:
                self.dig(nx, y)
        elif key == "up":
            if DIGGABLE[self.tile(x, y - 1)]:
                self.dig(x, y - 1)
            elif self.is_open(x, y - 1):
                self.build(x, y)                    # up onto a block built where the player stood
                self.y = y - 1
        elif key == "down":
            self.dig(x, y + 1)
        if self.tile(self.x, self.y) != STAIRS and self.is_open(self.x, self.y + 1):
            self.y += 1                             # falling (the stairs are taken, never fallen past)
        t = self.tile(self.x, self.y)
        if HAZARD[t]:
            self.state = DEAD
            return DEAD
        if t == ITEM:
            self.items += 1
            self.empty(self.x, self.y)
        elif t == STAIRS and self.depth < MAX_DEPTH:
            self.enter(self.depth + 1)
            return DEEPER
        self.want()
        self.prefetch()
        return PLAYING

    @property
    def score(self):
        return self.depth

    def kind(self):
        return KIND_NAMES[self.spec.kind]


