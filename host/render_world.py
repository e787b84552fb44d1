# Pictures of a world (SPEC 10): in the terminal in Explore's own glyphs and colours (two columns a
# tile, maze32_game/explore_view.py's table: the one source), and as SVG or PNG through host/scene.py,
# the maze pictures' path (one pixel font, one rasteriser, one SVG writer): a title, the map, the spawn
# and the stairs marked large, a legend column of the materials shown with what each does in the game.
# The picture shows PICTURE_VIEW round the spawn at PIXELS a tile unless asked for the whole world
# (--whole) or a region.
from maze32.world.tiles import DUNGEON, FORMAT, MATERIALS, KIND_NAMES, STRATEGIES
from host import raster
from host.render import MARGIN, LEGEND_SIZE, Legend
from host.scene import Scene, marker, to_png, to_svg

COLOURS = {                          # one colour per material in the pictures
    "air": (186, 224, 250), "grass": (74, 160, 60), "dirt": (133, 94, 58), "stone": (92, 92, 100),
    "sand": (231, 205, 128), "water": (46, 110, 220), "lava": (240, 90, 20), "acid": (150, 230, 40),
    "wood": (150, 100, 40), "door": (200, 140, 60), "trap": (220, 30, 120), "stairs": (255, 255, 255),
    "item": (255, 210, 0), "fire": (255, 140, 0)}
SPAWN_COLOUR = (255, 0, 255)
STAIRS_MARK = "#1f2937"              # the stairs' marker (the stairs' own colour is white)
VIEW = (39, 19)                      # the terminal picture's default window, in tiles (78 columns)
TERMINAL_MOST = (256, 256)           # the largest region the terminal picture shows (65,536 styled
                                     # tiles, past any screen already; at 2048 x 2048 it took minutes
                                     # and gigabytes)
PICTURE_VIEW = (160, 128)            # the picture's default window round the spawn, in tiles: Explore's
                                     # world (128 x 128) whole, its stairs in it
PIXELS = 6                           # pixels a tile there
MOST_PIXELS = 1600                   # a whole world or a region: tiles of whole pixels, about this wide
SCALE = 2                            # PNG pixels a picture unit, as the maze pictures


def terminal_region(region, picture):
    # The region the terminal shows for `--region region` (X, Y, W, H): itself when it fits in
    # TERMINAL_MOST; else, with a picture file being written, its top left part of that size (said so on
    # the picture's line); without one, CliError naming the limit.
    from host.errors import CliError
    x, y, w, h = region
    most_w, most_h = TERMINAL_MOST
    if w <= most_w and h <= most_h:
        return region
    if not picture:
        raise CliError("region: %d x %d tiles is more than the terminal picture shows (at most %d x %d); "
                       "use --png or --svg for a larger one" % (w, h, most_w, most_h))
    return x, y, min(w, most_w), min(h, most_h)


def rgb_of(t):
    # A material's colour; black for a tile code past the table, or a material not given one here yet.
    return COLOURS.get(MATERIALS[t][0], (0, 0, 0)) if t < len(MATERIALS) else (0, 0, 0)


def hex_of(rgb):
    return "#%02x%02x%02x" % tuple(rgb)


PALETTE = [hex_of(rgb_of(t)) for t in range(256)]     # tile value -> its colour (unknown ones black)


def explore_view():
    # Explore's view (firmware/maze32_game/explore_view.py): STYLES, its [(glyph, ANSI style)] by
    # material; PLAYER; MEANINGS, what each material does; bearing(), its compass. Imported when drawn.
    from maze32_game import explore_view as view
    return view


def meaning(name, meanings):
    return meanings.get(name, name)


