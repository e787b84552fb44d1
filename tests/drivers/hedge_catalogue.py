# Print "LEVEL SEED HASH ATTEMPTS" for each (level, seed) in ARGS["rows"], and under heap_lock
# report whether generation and validation allocated ("clean"/"ALLOCATED") when ARGS["locked"].
from maze32 import Workspace, split_seed
from maze32.hedge import HedgeLevel, generate_hedge, validate_hedge, hedge_hash


def run_locked(lv, ws, level, hi, lo):
    import micropython      # MicroPython ports only
    micropython.heap_lock()
    try:
        status = generate_hedge(lv, ws, level, hi, lo)
        mask = validate_hedge(lv, ws)
    except MemoryError:
        micropython.heap_unlock()
        return "ALLOCATED", -1, -1
    micropython.heap_unlock()
    return "clean", status, mask


lv = HedgeLevel()
ws = Workspace()
for level, seed in ARGS["rows"]:
    hi, lo = split_seed(seed)
    if ARGS.get("locked"):
        outcome, status, mask = run_locked(lv, ws, level, hi, lo)
        print(level, seed, outcome, status, mask)
    elif generate_hedge(lv, ws, level, hi, lo) == 0:
        print(level, seed, hedge_hash(lv, ws), lv.attempts)
    else:
        print(level, seed, "FAILED", lv.attempts)
