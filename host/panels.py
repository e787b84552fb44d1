# What reaches a panel, decoded: the SSD1306's I2C command and data stream and the ST7789's SPI command
# stream, replayed into a model of each controller's memory, and the picture the glass shows from it.
# The tests judge the display drivers (firmware/display.py) by it, and `maze32 board serve --panel`
# shows the virtual board's panel as a PNG through it.
#
# Both decoders are fed what the bus carried, one transaction at a time, and never raise on what they
# are fed: a byte the controller would not understand is a problem, appended to `problems` (one line
# each, the first MAX_PROBLEMS kept, all counted in `errors`), and the decoder carries on as the chip
# would. `frames` counts the pixel writes that ended (a show()).
from host.raster import png_bytes

MAX_PROBLEMS = 20


class Decoder:
    def __init__(self):
        self.problems = []
        self.errors = 0
        self.frames = 0

    def problem(self, text):
        self.errors += 1
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(text)


# -- SSD1306 (datasheet rev 1.1, sections 8.1.5 and 10) ----------------------------------------------
# An I2C write is: address, then control bytes each followed by what they introduce. Control byte
# Co D/C 000000: Co=1 means one byte follows and then another control byte; Co=0 means every byte to
# the end of the write is of that kind; D/C=0 commands (arguments are commands too), D/C=1 display data.
# GDDRAM is 128 columns x 8 pages of 8 rows: a data byte is 8 rows of one column, bit 0 on top (which
# is framebuf's MONO_VLSB). The pointer advances by the addressing mode (0x20): horizontal (0) and
# vertical (1) within the window of 0x21/0x22, page (2) along one page set by 0xB0-0xB7 and the
# column nibbles 0x00-0x1F.
SSD_ARGS = {0x81: 1, 0x20: 1, 0x21: 2, 0x22: 2, 0xA3: 2, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1,
            0xDB: 1, 0x8D: 1, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5}
# the commands that turn a setting on or off: command -> (setting, value)
SSD_SWITCHES = {0xA0: ("seg_remap", False), 0xA1: ("seg_remap", True), 0xC0: ("com_remap", False),
                0xC8: ("com_remap", True), 0xA6: ("inverse", False), 0xA7: ("inverse", True),
                0xA4: ("entire_on", False), 0xA5: ("entire_on", True), 0xAE: ("on", False), 0xAF: ("on", True)}
SSD_SINGLE = set(range(0x00, 0x20)) | set(range(0x40, 0x80)) | set(range(0xB0, 0xB8)) | {
    0x2E, 0x2F, 0xA0, 0xA1, 0xA4, 0xA5, 0xA6, 0xA7, 0xAE, 0xAF, 0xC0, 0xC8, 0xE3}


