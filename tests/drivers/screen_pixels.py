# Draw a game into a framebuf and print what the test checks: the window origin, then each requested
# pixel's value (Duel, Deeper or Explore), for the SSD1306 (MONO_VLSB 128x64) or an RGB565 framebuffer.
import framebuf
from maze32_game import duel
from maze32_game import deeper
from maze32_game import screen

w, h, cell = ARGS["width"], ARGS["height"], ARGS["cell"]
if ARGS["format"] == "mono":
    buf = bytearray(w * h // 8)
    fb = framebuf.FrameBuffer(buf, w, h, framebuf.MONO_VLSB)
    fg, bg = 1, 0
else:
    buf = bytearray(w * h * 2)
    fb = framebuf.FrameBuffer(buf, w, h, framebuf.RGB565)
    fg, bg = 0xFFE0, 0x0000
if ARGS["game"] == "duel":
    game = duel.Duel(ARGS["seed"], 16, 16)
    for key in ARGS["keys"]:
        game.tick(key, None)
    x0, y0 = screen.draw_duel(fb, game, w, h, cell, fg, bg)
elif ARGS["game"] == "deeper":
    game = deeper.Deeper(ARGS["seed"])
    x0, y0 = screen.draw_deeper(fb, game, w, h, cell, fg, bg)
else:
    from maze32_game import explore
    game = explore.Explore(ARGS["seed"], ARGS["depth"])
    for key in ARGS["keys"]:
        game.tick(key)
    x0, y0 = screen.draw_explore(fb, game, w, h, cell, fg, bg)
print(x0, y0)
print(" ".join([str(fb.pixel(x, y)) for x, y in ARGS["pixels"]]))
