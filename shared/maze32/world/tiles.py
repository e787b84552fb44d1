# Worlds (SPEC 10, seed 004): the tile and material model, the chunk and region geometry, the world's
# keys and random streams, stated once for every world module.
#
# A world is (seed, depth, size, strategy) -> a side-view grid of tiles, x right, y down, one byte a tile
# holding a material index (MATERIALS below). Sizes are 64..2048 tiles each way; the world is cut into
# square chunks of CHUNK = 64 tiles (the last column and row of chunks may be narrower, but at least
# LAST_MIN = 16 tiles) and into regions of REGION = 256 tiles (4 x 4 chunks), the unit of the per-world
# counts of seed 004 (pools, trees, walls, traps, items: a 250 x 250 test world is one region).
#
# Chunk rule: a chunk depends only on (world, chunk coordinates). Randomness comes from
#   - per-cell hashes (mix16 chains over the world key and the coordinates) for anything that overlaps
#     chunks: the cellular automaton's first fill, doorway positions on shared edges;
#   - random streams (rng.Rng, xoroshiro32++) seeded from the world key and a chunk's or a region's
#     coordinates, for what stays inside that chunk or region (tunnels, stalactites, rooms, pools).
# Stages are either fields (a pure function of the coordinates, computed over any window: the whole
# world or one chunk plus its apron) or local (reads and writes only its own chunk's tiles), so a region
# built chunk by chunk equals the region built whole by construction (tests/test_world.py proves it).
# Every integer stays below 2**30; nothing here allocates after setup except WorldSpec itself.
from maze32._compat import const, micropython, ptr8

# The world format: bumped with every change to what a seed generates (the golden catalogue,
# tests/golden/world.tsv, is written anew for it). /2: a BSP trap's acid pocket stops above the region's
# rim (under /1 a trap room on the world's bottom edge put acid on the border). /3: seed 004's plan
# (issue 19): BSP corridors on a lattice of 3, doors at every room opening, splits alternating, traps
# sealed or fire (a new material), accretion's traps and items counted per region, cave pools of their
# radius, stairs on solid ground. /4: the stairs in the room farthest by route where the spawn shares
# their cell. /5: accretion worlds of one block (128 x 128 at most) rank the stairs' rooms by route
# from any spawn (world/accretion_routes.py).
FORMAT = "maze32-world/7"
MAGIC = b"maze32-world/7"

# Materials: (name, code, solid, liquid, hazard). A tile holds the index. Solid tiles block walking and
# the connectivity checks; liquids and hazards are open. Grass and dirt and sand can be dug, stone not.
AIR = const(0)
GRASS = const(1)
DIRT = const(2)
STONE = const(3)
SAND = const(4)
WATER = const(5)
LAVA = const(6)
ACID = const(7)
WOOD = const(8)       # trees: a trunk and a crown you can walk through
DOOR = const(9)       # a room's entrance, open
TRAP = const(10)      # a trap's lid over an acid pocket, open and deadly
STAIRS = const(11)    # leads a depth deeper
ITEM = const(12)      # a pick-up in a room
FIRE = const(13)      # a fire trap on a room's floor: open and deadly, not a liquid
MATERIALS = (
    ("air", ".", False, False, False),
    ("grass", "g", True, False, False),
    ("dirt", "d", True, False, False),
    ("stone", "#", True, False, False),
    ("sand", "s", True, False, False),
    ("water", "w", False, True, False),
    ("lava", "l", False, True, True),
    ("acid", "a", False, True, True),
    ("wood", "t", False, False, False),
    ("door", "+", False, False, False),
    ("trap", "^", False, False, True),
    ("stairs", ">", False, False, False),
    ("item", "*", False, False, False),
    ("fire", "f", False, False, True),
)
MATERIAL_COUNT = const(14)
CODES = "".join(m[1] for m in MATERIALS)


def _table(column, unknown):
    # A 256-byte lookup: byte t -> MATERIALS[t][column] as 0/1; codes past the table get `unknown`.
    t = bytearray(256)
    i = 0
    while i < 256:
        t[i] = (1 if MATERIALS[i][column] else 0) if i < MATERIAL_COUNT else unknown
        i += 1
    return bytes(t)


SOLID = _table(2, 1)        # unknown codes count as solid: nothing ever walks into them
LIQUID = _table(3, 0)
HAZARD = _table(4, 0)
DIGGABLE = bytes(1 if i in (GRASS, DIRT, SAND) else 0 for i in range(256))
del _table                  # made the tables: nothing calls it again (a board holds this module for good)