class SSD1306Decoder(Decoder):
    COLUMNS, PAGES = 128, 8

    def __init__(self, width=128, height=64, address=0x3C):
        Decoder.__init__(self)
        self.width, self.height, self.address = width, height, address
        self.ram = bytearray(self.COLUMNS * self.PAGES)
        # the state after reset (datasheet section 10)
        self.mode = 2
        self.columns, self.pages = (0, 127), (0, 7)
        self.column, self.page, self.page_start_column = 0, 0, 0
        self.seg_remap = self.com_remap = self.inverse = self.entire_on = self.on = False
        self.start_line, self.offset, self.mux, self.contrast = 0, 0, 63, 0x7F
        self.pending, self.args, self.need = None, [], 0

    def write(self, address, data):
        # One I2C write to `address` of `data` (the bytes after the address).
        data = bytes(data)
        if address != self.address:
            return self.problem("write to address 0x%02x, the panel is at 0x%02x" % (address, self.address))
        if not data:
            return self.problem("an empty write")
        i, wrote = 0, False
        while i < len(data):
            control = data[i]
            i += 1
            if control & 0x3F:
                return self.problem("control byte 0x%02x (only 0x00, 0x40, 0x80, 0xC0 are)" % control)
            count = 1 if control & 0x80 else len(data) - i
            if count == 0 or i + count > len(data):
                self.problem("control byte 0x%02x with nothing after it" % control)
                break
            if control & 0x40:
                self.data(data[i:i + count])
                wrote = True
            else:
                for c in data[i:i + count]:
                    self.command(c)
            i += count
        if wrote:
            self.frames += 1

    def command(self, c):
        if self.pending is not None:         # an argument of the command before
            self.args.append(c)
            if len(self.args) == self.need:
                self.apply(self.pending, self.args)
                self.pending = None
            return
        if c in SSD_ARGS:
            self.pending, self.args, self.need = c, [], SSD_ARGS[c]
        elif c in SSD_SINGLE:
            self.apply(c, ())
        else:
            self.problem("unknown command 0x%02x" % c)

    def apply(self, c, a):
        if c == 0x20:
            if a[0] & 3 == 3:
                self.problem("addressing mode 0x%02x is invalid" % a[0])
            else:
                self.mode = a[0] & 3
        elif c == 0x21:
            self.columns = self.window(a, 127, "column")
            self.column = self.columns[0]
        elif c == 0x22:
            self.pages = self.window(a, 7, "page")
            self.page = self.pages[0]
        elif c < 0x10:
            self.column = self.page_start_column = (self.column & 0xF0) | c
        elif c < 0x20:
            self.column = self.page_start_column = (self.column & 0x0F) | ((c & 7) << 4)
        elif 0xB0 <= c <= 0xB7:
            self.page = c & 7
        elif 0x40 <= c <= 0x7F:
            self.start_line = c & 63
        elif c in SSD_SWITCHES:
            setattr(self, *SSD_SWITCHES[c])
        elif c == 0x81:
            self.contrast = a[0]               # parsed; a picture has no brightness
        elif c == 0xA8:
            if a[0] & 63 < 15:
                self.problem("multiplex ratio %d (15..63)" % (a[0] & 63))
            else:
                self.mux = a[0] & 63
        elif c == 0xD3:
            self.offset = a[0] & 63
        # the rest (clock, precharge, VCOMH, charge pump, COM pins, scrolling) change no pixel here

    def window(self, a, top, what):
        first, last = a[0], a[1]
        if first > top or last > top or first > last:
            self.problem("%s window %d..%d outside 0..%d" % (what, first, last, top))
        first, last = min(first & 127, top), min(last & 127, top)
        return (first, last) if first <= last else (first, first)

    def data(self, chunk):
        ram, n = self.ram, self.COLUMNS
        for b in chunk:
            ram[self.page * n + self.column] = b
            if self.mode == 0:                           # horizontal: along the columns, then the next page
                self.column += 1
                if self.column > self.columns[1]:
                    self.column = self.columns[0]
                    self.page = self.page + 1 if self.page < self.pages[1] else self.pages[0]
            elif self.mode == 1:                         # vertical: down the pages, then the next column
                self.page += 1
                if self.page > self.pages[1]:
                    self.page = self.pages[0]
                    self.column = self.column + 1 if self.column < self.columns[1] else self.columns[0]
            else:                                        # page: along this page only
                self.column = self.column + 1 if self.column < 127 else self.page_start_column

    def image(self):
        # What the glass shows, `height` rows of `width` bytes, 1 lit. As such modules are mounted,
        # segment remap on (0xA1) and COM remap on (0xC8) put RAM column 0 and row 0 top left; 0xA0
        # mirrors it left to right, 0xC0 top to bottom; the start line and the offset roll the rows;
        # rows beyond the multiplex ratio stay dark.
        w, h = self.width, self.height
        out = bytearray(w * h)
        if not self.on:
            return bytes(out)
        ram, lit = self.ram, 1 ^ self.inverse
        first = (self.COLUMNS - w) // 2                  # a narrower panel sits in the middle columns
        for y in range(min(h, self.mux + 1)):
            row = y if self.com_remap else self.mux - y
            row = (row + self.start_line + self.offset) & 63
            base, bit = (row >> 3) * self.COLUMNS, row & 7
            for x in range(w):
                col = first + x if self.seg_remap else self.COLUMNS - 1 - first - x
                on = self.entire_on or (ram[base + col] >> bit) & 1
                out[y * w + x] = lit if on else 1 - lit
        return bytes(out)

    def rgb(self):
        # The image as 8-bit RGB: lit pixels the pale blue-white of such OLEDs, dark ones black.
        return b"".join(b"\xd8\xf0\xff" if p else b"\x00\x00\x00" for p in self.image())