# -- the terminal ---------------------------------------------------------------------------------
def terminal_text(region, legend=True):
    # The region as rich Text, two columns a tile as Explore draws it (the spawn as its @); then the
    # legend of the materials present, each in its glyph, in lines under 80 columns.
    from rich.text import Text
    view = explore_view()
    styles, player, meanings = view.STYLES, view.PLAYER, view.MEANINGS
    text = Text()
    for y in range(region.oy, region.oy + region.h):
        row = region.tiles[(y - region.oy) * region.w:(y - region.oy + 1) * region.w]
        parts = []
        for i, t in enumerate(row):
            if (region.ox + i, y) == tuple(region.spawn):
                parts.append(player + "@ ")
            else:
                glyph, style = styles[t] if t < len(styles) else ("??", "\x1b[0;1;31m")
                parts.append(style + glyph)
        text.append_text(Text.from_ansi("".join(parts) + "\x1b[0m"))
        text.append("\n")
    if legend:
        entries = [(player, "@ ", "spawn: where you start")]
        entries += [(styles[t][1], styles[t][0], meaning(MATERIALS[t][0], meanings))
                    for t in sorted(set(region.tiles)) if t < len(styles)]
        line = Text()
        for style, glyph, what in entries:
            piece = Text.from_ansi(style + glyph + "\x1b[0m")
            piece.append(" " + what + "   ")
            if line.cell_len and line.cell_len + piece.cell_len > 80:
                text.append_text(line.rstrip() or line)
                text.append("\n")
                line = Text()
            line.append_text(piece)
        line.rstrip()
        text.append_text(line)
        text.append("\n")
    return text


def show(out, view, written=None):
    # The terminal picture of a region, the line naming it, and the picture file written, if any.
    s = view.spec
    out.print(terminal_text(view), end="", soft_wrap=True)
    out.print("seed %d, depth %d (%s), tiles %d,%d to %d,%d of %d x %d" % (
        view.seed, s.depth, kind_name(s), view.ox, view.oy, view.ox + view.w - 1,
        view.oy + view.h - 1, s.width, s.height), highlight=False, soft_wrap=True)
    # The hash names what was drawn, so a reader can tell it from the whole world's (world validate).
    out.print("region hash %s (world export --region %d,%d,%d,%d)" % (
        view.digest()[:16], view.ox, view.oy, view.w, view.h), highlight=False, soft_wrap=True)
    if written:
        out.print("wrote %s" % written, highlight=False, soft_wrap=True)


# -- the picture ----------------------------------------------------------------------------------
def title(region):
    s = region.spec
    return "maze32 world  seed %d, depth %d (%s), %d \u00d7 %d tiles" % (
        region.seed, s.depth, kind_name(s), s.width, s.height)


def kind_name(spec):
    # "caves", "dungeon/accretion": a dungeon's strategy named as Explore's world code names it, so a
    # player comparing a render with the game sees which of a depth's two dungeons it is.
    name = KIND_NAMES[spec.kind]
    return name + "/" + STRATEGIES[spec.strategy] if spec.kind == DUNGEON else name


def subtitle(region, px, around):
    where = ("the whole world" if region.whole else "tiles %d,%d to %d,%d%s" % (
        region.ox, region.oy, region.ox + region.w - 1, region.oy + region.h - 1,
        " round the spawn (--whole: the whole world)" if around else ""))
    return "%s, %d pixel%s a tile" % (where, px, "" if px == 1 else "s")


def clamp(v, lo, hi):
    return lo if v < lo else hi if v > hi else v


