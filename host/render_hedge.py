# Pictures of a Deeper hedge level (`maze32 hedge`): SVG and PNG through host/scene.py with a title and
# a legend column like the maze's picture (render.py's Legend), and the terminal picture two columns a
# tile, in the game's own glyphs and colours (maze32_game/deeper_view.py: hedges green, the hatch yellow,
# ghosts red, you cyan), so it is square on a terminal as the game is, with a legend under it. What is
# drawn comes from the level's document (twin.hedge_level).
from collections import deque

from rich.text import Text

from host import raster
from host.render import MARGIN, LEGEND_SIZE, Legend, wrap
from host.scene import Scene, marker as disc, to_png, to_svg
from maze32.hedge_level import wake_distance

HEDGE, FLOOR, HATCH = 0, 1, 2                   # the tile codes (maze32.hedge_level)
COLOURS = {"hedge": "#3f7d3a", "floor": "#f6f3e8", "hatch": "#d99a06", "ghost": "#dc2626",
           "you": "#0891b2", "route": "#0891b2",
           "wakes": "#f9d9d4"}                  # floor where a ghost wakes: a faint red
TERMINAL = {"hedge": "green", "hatch": "bold yellow", "ghost": "bold bright_red", "you": "bold cyan"}
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))
FRAMES_PER_SECOND = 20                          # the game's (maze32_game/term.py)


def route(doc):
    # The shortest walk from the spawn to the hatch, as tiles (x, y).
    tiles, start, goal = doc["tiles"], tuple(doc["spawn"]), tuple(doc["hatch"])
    parent = {start: None}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for dx, dy in STEPS:
            n = (x + dx, y + dy)
            if n not in parent and tiles[n[1]][n[0]] != HEDGE:
                parent[n] = (x, y)
                queue.append(n)
    out, c = [], goal if goal in parent else None
    while c is not None:
        out.append(c)
        c = parent[c]
    return out[::-1]


def title(doc):
    return "maze32 Deeper  level %d (%d \u00d7 %d tiles), seed %d" % (doc["level"], doc["side"], doc["side"],
                                                                    doc["seed"])


def goal(doc):
    return ("Walk from @ to the hatch H before a ghost G catches you; a ghost sleeps until you come "
            "within %d tiles of it, then chases you." % wake_distance(doc["level"]))


def checks_line(doc):
    failed = [name for name, ok in doc["checks"].items() if not ok]
    if failed:
        return "checks: FAILED %s (of %d)" % (", ".join(failed), len(doc["checks"]))
    return "all %d checks hold: %s" % (len(doc["checks"]), ", ".join(doc["checks"]))