# Geometry.
CHUNK = const(64)
CHUNK_SHIFT = const(6)
CHUNK_AREA = const(4096)
REGION = const(256)
REGION_SHIFT = const(8)
MIN_SIDE = const(64)
MAX_SIDE = const(2048)
LAST_MIN = const(16)
MAX_DEPTH = const(255)
APRON = const(5)            # rows of apron above and below a window for the automaton's 5 iterations

# Kinds of world by depth: SPEC 10's depth table, stated here once and read by everything (the facade in
# world/__init__.py, WorldSpec, the checks, hosts). A kind is Hauberk's architecture: a name, the
# depths it covers, whether its worlds list rooms, and its module (maze32.world.<name>) of one per
# dungeon strategy (BSP, ACCRETION; one for the other kinds), imported when a world first needs it
# (world.prepare), so a board holds only the code of the worlds it makes. Every such module supplies:
#   shape(ws, spec, buf), settle(ws, spec, tiles), finish(ws, spec, buf)   the stages (world/__init__)
#   locate(ws, spec, scratch, stairs, generate)   (sx, sy, tx, ty): the world's spawn and stairs
#   chunk_rooms(ws, spec, out)                    append the rooms of the chunk just made
#   region_rooms(ws, spec, rx, ry, out)           append the rooms a region's plan holds
# What differs between kinds lives in those modules; nothing else asks which kind a world is.
class Kind:
    def __init__(self, name, first, last, rooms, modules):
        self.name = name
        self.first = first
        self.last = last
        self.rooms = rooms
        self.modules = modules
        self.loaded = [None] * len(modules)

    def module(self, strategy):
        # The module that builds this kind with `strategy` (an index into modules), imported once.
        m = self.loaded[strategy]
        if m is None:
            m = getattr(__import__("maze32.world." + self.modules[strategy]).world, self.modules[strategy])
            self.loaded[strategy] = m
        return m


KINDS = (Kind("surface", 1, 3, False, ("surface",)),
         Kind("caves", 4, 6, False, ("caves",)),
         Kind("dungeon", 7, MAX_DEPTH, True, ("dungeon", "accretion")))
SURFACE = const(0)           # indices into KINDS
CAVES = const(1)
DUNGEON = const(2)
KIND_NAMES = tuple(kind.name for kind in KINDS)
BSP = const(0)               # dungeon strategies: indices into its modules
ACCRETION = const(1)
STRATEGIES = ("bsp", "accretion")

# Salts of the random streams and hashes.
SALT_TERRAIN = const(1)
SALT_PLACES = const(2)
SALT_FEATURES = const(3)
SALT_CHUNK = const(4)
SALT_LAYOUT = const(5)
SALT_POOLS = const(7)
SALT_EDGE_V = const(8)
SALT_EDGE_H = const(9)
SALT_CELLS = const(10)
SALT_LINK_V = const(11)
SALT_LINK_H = const(12)
SALT_STOCK = const(13)       # accretion: which chunks of a region hold its traps and items
SALT_POOL_PLACES = const(32)  # caves: + a pool's number, the stream of its places


@micropython.viper
def mix16(h: int) -> int:
    # The round function of rng.mix_seed on a 16-bit value: multiply, xor-shift, multiply, xor-shift,
    # modulo 2**16 (multipliers below 2**14, so products stay below 2**30). A bijection of 0..65535.
    h = (h * 0x2D35) & 0xFFFF
    h ^= h >> 7
    h = (h * 0x1F53) & 0xFFFF
    return h ^ (h >> 8)


@micropython.viper
def hash3(key: int, a: int, b: int, c: int) -> int:
    # A 16-bit hash of three 16-bit values under a 16-bit key: chained mix16 rounds, inlined (one
    # call where the kernels are machine code, not three).
    h = (((key ^ a) & 0xFFFF) * 0x2D35) & 0xFFFF
    h = (((h >> 7) ^ h) * 0x1F53) & 0xFFFF
    h = ((((h >> 8) ^ h) ^ b) * 0x2D35) & 0xFFFF
    h = (((h >> 7) ^ h) * 0x1F53) & 0xFFFF
    h = ((((h >> 8) ^ h) ^ c) * 0x2D35) & 0xFFFF
    h = (((h >> 7) ^ h) * 0x1F53) & 0xFFFF
    return (h >> 8) ^ h


@micropython.viper
def seed_stream(spec, rng, a: int, b: int, salt: int):
    # Seed rng (an Rng) for the stream of (a, b, salt) of this world: a chunk's, a region's, the
    # world's own (a = b = 0). Each half is a chain of mix16 rounds over one half of the world key:
    # rng.seed(hash3(key0, a, b, salt), hash3(key1 ^ 0x6A09, salt, a, b)), its state set here
    # (Rng.seed's rule: the zero state becomes 1), as a call to Rng.seed costs more than the hashes.
    hi = int(hash3(int(spec.key0), a, b, salt))
    lo = int(hash3(int(spec.key1) ^ 0x6A09, salt, a, b))
    if hi == 0 and lo == 0:
        hi = 1
    rng.s0 = hi
    rng.s1 = lo


