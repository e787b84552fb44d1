# arenas.room() on a heap full of garbage (nothing collected yet) and on one full of live data:
# prints "garbage ROOM" and "live ROOM" (MicroPython only: CPython has no gc.mem_free).
import gc
from maze32_game import arenas


def fill(kept=None):
    # The heap filled with blocks till less than arenas.MARGIN is free: large blocks first, then
    # 1000 bytes, since gc.mem_free() reads the whole heap's table each time it is asked (4 MiB here).
    for size in (65536, 16384, 4096, 1000):
        while gc.mem_free() >= arenas.MARGIN + size - 1000:
            block = bytearray(size)
            if kept is not None:
                kept.append(block)


gc.collect()
fill()                                      # garbage: MicroPython collects only when an allocation fails
print("garbage", arenas.room())
kept = []
fill(kept)                                  # live blocks: nothing to collect
print("live", arenas.room())
