# Random numbers for generation: xoroshiro32++ on two 16-bit words, and the candidate-seed mixer.
#
# xoroshiro32++ is the 32-bit-state member of the xoroshiro++ family of D. Blackman and S. Vigna,
# "Scrambled Linear Pseudorandom Number Generators", ACM Trans. Math. Softw. 47(4), 2021, with the
# parameters (a, b, c, r) = (13, 5, 10, 9) used by the Parallax Propeller 2's XORO32 instruction:
#     result = rotl(s0 + s1, 9) + s0        (all arithmetic modulo 2**16)
#     s1 ^= s0; s0 = rotl(s0, 13) ^ s1 ^ (s1 << 5); s1 = rotl(s1, 10)
# Every intermediate stays below 2**29, inside MicroPython's 31-bit small ints, so drawing never
# allocates on a 32-bit board. Period 2**32 - 1; the all-zero state is excluded when seeding.
# Rng.next16 and Rng.below are the reference. The stages draw through draw_below (a viper kernel where
# compiled), or world.tiles.draw_each for several draws in one call; the hot loops (carve.carve_half,
# loops.add_cycles, and the world kernels that draw: bsp, accretion, templates, tunnels,
# surface_kernels) inline its lines with the state in locals, since a call per draw costs more on
# MicroPython; any difference from the reference would change the golden catalogues, and
# tests/library/test_rng.py checks draw_below and draw_each against Rng.below.
from maze32._compat import const, micropython, ptr16

_M16 = const(0xFFFF)


class Rng:
    def __init__(self):
        self.s0 = 1
        self.s1 = 0

    def seed(self, hi, lo):
        # State from a 32-bit candidate seed given as 16-bit halves; the forbidden zero state becomes 1.
        self.s0 = hi & _M16
        self.s1 = lo & _M16
        if self.s0 == 0 and self.s1 == 0:
            self.s0 = 1

    def next16(self):
        s0 = self.s0
        s1 = self.s1
        t = (s0 + s1) & _M16
        r = (((t << 9) | (t >> 7)) + s0) & _M16
        s1 ^= s0
        self.s0 = (((s0 << 13) | (s0 >> 3)) ^ s1 ^ (s1 << 5)) & _M16
        self.s1 = ((s1 << 10) | (s1 >> 6)) & _M16
        return r

    def below(self, n):
        # Uniform draw in 0..n-1 (1 <= n <= 65536) by rejection sampling on the smallest covering
        # bit mask, never a biased modulo.
        m = 1
        while m < n:
            m <<= 1
        m -= 1
        r = self.next16() & m
        while r >= n:
            r = self.next16() & m
        return r


def split_seed(seed):
    # Requested seed -> (hi, lo) halves. Called at the edges (CLI, menu), never inside generation:
    # a seed above 2**30 is a heap object on a 32-bit board.
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError("seed: must be an integer, got %r" % (seed,))
    if seed < 0 or seed > 0xFFFFFFFF:
        raise ValueError("seed: must be in 0..4294967295, got %d" % seed)
    return (seed >> 16) & _M16, seed & _M16


@micropython.viper
def draw_below(rng, n: int) -> int:
    # Rng.below(n) on `rng` (1 <= n <= 65536), for the stages' occasional draws.
    mask = n - 1                       # the smallest covering bit mask
    mask |= mask >> 1
    mask |= mask >> 2
    mask |= mask >> 4
    mask |= mask >> 8
    s0 = int(rng.s0)
    s1 = int(rng.s1)
    r = n
    while r >= n:
        t = (s0 + s1) & 0xFFFF
        r = ((t << 9) + (t >> 7) + s0) & mask      # rotl16(t, 9) + s0, its low bits
        s1 ^= s0
        s0 = (((s0 << 13) | (s0 >> 3)) ^ s1 ^ (s1 << 5)) & 0xFFFF
        s1 = ((s1 << 10) | (s1 >> 6)) & 0xFFFF
    rng.s0 = s0
    rng.s1 = s1
    return r


def draw_untaken(ws, n, taken):
    # A draw below n from ws.rng that taken(ws, k) does not turn down (a room with no role yet: the
    # worlds' traps and items); -1 after 16 draws turned down.
    tries = 0
    while tries < 16:
        tries += 1
        k = draw_below(ws.rng, n)
        if not taken(ws, k):
            return k
    return -1


@micropython.viper
def mix_seed(hi: int, lo: int, attempt: int, ws):
    # Candidate seed for attempt `attempt` (0-based) of requested seed (hi << 16 | lo), written to
    # ws.pair[0] (high half) and ws.pair[1] (low half), then ws.rng seeded from it as Rng.seed does.
    # A 4-round Feistel network on the two 16-bit halves; round i's function is
    # f(v) = g((v ^ k_i) * 0x2D35) with g(u) = u ^ (u >> 7), a second multiply by 0x1F53 and a final
    # u ^ (u >> 8), all modulo 2**16, and round key k_i = (attempt * 0x0F2B + i * 0x3C6D + 0x1234)
    # mod 2**16. Multipliers are below 2**14 so every product stays below 2**30. A Feistel network is
    # a bijection for each attempt, so distinct requested seeds never share a candidate within one
    # attempt number.
    o = ptr16(ws.pair)
    i = 0
    while i < 4:
        k = (attempt * 0x0F2B + i * 0x3C6D + 0x1234) & 0xFFFF
        f = ((lo ^ k) * 0x2D35) & 0xFFFF
        f ^= f >> 7
        f = (f * 0x1F53) & 0xFFFF
        f ^= f >> 8
        t = hi ^ f
        hi = lo
        lo = t
        i += 1
    o[0] = hi
    o[1] = lo
    rng = ws.rng
    if hi == 0 and lo == 0:
        hi = 1
    rng.s0 = hi
    rng.s1 = lo
