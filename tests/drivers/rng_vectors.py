# First outputs of xoroshiro32++ for each state in ARGS["seeds"], then candidate seeds of attempts 0..7.
from maze32.rng import Rng, mix_seed, split_seed

rng = Rng()
for s0, s1 in ARGS["seeds"]:
    rng.seed(s0, s1)
    print(" ".join([str(rng.next16()) for _ in range(ARGS["count"])]))
out = [0, 0]
for seed in (0, 7, 4294967295):
    hi, lo = split_seed(seed)
    vals = []
    for a in range(8):
        mix_seed(hi, lo, a, out)
        vals.append(str(out[0] * 65536 + out[1]))
    print(" ".join(vals))
