# The games on a text terminal, the same on the board's serial console (app.py) and in the desktop
# twin (maze32 play, host/play.py): the keys typed, one round of each game, its views (SPEC 12) and
# the loops that show them. Every view fits the terminal it is given (80 x 24 at least; the window of
# cells follows the player), in ANSI colours like `maze32 render` (Player 1 cyan, Player 2 magenta,
# box-drawing walls), on the alternate screen. Frames are not cleared: Screen rewrites only the lines
# that changed, each erased to its end. Runs on MicroPython: no f-strings, no str.center/ljust.
#
# A terminal, as the loops below use it, is any object with
#   typed() -> str      what was typed since the last call (never blocks)
#   pending             text typed but not yet used (a str attribute, "" at first; see take())
#   size() -> (columns, rows)
#   show(lines)         put these lines on the screen (a Screen does it)
#   now_ms(), sleep_ms(ms)
#   button() -> a movement key from the board's buttons, or None
#   draw(round)         the round on another frontend (a display), or nothing
import deeper
import duel

FRAME_MS = 50                  # one game tick and one frame: 20 a second
TICKS_PER_SECOND = 20
BUMP_TICKS = 8                 # how long a bump into a wall shows
BANNER_TICKS = 20              # Deeper's "depth N" before a level starts: a second, the game paused
END_TICKS = 20                 # the last frame of a game, before its end screen
MIN_SIZE = (40, 12)            # smaller terminals get "terminal too small"

# Terminal control: VT100/ANSI, which serial consoles understand too.
ENTER = "\x1b[?1049h\x1b[?25l"                  # alternate screen, cursor hidden (the first frame clears it)
LEAVE = "\x1b[0m\x1b[?25h\x1b[?1049l"           # attributes reset, cursor shown, normal screen back
RESET = "\x1b[0m"
# Styles like `maze32 render` (host/render.py): Player 1 bold cyan, Player 2 bold magenta; walls in
# view plain, remembered ones grey and their objects dim.
P1 = ("\x1b[0;2;36m", "\x1b[0;1;36m")            # (remembered, in view)
P2 = ("\x1b[0;2;35m", "\x1b[0;1;35m")
WALL = ("\x1b[0;90m", RESET)
FOG = "\x1b[0;90m"
BUMP = "\x1b[0;1;97;41m"                          # the player who walked into a wall, white on red
BOLD = "\x1b[0;1m"
HEDGE = "\x1b[0;32m"
HATCH = "\x1b[0;1;33m"
GHOST = ("\x1b[0;31m", "\x1b[0;1;91m")           # (asleep, awake)

ARROWS = {"A": "up", "B": "down", "C": "right", "D": "left"}     # ESC [ A..D (or ESC O A..D)
LETTERS = {"w": "up", "s": "down", "a": "left", "d": "right"}
QUIT = ("q", "Q", "\x03")
MOVE_KEYS = ("up", "down", "left", "right")
HINT = "arrows/WASD move, q quits"

BEARINGS = {(0, -1): "N", (1, -1): "NE", (1, 0): "E", (1, 1): "SE", (0, 1): "S",
            (-1, 1): "SW", (-1, 0): "W", (-1, -1): "NW", (0, 0): "here"}
# Box-drawing junctions indexed by arms up=1, right=2, down=4, left=8 (host/render.py's).
JUNCTION = " ╵╶└╷│┌├╴┘─┴┐┤┬┼"


# -- keys -------------------------------------------------------------------------------------------
def split_keys(text):
    # What was typed -> (keys, rest): keys are characters, or "up"/"down"/"left"/"right" for arrows;
    # any other escape sequence (ESC [ parameters final, such as a terminal's reply) is skipped whole,
    # a lone Esc is ignored. rest is a sequence cut off at the end of text: put it before what comes next.
    keys = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch != "\x1b":
            keys.append(ch)
            i += 1
            continue
        if i + 1 == n:
            return keys, text[i:]
        kind = text[i + 1]
        if kind == "O":                                   # SS3: arrows in application mode
            if i + 2 == n:
                return keys, text[i:]
            if text[i + 2] in ARROWS:
                keys.append(ARROWS[text[i + 2]])
            i += 3
        elif kind == "[":
            j = i + 2
            while j < n and not "@" <= text[j] <= "~":
                j += 1
            if j == n:
                return keys, text[i:]
            if j == i + 2 and text[j] in ARROWS:
                keys.append(ARROWS[text[j]])
            i = j + 1
        else:
            i += 1
    return keys, ""


