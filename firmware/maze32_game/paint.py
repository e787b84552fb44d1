# A window of tiles painted as terminal lines, for the views that draw a grid two columns a tile
# (explore_view.py, deeper_view.py): the view fills a window buffer with one code a tile (copy_rect
# copies rows of a level or a chunk into it; the player and the like are codes set over them), then
# one kernel writes every line, escapes and glyphs, as UTF-8 bytes into a preallocated arena, and
# term.Screen writes the lines from there: a frame makes no str a line. On the boards' MicroPython
# each Python operation costs hundreds of RV32 instructions and each block of more than 16 bytes
# allocated a scan of the heap from its first hole, so a tile drawn by Python (a lookup, a str or
# two) cost ~10,000: Explore's frame was 8-10 million. The kernels are viper, built for the board's
# architecture where the library's flavour has machine code (host/flavours.firmware_flavour), plain
# bytecode elsewhere.
#
# A code's entry in the glyph table (Painter): a style's escape, a glyph, and a tail (a blank after a
# one-column glyph). The style is written only where it differs from the one in force (a style's id
# is the first code drawn in it, so two codes of one style are one style); a code without a style
# (None: a blank) keeps the one in force, except that a blank ends the bump style (its red
# background) first, as a tail does, by the end style's escape. Each line starts with `start` in
# force (a style id, or none) and ends with the end style where it is not in force already (with
# `always`, every line ends with it): exactly the text the views joined tile by tile.
from array import array

from maze32._compat import const, micropython, ptr8, ptr16

_NONE = const(0xFFFF)      # style id: no style (a blank keeps the one in force); none in force
# geometry's entries (Painter fills them): WIDE, HIGH, START, BUMPED, LONGEST, FIRST; consts, so that
# none is a global of a module every painted game holds
_WIDE = const(0)
_HIGH = const(1)
_LONGEST = const(4)
_FIRST = const(5)


@micropython.viper
def copy_rect(window, pitch: int, at: int, tiles, start: int, wide: int, high: int, step: int):
    # wide x high tiles (a row every step, from index start) into the window (a row every pitch,
    # from index at).
    w = ptr8(window)
    c = ptr8(tiles)
    j = 0
    while j < high:
        i = 0
        while i < wide:
            w[at + i] = c[start + i]
            i += 1
        at += pitch
        start += step
        j += 1


@micropython.viper
def blank(buf):
    # Every byte of buf 0 (no painted line holds one: a line compared with it differs).
    b = ptr8(buf)
    i = int(len(buf)) - 1
    while i >= 0:
        b[i] = 0
        i -= 1


@micropython.viper
def paint_window(arena, lengths, geometry, text, index, window) -> int:
    # The lines of the window's codes (wide x high, a row after another, from line FIRST) one after
    # another into arena, line j's length in lengths[j] (under 2**16). index holds five entries a code c: its
    # style's id, then offsets into text of its style's escape, its glyph right after it, its tail
    # after that, and the tail's end; the last code is the end style's. -> the bytes written, or -1
    # when arena may be too small (grow it and paint again).
    o = ptr8(arena)
    e = ptr16(lengths)
    g = ptr16(geometry)
    t = ptr8(text)
    ix = ptr16(index)
    w = ptr8(window)
    wide = int(g[0])
    bumped = int(g[3])                      # the bump style's id
    last = int(len(index)) - 5              # the end style's entry
    room = int(len(arena)) - (wide + 1) * int(g[4])
    k = 0
    n = int(g[5]) * wide                    # the next code painted
    j = 0
    while j < int(g[1]):
        if k > room:
            return -1
        first = k
        cur = int(g[2])                     # the style in force at a line's start
        i = 0
        while i <= wide:
            c = last
            if i < wide:
                c = int(w[n]) * 5
                n += 1
            elif int(ix[last]) == cur:
                break                       # the end style in force already: nothing to end
            sid = int(ix[c])
            s = int(ix[c + 2])              # the glyph alone, when its style is in force
            if sid != 0xFFFF and sid != cur:
                cur = sid
                s = int(ix[c + 1])          # else the style's escape before it
            end = int(ix[c + 3])
            blank = sid == 0xFFFF           # a blank (no style), then the tail (a blank too)
            part = 0
            while part < 2:
                if blank and cur == bumped:     # a blank ends the bump style first
                    p = int(ix[last + 1])
                    while p < int(ix[last + 2]):
                        o[k] = t[p]
                        k += 1
                        p += 1
                    cur = int(ix[last])
                while s < end:
                    o[k] = t[s]
                    k += 1
                    s += 1
                end = int(ix[c + 4])
                blank = end > s
                part += 1
            i += 1
        e[j] = k - first
        j += 1
    return k


