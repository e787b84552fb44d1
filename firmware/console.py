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
HINT = "arrows/WASD, q quits"

BEARINGS = {(0, -1): "N", (1, -1): "NE", (1, 0): "E", (1, 1): "SE", (0, 1): "S",
            (-1, 1): "SW", (-1, 0): "W", (-1, -1): "NW", (0, 0): "here"}
# Box-drawing junctions indexed by arms up=1, right=2, down=4, left=8 (host/render.py's).
JUNCTION = " ╵╶└╷│┌├╴┘─┴┐┤┬┼"


# What a corner of the Duel maze shows, by what is known of its four cells (0 unseen, 1 remembered,
# 2 in view; q = 27 a + 9 b + 3 c + d for the cells up-left a, up-right b, down-left c, down-right d):
# KNOWN_ARMS[q] the arms whose walls are known (a wall is known when a cell beside it is), and
# ARM_LEVEL[16 q + arms drawn] the brightest of those arms (1 remembered, 2 in view).
KNOWN_ARMS = bytearray(81)
ARM_LEVEL = bytearray(81 * 16)
for _q in range(81):
    _a, _b, _c, _d = _q // 27, _q // 9 % 3, _q // 3 % 3, _q % 3
    _arm = (max(_a, _b), max(_b, _d), max(_c, _d), max(_a, _c))
    KNOWN_ARMS[_q] = (1 if _arm[0] else 0) | (2 if _arm[1] else 0) | (4 if _arm[2] else 0) | (8 if _arm[3] else 0)
    for _m in range(1, 16):             # the arms of _m but its lowest, and its lowest
        _low = _m & -_m
        ARM_LEVEL[16 * _q + _m] = max(ARM_LEVEL[16 * _q + (_m ^ _low)], _arm[(0, 0, 1, 0, 2, 0, 0, 0, 3)[_low]])


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
    return [BOLD + fit("terminal too small", cols) + RESET] + wrap(need, cols) + [fit("q quits", cols)]


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
    line = ""
    for k in keys:                              # the keys, as many a line as fit
        if line and len(line) + 4 + len(k) >= cols - 2:
            out.append(fit("  " + line, cols))
            line = k
        else:
            line = line + "    " + k if line else k
    out.append(fit("  " + line, cols))
    if note:
        out.append("")
        out += ["  " + x for x in wrap(note, cols - 2)]
    if len(out) > rows:                         # a small terminal: no blank lines, then no more
        out = [x for x in out if x][:rows]
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
        # The walls at each corner of the cells (33 x 33 corners): its arms up=1 right=2 down=4 left=8.
        self.arms = arms = bytearray(33 * 33)
        w, h, cells = m.width, m.height, m.cells
        for y in range(h + 1):
            for x in range(w + 1):
                up = y > 0 and (x == 0 or x == w or not cells[((y - 1) << 5) | (x - 1)] & 2)
                right = x < w and (y == 0 or y == h or not cells[((y - 1) << 5) | x] & 4)
                down = y < h and (x == 0 or x == w or not cells[(y << 5) | (x - 1)] & 2)
                left = x > 0 and (y == 0 or y == h or not cells[((y - 1) << 5) | (x - 1)] & 4)
                arms[y * 33 + x] = (1 if up else 0) | (2 if right else 0) | (4 if down else 0) | (8 if left else 0)
        self.ticks = 0
        self.bump = 0
        self.message = None
        self.origin = [0, 0]
        self.cached = None                      # (stamp, lines) of the last maze window drawn
        self.slots = []                         # (key, text) of each window line last drawn
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

    def know(self, x0, y0, cw, ch):
        # What Player 1 knows of the window and the ring of cells around it, a bytearray a row (cells
        # x0 - 1 .. x0 + cw of rows y0 - 1 .. y0 + ch): 0 never seen or outside, 1 remembered, 2 in view.
        m, me = self.game.maze, self.game.players[0]
        w, h, seen = m.width, m.height, me.seen
        px, py, r = me.cell & 31, me.cell >> 5, me.view
        lo, hi = x0 - 1, x0 + cw + 1
        a, b = max(lo, 0), min(hi, w)
        va, vb = max(px - r, a), min(px + r + 1, b)
        rows = []
        for y in range(y0 - 1, y0 + ch + 1):
            row = bytearray(cw + 2)
            if 0 <= y < h:
                row[a - lo:b - lo] = seen[(y << 5) + a:(y << 5) + b]
                if py - r <= y <= py + r:
                    for x in range(va - lo, vb - lo):
                        row[x] = 2
            rows.append(row)
        return rows

    def draw(self, x0, y0, cw, ch, rival):
        # The window's lines; a line whose cells and glyphs are as in the last frame is reused.
        me = self.game.players[0]
        know = self.know(x0, y0, cw, ch)
        py = me.cell >> 5
        slots = self.slots
        if len(slots) != 2 * ch + 1:
            slots = self.slots = [None] * (2 * ch + 1)
        lines = []
        for j in range(ch + 1):
            y = y0 + j
            key = (y, x0, cw, know[j], know[j + 1])
            if slots[2 * j] is None or slots[2 * j][0] != key:
                slots[2 * j] = (key, self.junctions(y, x0, cw, know[j], know[j + 1]))
            lines.append(slots[2 * j][1])
            if j == ch:
                break
            key = (y, x0, cw, know[j + 1], me.cell if py == y else -1, self.bump > 0,
                   rival if rival >> 5 == y else -1, me.has_key)
            if slots[2 * j + 1] is None or slots[2 * j + 1][0] != key:
                slots[2 * j + 1] = (key, self.cells_line(y, x0, cw, know[j + 1], rival))
            lines.append(slots[2 * j + 1][1])
        return lines

    def junctions(self, y, x0, cw, up, down):
        # The line of walls along the top of row y: junctions and horizontal walls, where known.
        # up and down are what is known of rows y - 1 and y (know()).
        arms, base = self.arms, y * 33
        parts, cur = [], RESET
        i = 1
        for x in range(x0, x0 + cw + 1):
            q = up[i - 1] * 27 + up[i] * 9 + down[i - 1] * 3 + down[i]
            drawn = arms[base + x] & KNOWN_ARMS[q]
            if drawn:
                style = WALL[ARM_LEVEL[16 * q + drawn] - 1]
                if style != cur:
                    parts.append(style)
                    cur = style
                parts.append(JUNCTION[drawn])
            else:
                parts.append(" ")
            if i > cw:
                break
            k = up[i] if up[i] > down[i] else down[i]
            if k and arms[base + x] & 2:
                style = WALL[k - 1]
                if style != cur:
                    parts.append(style)
                    cur = style
                parts.append("───")
            else:
                parts.append("   ")
            i += 1
        if cur != RESET:
            parts.append(RESET)
        return "".join(parts)

    def cells_line(self, y, x0, cw, row, rival):
        # The line through the middle of row y: vertical walls where known, and the cells: fog, floor,
        # Player 1, the rival in sight, Player 1's objects and the pairs.
        me = self.game.players[0]
        arms, base, marks = self.arms, y * 33, self.marks
        taken = me.key if me.has_key else -1
        parts, cur = [], RESET
        i = 1
        for x in range(x0, x0 + cw + 1):
            k = row[i - 1] if row[i - 1] > row[i] else row[i]
            if k and arms[base + x] & 4:
                style = WALL[k - 1]
                if style != cur:
                    parts.append(style)
                    cur = style
                parts.append("│")
            else:
                parts.append(" ")
            if i > cw:
                break
            k = row[i]
            c = (y << 5) | x
            if not k:
                style, glyph = FOG, "·"
            elif c == me.cell:
                style, glyph = BUMP if self.bump else P1[1], "@"
            elif c == rival:
                style, glyph = P2[1], "B"
            elif c in marks and c != taken:
                glyph, p = marks[c]
                style = (P1, P2)[p][k - 1]
            else:
                style = None
            if style is None:
                parts.append("   ")
            else:
                if cur == BUMP:
                    parts.append(RESET)
                    cur = RESET
                parts.append(" ")
                if style != cur:
                    parts.append(style)
                    cur = style
                parts.append(glyph)
                if cur == BUMP:
                    parts.append(RESET)
                    cur = RESET
                parts.append(" ")
            i += 1
        if cur != RESET:
            parts.append(RESET)
        return "".join(parts)

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
        self.slots = []                         # (key, text) of each line last drawn

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
        # The level's lines: as many tiles as fit (2 columns each), the window following the player.
        g = self.game
        lv = g.level
        tw = min(lv.side, (cols - 1) // 2)
        th = min(lv.side, rows)
        o = self.origin
        o[0] = follow(o[0], g.player & 31, tw, lv.side, 3)
        o[1] = follow(o[1], g.player >> 5, th, lv.side, 3)
        # What is not hedge, floor or hatch: the player (or the ghost that caught them), the ghosts.
        chase = lv.chase
        spots = {}
        for i in range(lv.ghosts):
            c = chase.pos[i]
            if chase.awake[i] or c not in spots:
                spots[c] = GHOST[1 if chase.awake[i] else 0] + "G"
        if g.state == deeper.CAUGHT:
            spots[g.player] = BUMP + "G"
        else:
            spots[g.player] = (BUMP if self.bump else P1[1]) + "@"
        slots = self.slots
        if len(slots) != th:
            slots = self.slots = [None] * th
        lines = []
        for j in range(th):
            y = o[1] + j
            here = [(c, spots[c]) for c in spots if c >> 5 == y]
            key = (g.depth, y, o[0], tw, here)
            if slots[j] is None or slots[j][0] != key:
                slots[j] = (key, self.row(y, o[0], tw, spots if here else None))
            lines.append(slots[j][1])
        return lines

    def row(self, y, x0, tw, spots):
        # One line of tiles: hedges green, the hatch yellow, floor blank; spots {tile: style + glyph}.
        tiles = self.game.level.tiles
        parts, cur = [], RESET
        for c in range((y << 5) | x0, (y << 5) | (x0 + tw)):
            t = tiles[c]
            if spots and c in spots:
                spot = spots[c]
                style, glyph = spot[:-1], spot[-1]
            elif t == 0:
                style, glyph = HEDGE, "██"
            elif t == 2:
                style, glyph = HATCH, "H "
            else:
                style, glyph = None, "  "
            if style is not None and style != cur:
                parts.append(style)
                cur = style
            elif style is None and cur == BUMP:
                parts.append(RESET)
                cur = RESET
            parts.append(glyph)
            if len(glyph) == 1:                   # a spot: one glyph, then a blank
                if cur == BUMP:
                    parts.append(RESET)
                    cur = RESET
                parts.append(" ")
        if cur != RESET:
            parts.append(RESET)
        return "".join(parts)

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


def end_screen(rnd, term, choices, note="", also=""):
    # The end of a game until a key of choices [(key, label)] (or of `also`, keys the note mentions)
    # is typed. -> the key.
    take(term)                                  # keys typed as the game ended are not an answer
    labels = ["%s  %s" % (k, label) for k, label in choices]
    return choose(term, lambda cols, rows: end_lines(rnd, cols, rows, labels, note),
                  "".join([k for k, _ in choices]) + also)
