# Pictures of a maze32/1 document as SVG and as PNG, the replay sheet of a Duel (replay_svg), and the
# maze as data they and the terminal pictures (render_terminal.py) draw from: objects, routes, walls.
#
# The SVG and the PNG are one picture: picture() builds a Scene (host/scene.py: rectangles, lines,
# discs, text, in the picture's units) and to_svg / to_png write it, the PNG through host/raster.py
# (pure Python, a 5x7 bitmap font, zlib + struct), so --png needs no system library.
from collections import deque

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
PLAYER_COLOUR = ("#0891b2", "#c026d3")
HALF_TINT = ("#e3f6fa", "#f8e6fa")      # the two halves, faintly
WALL_COLOUR = "#1f2937"
# Route distance: pale yellow (near) to orange (far), away from both players' colours.
HEAT_STOPS = ((255, 247, 188), (254, 227, 145), (254, 196, 79), (254, 153, 41), (236, 112, 20))


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


def wall_runs(lines, length, wall):
    # (line, start, end) for each run of wall(along, line) being true along each of `lines` lines of
    # `length` cells: a run of wall is drawn as one segment.
    for line in range(lines):
        along = 0
        while along < length:
            if wall(along, line):
                end = along
                while end < length and wall(end, line):
                    end += 1
                yield line, along, end
                along = end
            else:
                along += 1


def draw_walls(sc, doc, ox, oy, cell, width=2):
    w, h = doc["width"], doc["height"]
    hwall, vwall = walls(doc)
    # runs of horizontal walls, then of vertical ones
    segments = [((ox + x * cell, oy + y * cell), (ox + x1 * cell, oy + y * cell))
                for y, x, x1 in wall_runs(h + 1, w, hwall)]
    segments += [((ox + x * cell, oy + y * cell), (ox + x * cell, oy + y1 * cell))
                 for x, y, y1 in wall_runs(w + 1, h, lambda y, x: vwall(x, y))]
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