class Painter:
    # The glyph table of entries (glyph, style) or (glyph, style, tail) (code = index; style None: a
    # blank) and the window buffer, made once; the two arenas of lines are arenas.py's, shared. Each
    # painted frame goes into the arena the last one did not use: term.Screen compares the lines it
    # showed (still intact in the other) with the new ones and writes only those that changed. end:
    # the style that ends a line (always, or only where another is in force); start: the style in
    # force at a line's start (or None); bump: the style a blank ends.
    def __init__(self, entries, end, always=False, start=None, bump=None):
        self.text = bytearray()
        ids = {None: _NONE}                     # style -> its id: the first code drawn in it
        index = []
        for entry in entries:
            glyph, style, tail = (tuple(entry) + ("",))[:3]
            ids.setdefault(style, len(index) // 5)
            index += self.add(ids[style], style, glyph, tail)
        if not always:                         # else an id of its own: written at every line's end
            ids.setdefault(end, len(entries))
        index += self.add(len(entries) if always else ids[end], end, "", "")
        self.index = array("H", index)
        ends = 2 * (index[-3] - index[-4])     # a tile's bytes at most: its entry, two bump ends
        longest = ends + max(index[i + 4] - index[i + 1] for i in range(0, len(index), 5))
        self.geometry = array("H", [0, 0, ids.get(start, _NONE), ids.get(bump, _NONE), longest, 0])
        self.lengths = array("H", [0] * 24)
        self.window = bytearray(39 * 21)              # the codes of an 80 x 24 terminal's window
        self.arenas = None                            # arenas.py's, made at the first frame

    def add(self, style_id, style, glyph, tail):
        # A code's bytes appended to the text: its style's escape, glyph and tail. -> its entry.
        text = self.text
        at = len(text)
        text += (style or "").encode()
        glyph_at = len(text)
        text += glyph.encode()
        tail_at = len(text)
        text += tail.encode()
        return [style_id, at, glyph_at, tail_at, len(text)]

    def size(self, wide, high):
        # The window buffer for wide x high codes (a larger terminal grows it once). -> the buffer.
        if len(self.window) < wide * high:
            self.window = bytearray(wide * high)
        return self.window

    def paint(self, wide, high, as_text=False):
        # The lines of the window's wide x high codes: memoryviews into this frame's arena
        # (term.Screen writes them as they are), or with as_text new str (for a reader of the text;
        # the arena is left to the next frame). Where the heap has no room for the arenas, str lines
        # painted one at a time (as the views joined them before).
        if len(self.lengths) < high:
            self.lengths = array("H", [0] * high)
        g = self.geometry
        g[_WIDE], g[_HIGH], g[_FIRST] = wide, high, 0
        if self.arenas is None:
            self.arenas = False              # decided once a round: not tried again every frame
            # imported here, not at the top: this module's machine code keeps it loaded from one
            # game to the next (loading.keep_machine_code) while arenas.py is forgotten with each, and
            # the arenas are the module's that games.new_round released (or Explore lent) now
            from maze32_game import arenas
            if arenas.room():
                try:
                    self.arenas = arenas.reserve()
                except MemoryError:
                    pass
        if not self.arenas:
            return self.text_lines(wide, high)
        shared = self.arenas
        a = 1 - shared.current               # not the arena of the lines on the screen
        while paint_window(shared.buffers[a], self.lengths, g, self.text, self.index, self.window) < 0:
            shared.grow(a)                   # a larger terminal, or lines of many styles
        view, lengths = shared.views[a], self.lengths
        lines = []
        start = 0
        for j in range(high):
            end = start + lengths[j]
            lines.append(str(view[start:end], "utf-8") if as_text else view[start:end])
            start = end
        if not as_text:
            shared.current = a
        return lines

    def text_lines(self, wide, high):
        # The window's lines as str, painted one at a time into a line's room.
        g = self.geometry
        line = bytearray((wide + 1) * g[_LONGEST])
        g[_HIGH] = 1
        lines = []
        for j in range(high):
            g[_FIRST] = j
            paint_window(line, self.lengths, g, self.text, self.index, self.window)
            lines.append(str(memoryview(line)[:self.lengths[0]], "utf-8"))
        return lines
