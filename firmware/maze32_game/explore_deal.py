# What Explore (explore.py) runs only as it deals a world: the candidates tried and checked (reach.py),
# every chunk of the world made (load: a host's larger world makes them as the player nears them too),
# the stairs' route searched, the round's state set up. A round walks a
# dealt world without any of it (its 2 x 2 chunks all resident, nothing made until the stairs), so
# explore.Explore loads this module as it deals (packed) and lets it go after, with the world's
# maze32/world/making.py (WorldSpec's and WorldWorkspace's construction): a board holds their code
# only while a world is dealt (issue 24). Bytecode in every flavour (no viper kernels: a board keeps
# a module of machine code once loaded, firmware/maze32_game/loading.py).
import sys
from array import array

from maze32._compat import const
from maze32.rng import split_seed, mix_seed
from maze32.world.tiles import WorldSpec, CHUNK, CHUNK_SHIFT, DUNGEON, BSP, AIR, DIRT, KINDS, kind_of
from maze32.world import generate_chunk, locate, prepare
from maze32.world import reach
from maze32_game.explore import ROUTE_LIMIT, PLAYING, world_chunks
from maze32_game.explore_buffers import Buffers
from maze32_game import loading
from maze32_game.loading import packed

_CANDIDATES = const(32)    # worlds tried for one depth (the last is dealt even if it fails: never seen)
_CACHED = const(0)         # load's ways: from the cache, else made
_READ = const(1)           # only from the cache
_MADE = const(2)           # made, and written to the cache
_BUILT = const(1 << 22)    # explore._BUILT: in the dig log, the tile became a block of dirt (else air)
# (private consts, as every name a module keeps is one more of MicroPython's names a board interns
# for good: docs/performance.md, the names' table)


def start(game, seed, depth, width, height, cache, buffers):
    # Explore.__init__'s work: the round's state, then the world of `depth` dealt (enter).
    buffers = buffers or Buffers()
    game.seed = seed
    game.hi, game.lo = split_seed(seed)
    game.width = width
    game.height = height
    # cache: a ChunkCache, or a function making one (a board's: explore_view.new_round), made as each
    # world is dealt and let go after with its module (cache.py: its index of every entry and its
    # code, some 7 KB a round walking a world of resident chunks never needs)
    game.chunk_cache = cache if callable(cache) else None     # (app.chunk_cache, on a board)
    game.cache = None if game.chunk_cache else cache
    game.slots = buffers.slots
    game.nslots = n = len(game.slots)           # SLOTS, or the game's GAME_SLOTS (its 2 x 2 chunks)
    if min(3, (width + CHUNK - 1) >> CHUNK_SHIFT) * min(2, (height + CHUNK - 1) >> CHUNK_SHIFT) > n:
        raise ValueError("explore: a world of %d x %d needs more than %d resident chunks" % (width, height, n))
    game.digs = buffers.digs                    # x << 11 | y of tiles dug or emptied, a ring
    game.log = len(game.digs)                   # its entries: 0 when every chunk stays resident
    if not game.log and world_chunks(width, height) > n:
        raise ValueError("explore: a world of %d x %d needs a log of its digs" % (width, height))
    game.keys = array("i", [-1] * n)            # cx << 8 | cy of the chunk in each slot, or -1
    game.used = array("i", [0] * n)             # the tick each slot was last wanted
    game.queue, game.marks = buffers.queue, buffers.marks   # the generator's and the check's
    # The generator's workspace (Explore.workspace): let go once a world's every chunk is resident (the
    # game's 2 x 2 worlds: 13.4 KB a board holds only while a world is made), else kept.
    game.ws = None
    game.whole = world_chunks(width, height) <= n
    game.dig_count = 0
    game.refused = 0                            # steps and digs refused over a drop onto a hazard
    game.clock = 0
    game.stamp = 0                              # counts uses, for least recently used
    game.items = 0
    game.generated = 0                          # chunks generated (or read from the cache)
    # the times the workspace's queue and marks were used (a chunk made, the check run): a board's
    # line arenas share their memory (explore_buffers), and its view then repaints every line
    game.scratched = 0
    game.state = PLAYING
    game.x = game.y = 0                         # the player's tile: the spawn once a world is dealt
    # A world small enough is checked before it is dealt (reach.py); a larger one (a host's
    # streaming test) is dealt as made, its route unknown (-1).
    game.checked = width <= 128 and height <= 128     # reach.SIDE (a test holds them equal)
    game.quad = [None] * 4                      # the check's four chunks
    game.candidate = 0                          # which of the depth's candidates was dealt
    game.route = -1                             # the stairs' distance from the spawn by route
    enter(game, depth)


