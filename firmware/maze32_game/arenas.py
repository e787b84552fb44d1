# The two arenas that paint.Painter paints lines into, made at the first frame painted (after the
# round's code is loaded: held from the menu on, their 12 KiB left a native Explore's world code no
# room on a C6-sized heap) and shared by the round's painted views; let go before the next round
# loads its code (games.new_round). Where they find no room, a painter makes str lines instead.
# Imports nothing but gc.
import gc

ARENA = 6144        # the largest 80 x 24 window of 240 Explore worlds (5,180 bytes) and one worst line
# Free heap a round keeps beside the arenas: a native Explore (222 KB of a 256 KiB heap resident) that
# made them raised MemoryError walking; it paints str lines instead.
MARGIN = 32 * 1024


class Arenas:
    # buffers[i] and views[i] (a memoryview of it) for i = 0, 1; current: the one whose lines are on
    # the screen (a painter paints into the other).
    def __init__(self, buffers=None, owner=None):
        self.buffers = buffers or [bytearray(ARENA), bytearray(ARENA)]
        self.owner = owner                  # what holds lent buffers' memory (lend): kept with them
        self.views = [memoryview(b) for b in self.buffers]
        self.current = 0

    def grow(self, i):
        # Arena i twice as large (a larger terminal, or lines of many styles).
        self.buffers[i] = bytearray(2 * len(self.buffers[i]))
        self.views[i] = memoryview(self.buffers[i])


_shared = None


def reserve():
    # The arenas every painter shares, made on the first call after a release.
    global _shared
    if _shared is None:
        _shared = Arenas()
    return _shared


def lend(buffers, owner):
    # The arenas made over memory another module lends (explore_buffers: Explore's generator's queue
    # and marks, free between chunks), so that a round does not hold both; owner holds that memory (a
    # view of part of an array does not keep it alive). Its user repaints every line after the
    # memory's other use (explore_view: paint.blank).
    global _shared
    _shared = Arenas(buffers, owner)


def room():
    # Whether the heap can spare the arenas (CPython: always). Asked once a round; the heap collected
    # first when it looks short: uncollected garbage counts as used (a native Duel's first frame saw
    # 45 KB free, 130 KB once collected, and painted str lines all round, 1.76 M instructions a frame).
    free = getattr(gc, "mem_free", None)
    if _shared is not None or free is None:
        return True
    if free() < 2 * ARENA + MARGIN:
        gc.collect()
    return free() >= 2 * ARENA + MARGIN


def release():
    # The arenas let go (games.new_round: the last round is over, and the next one's code needs the
    # room); the next painter makes new ones.
    global _shared
    _shared = None
