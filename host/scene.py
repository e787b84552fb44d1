# A picture as a scene: shapes in the picture's units (rectangles, lines, discs, text, grids of cells),
# written as SVG (to_svg) or as PNG (to_png, through host/raster.py: one 5x7 pixel font, one
# rasteriser). Every picture maze32 draws goes this one way: a maze's (render.py), a world's
# (render_world.py), the replay sheet's.
from html import escape as _html_escape

from host import raster


def escape(text):
    # &, < and > as SVG text needs them (html, not xml.sax.saxutils: that imports urllib.request and
    # http.client, about 75 ms of a picture command's start-up).
    return _html_escape(text, quote=False)


class Scene:
    # Shapes in drawing order, in the picture's units; ("group", id) ... ("end",) name a part.
    def __init__(self, width, height, title):
        self.width, self.height, self.title = width, height, title
        self.ops = []

    def group(self, gid):
        self.ops.append(("group", gid))

    def end(self):
        self.ops.append(("end",))

    def rect(self, x, y, w, h, fill, opacity=1.0, tip=None):
        self.ops.append(("rect", x, y, w, h, fill, opacity, tip))

    def lines(self, polylines, stroke, width, dash=None, square=False, gid=None, opacity=1.0):
        # One or more polylines in one style; one polyline with an id is an SVG <polyline>.
        self.ops.append(("lines", [list(p) for p in polylines], stroke, width, dash, square, gid, opacity))

    def circle(self, cx, cy, r, fill, stroke=None, stroke_width=0, tip=None):
        self.ops.append(("circle", cx, cy, r, fill, stroke, stroke_width, tip))

    def text(self, x, y, text, size, fill="#111827", anchor="start", bold=False):
        self.ops.append(("text", x, y, text, size, fill, anchor, bold))

    def cells(self, x, y, cell, w, h, indices, palette):
        # A w x h grid of squares `cell` wide at (x, y), square i in palette[indices[i]] ("#rrggbb"):
        # a world's tiles.
        self.ops.append(("cells", x, y, cell, w, h, indices, palette))


def marker(sc, cx, cy, r, fill, glyph, tip=None):
    # A marked spot as every picture draws one (a maze's objects, a level's ghosts, a world's spawn): a
    # disc in `fill`, a white ring, a white letter sized to the disc (a multiple of 4: crisp in the
    # PNG's bitmap font).
    sc.circle(cx, cy, r, fill, "white", 1.5, tip)
    size = max(4, int(r * 1.45 / 4 + 0.5) * 4)
    sc.text(cx, cy + size * 7 / 16.0, glyph, size, "white", "middle", bold=True)


FONT = "DejaVu Sans Mono, Menlo, Consolas, monospace"


def _num(v):
    return ("%.2f" % v).rstrip("0").rstrip(".")


def to_svg(scene):
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" '
           'font-family=%s>' % (_num(scene.width), _num(scene.height), _num(scene.width),
                                _num(scene.height), '"%s"' % escape(FONT)),
           "<title>%s</title>" % escape(scene.title),
           '<rect width="100%" height="100%" fill="white"/>']
    for op in scene.ops:
        kind = op[0]
        if kind == "group":
            out.append('<g id="%s">' % op[1])
        elif kind == "end":
            out.append("</g>")
        elif kind == "rect":
            _, x, y, w, h, fill, opacity, tip = op
            attrs = 'x="%s" y="%s" width="%s" height="%s" fill="%s"' % (
                _num(x), _num(y), _num(w), _num(h), fill)
            if opacity < 1:
                attrs += ' fill-opacity="%s"' % _num(opacity)
            out.append("<rect %s/>" % attrs if tip is None else
                       "<rect %s><title>%s</title></rect>" % (attrs, escape(tip)))
        elif kind == "lines":
            _, polylines, stroke, width, dash, square, gid, opacity = op
            style = 'fill="none" stroke="%s" stroke-width="%s" stroke-linecap="%s" stroke-linejoin="%s"' % (
                stroke, _num(width), "square" if square else "round", "miter" if square else "round")
            if dash:
                style += ' stroke-dasharray="%s %s"' % (_num(dash[0]), _num(dash[1]))
            if opacity < 1:
                style += ' stroke-opacity="%s"' % _num(opacity)
            ident = ' id="%s"' % gid if gid else ""
            if len(polylines) == 1 and gid:
                out.append('<polyline%s points="%s" %s/>' % (
                    ident, " ".join("%s,%s" % (_num(x), _num(y)) for x, y in polylines[0]), style))
            else:
                d = " ".join("M" + " L".join("%s %s" % (_num(x), _num(y)) for x, y in p) for p in polylines)
                out.append('<path%s d="%s" %s/>' % (ident, d, style))
        elif kind == "circle":
            _, cx, cy, r, fill, stroke, sw, tip = op
            attrs = 'cx="%s" cy="%s" r="%s" fill="%s"' % (_num(cx), _num(cy), _num(r), fill)
            if stroke:
                attrs += ' stroke="%s" stroke-width="%s"' % (stroke, _num(sw))
            out.append("<circle %s/>" % attrs if tip is None else
                       "<circle %s><title>%s</title></circle>" % (attrs, escape(tip)))
        elif kind == "cells":
            out.extend(_svg_cells(*op[1:]))
        elif kind == "text":
            _, x, y, text, size, fill, anchor, bold = op
            out.append('<text x="%s" y="%s" font-size="%s" fill="%s"%s%s>%s</text>' % (
                _num(x), _num(y), _num(size), fill,
                ' text-anchor="%s"' % anchor if anchor != "start" else "",
                ' font-weight="bold"' if bold else "", escape(text)))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _svg_cells(x, y, cell, w, h, indices, palette):
    # The grid as rectangles, one per run of one colour along a row.
    for row in range(h):
        line = indices[row * w:(row + 1) * w]
        i = 0
        while i < w:
            end = i + 1
            while end < w and palette[line[end]] == palette[line[i]]:
                end += 1
            yield '<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>' % (
                _num(x + i * cell), _num(y + row * cell), _num((end - i) * cell), _num(cell), palette[line[i]])
            i = end


def to_png(scene, scale=2, text=()):
    # text: (keyword, value) pairs for the PNG's tEXt chunks.
    canvas = raster.Canvas(scene.width, scene.height, scale)
    for op in scene.ops:
        kind = op[0]
        if kind == "rect":
            _, x, y, w, h, fill, opacity, _ = op
            canvas.rect(x, y, w, h, fill, opacity)
        elif kind == "lines":
            _, polylines, stroke, width, dash, square, _, opacity = op
            for p in polylines:
                canvas.polyline(p, width, stroke, dash, square, opacity)
        elif kind == "circle":
            _, cx, cy, r, fill, stroke, sw, _ = op
            canvas.ring(cx, cy, r, fill, sw, stroke)
        elif kind == "cells":
            canvas.cells(*op[1:])
        elif kind == "text":
            _, x, y, words, size, fill, anchor, bold = op
            canvas.text(x, y, words, size, fill, anchor, bold)
    return canvas.png(text)