def join_keys(keys):
    # The text of keys (split_keys's), to be read again.
    out = []
    for k in keys:
        out.append("\x1b[" + "ABCD"[MOVE_KEYS.index(k)] if k in MOVE_KEYS else k)
    return "".join(out)


def take(term):
    # What was typed on term and not used yet.
    text = term.pending + term.typed()
    term.pending = ""
    return text


def read_keys(text):
    # What was typed since the last frame -> (last movement key or None, quit?, rest). Arrows, WASD in
    # either case, q or Ctrl-C to quit; anything else is ignored.
    keys, rest = split_keys(text)
    key, quit_ = None, False
    for k in keys:
        if k in QUIT:
            quit_ = True
        elif k in MOVE_KEYS:
            key = k
        else:
            key = LETTERS.get(k.lower(), key)
    return key, quit_, rest


# -- the screen -------------------------------------------------------------------------------------
class Screen:
    # The lines on the terminal: show() rewrites only those that changed (cursor placed on the line,
    # the line written, erased to its end) and erases below the last one, never clearing the whole
    # screen but after clear() (a resized terminal). Lines never reach the last column.
    def __init__(self, write):
        self.write = write
        self.lines = None

    def clear(self):
        self.lines = None

    def show(self, lines):
        old = self.lines
        out = []
        if old is None:
            out.append("\x1b[H\x1b[2J")
            old = ()
        for i in range(len(lines)):
            if i >= len(old) or old[i] != lines[i]:
                out.append("\x1b[%d;1H%s\x1b[K" % (i + 1, lines[i]))
        if len(lines) < len(old):
            out.append("\x1b[%d;1H\x1b[J" % (len(lines) + 1))
        self.lines = lines
        if out:
            self.write("".join(out))


class Line:
    # One line of a frame: text in styles, each style written only where it changes.
    def __init__(self):
        self.parts = []
        self.style = RESET

    def add(self, style, text):
        # Spaces look the same in any foreground: only a background (BUMP's) must end before them.
        if style != self.style and (self.style == BUMP or text.strip()):
            self.parts.append(style)
            self.style = style
        self.parts.append(text)

    def text(self):
        if self.style != RESET:
            self.parts.append(RESET)
        return "".join(self.parts)


def fit(text, cols):
    # Plain text cut to the columns a line may use (all but the last).
    return text if len(text) < cols else text[:cols - 1]


def wrap(text, cols):
    # Plain text in lines that fit, broken at spaces (a word too long is cut).
    out, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) >= cols:
            out.append(line)
            line = word
        else:
            line = line + " " + word if line else word
    out.append(line)
    return [fit(x, cols) for x in out]


def spread(left, right, cols):
    # left, and right against the right edge when both fit; else left alone.
    gap = cols - 1 - len(left) - len(right)
    return left + " " * gap + right if gap >= 2 else fit(left, cols)


def tail(text, bump, cols):
    # A game's status line: its text, then "bump" while the player walks into a wall, else the keys.
    if bump:
        return fit(text, cols - 7) + "  " + BUMP + "bump" + RESET
    return spread(text, HINT, cols)