# -- ST7789 (datasheet v1.6, sections 8.8, 9.1) ------------------------------------------------------
# SPI, 4-line: with CS low, a byte sent while DC is low is a command, while DC is high its parameter or
# pixel data. The frame memory is 240 x 320 pixels of 18 bits (kept here as RGB565); CASET (0x2A) and
# RASET (0x2B) set the window, RAMWR (0x2C) writes pixels from its top left corner, column by column
# then row by row, RAMWRC (0x3C) goes on from where the last write stopped; COLMOD (0x3A) says how many
# bytes a pixel is (16 bits: 2, big-endian; 18 bits: 3; 12 bits: 3 per 2 pixels); MADCTL (0x36) how the
# window maps to memory: MV exchanges columns and rows, MX and MY then mirror them, BGR swaps red and
# blue on the glass. A panel smaller than the memory shows part of it, from (x_offset, y_offset).
ST_ARGS = {0x2A: 4, 0x2B: 4, 0x30: 4, 0x33: 6, 0x36: 1, 0x37: 2, 0x3A: 1, 0x26: 1, 0x35: 1, 0x51: 1,
           0x53: 1, 0x55: 1, 0xB0: 2, 0xB2: 5, 0xB7: 1, 0xBB: 1, 0xC0: 1, 0xC2: 1, 0xC3: 1, 0xC4: 1,
           0xC6: 1, 0xD0: 2, 0xE0: 14, 0xE1: 14}
ST_SINGLE = {0x00, 0x01, 0x10, 0x11, 0x12, 0x13, 0x20, 0x21, 0x28, 0x29, 0x34, 0x38, 0x39}
ST_SWITCHES = {0x10: ("asleep", True), 0x11: ("asleep", False), 0x20: ("inverted", False),
               0x21: ("inverted", True), 0x28: ("on", False), 0x29: ("on", True)}
ST_PIXELS = {0x2C, 0x3C}                 # followed by any number of data bytes
ST_BYTES = {5: 2, 6: 3, 3: 1.5}          # COLMOD's interface format -> bytes a pixel


