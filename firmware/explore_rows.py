# Explore's side view painted a window at a time (explore_view.py): one kernel reads the window's
# tiles straight from the (at most four) resident chunks it lies in and writes every line, escapes and
# glyphs, as UTF-8 bytes into a preallocated arena; term.Screen writes the lines from there, so a frame
# makes no str a row. Drawn tile by tile (a chunk lookup and a few str operations a tile) a frame cost
# 8-10 million RV32 instructions; on this port each Python operation costs hundreds of instructions
# and each block of more than 16 bytes allocated a scan of the heap from its first hole, so the work
# of a row is one pass of machine code. The kernels are viper: built for the board's architecture where
# the library's flavour has machine code (host/flavours.firmware_flavour), plain bytecode elsewhere.
#
# The codes painted are indexes into the painter's glyph table: the materials (maze32's MATERIALS
# order, as explore_view.STYLES), then the player (bumped or not). A code's entry is its style's
# escape and its glyph; a style is written only where it differs from the one in force (a style's id
# is the first code drawn in it, so two codes of one style are one style), and every line ends with
# RESET: exactly the text the tile-by-tile view joined.
from array import array

from maze32._compat import micropython, ptr8, ptr16
from maze32.world.tiles import CHUNK, CHUNK_SHIFT

# geometry's entries (Painter.paint fills them): the window's size, the player in it, the longest entry
WIDE, HIGH, PX, PY, YOU, LONGEST = range(6)


@micropython.viper
def copy_rect(window, pitch: int, at: int, chunk, start: int, wide: int, high: int):
    # A rectangle of a chunk's tiles (64 a row, from index start) into the window's tiles (pitch a
    # row, from index at).
    w = ptr8(window)
    c = ptr8(chunk)
    j = 0
    while j < high:
        i = 0
        while i < wide:
            w[at + i] = c[start + i]
            i += 1
        at += pitch
        start += 64
        j += 1


@micropython.viper
def paint_window(arena, lengths, geometry, text, index, window) -> int:
    # The lines of the window's tiles (wide x high, a row after another) one after another into
    # arena, line j's length in lengths[j] (under 2**16: 15 bytes a tile at most), the player's tile
    # painted as code YOU. index holds four entries a code c: its style's id, then offsets into text
    # of its style's escape, its glyph right after it, and the glyph's end; the last entry is
    # RESET's, which ends every line. -> the bytes written, or -1 when arena
    # may be too small (grow it and paint again).
    o = ptr8(arena)
    e = ptr16(lengths)
    g = ptr16(geometry)
    t = ptr8(text)
    ix = ptr16(index)
    w = ptr8(window)
    wide = int(g[0])
    you = int(g[3]) * wide + int(g[2])     # the player's tile in window
    room = int(len(arena)) - (wide + 1) * int(g[5])
    last = int(len(index)) - 4              # RESET's entry, after each line's last tile
    k = 0
    n = 0                                   # tiles painted
    j = 0
    while j < int(g[1]):
        if k > room:
            return -1
        cur = -1                            # the id of the style in force: none at a line's start
        first = k
        i = 0
        while i <= wide:
            c = last
            if i < wide:
                c = int(w[n]) << 2
                if n == you:
                    c = int(g[4]) << 2
                n += 1
            s = int(ix[c + 2])              # the glyph alone, when its style is in force
            if int(ix[c]) != cur:
                cur = int(ix[c])
                s = int(ix[c + 1])          # else the style's escape before it
            end = int(ix[c + 3])
            while s < end:
                o[k] = t[s]
                k += 1
                s += 1
            i += 1
        e[j] = k - first
        j += 1
    return k


class Painter:
    # The glyph table of (glyph, style) pairs (code = index) and two arenas of lines, made once. Each
    # painted frame goes into the arena the last one did not use: term.Screen compares the lines it
    # showed (still intact in the other) with the new ones and writes only those that changed.
    # arena: 6 KiB, the largest 80 x 24 window of 240 worlds (5,180 bytes) and room for one line of
    # the worst kind; a larger one (a larger terminal) doubles it.
    def __init__(self, entries, reset, arena=6144):
        text = bytearray()
        ids = {}                               # style -> its id: the first code drawn in it
        index = []
        for glyph, style in entries:
            ids.setdefault(style, len(index) // 4)
            self.add(text, index, ids[style], style, glyph)
        self.add(text, index, len(index) // 4, reset, "")   # an id of its own: RESET always ends a line
        self.text = text
        self.index = array("H", index)
        self.geometry = array("H", [0] * 6)
        self.geometry[LONGEST] = max(index[i + 3] - index[i + 1] for i in range(0, len(index), 4))
        self.lengths = array("H", [0] * 24)
        self.window = bytearray(39 * 21)              # the tiles of an 80 x 24 terminal's window
        self.arenas = [bytearray(arena), bytearray(arena)]
        self.views = [memoryview(a) for a in self.arenas]
        self.current = 0

    @staticmethod
    def add(text, index, style_id, style, glyph):
        # A code's entry: its style's escape and its glyph appended to text, their offsets to index.
        at = len(text)
        text += style.encode()
        glyph_at = len(text)
        text += glyph.encode()
        index += [style_id, at, glyph_at, len(text)]

    def paint(self, game, x0, y0, wide, high, you, as_text=False):
        # The window of game (an explore.Explore) at (x0, y0), wide x high tiles, the player's tile
        # painted as code you: its lines as memoryviews into this frame's arena (term.Screen writes
        # them as they are), or with as_text as new str (for a reader of the text; the arena is left
        # to the next frame). The tiles are copied chunk by chunk, each made resident just before.
        if len(self.window) < wide * high:
            self.window = bytearray(wide * high)
        if len(self.lengths) < high:
            self.lengths = array("H", [0] * high)
        edge = CHUNK - 1
        y = y0
        while y < y0 + high:
            h = min(y0 + high - y, CHUNK - (y & edge))
            x = x0
            while x < x0 + wide:
                w = min(x0 + wide - x, CHUNK - (x & edge))
                tiles = game.resident(x >> CHUNK_SHIFT, y >> CHUNK_SHIFT)
                copy_rect(self.window, wide, (y - y0) * wide + x - x0, tiles, ((y & edge) << CHUNK_SHIFT) | (x & edge), w, h)
                x += w
            y += h
        g = self.geometry
        g[WIDE], g[HIGH], g[PX], g[PY], g[YOU] = wide, high, game.x - x0, game.y - y0, you
        a = 1 - self.current                 # not the arena of the lines on the screen
        while paint_window(self.arenas[a], self.lengths, g, self.text, self.index, self.window) < 0:
            self.arenas[a] = bytearray(2 * len(self.arenas[a]))      # lines of many styles
            self.views[a] = memoryview(self.arenas[a])
        view, lengths = self.views[a], self.lengths
        lines = []
        start = 0
        for j in range(high):
            end = start + lengths[j]
            lines.append(str(view[start:end], "utf-8") if as_text else view[start:end])
            start = end
        if not as_text:
            self.current = a
        return lines
