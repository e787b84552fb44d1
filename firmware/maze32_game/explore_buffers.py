# Explore's large buffers, made once and kept for every round: the resident chunks, the flood-fill
# queue and marks of the generator's workspace and the log of tiles dug (38 KiB in blocks of 2-8 KiB).
# The board makes them first thing (app.main, through games.reserve), before its menu and the world's
# code are loaded: by the time Explore is chosen, loading that code (native code above all) leaves a
# C6-sized heap 100+ KB free but in holes under 6 KiB, and a round making its own raised MemoryError
# (issue 19). Imports nothing of the library, so reserving costs these bytes and no module's.
import gc
from array import array

SLOTS = 6                  # resident chunks (explore.py says which)
CHUNK_AREA = 4096          # tiles a chunk: maze32.world.tiles.CHUNK_AREA (explore.py checks it)
DIG_LOG = 512              # tiles dug remembered (the oldest forgotten first)


class Buffers:
    def __init__(self):
        self.slots = [bytearray(CHUNK_AREA) for _ in range(SLOTS)]
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
        _shared = Buffers()
    return _shared


def packed(fn, *args):
    # fn(*args) with the heap collected every 2 KiB allocated, for code loading: its temporaries
    # (file buffers, the loader's tables) are reused at once instead of left as garbage between the
    # code they made, which, collected later, splits the heap into holes too small for the next
    # module (MicroPython collects only when an allocation fails).
    threshold = getattr(gc, "threshold", None)
    if threshold is None:                  # CPython: nothing to pack
        return fn(*args)
    before = threshold()
    gc.collect()
    threshold(2048)
    try:
        return fn(*args)
    finally:
        threshold(before)
