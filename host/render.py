# Pictures of a maze32/1 document: in the terminal (rich), as SVG and as PNG; the replay sheet of a
# Duel (replay_svg); a Deeper hedge level as text (hedge_text).
#
# The SVG and the PNG are one picture: picture() builds a Scene (host/scene.py: rectangles, lines,
# discs, text, in the picture's units) and to_svg / to_png write it, the PNG through host/raster.py
# (pure Python, a 5x7 bitmap font, zlib + struct), so --png needs no system library.
#
# The terminal picture fits 80 x 24: the full picture (two text lines and two columns a cell,
# box-drawing walls) when it fits, else a compact one (walls as braille dots, each text line two maze
# rows, two columns a cell); --full always draws the full one.
from collections import deque

from rich.text import Text

from host import raster
from host.scene import Scene, to_png, to_svg
from maze32.grid import N, E, S, W

OBJECTS = (("start", "S"), ("exit", "E"), ("key", "K"), ("compass", "C"))
# Every kind of object in legend order: (placement name, glyph, what it is for the player).
KINDS = (("start", "S", "start: where you begin"),
         ("key", "K", "key: fetch it first"),
         ("exit", "E", "exit: leave here with your key"),
         ("compass", "C", "compass: points to your goal"),
         ("landmarks", "L", "landmark: seen from twice as far"),
         ("artifacts", "A", "artifact: widens your view"))
PLAYERS = ("Player 1", "Player 2")
PLAYER_STYLE = ("bold cyan", "bold magenta")         # as maze32 play colours the players
PLAYER_COLOUR = ("#0891b2", "#c026d3")
HALF_TINT = ("#e3f6fa", "#f8e6fa")      # the two halves, faintly
WALL_COLOUR = "#1f2937"
# Route distance: pale yellow (near) to orange (far), away from both players' colours.
HEAT_STOPS = ((255, 247, 188), (254, 227, 145), (254, 196, 79), (254, 153, 41), (236, 112, 20))
# Box-drawing junctions indexed by arms up=1, right=2, down=4, left=8.
JUNCTION = " ╵╶└╷│┌├╴┘─┴┐┤┬┼"
TERMINAL = (80, 24)


# -- the maze as data -----------------------------------------------------------------------------
def objects_of(doc):
    # -> {(x, y): (glyph, player)} for every placement; pairs are (object, rotation) = (P1, P2) sides.
    out = {}
    p = doc["placements"]
    for name, glyph in OBJECTS:
        for m, (x, y) in enumerate(p[name]):
            out[(x, y)] = (glyph, m)
    for kind, glyph in (("landmarks", "L"), ("artifacts", "A")):
        for pair in p[kind]:
            for m, (x, y) in enumerate(pair):
                out[(x, y)] = (glyph, m)
    return out


def distances(doc, source):
    cells = doc["cells"]
    w, h = doc["width"], doc["height"]
    dist = {tuple(source): 0}
    parent = {}
    queue = deque([tuple(source)])
    while queue:
        x, y = queue.popleft()
        f = cells[y][x]
        for flag, dx, dy in ((N, 0, -1), (E, 1, 0), (S, 0, 1), (W, -1, 0)):
            n = (x + dx, y + dy)
            if f & flag and 0 <= n[0] < w and 0 <= n[1] < h and n not in dist:
                dist[n] = dist[(x, y)] + 1
                parent[n] = (x, y)
                queue.append(n)
    return dist, parent


def path(doc, a, b):
    _, parent = distances(doc, a)
    cell, out = tuple(b), [tuple(b)]
    while cell != tuple(a):
        if cell not in parent:
            return []
        cell = parent[cell]
        out.append(cell)
    return list(reversed(out))


def solution(doc, m):
    # Player m's route start -> key -> exit, as a list of cells.
    p = doc["placements"]
    first = path(doc, p["start"][m], p["key"][m])
    return first + path(doc, p["key"][m], p["exit"][m])[1:]


def walls(doc):
    cells = doc["cells"]
    w, h = doc["width"], doc["height"]

    def hwall(x, y):      # along the top of cell (x, y); y == h is the bottom border
        return y == 0 or y == h or not cells[y - 1][x] & S

    def vwall(x, y):      # along the left of cell (x, y); x == w is the right border
        return x == 0 or x == w or not cells[y][x - 1] & E
    return hwall, vwall


