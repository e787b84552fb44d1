# arenas.room() on a heap full of garbage (nothing collected yet) and on one full of live data:
# prints "garbage ROOM" and "live ROOM" (MicroPython only: CPython has no gc.mem_free).
import gc
from maze32_game import arenas

gc.collect()
while gc.mem_free() >= arenas.MARGIN:      # garbage: MicroPython collects only when an allocation fails
    bytearray(1000)
print("garbage", arenas.room())
kept = []
while gc.mem_free() >= arenas.MARGIN:      # live blocks: nothing to collect
    kept.append(bytearray(1000))
print("live", arenas.room())
