# The board's side of bench/frame_riscv.py: frames of one game counted in RV32 instructions with
# time.ticks_cpu() (the RISC-V board's instret counter), as app.py plays them: app imported first (its
# start: the library's core loaded packed), the round made by games.new_round (a game's buffers, then
# its code; the line arenas at its first frame), then per frame
# the round's tick and its 80 x 24 view through term.Screen, which keeps only the lines that changed
# (writing them to the serial port is the port's business: collected here, not counted).
# Each frame is counted alone after a collection, so a frame's count is its own work, not a share of
# the collector's; the bytes it allocated are printed beside it. ARGS: mode (a games.py name), seed,
# ticks; duel: size; deeper: level (every ghost awake and due: each frame pays the route search to the
# player, the worst case); explore: depth. Prints "heap RESIDENT" (gc.mem_alloc after the first frame,
# collected: what the game holds while it plays, the library's and the firmware's code included) and a
# line "frame N INSTRUCTIONS BYTES CHUNKS" a frame (CHUNKS: world chunks made in it, Explore only).
import gc
import time
from maze32_game import app  # noqa: F401  (the board's start: the library's core loaded packed)
from maze32_game import games, term

KEYS = {"duel": ("right", "down", "left", "up"), "deeper": ("right", "left", "down", "up"),
        "explore": ("right", "right", "down", "right", "left", "up", "right", None)}
out = []
screen = term.Screen(out.append)
mode = ARGS["mode"]
rnd = games.new_round(games.by_name(mode), ARGS["seed"], tuple(ARGS.get("size", (32, 32))), {"bot": 2})
game = rnd.game
if mode == "deeper":
    while game.depth < ARGS["level"]:
        game.descend()
    rnd.banner = 0
keys = KEYS[mode]
screen.show(getattr(rnd, "frame", rnd.view)(80, 24))           # warm-up: imports, the first frame
del out[:]
gc.collect()
print("heap", gc.mem_alloc())
i = 0
while i < ARGS["ticks"]:
    if mode == "deeper":
        for g in range(game.level.ghosts):
            game.awake[g] = 1
            game.timer[g] = 1
    made = getattr(game, "generated", 0)
    gc.collect()
    free = gc.mem_free()
    t = time.ticks_cpu()
    empty = time.ticks_diff(time.ticks_cpu(), t)   # the counting's own instructions
    t = time.ticks_cpu()
    rnd.tick(keys[i % len(keys)])
    screen.show(getattr(rnd, "frame", rnd.view)(80, 24))
    n = time.ticks_diff(time.ticks_cpu(), t) - empty
    print("frame", i, n, free - gc.mem_free(), getattr(game, "generated", 0) - made)
    del out[:]
    i += 1
print("done")
