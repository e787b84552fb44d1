# Pictures of the games on a display, drawn through framebuf (any FrameBuffer: the SSD1306's 128x64
# MONO_VLSB, the ST7789's RGB565). Each cell is `cell` pixels square: walls are lines on its north
# and west sides (and the east/south sides of the last column/row drawn), the player a filled square,
# objects a hollow square, ghosts and the rival a cross. Only what Player 1 has seen is drawn in Duel.
# The window of cells around the player is as large as the display allows. games.py names each
# game's function here (its `panel`), which app.py's Frontends calls.


def window(size, cells, centre):
    # First index of `cells` consecutive cells of a `size`-long axis, centred on `centre`, clamped.
    first = centre - cells // 2
    if first > size - cells:
        first = size - cells
    return first if first > 0 else 0


def draw_cell_walls(fb, px, py, cell, flags, fg):
    if not flags & 1:
        fb.hline(px, py, cell + 1, fg)
    if not flags & 8:
        fb.vline(px, py, cell + 1, fg)
    if not flags & 2:
        fb.vline(px + cell, py, cell + 1, fg)
    if not flags & 4:
        fb.hline(px, py + cell, cell + 1, fg)


def draw_duel(fb, game, width, height, cell, fg=1, bg=0):
    m = game.maze
    me, rival = game.players[0], game.players[1]
    cols = min(m.width, (width - 1) // cell)
    rows = min(m.height, (height - 1) // cell)
    x0 = window(m.width, cols, me.cell & 31)
    y0 = window(m.height, rows, me.cell >> 5)
    marks = [me.exit, me.compass_cell] + game.landmarks() + game.artifacts()
    if not me.has_key:
        marks.append(me.key)
    fb.fill(bg)
    for y in range(rows):
        for x in range(cols):
            c = ((y0 + y) << 5) | (x0 + x)
            if not me.seen[c]:
                continue
            px, py = x * cell, y * cell
            draw_cell_walls(fb, px, py, cell, m.cells[c], fg)
            inset = cell // 4 + 1
            if c == me.cell:
                fb.fill_rect(px + inset, py + inset, cell - 2 * inset + 1, cell - 2 * inset + 1, fg)
            elif c == rival.cell and max(abs((c & 31) - (me.cell & 31)),
                                         abs((c >> 5) - (me.cell >> 5))) <= me.view:
                fb.line(px + inset, py + inset, px + cell - inset, py + cell - inset, fg)
                fb.line(px + inset, py + cell - inset, px + cell - inset, py + inset, fg)
            elif c in marks:
                fb.rect(px + inset, py + inset, cell - 2 * inset + 1, cell - 2 * inset + 1, fg)
    return x0, y0


def draw_deeper(fb, game, width, height, cell, fg=1, bg=0):
    lv = game.level
    cols = min(lv.side, width // cell)
    rows = min(lv.side, height // cell)
    x0 = window(lv.side, cols, game.player & 31)
    y0 = window(lv.side, rows, game.player >> 5)
    ghosts = [game.ghost_at(i) for i in range(lv.ghosts)]
    fb.fill(bg)
    for y in range(rows):
        for x in range(cols):
            c = ((y0 + y) << 5) | (x0 + x)
            px, py = x * cell, y * cell
            t = lv.tiles[c]
            if t == 0:
                fb.fill_rect(px, py, cell, cell, fg)                  # hedge
            elif c == game.player:
                fb.fill_rect(px + 1, py + 1, cell - 2, cell - 2, fg)
            elif c in ghosts:
                fb.line(px + 1, py + 1, px + cell - 2, py + cell - 2, fg)
                fb.line(px + 1, py + cell - 2, px + cell - 2, py + 1, fg)
            elif t == 2:
                fb.rect(px + 1, py + 1, cell - 2, cell - 2, fg)        # hatch
    return x0, y0


def draw_explore(fb, game, width, height, cell, fg=1, bg=0):
    # Explore's side view, tiles half a cell square (a side view needs more of the world in sight):
    # solid ground filled, lava, acid and traps a cross, water a line along its top, the stairs a
    # hollow square, an item a dot, the player a filled square inside its tile.
    from maze32_game import explore               # loaded already: its game is being drawn
    solid, hazard = explore.SOLID, explore.HAZARD
    t = cell // 2
    cols = min(game.width, width // t)
    rows = min(game.height, height // t)
    x0 = window(game.width, cols, game.x)
    y0 = window(game.height, rows, game.y)
    fb.fill(bg)
    for y in range(rows):
        for x in range(cols):
            px, py = x * t, y * t
            if x0 + x == game.x and y0 + y == game.y:
                fb.fill_rect(px + 1, py + 1, t - 2, t - 2, fg)
                continue
            k = game.tile(x0 + x, y0 + y)
            if solid[k]:
                fb.fill_rect(px, py, t, t, fg)
            elif hazard[k]:
                fb.line(px, py, px + t - 1, py + t - 1, fg)
                fb.line(px, py + t - 1, px + t - 1, py, fg)
            elif k == explore.WATER:
                fb.hline(px, py, t, fg)
            elif k == explore.STAIRS:
                fb.rect(px, py, t, t, fg)
            elif k == explore.ITEM:
                fb.pixel(px + t // 2, py + t // 2, fg)
    return x0, y0
