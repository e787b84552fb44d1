# Explore on any runtime. With ARGS["memory"]: the heap growth of one Explore (its resident chunks,
# workspace and dig log; the kinds' code imported first, as a board has it loaded). With ARGS["menu"]:
# the heap growth of Explore chosen from the board's menu (what app.py imports, the round made by
# games.py, one frame drawn), and whether the other games' modules were loaded. With ARGS["walk"]
# ([[seed, depth], ...]): a scripted walk per world, printing where it ends and what it made.
import gc
from maze32_game import explore
from maze32.world import prepare
from maze32.world.tiles import WorldSpec

KEYS = ("right", "right", "down", "right", "left", "up", "right", None)


def make(seed, depth):
    return explore.Explore(seed, depth)


def from_the_menu():
    import sys
    gc.collect()
    before = gc.mem_alloc()
    from maze32_game import term  # noqa: F401
    from maze32_game import games
    rnd = games.new_round(games.by_name("explore"), 7, None, {})
    lines = rnd.view(80, 24)
    gc.collect()
    print(gc.mem_alloc() - before, len(lines), "duel" in sys.modules or "deeper" in sys.modules)


def main():
    if ARGS.get("menu"):
        from_the_menu()
        return
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
