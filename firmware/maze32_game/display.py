# Display drivers with micropython-lib's ssd1306 interface: each is a framebuf.FrameBuffer (the games
# draw into it, screen.py) with width, height and show() to send it to the panel, plus poweroff(),
# poweron(), invert() and, on the OLED, contrast(). So a driver of one's own with that interface (such
# as micropython-lib's ssd1306.SSD1306_I2C) can be handed to the game instead: app.main(display=...).
# The bus objects (machine.I2C, machine.SPI, machine.Pin) come from open_display(), which reads the
# board profile; the classes only need objects with the same methods. host/panels.py decodes what
# they send, which is how the tests judge them.
import framebuf
from micropython import const

_SET_CONTRAST = const(0x81)
_SET_NORM_INV = const(0xA6)
_SET_DISP = const(0xAE)
_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)


class SSD1306_I2C(framebuf.FrameBuffer):
    # 128x64 (or narrower, centred in the controller's 128 columns) monochrome OLED on I2C, the usual
    # module at address 0x3C = 60; micropython-lib's constructor. Horizontal addressing, segment and
    # COM remapped (the module's upright picture), charge pump on. MONO_VLSB is the panel's memory
    # layout byte for byte, so show() sends the buffer as it is.
    INIT = (0xAE, 0x20, 0x00, 0x40, 0xA1, 0xA8, 0x3F, 0xC8, 0xD3, 0x00, 0xDA, 0x12, 0xD5, 0x80,
            0xD9, 0xF1, 0xDB, 0x30, 0x81, 0xFF, 0xA4, 0xA6, 0x8D, 0x14, 0xAF)

    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        self.i2c, self.addr = i2c, addr
        self.width, self.height = width, height
        self.buffer = bytearray(width * height // 8)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.fg, self.bg = 1, 0
        self.cmd = bytearray(2)
        self.parts = [b"\x40", self.buffer]       # writevto's list, made once
        for c in self.INIT:
            self.write_cmd(c)

    def write_cmd(self, c):
        self.cmd[0] = 0x80                     # control byte: one command follows
        self.cmd[1] = c
        self.i2c.writeto(self.addr, self.cmd)

    def poweroff(self):
        self.write_cmd(_SET_DISP)

    def poweron(self):
        self.write_cmd(_SET_DISP | 1)

    def contrast(self, level):
        self.write_cmd(_SET_CONTRAST)
        self.write_cmd(level)

    def invert(self, on):
        self.write_cmd(_SET_NORM_INV | (on & 1))

    def show(self):
        x0 = (128 - self.width) // 2
        for c in (_SET_COL_ADDR, x0, x0 + self.width - 1, _SET_PAGE_ADDR, 0, self.height // 8 - 1):
            self.write_cmd(c)
        self.i2c.writevto(self.addr, self.parts)   # control byte 0x40: all the rest is data


class ST7789(framebuf.FrameBuffer):
    # The Waveshare ESP32-C6-LCD-1.47's 172x320 IPS panel on SPI; its 172 columns start at column 34
    # of the controller. framebuf's RGB565 is little-endian while the panel takes big-endian pixels,
    # so colours are given byte-swapped (fg 0xE0FF is yellow on the panel). IPS glass shows colours
    # inverted, hence INVON (0x21) at start.
    X_OFFSET = 34

    def __init__(self, spi, cs, dc, rst=None, bl=None, width=172, height=320):
        self.spi, self.cs, self.dc, self.bl = spi, cs, dc, bl
        self.width, self.height = width, height
        self.buffer = bytearray(width * height * 2)
        super().__init__(self.buffer, width, height, framebuf.RGB565)
        self.fg, self.bg = 0xE0FF, 0x0000
        x0, x1, y1 = self.X_OFFSET, self.X_OFFSET + width - 1, height - 1
        self.window = (bytes((x0 >> 8, x0 & 255, x1 >> 8, x1 & 255)), bytes((0, 0, y1 >> 8, y1 & 255)))
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

    def poweroff(self):
        self.command(0x28)                     # display off, then sleep in
        self.command(0x10)
        if self.bl is not None:
            self.bl.value(0)

    def poweron(self):
        self.command(0x11)
        self.command(0x29)
        if self.bl is not None:
            self.bl.value(1)

    def invert(self, on):
        self.command(0x20 if on else 0x21)     # the glass inverts: INVOFF shows the inverse

    def show(self):
        self.command(0x2A, self.window[0])
        self.command(0x2B, self.window[1])
        self.command(0x2C, self.buffer)


def open_display(profile):
    # The profile's display on its real bus, or None when the profile has none. Where machine has no
    # buses (the unix port), the virtual board's panel when it is served with one (virtual_panel,
    # written by host/virtual_board.py: its display and a bus that hands the bytes to the host);
    # ImportError when there is neither.
    try:
        from machine import Pin, I2C, SPI
        d = profile.get("display")
    except ImportError:
        from virtual_panel import Pin, I2C, SPI, served
        d = served()
    if not d:
        return None
    pins = d["pins"]
    if d["kind"] == "ssd1306":
        return SSD1306_I2C(d["width"], d["height"], I2C(0, sda=Pin(pins["sda"]), scl=Pin(pins["scl"])),
                           d.get("address", 60))
    spi = SPI(1, baudrate=40000000, sck=Pin(pins["sclk"]), mosi=Pin(pins["mosi"]))
    out = lambda n: Pin(pins[n], Pin.OUT) if n in pins else None   # noqa: E731
    return ST7789(spi, out("cs"), out("dc"), out("rst"), out("bl"), d["width"], d["height"])