@micropython.viper
def draw_each(rng, out_obj, count: int, bounds_obj, period: int):
    # out[i] = Rng.below(bounds[i % period]) for i in 0..count-1, drawn in turn from `rng` (bytes
    # out and bounds; each bound 1..255): a world stage's several draws in one call, since a call
    # costs more on the board than the draw (rng.draw_below's lines, with the state in locals). Here,
    # not in rng.py, so that the games without worlds do not load it.
    out = ptr8(out_obj)
    bounds = ptr8(bounds_obj)
    s0 = int(rng.s0)
    s1 = int(rng.s1)
    i = 0
    j = 0
    while i < count:
        n = int(bounds[j])
        mask = n - 1
        mask |= mask >> 1
        mask |= mask >> 2
        mask |= mask >> 4
        r = n
        while r >= n:
            t = (s0 + s1) & 0xFFFF
            r = ((t << 9) + (t >> 7) + s0) & mask
            s1 ^= s0
            s0 = (((s0 << 13) | (s0 >> 3)) ^ s1 ^ (s1 << 5)) & 0xFFFF
            s1 = ((s1 << 10) | (s1 >> 6)) & 0xFFFF
        out[i] = r
        i += 1
        j += 1
        if j == period:
            j = 0
    rng.s0 = s0
    rng.s1 = s1


# The surface's height per column (surface): integer sine, 64 + 64 sin(2 pi a / 256).
SINE = (b"\x40\x42\x43\x45\x46\x48\x49\x4b\x4c\x4e\x50\x51\x53\x54\x56\x57\x58\x5a\x5b\x5d\x5e\x60\x61\x62"
        b"\x64\x65\x66\x67\x69\x6a\x6b\x6c\x6d\x6e\x6f\x70\x71\x72\x73\x74\x75\x76\x77\x78\x78\x79\x7a\x7b"
        b"\x7b\x7c\x7c\x7d\x7d\x7e\x7e\x7e\x7f\x7f\x7f\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x7f\x7f"
        b"\x7f\x7e\x7e\x7e\x7d\x7d\x7c\x7c\x7b\x7b\x7a\x79\x78\x78\x77\x76\x75\x74\x73\x72\x71\x70\x6f\x6e"
        b"\x6d\x6c\x6b\x6a\x69\x67\x66\x65\x64\x62\x61\x60\x5e\x5d\x5b\x5a\x58\x57\x56\x54\x53\x51\x50\x4e"
        b"\x4c\x4b\x49\x48\x46\x45\x43\x42\x40\x3e\x3d\x3b\x3a\x38\x37\x35\x34\x32\x30\x2f\x2d\x2c\x2a\x29"
        b"\x28\x26\x25\x23\x22\x20\x1f\x1e\x1c\x1b\x1a\x19\x17\x16\x15\x14\x13\x12\x11\x10\x0f\x0e\x0d\x0c"
        b"\x0b\x0a\x09\x08\x08\x07\x06\x05\x05\x04\x04\x03\x03\x02\x02\x02\x01\x01\x01\x00\x00\x00\x00\x00"
        b"\x00\x00\x00\x00\x00\x00\x01\x01\x01\x02\x02\x02\x03\x03\x04\x04\x05\x05\x06\x07\x08\x08\x09\x0a"
        b"\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x19\x1a\x1b\x1c\x1e\x1f\x20\x22\x23\x25\x26"
        b"\x28\x29\x2a\x2c\x2d\x2f\x30\x32\x34\x35\x37\x38\x3a\x3b\x3d\x3e")
BASE = const(24)          # the height's least value


def height_at(spec, x):
    # The surface's height (row of the top tile) at column x.
    t = spec.terrain
    s = 5 * SINE[(((x * t[0]) >> 4) + t[1]) & 255] + 2 * SINE[(((x * t[2]) >> 4) + t[3]) & 255] \
        + SINE[(((x * t[4]) >> 4) + t[5]) & 255]
    return BASE + ((s * t[6]) >> 10)


def frame_window(ws, x0, y0, w, h, pitch):
    # The current window: tiles (x0..x0+w-1, y0..y0+h-1) at buf[(y - y0) * pitch + (x - x0)], and the
    # automaton's words around it (caves): 30 cells a word from x0 - 8, as many as cover 8 more
    # cells than the window each side (a step sees walls beyond the outermost cells, so the 5 outer
    # cells each side are inexact after 5 steps: the window's are not), and APRON rows above and
    # below (the outermost rows never step; after 5 steps rows 0..APRON-1 are inexact).
    ws.win_x0 = x0
    ws.win_y0 = y0
    ws.win_w = w
    ws.win_h = h
    ws.win_pitch = pitch
    ws.cx0 = x0 - 8
    ws.nwords = (w + 16 + 29) // 30
    ws.nrows = h + 2 * APRON


