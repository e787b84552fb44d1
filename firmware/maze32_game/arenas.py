# The two arenas that paint.Painter paints lines into, made at the first frame painted (after the
# round's code is loaded: held from the menu on, their 12 KiB left a native Explore's world code no
# room on a C6-sized heap) and shared by every painted view after (one round plays at a time). Where
# they find no room, a painter makes str lines instead. Imports nothing.
ARENA = 6144        # the largest 80 x 24 window of 240 Explore worlds (5,180 bytes) and one worst line


class Arenas:
    # buffers[i] and views[i] (a memoryview of it) for i = 0, 1; current: the one whose lines are on
    # the screen (a painter paints into the other).
    def __init__(self):
        self.buffers = [bytearray(ARENA), bytearray(ARENA)]
        self.views = [memoryview(b) for b in self.buffers]
        self.current = 0

    def grow(self, i):
        # Arena i twice as large (a larger terminal, or lines of many styles).
        self.buffers[i] = bytearray(2 * len(self.buffers[i]))
        self.views[i] = memoryview(self.buffers[i])


_shared = None


def reserve():
    # The arenas every painter shares, made on the first call.
    global _shared
    if _shared is None:
        _shared = Arenas()
    return _shared
