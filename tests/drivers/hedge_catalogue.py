# Print "LEVEL SEED HASH ATTEMPTS" for each (level, seed) in ARGS["rows"], and under heap_lock
# report whether generation and validation allocated ("clean"/"ALLOCATED") when ARGS["locked"].
from maze32 import Workspace, split_seed
from maze32.hedge import HedgeLevel, generate_hedge, validate_hedge, hedge_hash
from locked import locked


def generate_and_validate():
    # On the loop's level and seed (globals); status and mask into `out`.
    out[0] = generate_hedge(lv, ws, level, hi, lo)
    out[1] = validate_hedge(lv, ws)


lv = HedgeLevel()
ws = Workspace()
out = [-1, -1]
for level, seed in ARGS["rows"]:
    hi, lo = split_seed(seed)
    if ARGS.get("locked"):
        outcome = locked(generate_and_validate)
        status, mask = out if outcome == "clean" else (-1, -1)
        print(level, seed, outcome, status, mask)
    elif generate_hedge(lv, ws, level, hi, lo) == 0:
        print(level, seed, hedge_hash(lv, ws), lv.attempts)
    else:
        print(level, seed, "FAILED", lv.attempts)
