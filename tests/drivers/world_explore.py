# Explore on any runtime. With ARGS["memory"]: the heap growth of one Explore (its resident chunks,
# workspace and dig log; the kinds' code imported first, as a board has it loaded). With ARGS["walk"]
# ([[seed, depth], ...]): a scripted walk per world, printing where it ends and what it made.
import gc
import explore
from maze32.world import prepare
from maze32.world.tiles import WorldSpec

KEYS = ("right", "right", "down", "right", "left", "up", "right", None)


def make(seed, depth):
    return explore.Explore(seed, depth)


def main():
    if ARGS.get("memory"):
        for depth in (1, 4, 8):
            prepare(WorldSpec(0, 7, depth, 2048, 2048))
        gc.collect()
        before = gc.mem_alloc()
        g = make(7, 4)
        gc.collect()
        print(gc.mem_alloc() - before, g.generated)
        return
    for seed, depth in ARGS["walk"]:
        g = make(seed, depth)
        states = 0
        for i in range(300):
            if g.tick(KEYS[i % len(KEYS)]) != "playing":
                states += 1
        print(seed, depth, g.x, g.y, g.depth, g.items, g.state, g.generated, states)


main()