def picture(doc, cell=None):
    side, level = doc["side"], doc["level"]
    cell = cell or max(24, min(40, 560 // side))
    ox, oy = MARGIN + 4, MARGIN + 52 + 16 * len(raster_wrap(goal(doc)))
    lx, lw = ox + side * cell + 28, 360
    sc = Scene(max(lx + lw + MARGIN, 2 * MARGIN + raster.text_width(title(doc), 16)), 0, title(doc))
    sc.group("title")
    sc.text(MARGIN, MARGIN + 16, title(doc), 16, bold=True)
    for k, line in enumerate(raster_wrap(goal(doc))):
        sc.text(MARGIN, MARGIN + 36 + 16 * k, line, LEGEND_SIZE, "#4b5563")
    sc.end()
    reach = wake_distance(level)
    near = set((x, y) for g in doc["ghosts"] for y in range(g["y"] - reach, g["y"] + reach + 1)
               for x in range(g["x"] - reach, g["x"] + reach + 1))
    shades = [0 if t == HEDGE else 2 if (x, y) in near else 1
              for y, row in enumerate(doc["tiles"]) for x, t in enumerate(row)]
    sc.cells(ox, oy, cell, side, side, shades, [COLOURS["hedge"], COLOURS["floor"], COLOURS["wakes"]])
    walk = route(doc)
    pts = [(ox + (x + 0.5) * cell, oy + (y + 0.5) * cell) for x, y in walk]
    sc.lines([pts], "white", 5.5)
    sc.lines([pts], COLOURS["route"], 3, dash=(cell * 0.5, cell * 0.3), gid="route")
    r = cell * 0.42
    sc.group("markers")
    disc(sc, ox + (doc["hatch"][0] + 0.5) * cell, oy + (doc["hatch"][1] + 0.5) * cell, r, COLOURS["hatch"], "H")
    disc(sc, ox + (doc["spawn"][0] + 0.5) * cell, oy + (doc["spawn"][1] + 0.5) * cell, r, COLOURS["you"], "@")
    for g in doc["ghosts"]:
        disc(sc, ox + (g["x"] + 0.5) * cell, oy + (g["y"] + 0.5) * cell, r, COLOURS["ghost"], "G")
    sc.end()

    sc.group("legend")
    lg = Legend(sc, lx, oy - 6, lw)
    lg.heading("Legend")
    rr = min(r, 9.5)
    lg.row("you: you start here", lambda cy: disc(sc, lx + 23, cy, rr, COLOURS["you"], "@"))
    lg.row("the hatch: reach it to go a level deeper", lambda cy: disc(sc, lx + 23, cy, rr, COLOURS["hatch"], "H"))
    lg.row("a ghost: it catches you on its tile", lambda cy: disc(sc, lx + 23, cy, rr, COLOURS["ghost"], "G"))
    lg.row("floor where a ghost wakes: within %d tiles of it, diagonally too" % reach,
           lambda cy: sc.rect(lx + 4, cy - 8, 38, 16, COLOURS["wakes"]))
    lg.row("floor where every ghost sleeps", lambda cy: (sc.rect(lx + 3, cy - 9, 40, 18, "#9ca3af"),
                                                       sc.rect(lx + 4, cy - 8, 38, 16, COLOURS["floor"])))
    lg.row("hedge: a wall", lambda cy: sc.rect(lx + 4, cy - 8, 38, 16, COLOURS["hedge"]))
    lg.row("the shortest way to the hatch: %d steps" % (len(walk) - 1),
           lambda cy: (sc.lines([[(lx + 2, cy), (lx + 44, cy)]], "white", 5.5),
                       sc.lines([[(lx + 2, cy), (lx + 44, cy)]], COLOURS["route"], 3, dash=(11, 6))))
    lg.heading("Ghosts")
    seconds = [g["cooldown"] / float(FRAMES_PER_SECOND) for g in doc["ghosts"]]
    if len(seconds) == 1:
        lg.note("1 ghost; awake, it takes a step every %.2g s." % seconds[0])
    else:                                           # maze32.ghosts: beside you, at most twice ghost 0's
        lg.note("%d ghosts; awake, each takes a step every %s s, and one beside you within %.2g s." % (
            len(seconds), ", ".join("%.2g" % t for t in seconds), 2 * seconds[0]))
    lg.y += 6
    lg.note(checks_line(doc))
    lg.note("%s; hash %s\u2026" % (doc["format"], doc["hash"][:16]))
    sc.end()
    sc.height = max(oy + side * cell, lg.y) + MARGIN
    return sc


def raster_wrap(text, width=520):
    return wrap(text, LEGEND_SIZE, width)


def svg(doc):
    return to_svg(picture(doc))


def png(doc, scale=2):
    return to_png(picture(doc), scale)


# -- the terminal ---------------------------------------------------------------------------------
def terminal_text(doc):
    # Two columns a tile as the game draws it: ██ hedge, H the hatch, G a ghost, @ you; then a legend.
    spots = dict(((g["x"], g["y"]), ("G ", TERMINAL["ghost"])) for g in doc["ghosts"])
    spots[tuple(doc["spawn"])] = ("@ ", TERMINAL["you"])
    text = Text()
    for y, row in enumerate(doc["tiles"]):
        for x, t in enumerate(row):
            glyph, style = spots.get((x, y), ("██", TERMINAL["hedge"]) if t == HEDGE else
                                     ("H ", TERMINAL["hatch"]) if t == HATCH else ("  ", None))
            text.append(glyph, style=style)
        text.append("\n")
    for glyph, key, what in (("@", "you", "you   "), ("H", "hatch", "the hatch: reach it   "),
                             ("G", "ghost", "a ghost: wakes within %d tiles   " % wake_distance(doc["level"])),
                             ("██", "hedge", "hedge")):
        text.append(glyph, style=TERMINAL[key])
        text.append(" " + what)
    text.append("\n")
    return text
