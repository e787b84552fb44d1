# Explore's large buffers, made once and kept for every round: the resident chunks, the flood-fill
# queue and marks of the generator's workspace and the log of tiles dug (30 KiB in blocks of 2-8 KiB
# for the game's 2 x 2 chunk worlds; 38 KiB with a host's six slots).
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


class Buffers:
    def __init__(self, slots=SLOTS):
        self.slots = [bytearray(CHUNK_AREA) for _ in range(slots)]
        self.queue = zeros("H", CHUNK_AREA)     # WorldWorkspace's flood-fill queue
        self.marks = bytearray(CHUNK_AREA)      # and its marks
        self.digs = zeros("i", DIG_LOG)         # x << 11 | y of tiles dug or emptied, a ring


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
        _shared = Buffers(GAME_SLOTS)
    return _shared
