# The display and button adapters against recording stand-ins for I2C, SPI and pins: the buses cannot
# exist here, so these record what the adapters send (the only fakes in the suite, and thin).
from maze32_game import display
from maze32_game import buttons
from maze32_game import screen
from maze32_game import deeper


class RecordingI2C:
    def __init__(self):
        self.log = []

    def writeto(self, addr, data):
        self.log.append((addr, bytes(data)))

    def writevto(self, addr, parts):
        self.log.append((addr, b"".join([bytes(p) for p in parts])))


class RecordingSPI:
    def __init__(self):
        self.log = []

    def write(self, data):
        self.log.append(bytes(data))


class Pin:
    def __init__(self, level=1):
        self.level = level
        self.history = []

    def value(self, v=None):
        if v is None:
            return self.level
        self.history.append(v)
        self.level = v


i2c = RecordingI2C()
oled = display.SSD1306(i2c)
game = deeper.Deeper(4)
screen.draw_deeper(oled.fb, game, 128, 64, 8, oled.fg, oled.bg)
oled.show()
commands = [d[1] for a, d in i2c.log if d[0] == 0x80]
print("ssd1306", len(commands), " ".join(["%02x" % c for c in commands[:3]]), i2c.log[-1][0],
      len(i2c.log[-1][1]), i2c.log[-1][1][0], sum(i2c.log[-1][1][1:]) > 0)
spi = RecordingSPI()
lcd = display.ST7789(spi, Pin(), Pin(), Pin(), Pin(0), 172, 320)
lcd.show()
print("st7789", " ".join(["%02x" % w[0] for w in spi.log if len(w) == 1]), len(spi.log[-1]))
profile = {"buttons": [{"name": "boot", "pin": 9, "active_low": True},
                       {"name": "left", "pin": 20, "active_low": True}]}
pins = {9: Pin(1), 20: Pin(1)}
b = buttons.Buttons(profile, lambda n: pins[n])
first = b.pressed()
pins[20].level = 0
print("buttons", first, b.pressed(), " ".join(b.held()))
