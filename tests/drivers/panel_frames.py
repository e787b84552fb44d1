# The board's display path for every game (games.py) on each panel of ARGS["panels"] (profiles'
# display entries): the game's own drivers (ssd1306.py, st7789.py) over the virtual board's bus
# (host/virtual_panel.py, writing its records to the file ARGS["out"]), drawn by app.py's Frontends
# as on a board; after each frame, a record "R" of the reference: the same picture drawn straight into
# a framebuf of the panel's format. A record "F" names the panel and the game that follow.
import framebuf
from maze32_game import app
from maze32_game.ssd1306 import SSD1306_I2C
from maze32_game.st7789 import ST7789
from maze32_game import games
from maze32_game import screen
import virtual_panel as vp

out = open(ARGS["out"], "wb")
wire = vp.Wire(out)
for panel in ARGS["panels"]:
    w, h, pins, mono = panel["width"], panel["height"], panel["pins"], panel["kind"] == "ssd1306"
    for g in games.GAMES:
        wire.record(ord("F"), ("%s %s" % (panel["kind"], g.name)).encode())
        if mono:
            d = SSD1306_I2C(w, h, vp.I2C(0, wire=wire), panel.get("address", 60))
        else:
            pin = lambda role: vp.Pin(pins[role], vp.Pin.OUT, wire=wire)   # noqa: E731
            d = ST7789(vp.SPI(1, wire=wire), pin("cs"), pin("dc"), pin("rst"), pin("bl"), w, h)
        front = app.Frontends({}, d)
        ref_buf = bytearray(len(d.buffer))
        ref = framebuf.FrameBuffer(ref_buf, w, h, framebuf.MONO_VLSB if mono else framebuf.RGB565)
        rnd = games.new_round(g, ARGS["seed"], (32, 32), {})
        keys = ARGS["keys"]
        for step in range(ARGS["frames"]):
            if step:
                rnd.tick(keys[step % len(keys)])
            front.draw(rnd)
            getattr(screen, g.panel)(ref, rnd.game, w, h, 8 if h <= 64 else 10, d.fg, d.bg)
            wire.record(ord("R"), b"", ref_buf)
out.close()
print("done")
