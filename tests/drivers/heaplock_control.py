# Prove the heap-lock harness can fail: allocate on purpose inside micropython.heap_lock(), with the
# same function-wrapped locked section as heaplock.py.
import micropython


def make_tuple(n):
    return (n, n + 1)


def make_big(n):
    return n << 40      # a long int on the 32-bit port; still a small int on the 64-bit unix port


def run_locked(fn):
    micropython.heap_lock()
    try:
        fn(3)
    except MemoryError:
        micropython.heap_unlock()
        return "ALLOCATED"
    micropython.heap_unlock()
    return "clean"


for name, fn in (("tuple", make_tuple), ("bigint", make_big)):
    print(name, run_locked(fn))
