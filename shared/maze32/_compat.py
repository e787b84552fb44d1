# Shims so the same source runs on CPython and on every MicroPython build.
# micropython.const folds constants at compile time on the board; on CPython it is the identity.
try:
    from micropython import const
except ImportError:
    def const(x):
        return x

# The viper decorator. Where there is no `micropython` module (CPython) it is the identity, so the
# kernels run as plain Python with the same results. A board, the unix port and mpy-cross recognise
# `@micropython.viper` by its spelling; the bytecode build removes those lines (host/flavours.py).
try:
    import micropython
except ImportError:
    class micropython:
        SHIM = True      # tells a test that no viper emitter compiled anything here

        @staticmethod
        def viper(func):
            return func

        @staticmethod
        def native(func):
            return func

# Registers: mpy-cross's native emitter (py/emitnative.c with MICROPY_PERSISTENT_CODE_SAVE) keeps at
# most two locals of a viper function in machine registers, and those are its first two arguments
# (only the first when it takes three or more); every other local is loaded from and stored to the C
# stack at each use. So the hottest kernels (spread_at.spread_at, carve_at.carve_at) take their two
# busiest integers as their only arguments and read everything else from a module-level list the
# Python wrapper fills just before the call (no allocation; the library is single-threaded): about a
# tenth fewer RV32 instructions than the same loop with (maze, ws) arguments.

# Inside a viper function ptr8(buf) and ptr16(buf) are the emitter's casts to raw pointers, whatever
# these module-level names are; anywhere else (CPython, bytecode) they return the buffer itself, which
# indexes the same way.
def ptr8(buf):
    return buf


def ptr16(buf):
    return buf


def ptr32(buf):
    return buf


def compiled(kernel):
    # Whether `kernel`, a function decorated @micropython.viper, is machine code here: the viper
    # emitter makes functions of a type of their own (py/objfun.c, mp_type_fun_viper), while the
    # bytecode flavour and CPython make the same kind as this plain function. A module picks its
    # word-wide kernels (ptr32 stores, little-endian) only where they are compiled; as bytecode it
    # takes a path of buffer copies instead, which the VM runs at C speed.
    return type(kernel) is not type(compiled)


# time.ticks_us/ticks_diff exist on MicroPython only; the twin uses a monotonic clock in their place.
try:
    from time import ticks_us, ticks_diff
except ImportError:
    from time import perf_counter_ns as _ns

    def ticks_us():
        return _ns() // 1000

    def ticks_diff(end, start):
        return end - start
