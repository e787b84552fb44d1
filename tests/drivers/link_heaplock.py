# The link's per-frame work allocates nothing: two Locksteps (Players 1 and 2) joined by a wire of
# preallocated buffers play ARGS["frames"] frames inside micropython.heap_lock(): poll (taking
# inputs, acknowledgements and hashes), the next input, both keys, a Duel's state hash, advance, send.
# (Duel.tick itself is the game's, not the link's, and is not part of this check.)
import micropython

from maze32_game import duel
from maze32_game import link
from maze32_game import link_duel


class Wire:
    # One side's end: what the other side sends lands in one of 8 preallocated slots here.
    def __init__(self):
        self.slots = [bytearray(link.MAX_PACKET + 1) for _ in range(8)]
        self.lens = [0] * 8
        self.head = 0
        self.tail = 0
        self.other = None
        self.refused_from = None

    def send(self, data):
        o = self.other
        n = len(data)
        slot = o.slots[o.tail & 7]
        i = 0
        while i < n:
            slot[i] = data[i]
            i += 1
        o.lens[o.tail & 7] = n
        o.tail += 1

    def recv_into(self, buf):
        if self.head == self.tail:
            return link.NOTHING
        slot = self.slots[self.head & 7]
        n = self.lens[self.head & 7]
        i = 0
        while i < n:
            buf[i] = slot[i]
            i += 1
        self.head += 1
        return n


wa, wb = Wire(), Wire()
wa.other, wb.other = wb, wa
game = duel.Duel(7, 12, 12)
a = link.Lockstep(wa, 0, 5, 3, 1000, now=0)
b = link.Lockstep(wb, 1, 5, 3, 1000, now=0)


def frames(first, count):
    t = first
    end = first + count
    while t < end:
        a.poll(t)
        b.poll(t)
        if a.wants_input():
            a.put(t & 3)
        if b.wants_input():
            b.put((t >> 1) & 3)
        if a.ready():
            k = a.key_code(0) + a.key_code(1)
            a.advance(link_duel.state_hash(game) ^ k, t)
        if b.ready():
            k = b.key_code(0) + b.key_code(1)
            b.advance(link_duel.state_hash(game) ^ k, t)
        a.send()
        b.send()
        t += 1
    return t


frames(0, 20)                       # warm-up: every path taken once before the lock
n = ARGS["frames"]
micropython.heap_lock()
try:
    frames(20, n)
finally:
    micropython.heap_unlock()
assert a.frame > n and b.frame > n and a.desync < 0 and b.desync < 0, (a.frame, b.frame)
print("frames", n, "locked", "ok")