class ST7789Decoder(Decoder):
    COLUMNS, ROWS = 240, 320

    def __init__(self, width=172, height=320, x_offset=34, y_offset=0, inverted_glass=True):
        # inverted_glass: an IPS panel (as the Waveshare 1.47"'s) shows colours inverted unless INVON
        # (0x21) is on, so its drivers turn it on; a TN panel shows them as written with INVOFF.
        Decoder.__init__(self)
        self.width, self.height = width, height
        self.x_offset, self.y_offset, self.inverted_glass = x_offset, y_offset, inverted_glass
        self.memory = bytearray(self.COLUMNS * self.ROWS * 2)
        self.reset()
        self.selected = False
        self.current, self.args, self.pixel = None, bytearray(), bytearray()

    def reset(self):
        # the state after a reset (section 9.1 "default modes")
        self.madctl, self.colmod = 0, 0x66
        self.xs, self.xe, self.ys, self.ye = 0, 239, 0, 319
        self.x = self.y = 0
        self.inverted = self.on = False
        self.asleep = True

    # -- the bus -------------------------------------------------------------------------------------
    def select(self, low):
        # CS went low (True) or high (False). High ends the command being sent (4-line serial: the
        # interface starts afresh at the next CS low).
        if not low and self.selected:
            self.finish()
        self.selected = low

    def write(self, dc, data):
        # Bytes clocked out while DC was `dc` (0 command, 1 data).
        if not self.selected:
            return self.problem("%d bytes sent while CS was high" % len(data))
        if not dc:
            for c in bytes(data):
                self.finish()
                self.start(c)
        elif self.current in ST_PIXELS:
            self.pixels(bytes(data))
        elif self.current is None:
            self.problem("%d data bytes without a command" % len(data))
        elif self.current in ST_ARGS:
            need, before = ST_ARGS[self.current], len(self.args)
            self.args += data
            if before < need <= len(self.args):          # applied as its last parameter arrives
                self.parameters(self.current, self.args[:need])
            if len(self.args) > max(need, before):
                self.problem("%d bytes past the %d parameter bytes of command 0x%02x"
                             % (len(self.args) - max(need, before), need, self.current))
        # data of an unknown command: reported with the command

    def start(self, c):
        self.current, self.args = c, bytearray()
        if c in ST_SINGLE:
            self.single(c)
            self.current = None
        elif c in ST_PIXELS:
            self.pixel = bytearray()
            if c == 0x2C:
                self.x, self.y = self.xs, self.ys
        elif c not in ST_ARGS:
            self.problem("unknown command 0x%02x" % c)

    def finish(self):
        # The command being sent has had all its bytes.
        c, a = self.current, self.args
        self.current = None
        if c in ST_PIXELS:
            if self.pixel:
                self.problem("RAMWR ended %d bytes into a pixel" % len(self.pixel))
            self.frames += 1
        elif c in ST_ARGS and len(a) < ST_ARGS[c]:
            self.problem("command 0x%02x with %d parameter bytes (takes %d)" % (c, len(a), ST_ARGS[c]))

    def single(self, c):
        if c == 0x01:
            self.reset()
        elif c in ST_SWITCHES:
            setattr(self, *ST_SWITCHES[c])

    def parameters(self, c, a):
        if c in (0x2A, 0x2B):
            first, last = (a[0] << 8) | a[1], (a[2] << 8) | a[3]
            across = c == 0x2A
            top = (self.ROWS if self.madctl & 0x20 else self.COLUMNS) if across else \
                (self.COLUMNS if self.madctl & 0x20 else self.ROWS)
            if first > last or last >= top:
                self.problem("%s %d..%d outside 0..%d" % ("CASET" if across else "RASET", first, last, top - 1))
            if across:
                self.xs, self.xe = first, max(first, last)
            else:
                self.ys, self.ye = first, max(first, last)
        elif c == 0x36:
            self.madctl = a[0]
        elif c == 0x3A:
            if a[0] & 7 not in ST_BYTES:
                self.problem("pixel format 0x%02x (COLMOD takes 0x03, 0x05, 0x06 in its low bits)" % a[0])
            self.colmod = a[0]
        # the rest (porch, gamma, power, scrolling) change no pixel here

    # -- pixels --------------------------------------------------------------------------------------
    def pixels(self, data):
        fmt = self.colmod & 7
        if fmt not in ST_BYTES:
            return self.problem("%d pixel bytes in unknown pixel format 0x%02x" % (len(data), self.colmod))
        if self.pixel:                                  # a pixel split between two writes
            data = bytes(self.pixel) + data
            self.pixel = bytearray()
        if fmt == 5:
            whole = len(data) & ~1
            self.store(data[:whole])
        elif fmt == 6:
            whole = len(data) - len(data) % 3
            self.store(b"".join(bytes((((r & 0xF8) | (g >> 5)), (((g << 3) & 0xE0) | (b >> 3))))
                                for r, g, b in zip(data[0:whole:3], data[1:whole:3], data[2:whole:3])))
        else:                                           # 12 bits: RG BR GB, two pixels in three bytes
            whole = len(data) - len(data) % 3
            out = bytearray()
            for i in range(0, whole, 3):
                a, b, c = data[i], data[i + 1], data[i + 2]
                for r, g, bl in ((a >> 4, a & 15, b >> 4), (b & 15, c >> 4, c & 15)):
                    v = ((r << 1) | (r >> 3)) << 11 | ((g << 2) | (g >> 2)) << 5 | (bl << 1) | (bl >> 3)
                    out += bytes((v >> 8, v & 255))
            self.store(bytes(out))
        self.pixel = bytearray(data[whole:])

    def store(self, data):
        # RGB565 pixels (2 bytes, big-endian) from the address counter on, wrapping in the window.
        mem, n, i = self.memory, len(data) // 2, 0
        straight = not self.madctl & 0xE0
        while i < n:
            if straight:                                # the rest of this window row in one slice
                run = min(n - i, self.xe - self.x + 1)
                col, row = self.x, self.y
                if row < self.ROWS and col + run <= self.COLUMNS:
                    at = (row * self.COLUMNS + col) * 2
                    mem[at:at + 2 * run] = data[2 * i:2 * (i + run)]
                else:
                    self.problem("pixels outside the frame memory at row %d" % row)
                self.x += run - 1
            else:
                col, row = self.place(self.x, self.y)
                if 0 <= col < self.COLUMNS and 0 <= row < self.ROWS:
                    at = (row * self.COLUMNS + col) * 2
                    mem[at:at + 2] = data[2 * i:2 * i + 2]
                run = 1
            i += run
            self.x += 1
            if self.x > self.xe:
                self.x = self.xs
                self.y = self.y + 1 if self.y < self.ye else self.ys

    def place(self, x, y):
        # Window coordinates -> frame memory (column, row) by MADCTL: MV first, then MX and MY.
        m = self.madctl
        col, row = (y, x) if m & 0x20 else (x, y)
        if m & 0x40:
            col = self.COLUMNS - 1 - col
        if m & 0x80:
            row = self.ROWS - 1 - row
        return col, row

    def image(self):
        # What the glass shows: `height` rows of `width` RGB565 colours, 2 bytes each, big-endian.
        w, h = self.width, self.height
        if not self.on or self.asleep:
            return bytes(w * h * 2)
        mem, out = self.memory, bytearray()
        for y in range(h):
            at = ((y + self.y_offset) * self.COLUMNS + self.x_offset) * 2
            out += mem[at:at + 2 * w]
        if self.inverted != self.inverted_glass:
            out = bytearray(b ^ 255 for b in out)
        if self.madctl & 0x08:                          # BGR: red and blue change places on the glass
            for i in range(0, len(out), 2):
                v = out[i] << 8 | out[i + 1]
                v = (v & 0x07E0) | (v >> 11) | ((v & 31) << 11)
                out[i], out[i + 1] = v >> 8, v & 255
        return bytes(out)

    def rgb(self):
        img, out = self.image(), bytearray()
        for i in range(0, len(img), 2):
            v = img[i] << 8 | img[i + 1]
            r, g, b = v >> 11, (v >> 5) & 63, v & 31
            out += bytes(((r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2)))
        return bytes(out)


