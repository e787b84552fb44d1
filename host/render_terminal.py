# A maze32/1 document in the terminal (rich Text; a Deeper level: render_hedge.py). The picture fits
# 80 x 24: the full picture (two text lines and two columns a cell, box-drawing walls) when it fits,
# else a compact one (walls as braille dots, each text line two maze rows, two columns a cell);
# --full always draws the full one. What they draw comes from render.py's maze as data.
from rich.text import Text

from host.render import (KINDS, PLAYERS, objects_of, distances, solution, walls, level_code, heat_rgb,
                         hex_rgb, mean_rgb)

PLAYER_STYLE = ("bold cyan", "bold magenta")         # as maze32 play colours the players
# Box-drawing junctions indexed by arms up=1, right=2, down=4, left=8.
JUNCTION = " ╵╶└╷│┌├╴┘─┴┐┤┬┼"
TERMINAL = (80, 24)


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


def _layers(doc, route, heat):
    # What both pictures draw from: walls, objects, route marks, distances (the farthest) and styles.
    hwall, vwall = walls(doc)
    on_route, links = _route_links(doc, route)
    dist = distances(doc, doc["placements"]["start"][0])[0] if heat else {}
    return (hwall, vwall, objects_of(doc), on_route, links, dist, max(dist.values()) if dist else 1,
            Styles(heat))


def terminal(doc, route=False, heat=False):
    # The full picture: text line 2y+1 holds row y's cells, column 2x+1 cell x; walls between.
    w, h = doc["width"], doc["height"]
    hwall, vwall, objects, on_route, links, dist, far, st = _layers(doc, route, heat)
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
    hwall, vwall, objects, on_route, links, dist, far, st = _layers(doc, route, heat)
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
