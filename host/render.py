# Pictures: a maze in the terminal (rich, box-drawing walls) and as SVG, from a maze32/1 document; a
# Deeper hedge level as text, from its document (twin.hedge_level).
from collections import deque
from xml.sax.saxutils import escape

from rich.text import Text

N, E, S, W = 1, 2, 4, 8
OBJECTS = (("start", "S"), ("exit", "E"), ("key", "K"), ("compass", "C"))
PLAYER_STYLE = ("bold cyan", "bold magenta")
PLAYER_COLOUR = ("#0891b2", "#c026d3")
# Box-drawing junctions indexed by arms up=1, right=2, down=4, left=8.
JUNCTION = " ╵╶└╷│┌├╴┘─┴┐┤┬┼"


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


def terminal(doc, route=False, heat=False):
    w, h = doc["width"], doc["height"]
    hwall, vwall = walls(doc)
    objects = objects_of(doc)
    routes = [set(solution(doc, m)) for m in (0, 1)] if route else [set(), set()]
    dist = distances(doc, doc["placements"]["start"][0])[0] if heat else {}
    far = max(dist.values()) if dist else 1
    text = Text()
    for y in range(h + 1):
        for x in range(w + 1):
            arms = ((y > 0 and vwall(x, y - 1)) * 1 | (x < w and hwall(x, y)) * 2 |
                    (y < h and vwall(x, y)) * 4 | (x > 0 and hwall(x - 1, y)) * 8)
            text.append(JUNCTION[arms], style="bright_black")
            if x < w:
                text.append("─" if hwall(x, y) else " ", style="bright_black")
        text.append("\n")
        if y == h:
            break
        for x in range(w + 1):
            text.append("│" if vwall(x, y) else " ", style="bright_black")
            if x == w:
                break
            back = ""
            if heat and (x, y) in dist:
                t = dist[(x, y)] / far
                back = " on rgb(%d,%d,%d)" % (int(40 + 180 * t), 40, int(200 - 160 * t))
            if (x, y) in objects:
                glyph, m = objects[(x, y)]
                text.append(glyph, style=PLAYER_STYLE[m] + back)
            elif (x, y) in routes[0] and (x, y) in routes[1]:
                text.append("•", style="bold white" + back)
            elif (x, y) in routes[0] or (x, y) in routes[1]:
                text.append("·", style=PLAYER_STYLE[0 if (x, y) in routes[0] else 1] + back)
            else:
                text.append(" ", style=back.strip() or "")
        text.append("\n")
    return text


def show(out, doc, route=False, heat=False, svg_path=None):
    # render's terminal output: the picture, its legend, and a line naming the maze.
    out.print(terminal(doc, route, heat), end="")
    out.print(legend(route, heat))
    out.print("seed %d, %dx%d, hash %s%s" % (doc["requested_seed"], doc["width"], doc["height"],
                                            doc["hash"][:16],
                                            ", SVG written to %s" % svg_path if svg_path else ""))


def legend(route, heat):
    t = Text()
    t.append("S", style=PLAYER_STYLE[0]); t.append("/"); t.append("S", style=PLAYER_STYLE[1])
    t.append(" start  E exit  K key  C compass  L landmark  A artifact   ")
    t.append("Player 1", style=PLAYER_STYLE[0]); t.append(" / "); t.append("Player 2", style=PLAYER_STYLE[1])
    if route:
        t.append("   · solution route (• shared)")
    if heat:
        t.append("   background: route distance from Player 1's start, blue near, red far")
    return t


def svg(doc, route=False, heat=False, cell=20):
    w, h = doc["width"], doc["height"]
    margin = cell
    width, height = w * cell + 2 * margin, h * cell + 2 * margin
    hwall, vwall = walls(doc)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">'
           % (width, height, width, height),
           "<title>%s</title>" % escape("maze32 %dx%d seed %d (hash %s)" % (
               w, h, doc["requested_seed"], doc["hash"][:16])),
           '<rect width="100%" height="100%" fill="white"/>']
    if heat:
        dist = distances(doc, doc["placements"]["start"][0])[0]
        far = max(dist.values()) or 1
        out.append('<g id="distances">')
        for (x, y), d in sorted(dist.items()):
            t = d / far
            out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="rgb(%d,%d,%d)">'
                       '<title>%d</title></rect>' % (margin + x * cell, margin + y * cell, cell, cell,
                                                    int(60 + 190 * t), 90, int(240 - 190 * t), d))
        out.append("</g>")
    segments = []
    for y in range(h + 1):
        for x in range(w):
            if hwall(x, y):
                segments.append("M%d %dh%d" % (margin + x * cell, margin + y * cell, cell))
    for y in range(h):
        for x in range(w + 1):
            if vwall(x, y):
                segments.append("M%d %dv%d" % (margin + x * cell, margin + y * cell, cell))
    out.append('<path id="walls" d="%s" stroke="#1f2937" stroke-width="2" stroke-linecap="square" '
               'fill="none"/>' % " ".join(segments))
    if route:
        for m in (0, 1):
            pts = " ".join("%g,%g" % (margin + (x + 0.5) * cell, margin + (y + 0.5) * cell)
                           for x, y in solution(doc, m))
            out.append('<polyline id="route-%d" points="%s" fill="none" stroke="%s" stroke-width="%g" '
                       'stroke-opacity="0.6"/>' % (m + 1, pts, PLAYER_COLOUR[m], cell / 5))
    out.append('<g id="objects" font-family="monospace" font-size="%d" text-anchor="middle">' % (cell * 0.6))
    for (x, y), (glyph, m) in sorted(objects_of(doc).items()):
        cx, cy = margin + (x + 0.5) * cell, margin + (y + 0.5) * cell
        out.append('<circle cx="%g" cy="%g" r="%g" fill="%s"/><text x="%g" y="%g" fill="white">%s</text>'
                   % (cx, cy, cell * 0.42, PLAYER_COLOUR[m], cx, cy + cell * 0.2, glyph))
    out.append("</g></svg>")
    return "\n".join(out) + "\n"


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
