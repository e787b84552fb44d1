# Explore: the third game (seed 004's worlds, SPEC 10). A side view of the world of (seed, depth), 2048 x
# 2048 tiles, generated chunk by chunk as the player nears them. Pure game logic, no hardware: the
# board's console and the desktop twin drive it with one tick() per frame, as they drive deeper.py.
# Runs on MicroPython and CPython.
#   - left/right walk onto any open tile; into a tile of dirt, grass or sand they dig it (the player
#     stays); into anything else solid they climb one step when the tile above it and the one above the
#     player are open;
#   - up and down dig the tile above or below when it is dirt, grass or sand (stone never);
#   - the player falls one tile a tick onto whatever is solid; in water everything happens every other
#     tick;
#   - lava, acid and traps end the run; an item is picked up; the stairs lead a depth deeper, to the
#     next world's spawn;
#   - restart (the r key) puts the player back on this world's spawn, what was dug staying dug: the way
#     out of a pit with no climb;
#   - the score is the depth reached, then the items.
# Memory: SLOTS chunks of 4 KiB are resident (the player's chunk column and its neighbours, in the
# player's chunk row and the nearer one), plus the generator's workspace and a log of the tiles dug,
# which is replayed onto a chunk generated again after it left: about 55 KiB, within the 64 KiB SPEC 10
# allows (tests/test_world_explore.py measures it on the 32-bit port). A chunk the player will need is
# generated at most one a tick before it is needed (under 25 ms each on a C6 by SPEC 8's estimate, one
# frame), so walking never waits; only a new world's first chunks are made at once.
from array import array

from maze32.rng import split_seed
from maze32.world.tiles import (WorldSpec, WorldWorkspace, CHUNK, CHUNK_SHIFT, SOLID, HAZARD, DIGGABLE,
                                AIR, WATER, STAIRS, ITEM, MAX_DEPTH, KIND_NAMES)
from maze32.world import generate_chunk, locate, prepare
from maze32_game.explore_buffers import Buffers, SLOTS, DIG_LOG, CHUNK_AREA as BUFFER_AREA, packed

PLAYING = "playing"
DEEPER = "deeper"          # the stairs were taken this tick: a new world is loaded
DEAD = "dead"              # lava, acid or a trap: the run is over
SIDE = (-1, 1)             # left, right
RESTART = "restart"        # tick's key: back to the spawn
assert BUFFER_AREA == CHUNK * CHUNK


class Explore:
    def __init__(self, seed, depth=1, width=2048, height=2048, cache=None, buffers=None):
        # cache: a maze32.world.cache.ChunkCache (the board's flash or the twin's disk), or None;
        # buffers: explore_buffers.Buffers, made early by a board with a tight heap (else its own).
        buffers = buffers or Buffers()
        self.seed = seed
        self.hi, self.lo = split_seed(seed)
        self.width = width
        self.height = height
        self.cache = cache
        self.slots = buffers.slots
        self.keys = array("i", [-1] * SLOTS)        # cx << 8 | cy of the chunk in each slot, or -1
        self.used = array("i", [0] * SLOTS)         # the tick each slot was last wanted
        self.ws = WorldWorkspace(queue=buffers.queue, marks=buffers.marks)
        self.digs = buffers.digs                    # x << 11 | y of tiles dug or emptied, a ring
        self.dig_count = 0
        self.clock = 0
        self.stamp = 0                              # counts uses, for least recently used
        self.items = 0
        self.generated = 0                          # chunks generated (or read from the cache)
        self.state = PLAYING
        self.enter(depth)

    # -- worlds and chunks -------------------------------------------------------------------------
    def enter(self, depth):
        # The world of this depth: every slot emptied, the player at its spawn, the view's chunks made.
        self.depth = depth
        self.spec = WorldSpec(self.hi, self.lo, depth, self.width, self.height)
        packed(prepare, self.spec)                 # a new kind's code, loaded without splitting the heap
        i = 0
        while i < SLOTS:
            self.keys[i] = -1
            i += 1
        self.dig_count = 0
        # the stairs too (the status line's bearing): at most one chunk more made, once a world
        self.x, self.y, self.stairs_x, self.stairs_y = locate(self.ws, self.spec, self.slots[0], True)
        self.spawn_x, self.spawn_y = self.x, self.y
        self.want()
        while self.prefetch():
            pass

    def slot_of(self, cx, cy):
        key = (cx << 8) | cy
        i = 0
        while i < SLOTS:
            if self.keys[i] == key:
                return i
            i += 1
        return -1

    def load(self, cx, cy):
        # Chunk (cx, cy) into an empty slot, else the one wanted least recently among those the player
        # does not need now (when all are needed, the least recent); the tiles dug in it are dug
        # again. Returns the slot.
        best = -1
        i = 0
        while i < SLOTS:
            if self.keys[i] < 0:
                best = i
                break
            if not self.is_wanted(self.keys[i]) and (best < 0 or self.used[i] < self.used[best]):
                best = i
            i += 1
        if best < 0:
            best = 0
            i = 1
            while i < SLOTS:
                if self.used[i] < self.used[best]:
                    best = i
                i += 1
        tiles = self.slots[best]
        self.keys[best] = -1
        made = False
        if self.cache is not None:
            try:
                self.cache.chunk(self.spec, self.ws, cx, cy, tiles)
                made = True
            except Exception:                        # storage full or gone: play on without it
                self.cache = None
        if not made:
            generate_chunk(self.ws, self.spec, cx, cy, tiles)
        self.generated += 1
        self.keys[best] = (cx << 8) | cy
        self.stamp += 1
        self.used[best] = self.stamp
        n = self.dig_count if self.dig_count < DIG_LOG else DIG_LOG
        i = 0
        while i < n:
            p = self.digs[i]
            x = p >> 11
            y = p & 2047
            if x >> CHUNK_SHIFT == cx and y >> CHUNK_SHIFT == cy:
                tiles[((y & 63) << 6) | (x & 63)] = AIR
            i += 1
        return best

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
        while i < SLOTS:
            if self.wanted(i) == key:
                return True
            i += 1
        return False

    def want(self):
        # Mark the resident chunks the player needs now as just used (they are evicted last).
        i = 0
        while i < SLOTS:
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
        while i < SLOTS:
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
        self.tile(x, y)
        i = self.slot_of(x >> CHUNK_SHIFT, y >> CHUNK_SHIFT)
        self.slots[i][((y & 63) << 6) | (x & 63)] = AIR
        self.digs[self.dig_count % DIG_LOG] = (x << 11) | y
        self.dig_count += 1

    def is_open(self, x, y):
        return not SOLID[self.tile(x, y)]

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
        if key == "left" or key == "right":
            nx = x + (-1 if key == "left" else 1)
            t = self.tile(nx, y)
            if not SOLID[t]:
                self.x = nx
            elif DIGGABLE[t]:
                self.empty(nx, y)
            elif self.is_open(nx, y - 1) and self.is_open(x, y - 1):
                self.x = nx                         # one step up
                self.y = y - 1
        elif key == "up" or key == "down":
            ny = y + (-1 if key == "up" else 1)
            if DIGGABLE[self.tile(x, ny)]:
                self.empty(x, ny)
        if self.is_open(self.x, self.y + 1):
            self.y += 1                             # falling
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


