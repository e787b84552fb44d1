# Explore on a text terminal (SPEC 12): the side view around the player, two columns a tile in each
# material's colour, the status line; ExploreRound is games.py's "explore" (the game is explore.py).
import explore
from maze32.world.tiles import MATERIALS
from term import BOLD, BUMP, BUMP_TICKS, MIN_SIZE, RESET, Notes, clock, count, fit, tail, too_small

# (glyph, style) by material index (maze32's MATERIALS order: air, grass, dirt, stone, sand, water,
# lava, acid, wood, door, trap, stairs, item).
STYLES = (("  ", "\x1b[0m"), ('""', "\x1b[0;32m"), ("░░", "\x1b[0;33m"), ("██", "\x1b[0;90m"),
          ("▒▒", "\x1b[0;93m"), ("≈≈", "\x1b[0;1;34m"), ("≈≈", "\x1b[0;1;31m"), ("≈≈", "\x1b[0;1;92m"),
          ("||", "\x1b[0;33m"), ("[]", "\x1b[0;33m"), ("^^", "\x1b[0;1;35m"), (">>", "\x1b[0;1;97m"),
          ("**", "\x1b[0;1;93m"))
PLAYER = "\x1b[0;1;96m"
DEATHS = {"lava": "burnt by lava", "acid": "dissolved by acid"}     # else a trap
MEANINGS = {"lava": "lava: deadly", "acid": "acid: deadly", "trap": "trap: deadly",
            "water": "water: slows you", "stairs": "stairs: one depth deeper", "item": "item: take it",
            "dirt": "dirt: dig it", "grass": "grass: dig it", "sand": "sand: dig it", "stone": "stone: too hard to dig"}


class ExploreRound:
    # Explore until lava, acid or a trap: tick(key) -> the end message, or None. cache: where chunks
    # are kept between visits (a maze32 ChunkCache), or None.
    name = "explore"

    def __init__(self, seed, depth=1, cache=None, queue=None):
        self.seed = seed
        self.game = explore.Explore(seed, depth, cache=cache, queue=queue)
        self.ticks = 0
        self.bump = 0
        self.message = None
        self.notes = Notes()                    # the message line: a dig, an item, the stairs

    def tick(self, key):
        game = self.game
        before = (game.x, game.y, game.dig_count, game.depth)
        items = game.items
        step = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}.get(key)
        aim = MATERIALS[game.tile(game.x + step[0], game.y + step[1])][0] if step else ""
        state = game.tick(key)
        self.ticks += 1
        if self.bump:
            self.bump -= 1
        if key is not None and state == explore.PLAYING and before == (game.x, game.y, game.dig_count, game.depth):
            self.bump = BUMP_TICKS               # into stone it cannot climb, or a dig into stone
        if game.depth != before[3]:
            self.notes.say("down the stairs: depth %d (%s)" % (game.depth, game.kind()), self.ticks)
        elif game.items != items:
            self.notes.say("an item! %d so far" % game.items, self.ticks)
        elif game.dig_count != before[2]:
            self.notes.say("dug %s" % aim, self.ticks)
        if state != explore.DEAD:
            return None
        name = MATERIALS[game.tile(game.x, game.y)][0]
        self.message = "%s at depth %d: score %d, %d item%s" % (
            DEATHS.get(name, "caught in a trap"), game.depth, game.depth, game.items,
            "" if game.items == 1 else "s")
        return self.message

    def header(self, cols):
        return fit("maze32 explore  seed %d" % self.seed, cols)

    def status(self, cols):
        g = self.game
        text = "explore  depth %d (%s)  items %d  at %d,%d  time %s" % (
            g.depth, g.kind(), g.items, g.x, g.y, clock(self.ticks))
        if self.message:
            return BOLD + fit(text + "   " + self.message, cols) + RESET
        return tail(text, self.bump, cols)

    def window(self, cols, rows):
        # The tiles around the player, 2 columns each, the player in the middle as far as the world allows.
        g = self.game
        tw = min(g.width, (cols - 1) // 2)
        th = min(g.height, rows)
        x0 = min(max(0, g.x - tw // 2), g.width - tw)
        y0 = min(max(0, g.y - th // 2), g.height - th)
        lines = []
        y = y0
        while y < y0 + th:
            parts = []
            cur = ""
            x = x0
            while x < x0 + tw:
                if x == g.x and y == g.y:
                    glyph, style = "@ ", BUMP if self.bump else PLAYER
                else:
                    glyph, style = STYLES[g.tile(x, y)]
                if style != cur:
                    parts.append(style)
                    cur = style
                parts.append(glyph)
                x += 1
            parts.append(RESET)
            lines.append("".join(parts))
            y += 1
        return lines

    def view(self, cols, rows):
        if cols < MIN_SIZE[0] or rows < MIN_SIZE[1]:
            return too_small(cols, rows)
        return [self.header(cols)] + self.window(cols, rows - 3) + [self.notes.line(self.ticks, cols),
                                                                    self.status(cols)]

    def legend(self):
        # [(style, glyph, meaning)] of every material and the player, for term.py's ? overlay.
        out = [(PLAYER, "@", "you"), (BUMP, "@", "bump: cannot climb or dig that")]
        for i in range(1, len(STYLES)):
            glyph, style = STYLES[i]
            out.append((style, glyph, MEANINGS.get(MATERIALS[i][0], MATERIALS[i][0])))
        return out

    def summary(self):
        g = self.game
        return (self.message or "you quit at depth %d" % g.depth, [
            ("score", "depth %d, %s" % (g.depth, count(g.items, "item"))),
            ("time", clock(self.ticks, True)),
            ("level code", "seed %d   (the worlds come from the seed; r plays them again)" % self.seed),
        ])

    def one_line(self):
        return "%s  time %s, seed %d" % (self.message or "quit", clock(self.ticks, True), self.seed)


def new_round(seed, size, options):
    # games.py's way in: options["cache"], when given, makes the chunk cache (the board's flash, the
    # twin's disk), only now: its module costs RAM.
    make = options.get("cache")
    return ExploreRound(seed, cache=make() if make else None)