def png(decoder, scale):
    # The panel as a PNG, each of its pixels `scale` x `scale` (an OLED's pixels are small).
    w, h, rgb = decoder.width, decoder.height, decoder.rgb()
    rows = []
    for y in range(h):
        row = b"".join(rgb[3 * (y * w + x):3 * (y * w + x) + 3] * scale for x in range(w))
        rows.append(row * scale)
    return png_bytes(w * scale, h * scale, b"".join(rows),
                     (("Software", "maze32 panel decoder"), ("Frames", str(decoder.frames))))


# -- the wire (host/virtual_panel.py's records) --------------------------------------------------------
MAX_RECORD = 1 << 20          # a record's bytes at most: a whole frame of a 240 x 320 panel is 150 KiB


def oversized(rest):
    # The length a record still arriving claims when past MAX_RECORD (a stream not of a bus: waiting
    # for it would hold that much, copied at every read), else 0.
    n = int.from_bytes(rest[1:5], "big") if len(rest) >= 5 else 0
    return n if n > MAX_RECORD else 0


def records(data):
    # -> [(kind, payload)] of the whole records at the start of data, and the bytes left (a record
    # still arriving).
    out, i = [], 0
    while len(data) - i >= 5:
        n = int.from_bytes(data[i + 1:i + 5], "big")
        if len(data) - i - 5 < n:
            break
        out.append((chr(data[i]), bytes(data[i + 5:i + 5 + n])))
        i += 5 + n
    return out, data[i:]


def decoder_for(display):
    # The decoder of a profile's display entry (boards/*.json): its panel's size, address, offsets.
    if display["kind"] == "ssd1306":
        return SSD1306Decoder(display["width"], display["height"], display.get("address", 0x3C))
    return ST7789Decoder(display["width"], display["height"], (ST7789Decoder.COLUMNS - display["width"]) // 2)


class Bus:
    # A decoder fed from the wire: I2C writes go to an SSD1306, SPI writes with the level of the DC pin
    # to an ST7789, whose CS pin selects it; the pin numbers are the display entry's.
    def __init__(self, display):
        self.decoder = decoder_for(display)
        pins = display.get("pins", {})
        self.cs, self.dc, self.level = pins.get("cs"), pins.get("dc"), 0
        self.spi = display["kind"] != "ssd1306"
        if self.spi and self.cs is None:
            self.decoder.select(True)                   # CS tied low

    def feed(self, kind, payload):
        d = self.decoder
        if kind == "P" and len(payload) == 2:
            if payload[0] == self.dc:
                self.level = payload[1]
            elif payload[0] == self.cs and self.spi:
                d.select(payload[1] == 0)
        elif kind == "I" and payload and not self.spi:
            d.write(payload[0], payload[1:])
        elif kind == "S" and self.spi:
            d.write(self.level, payload)
        else:
            d.problem("a %r record of %d bytes that this panel's bus does not carry" % (kind, len(payload)))
