# Stand-in for the `micropython` module where there is none (CPython): the viper decorator becomes
# the identity, so kernels.py runs as plain Python with the same results.
SHIM = True


def viper(func):
    return func


def native(func):
    return func
