# Can this board's machine code be trusted? Two answers, for the host's deploy and the board's game:
#
# - trusted_flavour(release, arch, flavour): what MicroPython's version says. The ESP32-C6 port has
#   native code only since v1.24.0, and before v1.28.0 the RV32 emitter computed the address of a
#   halfword or word indexed viper load or store (p16[i], p32[i] with i in a register) in one of its
#   operand registers, clobbering a variable that lives there (fixed upstream in 424ae08680; upstream
#   tests it with tests/micropython/viper_preserve_invariants.py).
# - run(): what the code does. The library's kernel shapes (ptr8, ptr16 and ptr32 indexed loads and
#   stores, the index a live variable, several pointers and counters live at once) compiled in the
#   flavour installed (this module is built like every other), compared with results worked out once
#   on CPython. A bytecode build runs the same lines as plain Python, so it passes wherever Python does.
from array import array

from maze32._compat import micropython, ptr8, ptr16

N = 40                                # words per buffer: well inside 31 bits, whatever the port
# (kernel result, sum of the ptr16 buffer afterwards), from CPython; tests/test_selftest.py checks them.
EXPECTED = (793330, 151454)
# sys.implementation._mpy bits 10.. -> native architecture (MicroPython docs, "MicroPython .mpy files").
ARCHS = (None, "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp",
         "xtensa", "xtensawin", "rv32imc", "rv64imc")
NATIVE_SINCE = {"rv32imc": (1, 24, 0)}
VIPER_SINCE = {"rv32imc": (1, 28, 0)}


def ptr32(buf):
    # Inside a viper function ptr32 is the emitter's cast; elsewhere the buffer itself (as _compat's).
    return buf


# An index the three probes use (each a register-held local, used for one access only, so that a
# clobbered one is seen in what comes back and never sends a second access astray) and the values
# they store and load.
PROBE = (5, 6, 7)
VALUES = (0x5A, 0x123, 0x2B5)


@micropython.viper
def probe_stores(i: int, j: int, k: int, b8, b16, b32) -> int:
    p8 = ptr8(b8)
    p16 = ptr16(b16)
    p32 = ptr32(b32)
    p8[i] = 0x5A
    p16[j] = 0x123
    p32[k] = 0x2B5
    return i + (j << 6) + (k << 12)


@micropython.viper
def probe_loads(i: int, j: int, k: int, b8, b16, b32) -> int:
    p8 = ptr8(b8)
    p16 = ptr16(b16)
    p32 = ptr32(b32)
    v = p8[i] ^ p16[j] ^ p32[k]
    return (i + (j << 6) + (k << 12)) ^ (v << 18)


def probe(b8, b16, b32):
    # -> "" or which probe came back wrong (the loop kernel below would then stray: not run).
    i, j, k = PROBE
    keys = i + (j << 6) + (k << 12)
    got = probe_stores(i, j, k, b8, b16, b32)
    if got != keys:
        return "an indexed viper store clobbered its index register (%d, not %d)" % (got, keys)
    if (b8[i], b16[j], b32[k]) != VALUES:
        return "indexed viper stores wrote %r, not %r" % ((b8[i], b16[j], b32[k]), VALUES)
    want = keys ^ ((VALUES[0] ^ VALUES[1] ^ VALUES[2]) << 18)
    got = probe_loads(i, j, k, b8, b16, b32)
    if got != want:
        return "an indexed viper load clobbered its index register (%d, not %d)" % (got, want)
    return ""


@micropython.viper
def exercise(i: int, j: int, n: int, b8, b16, b32) -> int:
    # i, j and n are the first three locals: viper keeps those in registers, where an emitter that
    # scales an index in place clobbers them (locals past the third live in the frame, unharmed).
    p8 = ptr8(b8)
    p16 = ptr16(b16)
    p32 = ptr32(b32)
    while i < n:                      # stores whose index is a live variable, reused right after
        p8[i] = (i * 7 + 3) & 0xFF
        p16[i] = (i * 401 + 5) & 0xFFFF
        p32[i] = i * 70001 + 9
        i += 1
    j = n - 1
    acc = 0
    i = 0
    while i < n:                      # loads through all three, two indexes live, a computed one
        acc = (acc + p8[i] + p16[j] * 3 + p32[i] - p32[j] + i * j) & 0x3FFFFFFF
        p16[j] = p16[i] ^ p8[j]
        if i + 1 < n:
            p32[i + 1] = p32[i + 1] + p8[i]
        j -= 1
        i += 1
    return acc ^ (i << 12) ^ ((j + 1) << 24)


def run(kernel=None):
    # -> "" when the kernels compute what CPython computes, else which result differed (one line).
    # kernel: another function of exercise's interface (a test's stand-in for a miscompiled one).
    b8 = bytearray(N)
    b16 = array("H", bytes(2 * N))
    b32 = array("i", bytes(4 * N))
    wrong = probe(b8, b16, b32)
    if wrong:
        return wrong
    b8[:] = bytes(N)
    for b in (b16, b32):
        for x in range(N):
            b[x] = 0
    got = (kernel or exercise)(0, 0, N, b8, b16, b32)
    total = 0
    for v in b16:
        total += v
    if got != EXPECTED[0]:
        return "indexed viper loads and stores computed %d, not %d" % (got, EXPECTED[0])
    if total != EXPECTED[1]:
        return "indexed viper stores left the ptr16 buffer summing to %d, not %d" % (total, EXPECTED[1])
    return ""


def arch_of(mpy):
    arch = mpy >> 10
    return ARCHS[arch] if arch < len(ARCHS) else None


def release_text(release):
    return "v%d.%d.%d" % tuple(release[:3])


def trusted_flavour(release, arch, flavour):
    # -> (flavour to use, "" or the one-line reason it is not the one asked for). release is
    # sys.implementation.version (None when unknown: nothing to judge by), arch the .mpy architecture.
    if flavour == "bytecode" or release is None:
        return flavour, ""
    release = tuple(release[:3])
    since = NATIVE_SINCE.get(arch)
    if since and release < since:
        return "bytecode", "MicroPython %s on %s runs no native code (it came in %s): bytecode flavour" % (
            release_text(release), arch, release_text(since))
    since = VIPER_SINCE.get(arch)
    if since and release < since:
        return "bytecode", ("MicroPython %s on %s: viper before %s can clobber a register in halfword and "
                            "word indexed loads and stores (fixed upstream in 424ae08680): bytecode flavour"
                            % (release_text(release), arch, release_text(since)))
    return flavour, ""
