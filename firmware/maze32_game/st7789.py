# The Waveshare ESP32-C6-LCD-1.47's 172x320 IPS panel, an ST7789 on SPI, with micropython-lib's ssd1306
# interface (display.py says what that is). Its 172 columns start at column 34 of the controller.
# framebuf's RGB565 is little-endian while the panel takes big-endian pixels, so colours are given
# byte-swapped (fg 0xE0FF is yellow on the panel). IPS glass shows colours inverted, hence INVON (0x21)
# at start.
import framebuf

X_OFFSET = 34
INIT = ((0x01, b""), (0x11, b""), (0x3A, b"\x55"), (0x36, b"\x00"), (0x21, b""), (0x13, b""), (0x29, b""))


class ST7789(framebuf.FrameBuffer):
    def __init__(self, spi, cs, dc, rst=None, bl=None, width=172, height=320):
        self.spi, self.cs, self.dc, self.bl = spi, cs, dc, bl
        self.width, self.height = width, height
        self.buffer = bytearray(width * height * 2)
        super().__init__(self.buffer, width, height, framebuf.RGB565)
        self.fg, self.bg = 0xE0FF, 0x0000
        x0, x1, y1 = X_OFFSET, X_OFFSET + width - 1, height - 1
        self.window = (bytes((x0 >> 8, x0 & 255, x1 >> 8, x1 & 255)), bytes((0, 0, y1 >> 8, y1 & 255)))
        if rst is not None:
            rst.value(0)
            rst.value(1)
        for c, data in INIT:
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