def level_code(doc):
    # The shareable level code, or None when the maze was made with other than default settings
    # (level codes name default settings only).
    from maze32 import Config, levelcode
    from host.twin import SETTINGS
    w, h = doc["width"], doc["height"]
    default = Config(width=w, height=h)
    config = doc.get("config") or {}
    if any(config.get(name, getattr(default, name)) != getattr(default, name) for name in SETTINGS):
        return None
    return levelcode.encode(w, h, doc["requested_seed"], doc["hash"])


def heat_rgb(t):
    # t in 0..1 -> (r, g, b) along HEAT_STOPS.
    t = max(0.0, min(1.0, t)) * (len(HEAT_STOPS) - 1)
    i = min(int(t), len(HEAT_STOPS) - 2)
    f = t - i
    a, b = HEAT_STOPS[i], HEAT_STOPS[i + 1]
    return tuple(int(round(a[k] + (b[k] - a[k]) * f)) for k in range(3))


def hex_rgb(rgb):
    return "#%02x%02x%02x" % tuple(rgb)


def mean_rgb(colours):
    colours = list(colours)
    return tuple(sum(c[k] for c in colours) // len(colours) for k in range(3))


def title_line(doc):
    code = level_code(doc)
    return "maze32  %d \u00d7 %d maze, seed %d, %s" % (
        doc["width"], doc["height"], doc["requested_seed"],
        "level code %s" % code if code else "custom settings (no level code)")


# -- the terminal ---------------------------------------------------------------------------------
def fits(doc, route=False, heat=False, files=0):
    # Does the full terminal picture, with its legend, fit TERMINAL (80 x 24)?
    w, h = doc["width"], doc["height"]
    legend = legend_lines(doc, route, heat, False, files)
    return 2 * w + 1 <= TERMINAL[0] and 2 * h + 1 + len(legend) <= TERMINAL[1]


def _styled(grid):
    # grid: rows of [char, fg style, background rgb or None] -> rich Text.
    text = Text()
    for row in grid:
        for ch, fg, bg in row:
            style = fg or ""
            if bg is not None:
                style = (style + " on " + (bg if isinstance(bg, str) else hex_rgb(bg))).strip()
            text.append(ch, style=style or None)
        text.append("\n")
    return text


def _route_links(doc, route):
    # -> ([set of cells], [set of frozenset edges]) of each player's solution when route is on.
    cells, links = [set(), set()], [set(), set()]
    if route:
        for m in (0, 1):
            sol = solution(doc, m)
            cells[m] = set(sol)
            links[m] = set(frozenset(pair) for pair in zip(sol, sol[1:]))
    return cells, links


class Styles:
    # The terminal picture's styles. On the terminal's own background: ANSI colours as maze32 play
    # uses them; over the distance shading (light colours): dark walls, objects as white letters on
    # their player's colour, routes in darker true colours.
    def __init__(self, heat):
        self.wall = "rgb(31,41,55)" if heat else "bright_black"
        self.braille = "rgb(31,41,55)" if heat else "default"
        self.player = ("bold #0e7490", "bold #a21caf") if heat else PLAYER_STYLE
        self.object = (("bold white on #0891b2", "bold white on #c026d3") if heat else
                       ("bold cyan", "bold magenta"))
        self.both = "bold #15803d" if heat else "bold bright_white"
        # The compact picture without shading marks a route by its characters' background instead.
        self.band = ("#0e7490", "#a21caf", "#4338ca")     # Player 1, Player 2, both

    def band_of(self, owners):
        return self.band[2 if len(owners) == 2 else owners[0]]

    def mark(self, owners):
        # The glyph and style of a route mark of players `owners` (a tuple of 0/1).
        if len(owners) == 2:
            return "•", self.both
        return "·", self.player[owners[0]]


def terminal(doc, route=False, heat=False):
    # The full picture: text line 2y+1 holds row y's cells, column 2x+1 cell x; walls between.
    w, h = doc["width"], doc["height"]
    hwall, vwall = walls(doc)
    objects = objects_of(doc)
    on_route, links = _route_links(doc, route)
    dist = distances(doc, doc["placements"]["start"][0])[0] if heat else {}
    far = max(dist.values()) if dist else 1
    st = Styles(heat)
    wall_style = st.wall

    def shade(*cells):
        cs = [heat_rgb(dist[c] / far) for c in cells if c in dist]
        return mean_rgb(cs) if heat and cs else None

    def owners_of(test):
        return tuple(m for m in (0, 1) if test(m))

    grid = []
    for y in range(h + 1):
        row = []
        for x in range(w + 1):
            arms = ((y > 0 and vwall(x, y - 1)) * 1 | (x < w and hwall(x, y)) * 2 |
                    (y < h and vwall(x, y)) * 4 | (x > 0 and hwall(x - 1, y)) * 8)
            row.append([JUNCTION[arms], wall_style, shade((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y))])
            if x < w:
                cell = [("─" if hwall(x, y) else " "), wall_style, shade((x, y - 1), (x, y))]
                own = owners_of(lambda m: frozenset(((x, y - 1), (x, y))) in links[m])
                if cell[0] == " " and own:
                    cell[0], cell[1] = st.mark(own)
                row.append(cell)
        grid.append(row)
        if y == h:
            break
        row = []
        for x in range(w + 1):
            cell = ["│" if vwall(x, y) else " ", wall_style, shade((x - 1, y), (x, y))]
            own = owners_of(lambda m: frozenset(((x - 1, y), (x, y))) in links[m])
            if cell[0] == " " and own:
                cell[0], cell[1] = st.mark(own)
            row.append(cell)
            if x == w:
                break
            if (x, y) in objects:
                glyph, m = objects[(x, y)]
                row.append([glyph, st.object[m], None])
            else:
                own = owners_of(lambda m: (x, y) in on_route[m])
                mark = st.mark(own) if own else (" ", None)
                row.append([mark[0], mark[1], shade((x, y))])
        grid.append(row)
    return _styled(grid)


# Braille: dot (column i, row j) of a character is this bit of U+2800.
BRAILLE_BIT = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))