def enter(game, depth):
    # The world of this depth: its first candidate whose stairs the check reaches (reach.py),
    # dealt: every slot emptied, the player at its spawn, the view's chunks made.
    if game.cache is None and game.chunk_cache is not None:
        game.cache = game.chunk_cache()         # for this deal (start)
    candidate = 0
    while True:
        deal(game, depth, candidate)
        if not game.checked:
            break
        game.route = stairs_route(game)
        if game.route >= 0 or candidate == _CANDIDATES - 1:
            break
        candidate += 1
    game.want()
    while game.prefetch():
        pass
    if game.whole:
        game.ws = None                          # every chunk made: nothing to make until the stairs
        if game.chunk_cache is not None:
            game.cache = None                   # made again for the next world (let_go: its module too)


def deal(game, depth, candidate):
    # Candidate `candidate` of this depth's world made current. Candidate 0 is the seed's own world;
    # the others' seeds are rng.mix_seed's candidates of it (as Deeper's levels' are), and a
    # dungeon's odd candidates are built by accretion.
    hi, lo, strategy = game.hi, game.lo, 0
    attempt = candidate
    if kind_of(depth) == DUNGEON:
        strategy = candidate & 1
        attempt = candidate >> 1
    if attempt:
        ws = game.workspace()
        mix_seed(hi, lo, attempt, ws)
        hi, lo = ws.pair[0], ws.pair[1]
    game.depth = depth
    game.candidate = candidate
    game.spec = WorldSpec(hi, lo, depth, game.width, game.height, strategy)
    packed(prepare, game.spec)                 # a new kind's code, loaded without splitting the heap
    i = 0
    while i < game.nslots:
        game.keys[i] = -1
        i += 1
    game.dig_count = 0
    if game.checked:
        make_all(game)
    else:
        # the stairs too (the status line's bearing): at most one chunk more made, once a world
        ends = locate(game.workspace(), game.spec, game.slots[0], True)
        game.x, game.y, game.stairs_x, game.stairs_y = ends
    game.spawn_x, game.spawn_y = game.x, game.y


def make_all(game):
    # A world the check covers (2 x 2 chunks at most, all resident): every chunk made now, the
    # stairs' last where the spec names its chunk (a BSP dungeon names the stairs' region), so that
    # an accretion stairs' chunk finds the others' routes kept and digs none (accretion.plan_block:
    # made alone it costs 2.8-2.9 M RV32, over issue 19's 1.6 M; made last 1.3-1.5 M). With a cache
    # the stairs' chunk is read first: a world whose stairs' entry is missing or bad has its other
    # chunks made anew (not read, which keeps no routes) before it, so no deal makes it alone. The
    # check then makes nothing. The spawn and the stairs are where the chunks holding them report
    # them (locate's answer).
    spec = game.spec
    cols = spec.cols
    last = -1
    if not (spec.kind == DUNGEON and spec.strategy == BSP):
        last = spec.stairs_cy * cols + spec.stairs_cx
    game.x = game.y = game.stairs_x = game.stairs_y = -1
    how = _CACHED
    if last >= 0 and game.cache is not None:
        if make_chunk(game, last, _READ):
            last = -1                           # read whole: the others need not keep routes
        else:
            how = _MADE
    c = 0
    while c < cols * spec.rows:
        if c != last:
            make_chunk(game, c, how)
        c += 1
    if last >= 0:
        make_chunk(game, last, _CACHED)         # a bad entry repaired (and reported) here


