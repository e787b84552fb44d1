# The SSD1306 128x64 monochrome OLED on I2C, with micropython-lib's ssd1306 interface (display.py says
# what that is) and its constructor: SSD1306_I2C(width, height, i2c, addr=0x3C). The usual module at
# address 0x3C = 60; a narrower panel sits centred in the controller's 128 columns. Horizontal
# addressing, segment and COM remapped (the module's upright picture), charge pump on. MONO_VLSB is the
# panel's memory layout byte for byte, so show() sends the buffer as it is.
import framebuf
from micropython import const

_SET_CONTRAST = const(0x81)
_SET_NORM_INV = const(0xA6)
_SET_DISP = const(0xAE)
_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)
INIT = (0xAE, 0x20, 0x00, 0x40, 0xA1, 0xA8, 0x3F, 0xC8, 0xD3, 0x00, 0xDA, 0x12, 0xD5, 0x80,
        0xD9, 0xF1, 0xDB, 0x30, 0x81, 0xFF, 0xA4, 0xA6, 0x8D, 0x14, 0xAF)


class SSD1306_I2C(framebuf.FrameBuffer):
    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        self.i2c, self.addr = i2c, addr
        self.width, self.height = width, height
        self.buffer = bytearray(width * height // 8)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.fg, self.bg = 1, 0
        self.cmd = bytearray(2)
        self.parts = [b"\x40", self.buffer]       # writevto's list, made once
        for c in INIT:
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
