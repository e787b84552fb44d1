# A small pure-Python rasteriser for render's PNG pictures: an RGB canvas that fills rectangles, draws
# lines (axis-aligned ones crisp, any other anti-aliased), anti-aliased discs and rings, and text in a
# 5x7 bitmap font; and a PNG writer (zlib + struct, one IDAT, no filtering). Nothing outside the
# standard library, so --png works wherever Python does.
import struct
import zlib

# 5x7 glyphs (rows top to bottom, 5 bits each, leftmost bit first); lowercase descenders add rows 8-9.
# The baseline is under row 7; every glyph advances 6 columns.
FONT = {
    " ": "00000 00000 00000 00000 00000 00000 00000",
    "!": "00100 00100 00100 00100 00100 00000 00100",
    '"': "01010 01010 01010 00000 00000 00000 00000",
    "#": "01010 01010 11111 01010 11111 01010 01010",
    "$": "00100 01111 10100 01110 00101 11110 00100",
    "%": "11000 11001 00010 00100 01000 10011 00011",
    "&": "01100 10010 10100 01000 10101 10010 01101",
    "'": "00100 00100 01000 00000 00000 00000 00000",
    "(": "00010 00100 01000 01000 01000 00100 00010",
    ")": "01000 00100 00010 00010 00010 00100 01000",
    "*": "00000 00100 10101 01110 10101 00100 00000",
    "+": "00000 00100 00100 11111 00100 00100 00000",
    ",": "00000 00000 00000 00000 01100 00100 01000",
    "-": "00000 00000 00000 11111 00000 00000 00000",
    ".": "00000 00000 00000 00000 00000 01100 01100",
    "/": "00000 00001 00010 00100 01000 10000 00000",
    "0": "01110 10001 10011 10101 11001 10001 01110",
    "1": "00100 01100 00100 00100 00100 00100 01110",
    "2": "01110 10001 00001 00010 00100 01000 11111",
    "3": "11111 00010 00100 00010 00001 10001 01110",
    "4": "00010 00110 01010 10010 11111 00010 00010",
    "5": "11111 10000 11110 00001 00001 10001 01110",
    "6": "00110 01000 10000 11110 10001 10001 01110",
    "7": "11111 00001 00010 00100 01000 01000 01000",
    "8": "01110 10001 10001 01110 10001 10001 01110",
    "9": "01110 10001 10001 01111 00001 00010 01100",
    ":": "00000 01100 01100 00000 01100 01100 00000",
    ";": "00000 01100 01100 00000 01100 00100 01000",
    "<": "00010 00100 01000 10000 01000 00100 00010",
    "=": "00000 00000 11111 00000 11111 00000 00000",
    ">": "01000 00100 00010 00001 00010 00100 01000",
    "?": "01110 10001 00001 00010 00100 00000 00100",
    "@": "01110 10001 00001 01101 10101 10101 01110",
    "A": "01110 10001 10001 10001 11111 10001 10001",
    "B": "11110 10001 10001 11110 10001 10001 11110",
    "C": "01110 10001 10000 10000 10000 10001 01110",
    "D": "11100 10010 10001 10001 10001 10010 11100",
    "E": "11111 10000 10000 11110 10000 10000 11111",
    "F": "11111 10000 10000 11110 10000 10000 10000",
    "G": "01110 10001 10000 10111 10001 10001 01111",
    "H": "10001 10001 10001 11111 10001 10001 10001",
    "I": "01110 00100 00100 00100 00100 00100 01110",
    "J": "00111 00010 00010 00010 00010 10010 01100",
    "K": "10001 10010 10100 11000 10100 10010 10001",
    "L": "10000 10000 10000 10000 10000 10000 11111",
    "M": "10001 11011 10101 10101 10001 10001 10001",
    "N": "10001 10001 11001 10101 10011 10001 10001",
    "O": "01110 10001 10001 10001 10001 10001 01110",
    "P": "11110 10001 10001 11110 10000 10000 10000",
    "Q": "01110 10001 10001 10001 10101 10010 01101",
    "R": "11110 10001 10001 11110 10100 10010 10001",
    "S": "01111 10000 10000 01110 00001 00001 11110",
    "T": "11111 00100 00100 00100 00100 00100 00100",
    "U": "10001 10001 10001 10001 10001 10001 01110",
    "V": "10001 10001 10001 10001 10001 01010 00100",
    "W": "10001 10001 10001 10101 10101 10101 01010",
    "X": "10001 10001 01010 00100 01010 10001 10001",
    "Y": "10001 10001 10001 01010 00100 00100 00100",
    "Z": "11111 00001 00010 00100 01000 10000 11111",
    "[": "01110 01000 01000 01000 01000 01000 01110",
    "\\": "00000 10000 01000 00100 00010 00001 00000",
    "]": "01110 00010 00010 00010 00010 00010 01110",
    "^": "00100 01010 10001 00000 00000 00000 00000",
    "_": "00000 00000 00000 00000 00000 00000 11111",
    "`": "01000 00100 00010 00000 00000 00000 00000",
    "a": "00000 00000 01110 00001 01111 10001 01111",
    "b": "10000 10000 10110 11001 10001 10001 11110",
    "c": "00000 00000 01110 10000 10000 10001 01110",
    "d": "00001 00001 01101 10011 10001 10001 01111",
    "e": "00000 00000 01110 10001 11111 10000 01110",
    "f": "00110 01001 01000 11100 01000 01000 01000",
    "g": "00000 00000 01111 10001 10001 10001 01111 00001 01110",
    "h": "10000 10000 10110 11001 10001 10001 10001",
    "i": "00100 00000 01100 00100 00100 00100 01110",
    "j": "00010 00000 00110 00010 00010 00010 00010 10010 01100",
    "k": "10000 10000 10010 10100 11000 10100 10010",
    "l": "01100 00100 00100 00100 00100 00100 01110",
    "m": "00000 00000 11010 10101 10101 10001 10001",
    "n": "00000 00000 10110 11001 10001 10001 10001",
    "o": "00000 00000 01110 10001 10001 10001 01110",
    "p": "00000 00000 11110 10001 10001 10001 11110 10000 10000",
    "q": "00000 00000 01111 10001 10001 10001 01111 00001 00001",
    "r": "00000 00000 10110 11001 10000 10000 10000",
    "s": "00000 00000 01111 10000 01110 00001 11110",
    "t": "01000 01000 11100 01000 01000 01001 00110",
    "u": "00000 00000 10001 10001 10001 10011 01101",
    "v": "00000 00000 10001 10001 10001 01010 00100",
    "w": "00000 00000 10001 10001 10101 10101 01010",
    "x": "00000 00000 10001 01010 00100 01010 10001",
    "y": "00000 00000 10001 10001 10001 10001 01111 00001 01110",
    "z": "00000 00000 11111 00010 00100 01000 11111",
    "{": "00010 00100 00100 01000 00100 00100 00010",
    "|": "00100 00100 00100 00100 00100 00100 00100",
    "}": "01000 00100 00100 00010 00100 00100 01000",
    "~": "00000 00000 01000 10101 00010 00000 00000",
    "\u2192": "00000 00100 00010 11111 00010 00100 00000",    # right arrow
    "\u00d7": "00000 10001 01010 00100 01010 10001 00000",    # multiplication sign
    "\u00b7": "00000 00000 00000 01100 01100 00000 00000",    # middle dot
    "\u2026": "00000 00000 00000 00000 00000 00000 10101",    # ellipsis
    "\u2014": "00000 00000 00000 11111 00000 00000 00000",    # em dash
    "\u00b0": "01100 10010 10010 01100 00000 00000 00000",    # degree
}
GLYPHS = dict((ch, [int(row, 2) for row in rows.split()]) for ch, rows in FONT.items())
ADVANCE = 6         # columns per glyph, spacing included
EM = 8              # font units per em: text of size s draws each font unit as s/8 pixels