def clock(ticks, tenths=False):
    s = ticks // TICKS_PER_SECOND
    if tenths:
        return "%d:%02d.%d" % (s // 60, s % 60, ticks % TICKS_PER_SECOND // 2)
    return "%d:%02d" % (s // 60, s % 60)


def follow(origin, pos, span, size, margin):
    # First cell of a window `span` cells long over `size` cells that keeps `pos` at least `margin`
    # cells from its edges, moving from `origin` only as far as that needs.
    if span >= size:
        return 0
    if margin > (span - 1) // 2:
        margin = (span - 1) // 2
    if pos - origin < margin:
        origin = pos - margin
    elif origin + span - 1 - pos < margin:
        origin = pos + margin - span + 1
    if origin > size - span:
        origin = size - span
    return origin if origin > 0 else 0


def too_small(cols, rows):
    need = "maze32 needs %d x %d, this terminal is %d x %d" % (MIN_SIZE[0], MIN_SIZE[1], cols, rows)
    return [BOLD + fit("terminal too small", cols) + RESET, fit(need, cols), fit("q quits", cols)]


def boxed(texts, cols, rows):
    # texts in a box-drawn frame in the middle of an otherwise empty screen.
    inner = 0
    for t in texts:
        inner = max(inner, len(t))
    inner += 4
    pad = " " * max(0, (cols - inner - 2) // 2)
    out = [""] * max(0, (rows - len(texts) - 2) // 2)
    out.append(pad + "┌" + "─" * inner + "┐")
    for t in texts:
        left = (inner - len(t)) // 2
        out.append(pad + "│" + " " * left + BOLD + t + RESET + " " * (inner - left - len(t)) + "│")
    out.append(pad + "└" + "─" * inner + "┘")
    return out


def end_lines(rnd, cols, rows, keys, note=""):
    # The end of a game: its result, the figures of rnd.summary(), the keys, a note.
    if cols < MIN_SIZE[0] or rows < MIN_SIZE[1]:
        return too_small(cols, rows)
    title, rows_ = rnd.summary()
    out = [rnd.header(cols), "", "  " + BOLD + fit(title, cols - 2) + RESET, ""]
    for label, value in rows_:
        out.append(fit("  %-11s %s" % (label, value), cols))
    out.append("")
    out.append(fit("  " + "    ".join(keys), cols))
    if note:
        out.append("")
        out += ["  " + x for x in wrap(note, cols - 2)]
    return out


# -- Duel -------------------------------------------------------------------------------------------
class DuelRound:
    # Duel against the bot, one tick per frame: tick(key) -> the end message, or None while it goes on.
    # record=True keeps the cells each player stood on, in order (paths), for a replay sheet.
    name = "duel"

    def __init__(self, seed, width, height, bot_level=1, record=False):
        from maze32 import maze_hash, levelcode
        from maze32.maze import KEY
        from maze32.validate import measure_key_exits
        self.seed = seed
        self.bot_level = bot_level
        self.game = game = duel.Duel(seed, width, height)
        self.bot = duel.Bot(bot_level, seed + 1)
        m, ws = game.maze, game.ws
        # The last validation of generate() left the route distances from each start in ws.routes.
        measure_key_exits(m, ws)
        self.shortest = ws.routes[2 * KEY] + ws.key_exit[0]
        self.code = levelcode.encode(width, height, seed, maze_hash(m, ws))
        self.marks = marks = {}                 # cell -> (glyph, player) of what Player 1 may see
        me = game.players[0]
        for c, g in ((me.exit, "E"), (me.compass_cell, "C"), (me.key, "K")):
            marks[c] = (g, 0)
        for i, c in enumerate(game.landmarks()):
            marks.setdefault(c, ("L", i & 1))
        for i, c in enumerate(game.artifacts()):
            marks.setdefault(c, ("A", i & 1))
        self.ticks = 0
        self.bump = 0
        self.message = None
        self.origin = [0, 0]
        self.cached = None                      # (stamp, lines) of the last maze window drawn
        self.paths = ([me.cell], [game.players[1].cell]) if record else None

    def tick(self, key):
        game = self.game
        me = game.players[0]
        before = me.steps
        winner = game.tick(key, self.bot.choose(duel.PlayerView(game, 1)))
        self.ticks += 1
        if self.bump:
            self.bump -= 1
        if key is not None and me.steps == before and winner is None:
            self.bump = BUMP_TICKS
        if self.paths is not None:
            for p in (0, 1):
                c = game.players[p].cell
                if self.paths[p][-1] != c:
                    self.paths[p].append(c)
        if winner is None:
            return None
        self.message = "you win!" if winner == 0 else "the bot (%s) got out first" % self.bot.name
        return self.message

    def header(self, cols):
        m = self.game.maze
        return fit("maze32 duel  code %s  seed %d  %dx%d  bot %s"
                   % (self.code, self.seed, m.width, m.height, self.bot.name), cols)

    def status(self, cols):
        me = self.game.players[0]
        bearing = self.game.bearing(0)
        text = "duel  key %s  compass %s  view %d  steps %d  time %s" % (
            "yes" if me.has_key else "no", "-" if bearing is None else BEARINGS[bearing], me.view,
            me.steps, clock(self.ticks))
        if self.message:
            return BOLD + fit(text + "   " + self.message, cols) + RESET
        return tail(text, self.bump, cols)

    def frame(self, cols=80, rows=24):
        # The view as one text, CR LF between lines (the board's console and raw terminals need CR).
        return "\r\n".join(self.view(cols, rows))

    def view(self, cols, rows):
        if cols < MIN_SIZE[0] or rows < MIN_SIZE[1]:
            return too_small(cols, rows)
        return [self.header(cols)] + self.window(cols, rows - 2) + [self.status(cols)]

    def window(self, cols, rows):
        # The maze lines: as many cells as fit (4 columns and 2 rows each, plus one line and column
        # of walls), the window moving with the player to keep their view in it.
        game = self.game
        m, me, bot = game.maze, game.players[0], game.players[1]
        cw = min(m.width, (cols - 2) // 4)
        ch = min(m.height, (rows - 1) // 2)
        px, py = me.cell & 31, me.cell >> 5
        o = self.origin
        o[0] = follow(o[0], px, cw, m.width, me.view + 1)
        o[1] = follow(o[1], py, ch, m.height, me.view + 1)
        rival = bot.cell if max(abs((bot.cell & 31) - px), abs((bot.cell >> 5) - py)) <= me.view else -1
        stamp = (me.cell, me.view, me.has_key, rival, self.bump > 0, o[0], o[1], cw, ch)
        if self.cached is None or self.cached[0] != stamp:
            self.cached = (stamp, self.draw(o[0], o[1], cw, ch, rival))
        return self.cached[1]

    def draw(self, x0, y0, cw, ch, rival):
        game = self.game
        m, me = game.maze, game.players[0]
        cells, seen, marks = m.cells, me.seen, self.marks
        w, h = m.width, m.height
        px, py, r = me.cell & 31, me.cell >> 5, me.view
        # What Player 1 knows of the window and the ring of cells around it: 0 never seen (or outside
        # the maze), 1 remembered, 2 in view now.
        know = []
        for y in range(y0 - 1, y0 + ch + 1):
            row = bytearray(cw + 2)
            if 0 <= y < h:
                for i in range(cw + 2):
                    x = x0 - 1 + i
                    if 0 <= x < w and seen[(y << 5) | x]:
                        row[i] = 2 if abs(x - px) <= r and abs(y - py) <= r else 1
            know.append(row)

        def hwall(x, y):     # the wall along the top of cell (x, y), if known: its state, else 0
            k = max(know[y - y0][x - x0 + 1], know[y - y0 + 1][x - x0 + 1])
            if k and (y == 0 or y == h or not cells[((y - 1) << 5) | x] & 4):
                return k
            return 0

        def vwall(x, y):     # the wall along the left of cell (x, y)
            k = max(know[y - y0 + 1][x - x0], know[y - y0 + 1][x - x0 + 1])
            if k and (x == 0 or x == w or not cells[(y << 5) | (x - 1)] & 2):
                return k
            return 0

        lines = []
        for y in range(y0, y0 + ch + 1):
            top = Line()
            for x in range(x0, x0 + cw + 1):
                up = vwall(x, y - 1) if y > 0 else 0
                right = hwall(x, y) if x < w else 0
                down = vwall(x, y) if y < h else 0
                left = hwall(x - 1, y) if x > 0 else 0
                k = max(up, right, down, left)
                arms = (up > 0) | (right > 0) * 2 | (down > 0) * 4 | (left > 0) * 8
                top.add(WALL[k - 1] if k else RESET, JUNCTION[arms])
                if x < x0 + cw:
                    top.add(WALL[right - 1] if right else RESET, "───" if right else "   ")
            lines.append(top.text())
            if y == y0 + ch:
                break
            mid = Line()
            ky = know[y - y0 + 1]
            for x in range(x0, x0 + cw + 1):
                v = vwall(x, y)
                mid.add(WALL[v - 1] if v else RESET, "│" if v else " ")
                if x == x0 + cw:
                    break
                k = ky[x - x0 + 1]
                c = (y << 5) | x
                if not k:
                    mid.add(FOG, " · ")
                    continue
                if c == me.cell:
                    mid.add(RESET, " ")
                    mid.add(BUMP if self.bump else P1[1], "@")
                    mid.add(RESET, " ")
                elif c == rival:
                    mid.add(RESET, " ")
                    mid.add(P2[1], "B")
                    mid.add(RESET, " ")
                elif c in marks and not (c == me.key and me.has_key):
                    glyph, p = marks[c]
                    mid.add(RESET, " ")
                    mid.add((P1, P2)[p][k - 1], glyph)
                    mid.add(RESET, " ")
                else:
                    mid.add(RESET, "   ")
            lines.append(mid.text())
        return lines

    def summary(self):
        # (title, [(label, value)]) for the end screen.
        me, bot = self.game.players
        return (self.message or "quit", [
            ("time", clock(self.ticks, True)),
            ("steps", "%d   shortest route %d (+%d)" % (me.steps, self.shortest, me.steps - self.shortest)),
            ("bot", "%s, %d steps%s" % (self.bot.name, bot.steps, ", out" if self.game.winner == 1 else "")),
            ("level code", "%s   seed %d, %dx%d" % (self.code, self.seed, self.game.maze.width,
                                                    self.game.maze.height)),
        ])

    def one_line(self):
        # The result in one line, for the shell after the game, with the code to share it.
        me = self.game.players[0]
        return "%s  time %s, %d steps (shortest %d), level code %s" % (
            self.message or "quit", clock(self.ticks, True), me.steps, self.shortest, self.code)


# -- Deeper -----------------------------------------------------------------------------------------
class DeeperRound:
    # Deeper until a ghost catches the player: tick(key) -> the end message, or None. Each level opens
    # with a second's "depth N" banner, the game paused.
    name = "deeper"

    def __init__(self, seed):
        self.seed = seed
        self.game = deeper.Deeper(seed)
        self.ticks = 0
        self.steps = 0
        self.bump = 0
        self.banner = BANNER_TICKS
        self.message = None
        self.cleared = 0                        # shortest routes of the levels cleared, summed
        self.level_shortest = self.measure()
        self.origin = [0, 0]
        self.cached = None

    def measure(self):
        # The shortest route from the spawn to this level's hatch.
        from maze32.hedge_level import measure_level_routes, SPAWN_TILE
        lv = self.game.level
        measure_level_routes(lv, self.game.ws, SPAWN_TILE)
        return self.game.ws.dist[lv.hatch]

    def tick(self, key):
        if self.banner:
            self.banner -= 1
            return None
        game = self.game
        before = game.player
        state = game.tick(key)
        self.ticks += 1
        if self.bump:
            self.bump -= 1
        if state == deeper.DEEPER:
            self.steps += 1
            self.cleared += self.level_shortest
            self.level_shortest = self.measure()
            self.banner = BANNER_TICKS
        elif game.player != before:
            self.steps += 1
        elif key is not None and state == deeper.PLAYING:
            self.bump = BUMP_TICKS
        if state != deeper.CAUGHT:
            return None
        self.message = "caught by a ghost at depth %d: score %d" % (game.depth, game.score)
        return self.message

    def header(self, cols):
        return fit("maze32 deeper  seed %d" % self.seed, cols)

    def status(self, cols):
        g = self.game
        text = "deeper  depth %d  ghosts %d  steps %d  time %s" % (g.depth, g.level.ghosts, self.steps,
                                                                  clock(self.ticks))
        if self.message:
            return BOLD + fit(text + "   caught!", cols) + RESET
        return tail(text, self.bump, cols)

    def frame(self, cols=80, rows=24):
        return "\r\n".join([self.header(cols)] + self.window(cols, rows - 2) + [self.status(cols)])

    def view(self, cols, rows):
        if cols < MIN_SIZE[0] or rows < MIN_SIZE[1]:
            return too_small(cols, rows)
        if self.banner:
            g = self.game
            return [self.header(cols)] + boxed(
                ["depth %d" % g.depth, "%d ghost%s" % (g.level.ghosts, "" if g.level.ghosts == 1 else "s")],
                cols, rows - 2)
        return [self.header(cols)] + self.window(cols, rows - 2) + [self.status(cols)]

    def window(self, cols, rows):
        g = self.game
        lv = g.level
        tw = min(lv.side, (cols - 1) // 2)
        th = min(lv.side, rows)
        o = self.origin
        o[0] = follow(o[0], g.player & 31, tw, lv.side, 3)
        o[1] = follow(o[1], g.player >> 5, th, lv.side, 3)
        chase = lv.chase
        stamp = (g.depth, g.player, bytes(chase.pos), bytes(chase.awake), g.state, self.bump > 0,
                 o[0], o[1], tw, th)
        if self.cached is None or self.cached[0] != stamp:
            self.cached = (stamp, self.draw(o[0], o[1], tw, th))
        return self.cached[1]

    def draw(self, x0, y0, tw, th):
        g = self.game
        lv = g.level
        tiles, chase = lv.tiles, lv.chase
        ghosts = {}
        for i in range(lv.ghosts):
            ghosts[chase.pos[i]] = max(ghosts.get(chase.pos[i], 0), chase.awake[i])
        caught = g.state == deeper.CAUGHT
        lines = []
        for y in range(y0, y0 + th):
            line = Line()
            for x in range(x0, x0 + tw):
                c = (y << 5) | x
                t = tiles[c]
                if c == g.player:
                    if caught:                       # the ghost that caught the player, on them
                        line.add(BUMP, "G")
                    else:
                        line.add(BUMP if self.bump else P1[1], "@")
                    line.add(RESET, " ")
                elif c in ghosts:
                    line.add(GHOST[1 if ghosts[c] else 0], "G")
                    line.add(RESET, " ")
                elif t == 0:
                    line.add(HEDGE, "██")
                elif t == 2:
                    line.add(HATCH, "H")
                    line.add(RESET, " ")
                else:
                    line.add(RESET, "  ")
            lines.append(line.text())
        return lines

    def summary(self):
        g = self.game
        cleared = g.depth - 1
        return (self.message or "quit", [
            ("score", "%d" % g.score),
            ("time", clock(self.ticks, True)),
            ("steps", "%d   shortest route %d through the %d level%s cleared" % (
                self.steps, self.cleared, cleared, "" if cleared == 1 else "s")),
            ("seed", "%d   (Deeper's levels come from the seed)" % self.seed),
        ])

    def one_line(self):
        return "%s  time %s, %d steps, seed %d" % (self.message or "quit", clock(self.ticks, True),
                                                   self.steps, self.seed)


# -- the loops --------------------------------------------------------------------------------------
def play(rnd, term):
    # One game on a terminal, a tick and a frame every FRAME_MS whatever the keys do; the last frame
    # stays END_TICKS. -> True when the game ended, False when the player quit. Two keys typed within
    # one frame are both played, on two ticks; more are dropped (a held key does not run on).
    rest = ""
    queue = []                                  # movement keys typed, one played a tick (at most
    left = -1                                   # one waits); frames still to show after the end
    while True:
        start = term.now_ms()
        keys, rest = split_keys(rest + take(term))
        for k in keys:
            if k in QUIT:
                return False
            k = LETTERS.get(k.lower(), k)
            if k in MOVE_KEYS and len(queue) < 2:
                queue.append(k)
        key = queue.pop(0) if queue else None
        if left < 0:
            if rnd.tick(key or term.button()):
                left = END_TICKS
        elif left == 0:
            return True
        else:
            left -= 1
        cols, rows = term.size()
        term.show(rnd.view(cols, rows))
        term.draw(rnd)
        term.sleep_ms(FRAME_MS - (term.now_ms() - start))


def choose(term, lines, keys):
    # Show lines(cols, rows) until one of keys (characters) is typed; Ctrl-C counts as "q". -> the key;
    # what was typed after it stays pending for the next view.
    while True:
        cols, rows = term.size()
        term.show(lines(cols, rows))
        typed, rest = split_keys(take(term))
        for i in range(len(typed)):
            k = typed[i]
            if k == "\x03":
                k = "q"
            if len(k) == 1 and k.lower() in keys:
                term.pending = join_keys(typed[i + 1:]) + rest
                return k.lower()
        term.pending = rest
        term.sleep_ms(FRAME_MS)


def end_screen(rnd, term, choices, note=""):
    # The end of a game until a key of choices [(key, label)] is typed. -> the key.
    take(term)                                  # keys typed as the game ended are not an answer
    labels = ["%s  %s" % (k, label) for k, label in choices]
    return choose(term, lambda cols, rows: end_lines(rnd, cols, rows, labels, note),
                  "".join([k for k, _ in choices]))
