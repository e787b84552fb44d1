# Pictures of a world (SPEC 10): in the terminal (rich Text, one character a tile), and as SVG or PNG
# through render.py's Scene, so a world and a maze share one picture path: one pixel font and one
# rasteriser (host/raster.py), one SVG writer. One colour per material, the same everywhere.
from maze32.world.tiles import MATERIALS, KIND_NAMES
from host import raster
from host.scene import Scene, to_png, to_svg

COLOURS = {                          # one colour per material, pictures and terminal alike
    "air": (186, 224, 250), "grass": (74, 160, 60), "dirt": (133, 94, 58), "stone": (92, 92, 100),
    "sand": (231, 205, 128), "water": (46, 110, 220), "lava": (240, 90, 20), "acid": (150, 230, 40),
    "wood": (150, 100, 40), "door": (200, 140, 60), "trap": (220, 30, 120), "stairs": (255, 255, 255),
    "item": (255, 210, 0), "fire": (255, 140, 0)}
SPAWN_COLOUR = (255, 0, 255)
VIEW = (78, 19)                      # the terminal picture's default window, in tiles
TERMINAL_MOST = (256, 256)           # the largest region the terminal picture shows (a character a
                                     # tile: 65,536 styled characters, past any screen already; at
                                     # 2048 x 2048 it took minutes and gigabytes)


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
    return COLOURS[MATERIALS[t][0]] if t < len(MATERIALS) else (0, 0, 0)


def hex_of(rgb):
    return "#%02x%02x%02x" % tuple(rgb)


PALETTE = [hex_of(rgb_of(t)) for t in range(256)]     # tile value -> its colour (unknown ones black)


def terminal_text(region, legend=True):
    # The region as rich Text: one character a tile (the material's code) in the material's colour,
    # the spawn as @; then the legend of the materials present.
    from rich.text import Text
    text = Text()
    styles = ["#%02x%02x%02x" % rgb_of(t) for t in range(len(MATERIALS))]
    glyph = [m[1] if m[0] != "air" else " " for m in MATERIALS]
    for y in range(region.oy, region.oy + region.h):
        row = region.tiles[(y - region.oy) * region.w:(y - region.oy + 1) * region.w]
        for i, t in enumerate(row):
            if (region.ox + i, y) == tuple(region.spawn):
                text.append("@", style="bold #ff00ff on #000000")
            elif t < len(MATERIALS):
                text.append(glyph[t] if t else " ", style="%s on %s" % ("black" if t else styles[0], styles[t]))
            else:
                text.append("?", style="bold red")
        text.append("\n")
    if legend:
        present = sorted(set(region.tiles))
        for t in present:
            if t < len(MATERIALS):
                text.append(" %s " % (MATERIALS[t][1] if t else " "), style="black on " + styles[t])
                text.append(" %s  " % MATERIALS[t][0])
        text.append(" @ ", style="bold #ff00ff on #000000")
        text.append(" spawn\n")
    return text


def show(out, view, written=None):
    # The terminal picture of a region, the line naming it, and the picture file written, if any.
    s = view.spec
    out.print(terminal_text(view))
    out.print("seed %d, depth %d (%s), tiles %d,%d to %d,%d of %d x %d; hash %s" % (
        view.seed, s.depth, KIND_NAMES[s.kind], view.ox, view.oy, view.ox + view.w - 1,
        view.oy + view.h - 1, s.width, s.height, view.digest()[:16]), highlight=False, soft_wrap=True)
    if written:
        out.print("wrote %s" % written, highlight=False, soft_wrap=True)


def picture(region, cell, size):
    # The region as a Scene: each tile a square of `cell` units in its material's colour at the top
    # left, the spawn magenta, and under the map a legend (a swatch and the name, in text of `size`,
    # of each material present, and of the spawn).
    w, h = region.w, region.h
    present = [t for t in sorted(set(region.tiles)) if t < len(MATERIALS)]
    entries = [(hex_of(rgb_of(t)), MATERIALS[t][0]) for t in present] + [(hex_of(SPAWN_COLOUR), "spawn")]
    step = 2.5 * size + max(raster.text_width(name, size) for _, name in entries)   # one entry's width
    width = max(w * cell, step)
    per_row = max(1, int(width // step))
    line = 1.5 * size
    sc = Scene(width, h * cell + line * (-(-len(entries) // per_row)) + size / 2,
               "maze32 world: seed %d, depth %d (%s), region %d,%d,%d,%d" % (
                   region.seed, region.spec.depth, KIND_NAMES[region.spec.kind], region.ox, region.oy, w, h))
    sc.cells(0, 0, cell, w, h, region.tiles, PALETTE)
    sx, sy = region.spawn[0] - region.ox, region.spawn[1] - region.oy
    if 0 <= sx < w and 0 <= sy < h:
        sc.rect(sx * cell, sy * cell, cell, cell, hex_of(SPAWN_COLOUR))
    sc.group("legend")
    for i, (fill, name) in enumerate(entries):
        x0 = (i % per_row) * step + size / 4
        y0 = h * cell + size / 2 + (i // per_row) * line
        sc.rect(x0 - 1, y0 - 1, size + 2, size + 2, "#111827")    # an outline: stairs are white
        sc.rect(x0, y0, size, size, fill)
        sc.text(x0 + 1.5 * size, y0 + size * 7 / 8, name, size)
    sc.end()
    return sc, "; ".join("%s %s" % (name, fill) for fill, name in entries)


def svg(region):
    # An SVG, tiles of up to 8 units, the picture about 800 across.
    sc, _ = picture(region, max(1, min(8, 800 // max(region.w, region.h))), 13)
    return to_svg(sc)


def png(region):
    # A PNG, each tile a square of whole pixels (the picture about 512 across), the legend in its tEXt.
    sc, legend = picture(region, max(1, min(8, 512 // max(region.w, region.h))), 8)
    return to_png(sc, 1, text=(("legend", legend),))