def picture(region, around=False):
    # The region as a Scene: title, the map (tiles of px pixels), the spawn and stairs markers, legend.
    view = explore_view()
    px = (PIXELS if around else max(1, min(8, MOST_PIXELS // max(region.w, region.h))))
    cell = px / float(SCALE)
    w, h = region.w, region.h
    ox, oy = MARGIN + 4, MARGIN + 52
    mw, mh = w * cell, h * cell
    lx, lw = ox + mw + 28, 340
    heading, sub = title(region), subtitle(region, px, around)
    sc = Scene(max(lx + lw + MARGIN, 2 * MARGIN + raster.text_width(heading, 16)), 0, heading)
    sc.group("title")
    sc.text(MARGIN, MARGIN + 16, heading, 16, bold=True)
    sc.text(MARGIN, MARGIN + 36, sub, LEGEND_SIZE, "#4b5563")
    sc.end()
    sc.cells(ox, oy, cell, w, h, region.tiles, PALETTE)
    sc.lines([[(ox, oy), (ox + mw, oy), (ox + mw, oy + mh), (ox, oy + mh), (ox, oy)]], "#6b7280", 1,
             square=True)
    r = max(10.0, min(mw, mh) / 50.0)                 # markers large whatever the tile size
    sx, sy = region.spawn
    tx, ty = region.stairs

    def mark(x, y, fill, glyph, what):
        # A marker on tile (x, y); one beyond the map on its edge, their way, ringed. -> inside?
        inside = region.ox <= x < region.ox + w and region.oy <= y < region.oy + h
        cx = clamp(ox + (x - region.ox + 0.5) * cell, ox + r, ox + mw - r)
        cy = clamp(oy + (y - region.oy + 0.5) * cell, oy + r, oy + mh - r)
        if not inside:
            sc.circle(cx, cy, r + 4, "none", fill, 1.5)
        marker(sc, cx, cy, r, fill, glyph, tip="%s at (%d, %d)" % (what, x, y))
        return inside
    sc.group("markers")
    stairs_in = mark(tx, ty, STAIRS_MARK, ">", "the stairs")
    spawn_in = mark(sx, sy, hex_of(SPAWN_COLOUR), "@", "the spawn")
    sc.end()

    beyond = "; beyond this map, so the ringed mark on its edge points %s way"
    sc.group("legend")
    lg = Legend(sc, lx, oy - 6, lw)
    lg.heading("Legend")
    lg.row("spawn: where you start" + ("" if spawn_in else beyond % "its"),
           lambda cy: marker(sc, lx + 23, cy, 9.5, hex_of(SPAWN_COLOUR), "@"))
    dx, dy = tx - sx, ty - sy
    where = "" if not (dx or dy) else ", %s tiles %s of the spawn" % (
        "{:,}".format(int((dx * dx + dy * dy) ** 0.5)), view.bearing(dx, dy))
    lg.row("stairs: one depth deeper%s%s" % (where, "" if stairs_in else beyond % "their"),
           lambda cy: marker(sc, lx + 23, cy, 9.5, STAIRS_MARK, ">"))
    lg.heading("Materials")
    present = [t for t in sorted(set(region.tiles)) if t < len(MATERIALS)]
    for t in present:
        lg.row(meaning(MATERIALS[t][0], view.MEANINGS),
               lambda cy, t=t: (sc.rect(lx + 3, cy - 9, 40, 18, "#6b7280"),
                                sc.rect(lx + 4, cy - 8, 38, 16, PALETTE[t])))
    lg.y += 6
    lg.note("In the game (maze32 play --mode explore) each material has its own glyph; `maze32 world "
            "render` without a file shows them.")
    lg.note("%s; %s %s\u2026" % (FORMAT, "the world's hash" if region.whole else
                                  "these tiles' hash (world export --region %d,%d,%d,%d)"
                                  % (region.ox, region.oy, region.w, region.h), region.digest()[:16]))
    sc.end()
    sc.height = max(oy + mh, lg.y) + MARGIN
    legend = "; ".join(["%s %s" % (MATERIALS[t][0], PALETTE[t]) for t in present] +
                       ["spawn %s" % hex_of(SPAWN_COLOUR), "stairs-marker %s" % STAIRS_MARK])
    return sc, legend


def svg(region, around=False):
    sc, _ = picture(region, around)
    return to_svg(sc)


def png(region, around=False):
    # The PNG; the legend (each material's colour) also in its tEXt, for a program to read.
    sc, legend = picture(region, around)
    return to_png(sc, SCALE, text=(("Title", sc.title), ("legend", legend)))
