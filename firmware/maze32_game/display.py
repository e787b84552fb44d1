# Display adapters: a framebuf.FrameBuffer the games draw into (screen.py), plus show() to send it to
# the panel. The bus objects (machine.I2C, machine.SPI, machine.Pin) come from open_display(), which
# reads the board profile; the classes themselves only need objects with the same methods.
import framebuf


class SSD1306:
    # 128x64 monochrome OLED on I2C (the usual module at address 0x3C = 60), page addressing
    # horizontal, charge pump on. MONO_VLSB matches the panel's memory layout byte for byte.
    INIT = (0xAE, 0x20, 0x00, 0x40, 0xA1, 0xA8, 0x3F, 0xC8, 0xD3, 0x00, 0xDA, 0x12, 0xD5, 0x80,
            0xD9, 0xF1, 0xDB, 0x30, 0x81, 0xFF, 0xA4, 0xA6, 0x8D, 0x14, 0xAF)

    def __init__(self, i2c, width=128, height=64, address=60):
        self.i2c, self.address = i2c, address
        self.width, self.height = width, height
        self.buf = bytearray(width * height // 8)
        self.fb = framebuf.FrameBuffer(self.buf, width, height, framebuf.MONO_VLSB)
        self.fg, self.bg = 1, 0
        self.cmd = bytearray(2)
        for c in self.INIT:
            self.command(c)

    def command(self, c):
        self.cmd[0] = 0x80                     # control byte: one command follows
        self.cmd[1] = c
        self.i2c.writeto(self.address, self.cmd)

    def show(self):
        for c in (0x21, 0, self.width - 1, 0x22, 0, self.height // 8 - 1):
            self.command(c)
        self.i2c.writevto(self.address, (b"\x40", self.buf))


class ST7789:
    # The Waveshare ESP32-C6-LCD-1.47's 172x320 panel on SPI; its 172 columns start at column 34 of
    # the controller. framebuf's RGB565 is little-endian while the panel takes big-endian pixels, so
    # colours are given byte-swapped (fg 0xE0FF is yellow on the panel).
    X_OFFSET = 34

    def __init__(self, spi, cs, dc, rst=None, bl=None, width=172, height=320):
        self.spi, self.cs, self.dc = spi, cs, dc
        self.width, self.height = width, height
        self.buf = bytearray(width * height * 2)
        self.fb = framebuf.FrameBuffer(self.buf, width, height, framebuf.RGB565)
        self.fg, self.bg = 0xE0FF, 0x0000
        if rst is not None:
            rst.value(0)
            rst.value(1)
        for c, data in ((0x01, b""), (0x11, b""), (0x3A, b"\x55"), (0x36, b"\x00"), (0x21, b""),
                        (0x13, b""), (0x29, b"")):
            self.command(c, data)
        if bl is not None:
            bl.value(1)

    def command(self, c, data=b""):
        self.cs.value(0)
        self.dc.value(0)
        self.spi.write(bytes((c,)))
        if data:
            self.dc.value(1)
            self.spi.write(data)
        self.cs.value(1)

    def show(self):
        x0, x1 = self.X_OFFSET, self.X_OFFSET + self.width - 1
        self.command(0x2A, bytes((x0 >> 8, x0 & 255, x1 >> 8, x1 & 255)))
        self.command(0x2B, bytes((0, 0, (self.height - 1) >> 8, (self.height - 1) & 255)))
        self.command(0x2C, self.buf)


def open_display(profile):
    # The profile's display on its real bus, or None when the profile has none.
    d = profile.get("display")
    if not d:
        return None
    from machine import Pin, I2C, SPI       # only on a board
    pins = d["pins"]
    if d["kind"] == "ssd1306":
        return SSD1306(I2C(0, sda=Pin(pins["sda"]), scl=Pin(pins["scl"])), d["width"], d["height"],
                       d.get("address", 60))
    spi = SPI(1, baudrate=40000000, sck=Pin(pins["sclk"]), mosi=Pin(pins["mosi"]))
    out = lambda n: Pin(pins[n], Pin.OUT) if n in pins else None   # noqa: E731
    return ST7789(spi, out("cs"), out("dc"), out("rst"), out("bl"), d["width"], d["height"])
