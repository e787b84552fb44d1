# Random numbers for generation: xoroshiro32++ on two 16-bit words. The candidate-seed mixer is
# kernels.mix_kernel (documented there), the one implementation on every runtime.
#
# xoroshiro32++ is the 32-bit-state member of the xoroshiro++ family of D. Blackman and S. Vigna,
# "Scrambled Linear Pseudorandom Number Generators", ACM Trans. Math. Softw. 47(4), 2021, with the
# parameters (a, b, c, r) = (13, 5, 10, 9) used by the Parallax Propeller 2's XORO32 instruction:
#     result = rotl(s0 + s1, 9) + s0        (all arithmetic modulo 2**16)
#     s1 ^= s0; s0 = rotl(s0, 13) ^ s1 ^ (s1 << 5); s1 = rotl(s1, 10)
# Every intermediate stays below 2**29, inside MicroPython's 31-bit small ints, so drawing never
# allocates on a 32-bit board. Period 2**32 - 1; the all-zero state is excluded when seeding.
# The kernels (kernels.py) draw through kernels.below_kernel, and the two hot loops inline its lines
# with the state in locals (a call per draw costs more on MicroPython); Rng.next16 and Rng.below are
# the reference both match (any difference would change the golden catalogue).
from maze32._compat import const

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
