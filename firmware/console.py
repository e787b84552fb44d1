# The games on a text console, the same on the board's serial console (app.py) and in the desktop
# twin (maze32 play, host/play.py): the keys typed, one round of each game with its end message, and
# the frames. Lines end in CR LF, which raw terminals and serial consoles both need. Duel shows
# Player 1's view only: walls and objects where seen, the rival only when in sight.
import deeper
import duel

ARROWS = {"A": "up", "B": "down", "C": "right", "D": "left"}     # ESC [ A..D
LETTERS = {"w": "up", "s": "down", "a": "left", "d": "right"}
QUIT = ("q", "Q", "\x03")

BEARINGS = {(0, -1): "N", (1, -1): "NE", (1, 0): "E", (1, 1): "SE", (0, 1): "S",
            (-1, 1): "SW", (-1, 0): "W", (-1, -1): "NW", (0, 0): "here"}


def read_keys(text):
    # What was typed since the last frame -> (last movement key or None, quit?, rest). Arrows, WASD in
    # either case, q or Ctrl-C to quit; anything else is ignored. rest is an arrow cut off at the end
    # of text: put it before what is typed next.
    key, quit_ = None, False
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\x1b":
            if i + 1 == n or (i + 2 == n and text[i + 1] == "["):
                return key, quit_, text[i:]
            if text[i + 1] == "[":
                key = ARROWS.get(text[i + 2], key)
                i += 3
                continue
        elif ch in QUIT:
            quit_ = True
        else:
            key = LETTERS.get(ch.lower(), key)
        i += 1
    return key, quit_, ""


class DuelRound:
    # Duel against the bot, one tick per frame: tick(key) -> the end message, or None while it goes on.
    def __init__(self, seed, width, height, bot_level=1):
        self.game = duel.Duel(seed, width, height)
        self.bot = duel.Bot(bot_level, seed + 1)

    def tick(self, key):
        game = self.game
        winner = game.tick(key, self.bot.choose(duel.PlayerView(game, 1)))
        if winner is None:
            return None
        return "you win!" if winner == 0 else "the bot (%s) got out first" % self.bot.name

    def frame(self, window=None):
        return render_duel(self.game, window)


class DeeperRound:
    # Deeper until a ghost catches the player: tick(key) -> the end message, or None.
    def __init__(self, seed):
        self.game = deeper.Deeper(seed)

    def tick(self, key):
        game = self.game
        if game.tick(key) != deeper.CAUGHT:
            return None
        return "caught by a ghost at depth %d: score %d" % (game.depth, game.score)

    def frame(self, window=None):
        return render_deeper(self.game)


def render_duel(game, window=None):
    # Player 1's view: walls and objects only where seen; the bot only when in sight. window =
    # (half width, half height) in cells draws only that much around the player (the board's serial
    # console cannot carry a whole 32 x 32 maze 30 times a second); None draws the whole maze.
    m, me, bot = game.maze, game.players[0], game.players[1]
    x0, x1, y0, y1 = 0, m.width, 0, m.height
    if window:
        px, py = me.cell & 31, me.cell >> 5
        x0, x1 = max(0, px - window[0]), min(m.width, px + window[0] + 1)
        y0, y1 = max(0, py - window[1]), min(m.height, py + window[1] + 1)
    marks = {me.key: "K", me.exit: "E", me.compass_cell: "C"}
    for c in game.landmarks():
        marks[c] = "L"
    for c in game.artifacts():
        marks.setdefault(c, "A")
    lines = []
    for y in range(y0, y1):
        top, mid = [], []
        for x in range(x0, x1):
            c = (y << 5) | x
            if not me.seen[c]:
                top.append("  ")
                mid.append("░░")
                continue
            f = m.cells[c]
            top.append("+" + (" " if f & 1 else "-"))
            glyph = " "
            if c == me.cell:
                glyph = "@"
            elif c == bot.cell and max(abs((c & 31) - (me.cell & 31)), abs((c >> 5) - (me.cell >> 5))) <= me.view:
                glyph = "B"
            elif c in marks and not (marks[c] == "K" and me.has_key):
                glyph = marks[c]
            mid.append((" " if f & 8 else "|") + glyph)
        lines.append("".join(top))
        lines.append("".join(mid))
    bearing = game.bearing(0)
    arrow = "-" if bearing is None else BEARINGS[bearing]
    lines.append("duel  key %s  compass %s  view %d  steps %d   arrows/WASD move, q quits"
                 % ("yes" if me.has_key else "no", arrow, me.view, me.steps))
    return "\r\n".join(lines)


def render_deeper(game):
    lv = game.level
    ghosts = {game.ghost_at(i) for i in range(lv.ghosts)}
    lines = []
    for y in range(lv.side):
        row = []
        for x in range(lv.side):
            c = (y << 5) | x
            t = lv.tiles[c]
            if c == game.player:
                row.append("@ ")
            elif c in ghosts:
                row.append("G ")
            else:
                row.append("██" if t == 0 else ("H " if t == 2 else "  "))
        lines.append("".join(row))
    lines.append("deeper  depth %d  ghosts %d   arrows/WASD move, q quits" % (game.depth, lv.ghosts))
    return "\r\n".join(lines)
