# Prove the heap-lock harness can fail: allocate on purpose inside it (drivers/locked.py, the one
# heaplock.py and the other locked drivers use).
from locked import locked


def make_tuple(n):
    return (n, n + 1)


def make_big(n):
    return n << 40      # a long int on the 32-bit port; still a small int on the 64-bit unix port


for name, fn in (("tuple", make_tuple), ("bigint", make_big)):
    print(name, locked(lambda: fn(3)))
