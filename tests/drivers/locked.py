# The heap-lock harness the locked drivers share. Not run alone: a driver's line
# `from locked import locked` is replaced by this text (support.script_text), as a board runs one script.
# run takes no arguments and is made before the lock: a call with arguments unpacked (*args) would
# allocate, and so would a new module global assigned under the lock (the globals dict growing), so
# what run computes it stores in a list the driver made beforehand.
def locked(run):
    # run() inside micropython.heap_lock(): "ALLOCATED" if it raised MemoryError (any heap allocation,
    # and on the 32-bit port any integer that leaves the small-int range), else "clean".
    import micropython      # MicroPython ports only
    micropython.heap_lock()
    try:
        run()
    except MemoryError:
        micropython.heap_unlock()
        return "ALLOCATED"
    micropython.heap_unlock()
    return "clean"