def make_chunk(game, c, how=0):
    # Chunk c (row-major) made resident as `how` says (load); the spawn or the stairs taken from it
    # if it holds them. -> whether it is resident (only _READ leaves it out: no sound entry).
    if load(game, c % game.spec.cols, c // game.spec.cols, how) < 0:
        return False
    ws = game.ws
    if ws.spawn_x >= 0:
        game.x, game.y = ws.spawn_x, ws.spawn_y
    if ws.stairs_x >= 0:
        game.stairs_x, game.stairs_y = ws.stairs_x, ws.stairs_y
    return True


def stairs_route(game, start=None, limit=ROUTE_LIMIT):
    # The check on the world just dealt (from the spawn, or from `start`, (x, y), in the world as
    # it is now): its chunks made (all resident: it is 2 x 2 at most), then reach.stairs_route over
    # them with the generator's marks and queue (free between chunks). -> the route's length, or
    # < 0 for none within `limit`.
    spec = game.spec
    chunks = game.quad
    game.scratched += 1
    i = 0
    while i < 4:
        cx = (i & 1) if spec.cols > 1 else 0
        cy = (i >> 1) if spec.rows > 1 else 0
        game.tile(cx << CHUNK_SHIFT, cy << CHUNK_SHIFT)
        chunks[i] = game.slots[game.slot_of(cx, cy)]
        i += 1
    return reach.stairs_route(chunks, game.marks, game.queue, spec.width, spec.height,
                              start or (game.spawn_x, game.spawn_y), (game.stairs_x, game.stairs_y), limit)


def load(game, cx, cy, how=0):
    # Chunk (cx, cy) into an empty slot, else the one wanted least recently among those the player
    # does not need now (when all are needed, the least recent); the tiles dug in it are dug
    # again. `how`: _CACHED read from the cache when it holds a sound entry, else made (and written
    # to it); _READ only read (no cache or no sound entry: nothing made, -1); _MADE made (and written
    # over any entry). Returns the slot.
    best = -1
    i = 0
    while i < game.nslots:
        if game.keys[i] < 0:
            best = i
            break
        if not game.is_wanted(game.keys[i]) and (best < 0 or game.used[i] < game.used[best]):
            best = i
        i += 1
    if best < 0:
        best = 0
        i = 1
        while i < game.nslots:
            if game.used[i] < game.used[best]:
                best = i
            i += 1
    tiles = game.slots[best]
    game.keys[best] = -1
    made = False
    game.scratched += 1
    cache = game.cache
    if cache is not None:
        try:
            if how == _READ:
                if not cache.read(game.spec, game.workspace(), cx, cy, tiles):
                    return -1
            elif how == _MADE:
                cache.make(game.spec, game.workspace(), cx, cy, tiles)
            else:
                cache.chunk(game.spec, game.workspace(), cx, cy, tiles)
            made = True
        except Exception:                        # storage full or gone: play on without it
            game.cache = game.chunk_cache = None
    if not made:
        if how == _READ:
            return -1
        generate_chunk(game.workspace(), game.spec, cx, cy, tiles)
    game.generated += 1
    game.keys[best] = (cx << 8) | cy
    game.stamp += 1
    game.used[best] = game.stamp
    n = game.dig_count if game.dig_count < game.log else game.log
    i = 0
    while i < n:
        p = game.digs[i]
        x = (p >> 11) & 2047
        y = p & 2047
        if x >> CHUNK_SHIFT == cx and y >> CHUNK_SHIFT == cy:
            tiles[((y & 63) << 6) | (x & 63)] = DIRT if p & _BUILT else AIR
        i += 1
    return best


def let_go(kept):
    # What dealt the world is let go until the next world (issue 24): this module and the world's
    # making.py (no machine code in any flavour), and whatever else the deal loaded (names not in
    # `kept`, those loaded before it) that is bytecode (not loading._machine_code: a kind's stages,
    # world/surface.py; in the bytecode flavour every world module, loaded again as the next world
    # needs them; machine code stays, see loading.py): a round walking a world holds none of it. The kinds'
    # cached modules that went are dropped from tiles.KINDS too, so that the next world loads them.
    loading.let_go("maze32_game.explore_deal")
    loading.let_go("maze32.world.making")
    for name in [n for n in sys.modules if n not in kept]:
        if not loading._machine_code(sys.modules[name]):
            loading.let_go(name)
    for kind in KINDS:
        i = 0
        while i < len(kind.loaded):
            m = kind.loaded[i]
            if m is not None and sys.modules.get(m.__name__) is not m:
                kind.loaded[i] = None
            i += 1