def compact(doc, route=False, heat=False):
    # The compact picture: a cell is 4 x 2 braille dots (a wall column and three inside; a wall row
    # and one inside), so a character is half a cell wide and two cells high: 2W+1 columns, H/2+1 lines.
    w, h = doc["width"], doc["height"]
    hwall, vwall = walls(doc)
    objects = objects_of(doc)
    on_route, links = _route_links(doc, route)
    dist = distances(doc, doc["placements"]["start"][0])[0] if heat else {}
    far = max(dist.values()) if dist else 1
    st = Styles(heat)
    wall_style = st.braille
    bands = route and not heat      # routes as backgrounds; over the shading, as coloured dots

    def post(x, y):     # a wall meets the corner at the top left of cell (x, y)
        return ((y > 0 and vwall(x, y - 1)) or (x < w and hwall(x, y)) or (y < h and vwall(x, y))
                or (x > 0 and hwall(x - 1, y)))

    def dot(u, v):
        # -> (wall dot?, owners of a route dot) at dot column u, dot row v.
        x, y, i, j = u // 4, v // 2, u % 4, v % 2
        if j == 0 and i == 0:
            return post(x, y), ()
        if j == 0:
            if hwall(x, y):
                return True, ()
            if i == 2:
                return False, tuple(m for m in (0, 1) if frozenset(((x, y - 1), (x, y))) in links[m])
            return False, ()
        if i == 0:
            if vwall(x, y):
                return True, ()
            return False, tuple(m for m in (0, 1) if frozenset(((x - 1, y), (x, y))) in links[m])
        return False, tuple(m for m in (0, 1) if (x, y) in on_route[m])

    def band(c, r):
        # Players whose route crosses character (c, r): its cells (odd c), or the passages into
        # them from the west (even c).
        x, own = c // 2, set()
        for y in (2 * r, 2 * r + 1):
            for m in (0, 1):
                if c % 2 and (x, y) in on_route[m]:
                    own.add(m)
                if not c % 2 and frozenset(((x - 1, y), (x, y))) in links[m]:
                    own.add(m)
        return tuple(sorted(own))

    grid = []
    for r in range(h // 2 + 1):
        row = []
        for c in range(2 * w + 1):
            bits, owners = 0, set()
            for i in (0, 1):
                for j in range(4):
                    u, v = 2 * c + i, 4 * r + j
                    if u > 4 * w or v > 2 * h:
                        continue
                    wall, own = dot(u, v)
                    if bands:
                        own = ()
                    if wall or own:
                        bits |= BRAILLE_BIT[i][j]
                    owners.update(own)
            style, bg = wall_style, None
            if owners:
                style = st.mark(tuple(sorted(owners)))[1]
            if heat and r < h // 2:
                x = min(c // 2, w - 1)
                bg = mean_rgb(heat_rgb(dist[(x, y)] / far) for y in (2 * r, 2 * r + 1) if (x, y) in dist)
            if bands and r < h // 2 and c < 2 * w and band(c, r):
                style, bg = "bright_white", st.band_of(band(c, r))
            row.append([chr(0x2800 + bits), style, bg])
        grid.append(row)
    for (x, y), (glyph, m) in sorted(objects.items()):
        r, c = y // 2, 2 * x + 1
        if not 0x2800 <= ord(grid[r][c][0]) <= 0x28ff:
            c -= 1                                  # two objects stacked in one line: the wall column
        grid[r][c] = [glyph, st.object[m], None]
    return _styled(grid)


def legend_lines(doc, route, heat, compact_view, files=0):
    # The terminal legend: a list of Text lines, each at most 80 columns, styled as the picture.
    st = Styles(heat)
    lines = []
    t = Text()
    for name, glyph, what in KINDS:
        t.append(glyph, style=st.object[0])
        t.append(glyph, style=st.object[1])
        t.append(" %s%s" % (what.split(":")[0], "   " if glyph != "A" else ""))
    lines.append(t)
    t = Text()
    t.append("cyan", style=st.player[0])
    t.append(" Player 1, top half   ")
    t.append("magenta", style=st.player[1])
    t.append(" Player 2, bottom half (the top turned 180°)")
    lines.append(t)
    if route:
        t = Text("shortest route start → key → exit:  ")
        bands = compact_view and not heat
        for m, name in ((0, PLAYERS[0]), (1, PLAYERS[1]), (2, "both")):
            if bands:
                t.append("  ", style="on " + st.band[m])
            else:
                t.append(*((st.mark((m,)) if m < 2 else st.mark((0, 1)))))
            t.append(" %s   " % name)
        lines.append(t)
    if heat:
        dist = distances(doc, doc["placements"]["start"][0])[0]
        far = max(dist.values()) or 1
        t = Text("background: steps from Player 1's start  0 ")
        for k in range(16):
            t.append(" ", style="on " + hex_rgb(heat_rgb(k / 15.0)))
        t.append(" %d" % far)
        lines.append(t)
    if compact_view:
        lines.append(Text("compact view: walls as braille dots, two maze rows a text line "
                          "(--full: one)", style="dim"))
    code = level_code(doc)
    lines.append(Text("%dx%d, seed %d, %s, hash %s" % (
        doc["width"], doc["height"], doc["requested_seed"],
        "level code %s" % code if code else "custom settings", doc["hash"][:16])))
    lines.extend(Text("") for _ in range(files))
    return lines


def show(out, doc, route=False, heat=False, svg_path=None, full=False, png_path=None):
    # render's terminal output: the picture (compact unless the full one fits 80 x 24, or full),
    # its legend, and the files written.
    written = [p for p in (svg_path, png_path) if p not in (None, "-")]
    use_full = full or fits(doc, route, heat, 1 if written else 0)
    out.print(terminal(doc, route, heat) if use_full else compact(doc, route, heat), end="",
              soft_wrap=True)
    for line in legend_lines(doc, route, heat, not use_full):
        out.print(line, soft_wrap=True)
    if written:
        out.print("written: %s" % ", ".join(written), soft_wrap=True)


# -- drawing a maze into a scene ------------------------------------------------------------------
def draw_halves(sc, doc, ox, oy, cell, tint=True):
    # The two halves: a faint tint over each (unless the cells are shaded) and a strip at the left.
    w, h = doc["width"], doc["height"]
    sc.group("halves")
    for m in (0, 1):
        top = oy + m * (h // 2) * cell
        if tint:
            sc.rect(ox, top, w * cell, (h // 2) * cell, HALF_TINT[m])
        sc.rect(ox - 9, top, 5, (h // 2) * cell, PLAYER_COLOUR[m])
    sc.end()


def draw_heat(sc, doc, ox, oy, cell):
    dist = distances(doc, doc["placements"]["start"][0])[0]
    far = max(dist.values()) or 1
    sc.group("distances")
    for (x, y), d in sorted(dist.items(), key=lambda item: (item[0][1], item[0][0])):
        sc.rect(ox + x * cell, oy + y * cell, cell, cell, hex_rgb(heat_rgb(d / far)),
                tip="%d steps from Player 1's start" % d)
    sc.end()
    return far


def draw_walls(sc, doc, ox, oy, cell, width=2):
    w, h = doc["width"], doc["height"]
    hwall, vwall = walls(doc)
    segments = []
    for y in range(h + 1):          # runs of horizontal walls, then of vertical ones
        x = 0
        while x < w:
            if hwall(x, y):
                x1 = x
                while x1 < w and hwall(x1, y):
                    x1 += 1
                segments.append(((ox + x * cell, oy + y * cell), (ox + x1 * cell, oy + y * cell)))
                x = x1
            else:
                x += 1
    for x in range(w + 1):
        y = 0
        while y < h:
            if vwall(x, y):
                y1 = y
                while y1 < h and vwall(x, y1):
                    y1 += 1
                segments.append(((ox + x * cell, oy + y * cell), (ox + x * cell, oy + y1 * cell)))
                y = y1
            else:
                y += 1
    sc.lines(segments, WALL_COLOUR, width, square=True, gid="walls")


def draw_object(sc, cx, cy, r, glyph, m, tip=None, faded=False):
    sc.circle(cx, cy, r, PLAYER_COLOUR[m] if not faded else HALF_TINT[m],
              "white" if not faded else PLAYER_COLOUR[m], 1.5 if not faded else 1, tip)
    size = max(4, int(r * 1.45 / 4 + 0.5) * 4)    # a multiple of 4: crisp in the PNG's bitmap font
    sc.text(cx, cy + size * 7 / 16.0, glyph, size, "white" if not faded else PLAYER_COLOUR[m],
            "middle", bold=True)


def draw_objects(sc, doc, ox, oy, cell, faded=()):
    names = dict((glyph, what.split(":")[0]) for _, glyph, what in KINDS)
    sc.group("objects")
    for (x, y), (glyph, m) in sorted(objects_of(doc).items(), key=lambda item: (item[0][1], item[0][0])):
        draw_object(sc, ox + (x + 0.5) * cell, oy + (y + 0.5) * cell, cell * 0.42, glyph, m,
                    "%s's %s at (%d, %d)" % (PLAYERS[m], names[glyph], x, y), m in faded)
    sc.end()


def centre(ox, oy, cell, xy, shift=0.0):
    return ox + (xy[0] + 0.5) * cell + shift, oy + (xy[1] + 0.5) * cell + shift


ROUTE_DASH = (0.55, 0.3)    # Player 2's route: dashes and gaps, in cells


def draw_route(sc, cells, m, ox, oy, cell, gid):
    # Player m's route: Player 1 solid, shifted up and left; Player 2 dashed, shifted down and right;
    # each on a white halo, so the two stay apart where they share a passage and show on any shading.
    shift = (-1 if m == 0 else 1) * cell * 0.14
    pts = [centre(ox, oy, cell, c, shift) for c in cells]
    width = max(2.0, cell * 0.16)
    sc.lines([pts], "white", width + 2.5)
    sc.lines([pts], PLAYER_COLOUR[m], width, dash=None if m == 0 else
             (ROUTE_DASH[0] * cell, ROUTE_DASH[1] * cell), gid=gid)


# -- the picture ----------------------------------------------------------------------------------
MARGIN = 16
LEGEND_SIZE = 12
LEGEND_ROW = 22


def wrap(text, size, width):
    # Words of text in lines no wider than width at size.
    lines, line = [], ""
    for word in text.split():
        trial = (line + " " + word).strip()
        if line and raster.text_width(trial, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


class Legend:
    # The legend column: rows of a symbol (drawn by a callback) and text, from top to bottom.
    def __init__(self, sc, x, y, width):
        self.sc, self.x, self.y, self.width = sc, x, y, width
        self.text_x = x + 64

    def heading(self, text):
        self.y += 6
        self.sc.text(self.x, self.y + 12, text, 16, bold=True)
        self.y += 24

    def row(self, text, draw=None, colour="#111827"):
        lines = wrap(text, LEGEND_SIZE, self.width - (self.text_x - self.x))
        if draw:
            draw(self.y + LEGEND_ROW / 2.0)
        for k, line in enumerate(lines):
            self.sc.text(self.text_x, self.y + 15 + 16 * k, line, LEGEND_SIZE, colour)
        self.y += max(LEGEND_ROW, 16 * len(lines) + 6)

    def note(self, text, colour="#4b5563"):
        for line in wrap(text, LEGEND_SIZE, self.width):
            self.sc.text(self.x, self.y + 15, line, LEGEND_SIZE, colour)
            self.y += 16
        self.y += 4


def legend_objects(lg, cell):
    r = min(cell * 0.42, 9.5)
    lg.sc.text(lg.x + 10, lg.y + 12, "P1", 8, PLAYER_COLOUR[0], "middle", True)
    lg.sc.text(lg.x + 36, lg.y + 12, "P2", 8, PLAYER_COLOUR[1], "middle", True)
    lg.y += 16
    for name, glyph, what in KINDS:
        lg.row(what, lambda cy, g=glyph: [draw_object(lg.sc, lg.x + 10 + 26 * m, cy, r, g, m)
                                          for m in (0, 1)])


def legend_halves(lg, tint=True):
    def strip(m):
        return lambda cy: (tint and lg.sc.rect(lg.x, cy - 8, 46, 16, HALF_TINT[m]),
                           lg.sc.rect(lg.x, cy - 8, 5, 16, PLAYER_COLOUR[m]))
    lg.row("Player 1's half (top), where Player 1 starts", strip(0))
    lg.row("Player 2's half (bottom): the top half turned 180\u00b0", strip(1))


def legend_wall(lg):
    lg.row("wall; the gaps are passages",
           lambda cy: lg.sc.lines([[(lg.x, cy), (lg.x + 46, cy)]], WALL_COLOUR, 2, square=True))


def route_sample(lg, m, cy, length=46):
    shift = 0
    pts = [(lg.x + 2, cy + shift), (lg.x + length - 2, cy + shift)]
    lg.sc.lines([pts], "white", 5.7)
    lg.sc.lines([pts], PLAYER_COLOUR[m], 3.2, dash=None if m == 0 else (11, 6))


def colour_bar(sc, x, y, width, far, height=14):
    # The distance colour bar: one block per step count (at most 64), then the scale under it.
    sc.group("colour-bar")
    blocks = min(far + 1, 64)
    for k in range(blocks):
        sc.rect(x + width * k / blocks, y, width / blocks + 0.3, height,
                hex_rgb(heat_rgb(k / max(1, blocks - 1))))
    sc.lines([[(x, y), (x + width, y), (x + width, y + height), (x, y + height), (x, y)]], "#6b7280", 1,
             square=True)
    ticks = sorted(set([0, far // 4, far // 2, 3 * far // 4, far]))
    for d in ticks:
        tx = x + width * (d + 0.5) / (far + 1)
        sc.lines([[(tx, y + height), (tx, y + height + 4)]], "#374151", 1, square=True)
        sc.text(tx, y + height + 16, str(d), LEGEND_SIZE, "#374151", "middle")
    sc.end()


def cell_size(doc, most=640):
    # Pixels a cell: the maze about `most` pixels across, cells 20..40.
    return max(20, min(40, most // max(doc["width"], doc["height"])))


def picture(doc, route=False, heat=False, cell=None):
    # render's picture as a Scene: title, the maze (halves, shading, walls, routes, objects), legend.
    w, h = doc["width"], doc["height"]
    cell = cell or cell_size(doc)
    ox, oy = MARGIN + 12, MARGIN + 52
    lx, lw = ox + w * cell + 28, 360
    title, code = title_line(doc), level_code(doc)
    width = max(lx + lw + MARGIN, MARGIN * 2 + raster.text_width(title, 16))
    sc = Scene(width, 0, title)
    sc.group("title")
    sc.text(MARGIN, MARGIN + 16, title, 16, bold=True)
    sc.text(MARGIN, MARGIN + 36, "Two players race through the same maze: each fetches a key, then "
            "leaves by an exit." if w >= 16 else "Two players race: key first, then the exit.",
            LEGEND_SIZE, "#4b5563")
    sc.end()
    draw_halves(sc, doc, ox, oy, cell, tint=not heat)
    far = draw_heat(sc, doc, ox, oy, cell) if heat else 0
    draw_walls(sc, doc, ox, oy, cell)
    routes = [solution(doc, m) for m in (0, 1)] if route else None
    if route:
        for m in (0, 1):
            draw_route(sc, routes[m], m, ox, oy, cell, "route-%d" % (m + 1))
    draw_objects(sc, doc, ox, oy, cell)

    sc.group("legend")
    lg = Legend(sc, lx, oy - 6, lw)
    lg.heading("Legend")
    legend_halves(lg, tint=not heat)
    legend_objects(lg, cell)
    legend_wall(lg)
    if route:
        lg.heading("Shortest routes")
        for m in (0, 1):
            lg.row("%s: start \u2192 key \u2192 exit, %d steps%s" % (
                PLAYERS[m], len(routes[m]) - 1, "" if m == 0 else " (dashed)"),
                lambda cy, m=m: route_sample(lg, m, cy))
        lg.note("Each route is drawn to one side of the passages, so both show where they share one.")
    if heat:
        lg.heading("Distance")
        lg.note("Each cell is shaded by the steps from Player 1's start to it (the shortest walk).")
        colour_bar(sc, lx, lg.y + 4, lw - 40, far)
        lg.y += 44
    lg.y += 6
    lg.note("%s; hash %s\u2026" % ("level code %s" % code if code else "custom settings", doc["hash"][:16]))
    sc.end()
    sc.height = max(oy + h * cell, lg.y) + MARGIN
    return sc


def svg(doc, route=False, heat=False, cell=None):
    return to_svg(picture(doc, route, heat, cell))


def png(doc, route=False, heat=False, cell=None, scale=2):
    return to_png(picture(doc, route, heat, cell), scale)


# -- the replay sheet of a Duel -------------------------------------------------------------------
def _steps(cells):
    # A walk as cells, standing still dropped.
    out = []
    for c in cells:
        if not out or out[-1] != c:
            out.append(c)
    return out


def replay_svg(doc, paths, cell=None):
    # After a Duel: for each player, the cells walked (paths[m]: cell indices y << 5 | x in order)
    # over the maze, with the shortest start -> key -> exit route over it, dashed, and the steps
    # taken against the shortest.
    w, h = doc["width"], doc["height"]
    cell = cell or max(12, min(28, 480 // max(w, h)))
    p = doc["placements"]
    walks = [_steps([(i & 31, i >> 5) for i in paths[m]]) for m in (0, 1)]
    routes = [solution(doc, m) for m in (0, 1)]
    out = [bool(walks[m]) and walks[m][-1] == tuple(p["exit"][m]) and tuple(p["key"][m]) in walks[m]
           for m in (0, 1)]
    title = "maze32 replay  " + title_line(doc)[len("maze32  "):]
    gap, top = 44, MARGIN + 52
    panel_w = w * cell
    lx, lw = MARGIN + 12 + 2 * panel_w + gap + 28, 360
    sc = Scene(max(lx + lw + MARGIN, 2 * MARGIN + raster.text_width(title, 16)), 0, title)
    sc.group("title")
    sc.text(MARGIN, MARGIN + 16, title, 16, bold=True)
    sc.text(MARGIN, MARGIN + 36, "Where each player walked, against the shortest route.", LEGEND_SIZE,
            "#4b5563")
    sc.end()
    summaries = []
    for m in (0, 1):
        ox, oy = MARGIN + 12 + m * (panel_w + gap), top + 20
        walk, best = walks[m], len(routes[m]) - 1
        steps = max(0, len(walk) - 1)
        won = out[m] and not out[1 - m]
        if out[m]:
            summary = "%s: %d steps%s, %d more than the shortest route (%d)" % (
                PLAYERS[m], steps, " and won" if won else "", steps - best, best)
        else:
            summary = "%s: %d steps, did not get out (%s); the shortest route is %d" % (
                PLAYERS[m], steps, "had the key" if tuple(p["key"][m]) in walk else "no key", best)
        summaries.append(summary)
        sc.group("panel-%d" % (m + 1))
        sc.text(ox, top + 10, "%s: %d steps, shortest %d%s" % (
            PLAYERS[m], steps, best, " (won)" if won else "" if out[m] else " (not out)"), 12,
            PLAYER_COLOUR[m], bold=True)
        draw_halves(sc, doc, ox, oy, cell)
        draw_walls(sc, doc, ox, oy, cell, width=1.5)
        # The walk: each passage once in the player's colour, thicker where the player walked it again.
        count = {}
        for a, b in zip(walk, walk[1:]):
            count[frozenset((a, b))] = count.get(frozenset((a, b)), 0) + 1
        edges = sorted((tuple(sorted(e)), n) for e, n in count.items())
        once = [[centre(ox, oy, cell, a), centre(ox, oy, cell, b)] for (a, b), n in edges if n == 1]
        again = [[centre(ox, oy, cell, a), centre(ox, oy, cell, b)] for (a, b), n in edges if n > 1]
        sc.group("walk-%d" % (m + 1))
        if once:
            sc.lines(once, PLAYER_COLOUR[m], cell * 0.3, opacity=0.55)
        if again:
            sc.lines(again, PLAYER_COLOUR[m], cell * 0.5, opacity=0.85)
        if len(walk) == 1:
            sc.circle(*centre(ox, oy, cell, walk[0]), r=cell * 0.2, fill=PLAYER_COLOUR[m])
        sc.end()
        sc.lines([[centre(ox, oy, cell, c) for c in routes[m]]], "#111827", 1.6,
                 dash=(cell * 0.35, cell * 0.25), gid="shortest-%d" % (m + 1))
        draw_objects(sc, doc, ox, oy, cell, faded=(1 - m,))
        if walk:                            # a ring around the cell where the player stopped
            ex, ey = centre(ox, oy, cell, walk[-1])
            sc.circle(ex, ey, cell * 0.62, "none", "#111827", 2, tip="%s stopped here" % PLAYERS[m])
        sc.end()
    sc.group("legend")
    lg = Legend(sc, lx, top + 14, lw)
    lg.heading("Steps")
    for m in (0, 1):
        lg.row(summaries[m], lambda cy, m=m: (sc.lines([[(lx + 2, cy), (lx + 44, cy)]], PLAYER_COLOUR[m], 5,
                                                     opacity=0.55)))
    lg.heading("Legend")
    lg.row("where the player walked",
           lambda cy: sc.lines([[(lx + 2, cy), (lx + 44, cy)]], "#6b7280", 5, opacity=0.55))
    lg.row("walked more than once",
           lambda cy: sc.lines([[(lx + 2, cy), (lx + 44, cy)]], "#6b7280", 8, opacity=0.85))
    lg.row("the shortest route: start \u2192 key \u2192 exit",
           lambda cy: sc.lines([[(lx + 2, cy), (lx + 44, cy)]], "#111827", 1.6, dash=(5.6, 4)))
    lg.row("where the player stopped",
           lambda cy: sc.circle(lx + 23, cy, 8, "none", "#111827", 2))
    legend_objects(lg, cell)
    lg.note("Each panel shows one player; the other player's objects are pale.")
    lg.y += 4
    code = level_code(doc)
    lg.note("%s; hash %s\u2026" % ("level code %s" % code if code else "custom settings", doc["hash"][:16]))
    sc.end()
    sc.height = max(top + 20 + h * cell, lg.y) + MARGIN
    return to_svg(sc)


# -- Deeper -----------------------------------------------------------------------------------------
def hedge_text(doc):
    # One character per tile: walls as blocks, H the hatch, G a ghost, @ the spawn.
    from maze32.hedge import WALL, HATCH
    spots = dict(((g["x"], g["y"]), "G") for g in doc["ghosts"])
    spots[tuple(doc["spawn"])] = "@"
    rows = []
    for y, row in enumerate(doc["tiles"]):
        rows.append("".join(spots.get((x, y), "█" if t == WALL else ("H" if t == HATCH else " "))
                            for x, t in enumerate(row)))
    return "\n".join(rows)