def side_error(name, value):
    # None when `value` is a valid world side, else what is wrong with it.
    if isinstance(value, bool) or not isinstance(value, int):
        return "%s: must be an integer, got %r" % (name, value)
    if value < MIN_SIDE or value > MAX_SIDE:
        return "%s: must be %d..%d, got %d" % (name, MIN_SIDE, MAX_SIDE, value)
    rest = value & (CHUNK - 1)
    if rest and rest < LAST_MIN:
        return "%s: %d leaves a last chunk only %d wide; use a multiple of %d or leave %d or more" % (
            name, value, rest, CHUNK, LAST_MIN)
    return None


def kind_of(depth):
    # The index in KINDS of the kind that covers `depth` (the last kind for every depth past the table).
    k = 0
    while k < len(KINDS) - 1 and depth > KINDS[k].last:
        k += 1
    return k


class WorldSpec:
    # What names a world, checked up front (ValueError naming the bad value), and what follows from it:
    # its key, chunk and region counts, the surface's terrain parameters, where spawn and stairs go.
    # Allocated once per world; generation only reads it. Made by world/making.py, imported as one is
    # made (a board lets it go once a world is dealt: firmware/maze32_game/explore.py).
    def __init__(self, seed_hi, seed_lo, depth, width=MAX_SIDE, height=MAX_SIDE, strategy=BSP):
        from maze32.world import making
        making.spec(self, seed_hi, seed_lo, depth, width, height, strategy)

    def chunk_width(self, cx):
        return min(CHUNK, self.width - (cx << CHUNK_SHIFT))

    def chunk_height(self, cy):
        return min(CHUNK, self.height - (cy << CHUNK_SHIFT))

    def region_width(self, rx):
        return min(REGION, self.width - (rx << REGION_SHIFT))

    def region_height(self, ry):
        return min(REGION, self.height - (ry << REGION_SHIFT))

    @property
    def kind_name(self):
        return KIND_NAMES[self.kind]


# Room and corridor capacities (dungeon, accretion).
MAX_ROOMS = const(400)          # a BSP region of 254 x 254 has at most 16 x 25 leaves of 15 x 10
MAX_CORRIDORS = const(404)      # one per inner node of the tree, and a link per region edge
MAX_STACK = const(48)           # the BSP walk's depth: at most 15 cuts across and 24 down, plus the root
MAX_FEATURES = const(16)        # surface features of one region band: 3 pools, 3 dunes, 3 walls, 7 trees
MAX_CHUNK_ROOMS = const(24)     # accretion rooms in one chunk

# The plan (Workspace.plan): its fields' offsets, PLAN_FIELD bytes apart (the larger capacity, so
# one stride serves rooms and corridors). A kernel's module copies PLAN_FIELD as its own const
# (MicroPython inlines a const only in the module that defines it) and names the fields in comments.
PLAN_FIELD = const(404)         # MAX_CORRIDORS
PLAN_FIELDS = const(11)
ROOM_X = const(0)
ROOM_Y = const(1 * PLAN_FIELD)
ROOM_W = const(2 * PLAN_FIELD)
ROOM_H = const(3 * PLAN_FIELD)
ROOM_LX = const(4 * PLAN_FIELD)
ROOM_LY = const(5 * PLAN_FIELD)
COR_AX = const(6 * PLAN_FIELD)
COR_AY = const(7 * PLAN_FIELD)
COR_BX = const(8 * PLAN_FIELD)
COR_BY = const(9 * PLAN_FIELD)
COR_BEND = const(10 * PLAN_FIELD)


def ptr32(buf):
    # Inside a viper function ptr32 is the emitter's cast; elsewhere the buffer itself (as _compat's
    # ptr8 and ptr16).
    return buf


class WorldWorkspace:
    # Every buffer world generation uses, allocated once: for one chunk by default (the board's
    # Explore), or for a whole world's window (window_w x window_h, the twin's whole builds). `queue`
    # and `marks` may be given: an array("H") and a bytearray of CHUNK_AREA entries, the largest blocks
    # here, which a board can allocate before importing the library (loading native code can leave
    # its heap without a 4 KiB hole).
    def __init__(self, window_w=CHUNK, window_h=CHUNK, queue=None, marks=None):
        from maze32.world import making     # as WorldSpec's
        making.workspace(self, window_w, window_h, queue, marks)
