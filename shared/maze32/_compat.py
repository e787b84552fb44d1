# Shims so the same source runs on CPython and MicroPython.
# micropython.const folds constants at compile time on the board; on CPython it is the identity.
try:
    from micropython import const
except ImportError:
    def const(x):
        return x
