# Shims so the same source runs on CPython and MicroPython.
# micropython.const folds constants at compile time on the board; on CPython it is the identity.
try:
    from micropython import const
except ImportError:
    def const(x):
        return x

# time.ticks_us/ticks_diff exist on MicroPython only; the twin uses a monotonic clock in their place.
try:
    from time import ticks_us, ticks_diff
except ImportError:
    from time import perf_counter_ns as _ns

    def ticks_us():
        return _ns() // 1000

    def ticks_diff(end, start):
        return end - start