def text_width(text, size):
    # Width of text at size (in the picture's units), the same for the SVG's layout and the PNG.
    return len(text) * ADVANCE * size / EM


def colour(spec):
    # "#rrggbb", "#rgb" or "rgb(r,g,b)" -> (r, g, b)
    spec = spec.strip()
    if spec.startswith("#"):
        h = spec[1:]
        if len(h) == 3:
            h = "".join(c * 2 for c in h)
        return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)
    if spec.startswith("rgb("):
        return tuple(int(float(v)) for v in spec[4:-1].split(","))
    if spec == "white":
        return 255, 255, 255
    if spec == "black":
        return 0, 0, 0
    raise ValueError("colour %r" % spec)


class Canvas:
    # An RGB picture; coordinates are the picture's units, multiplied by scale into pixels.
    def __init__(self, width, height, scale=1, background="#ffffff"):
        self.s = scale
        self.w, self.h = int(round(width * scale)), int(round(height * scale))
        self.px = bytearray(bytes(colour(background)) * (self.w * self.h))

    # -- pixels -------------------------------------------------------------------------------------
    def _span(self, x0, x1, y, rgb, alpha=1.0):
        # Pixels x0..x1-1 of row y (pixel coordinates, clipped).
        x0, x1 = max(0, x0), min(self.w, x1)
        if x1 <= x0 or not 0 <= y < self.h:
            return
        i, j = 3 * (y * self.w + x0), 3 * (y * self.w + x1)
        if alpha >= 1.0:
            self.px[i:j] = bytes(rgb) * (x1 - x0)
            return
        row = self.px[i:j]
        a, b = alpha, 1.0 - alpha
        for k in range(0, len(row), 3):
            row[k] = int(row[k] * b + rgb[0] * a + 0.5)
            row[k + 1] = int(row[k + 1] * b + rgb[1] * a + 0.5)
            row[k + 2] = int(row[k + 2] * b + rgb[2] * a + 0.5)
        self.px[i:j] = row

    def _dot(self, x, y, rgb, alpha):
        if 0 <= x < self.w and 0 <= y < self.h and alpha > 0:
            i = 3 * (y * self.w + x)
            if alpha >= 1.0:
                self.px[i:i + 3] = bytes(rgb)
            else:
                b = 1.0 - alpha
                for k in range(3):
                    self.px[i + k] = int(self.px[i + k] * b + rgb[k] * alpha + 0.5)

    # -- shapes -------------------------------------------------------------------------------------
    def rect(self, x, y, w, h, fill, alpha=1.0):
        s, rgb = self.s, colour(fill)
        x0, x1 = int(round(x * s)), int(round((x + w) * s))
        for py in range(int(round(y * s)), int(round((y + h) * s))):
            self._span(x0, x1, py, rgb, alpha)

    def segment(self, x0, y0, x1, y1, width, stroke, square=True, alpha=1.0):
        # A line of the given width; axis-aligned ones as crisp rectangles (square caps reach width/2
        # past the ends when square), others anti-aliased with round caps.
        half = width / 2.0
        if x0 == x1 or y0 == y1:
            ext = half if square else 0.0
            lx, hx = min(x0, x1), max(x0, x1)
            ly, hy = min(y0, y1), max(y0, y1)
            if y0 == y1:
                self.rect(lx - ext, ly - half, hx - lx + 2 * ext, width, stroke, alpha)
            else:
                self.rect(lx - half, ly - ext, width, hy - ly + 2 * ext, stroke, alpha)
            if not square:
                self.disc(x0, y0, half, stroke, alpha)
                self.disc(x1, y1, half, stroke, alpha)
            return
        s, rgb = self.s, colour(stroke)
        ax, ay, bx, by, r = x0 * s, y0 * s, x1 * s, y1 * s, half * s
        dx, dy = bx - ax, by - ay
        ll = dx * dx + dy * dy
        for py in range(int(min(ay, by) - r - 1), int(max(ay, by) + r + 2)):
            for px in range(int(min(ax, bx) - r - 1), int(max(ax, bx) + r + 2)):
                cx, cy = px + 0.5, py + 0.5
                t = max(0.0, min(1.0, ((cx - ax) * dx + (cy - ay) * dy) / ll))
                ex, ey = cx - (ax + t * dx), cy - (ay + t * dy)
                cover = r + 0.5 - (ex * ex + ey * ey) ** 0.5
                if cover > 0:
                    self._dot(px, py, rgb, min(1.0, cover) * alpha)

    def polyline(self, points, width, stroke, dash=None, square=False, alpha=1.0):
        # dash: (on, off) lengths along the line, as SVG's stroke-dasharray.
        pieces = [points] if not dash else dashes(points, dash)
        for piece in pieces:
            for (ax, ay), (bx, by) in zip(piece, piece[1:]):
                self.segment(ax, ay, bx, by, width, stroke, square, alpha)
            if len(piece) == 1:
                self.disc(piece[0][0], piece[0][1], width / 2.0, stroke, alpha)

    def disc(self, cx, cy, r, fill, alpha=1.0):
        self.ring(cx, cy, r, fill, 0, None, alpha)

    def ring(self, cx, cy, r, fill, stroke_width=0, stroke=None, alpha=1.0):
        # A disc of radius r, with an outline of stroke_width centred on its edge (SVG's circle).
        s = self.s
        fr, outer = colour(fill) if fill and fill != "none" else None, r + stroke_width / 2.0
        sr = colour(stroke) if stroke else None
        pcx, pcy, po, pi = cx * s, cy * s, outer * s, (r - stroke_width / 2.0) * s
        for py in range(int(pcy - po - 1), int(pcy + po + 2)):
            for px in range(int(pcx - po - 1), int(pcx + po + 2)):
                d = ((px + 0.5 - pcx) ** 2 + (py + 0.5 - pcy) ** 2) ** 0.5
                if sr is not None and stroke_width > 0:
                    self._dot(px, py, sr, max(0.0, min(1.0, po + 0.5 - d)) * alpha)
                    if fr is not None:
                        self._dot(px, py, fr, max(0.0, min(1.0, pi + 0.5 - d)) * alpha)
                elif fr is not None:
                    self._dot(px, py, fr, max(0.0, min(1.0, r * s + 0.5 - d)) * alpha)

    def text(self, x, y, text, size, fill, anchor="start", bold=False):
        # y is the baseline, as in SVG; anchor start, middle or end.
        s = self.s
        unit = size * s / EM                            # pixels per font unit
        k = max(1, int(unit + 0.5))                     # whole pixels per glyph dot: crisp
        width = len(text) * ADVANCE * k
        left = x * s - (width / 2.0 if anchor == "middle" else width if anchor == "end" else 0)
        top = y * s - 7 * k
        rgb = colour(fill)
        for n, ch in enumerate(text):
            rows = GLYPHS.get(ch, GLYPHS["?"])
            gx = int(round(left)) + n * ADVANCE * k
            for r, bits in enumerate(rows):
                for c in range(5):
                    if bits & (16 >> c):
                        x0 = gx + c * k
                        x1 = x0 + k + (max(1, k // 2) if bold else 0)
                        for py in range(int(round(top)) + r * k, int(round(top)) + (r + 1) * k):
                            self._span(x0, x1, py, rgb)

    def cells(self, x, y, cell, w, h, indices, palette):
        # A grid of w x h squares `cell` units wide at (x, y), square i in palette[indices[i]]: a map's
        # tiles. Each grid row becomes one row of pixels, copied down the cell's height, so a map of
        # millions of tiles takes seconds, not a rectangle each.
        s = self.s
        k = max(1, int(round(cell * s)))                 # whole pixels a square: crisp
        left, top = int(round(x * s)), int(round(y * s))
        runs = [bytes(colour(c)) * k for c in palette]
        n = 3 * max(0, min(w * k, self.w - left))        # the bytes of a row inside the canvas
        for row in range(h):
            line = b"".join(runs[t] for t in indices[row * w:(row + 1) * w])[:n]
            for py in range(top + row * k, min(self.h, top + (row + 1) * k)):
                i = 3 * (py * self.w + left)
                self.px[i:i + n] = line

    # -- output -------------------------------------------------------------------------------------
    def png(self, text=()):
        return png_bytes(self.w, self.h, self.px, text)


def dashes(points, dash):
    # Split a polyline into its "on" pieces for a dash pattern (on, off), as stroke-dasharray does.
    on, off = dash
    out, piece, drawing = [], [points[0]], True
    left = on
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        seg = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
        done = 0.0
        while seg - done > left:
            done += left
            t = done / seg if seg else 0.0
            p = (ax + (bx - ax) * t, ay + (by - ay) * t)
            if drawing:
                piece.append(p)
                out.append(piece)
            else:
                piece = [p]
            drawing = not drawing
            left = on if drawing else off
        left -= seg - done
        if drawing:
            piece.append((bx, by))
    if drawing and len(piece) > 1:
        out.append(piece)
    return out


def png_bytes(width, height, rgb, text=()):
    # An 8-bit RGB PNG: signature, IHDR, a tEXt chunk per (keyword, value) of `text`, one zlib IDAT
    # (filter type 0 on every row), IEND. rgb: 3 bytes a pixel, row after row.
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    stride = 3 * width
    raw = b"".join(b"\x00" + bytes(rgb[y * stride:(y + 1) * stride]) for y in range(height))
    notes = b"".join(chunk(b"tEXt", key.encode("latin-1") + b"\x00" + value.encode("latin-1", "replace"))
                     for key, value in text)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + notes + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
