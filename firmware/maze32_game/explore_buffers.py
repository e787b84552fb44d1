# Explore's large buffers, made once and kept for every round: the resident chunks, the flood-fill
# queue and marks of the generator's workspace and the log of tiles dug (30 KiB in blocks of 2-12 KiB
# for the game's 2 x 2 chunk worlds, which need no log; 38 KiB with a host's six slots), and on MicroPython the painter's
# line arenas over the queue and marks (Buffers: 12 KiB a round does not hold twice).
# A board makes them as Explore is chosen (games.new_round), before the world's code is loaded: made
# after it, they met a C6-sized heap 100+ KB free but in holes under 6 KiB, and a round making its own
# raised MemoryError (issue 19). The menu holds none of it: this module is loaded with the game and
# forgotten with it (loading.forget), the buffers with it. Imports nothing of the library, so
# reserving costs these bytes and no module's.
from array import array

SLOTS = 6                  # resident chunks for a host's large world (explore.py says which)
GAME_SLOTS = 4             # the game's: its worlds are 2 x 2 chunks, all resident
CHUNK_AREA = 4096          # tiles a chunk: maze32.world.tiles.CHUNK_AREA (explore.py checks it)
DIG_LOG = 512              # tiles dug remembered (the oldest forgotten first)


ARENA = 3 * CHUNK_AREA // 2   # bytes of each of the two line arenas lent (arenas.ARENA: paint.py's)


class Buffers:
    # share: on MicroPython (uctypes), the generator's queue and marks are one block of 12 KiB that
    # the painter's two line arenas also use (lent(), arenas.lend): the generator needs them only while
    # a chunk is made or a world checked, the painter between frames, and Explore counts the first
    # (explore.Explore.scratched) so that its view repaints every line after it (paint.blank).
    # A board's Explore so holds 12 KiB less; elsewhere (CPython) the arenas are their own.
    # log: the tiles dug remembered (DIG_LOG), replayed onto a chunk made again after it left; 0 where
    # none ever leaves (the game's worlds: every chunk resident in its GAME_SLOTS).
    def __init__(self, slots=SLOTS, share=False, log=DIG_LOG):
        self.slots = [bytearray(CHUNK_AREA) for _ in range(slots)]
        self.arenas = None
        views = share and _byte_views()
        if views:
            # 3 * CHUNK_AREA bytes: the queue's 4096 entries of 2 bytes, then the marks (a view)
            self.queue = zeros("H", 3 * CHUNK_AREA // 2)
            at = views[0](self.queue)
            self.marks = views[1](at + 2 * CHUNK_AREA, CHUNK_AREA)
            self.arenas = [views[1](at, ARENA), views[1](at + ARENA, ARENA)]
        else:
            self.queue = zeros("H", CHUNK_AREA)     # WorldWorkspace's flood-fill queue
            self.marks = bytearray(CHUNK_AREA)      # and its marks
        self.digs = zeros("i", log)             # x << 11 | y of tiles dug or emptied, a ring


def _byte_views():
    # -> (addressof, bytearray_at) of uctypes, which view part of a buffer as bytes, or None.
    try:
        from uctypes import addressof, bytearray_at
    except ImportError:
        return None
    return addressof, bytearray_at


def zeros(typecode, n):
    # An array of n zeros in one allocation, no temporary buffer: array(range) is made at its size (as
    # maze32.world.tiles.zeros, which is not imported here: its module costs 24 KB of RAM).
    a = array(typecode, range(n))
    for i in range(n):
        a[i] = 0
    return a


_shared = None


def reserve():
    # The buffers every round shares (one round plays at a time), made on the first call.
    global _shared
    if _shared is None:
        _shared = Buffers(GAME_SLOTS, share=True, log=0)
    return _shared
