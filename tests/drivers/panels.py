# The panels' other paths: the drivers' controls (poweroff, poweron, contrast, invert) over the virtual
# board's bus into the file ARGS["out"] (records "F" name the driver), a driver of one's own handed to
# app.py's Frontends, and the button adapter against stand-in pins (the buttons' GPIOs cannot exist
# here: thin, recording).
import framebuf
from maze32_game import app
from maze32_game import buttons
from maze32_game.ssd1306 import SSD1306_I2C
from maze32_game.st7789 import ST7789
from maze32_game import games
import virtual_panel as vp

wire = vp.Wire(open(ARGS["out"], "wb"))
wire.record(ord("F"), b"ssd1306")
oled = SSD1306_I2C(128, 64, vp.I2C(0, wire=wire))
oled.fill(0)
oled.pixel(3, 9, 1)
oled.show()
oled.contrast(0x20)
oled.invert(1)
oled.poweroff()
oled.poweron()
wire.record(ord("F"), b"st7789")
pins = ARGS["st7789"]["pins"]
pin = lambda role: vp.Pin(pins[role], vp.Pin.OUT, wire=wire)   # noqa: E731
lcd = ST7789(vp.SPI(1, wire=wire), pin("cs"), pin("dc"), pin("rst"), pin("bl"), 172, 320)
lcd.fill(lcd.fg)
lcd.show()
lcd.invert(True)
lcd.poweroff()
wire.sink.close()


class Mine(framebuf.FrameBuffer):
    # A driver of one's own: the interface alone (no fg, bg), counting its frames.
    def __init__(self):
        self.width, self.height, self.shown = 128, 64, 0
        self.buffer = bytearray(128 * 64 // 8)
        super().__init__(self.buffer, 128, 64, framebuf.MONO_VLSB)

    def show(self):
        self.shown += 1


mine = Mine()
front = app.Frontends({}, mine)
front.draw(games.new_round(games.by_name("deeper"), 4, (32, 32), {}))
print("mine", mine.shown, sum(mine.buffer) > 0)


class Pin:
    def __init__(self, level=1):
        self.level = level

    def value(self, v=None):
        return self.level


profile = {"buttons": [{"name": "boot", "pin": 9, "active_low": True},
                       {"name": "left", "pin": 20, "active_low": True}]}
levels = {9: Pin(1), 20: Pin(1)}
b = buttons.Buttons(profile, lambda n: levels[n])
first = b.pressed()
levels[20].level = 0
print("buttons", first, b.pressed(), " ".join(b.held()))
