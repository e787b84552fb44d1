# First outputs of xoroshiro32++ for each state in ARGS["seeds"], then candidate seeds of attempts 0..7.
from maze32 import Workspace
from maze32.rng import Rng, split_seed, mix_seed

rng = Rng()
for s0, s1 in ARGS["seeds"]:
    rng.seed(s0, s1)
    print(" ".join([str(rng.next16()) for _ in range(ARGS["count"])]))
ws = Workspace()
for seed in (0, 7, 4294967295):
    hi, lo = split_seed(seed)
    vals = []
    for a in range(8):
        mix_seed(hi, lo, a, ws)
        vals.append(str(ws.pair[0] * 65536 + ws.pair[1]))
    print(" ".join(vals))
