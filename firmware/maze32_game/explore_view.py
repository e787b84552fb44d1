# Explore on a text terminal (SPEC 12): the side view around the player, two columns a tile in each
# material's colour, the status line; ExploreRound is games.py's "explore" (the game is explore.py).
import sys

from maze32_game import explore
from maze32_game import explore_buffers
from maze32.world.tiles import MATERIALS, CHUNK, CHUNK_SHIFT, WATER
from maze32_game.term import (BOLD, BUMP, BUMP_TICKS, MIN_SIZE, RESET, Notes, clock, count, fit, narrow, room,
                              spread, too_small)

# (glyph, style) by material index (maze32's MATERIALS order: air, grass, dirt, stone, sand, water,
# lava, acid, wood, door, trap, stairs, item, fire). Every material its own glyph, so that a terminal without
# colour (or a reader who cannot tell red from green) still tells water ~~, lava ≈≈ and acid %% apart.
STYLES = (("  ", "\x1b[0m"), ('""', "\x1b[0;32m"), ("░░", "\x1b[0;33m"), ("██", "\x1b[0;90m"),
          ("▒▒", "\x1b[0;93m"), ("~~", "\x1b[0;1;34m"), ("≈≈", "\x1b[0;1;31m"), ("%%", "\x1b[0;1;92m"),
          ("||", "\x1b[0;33m"), ("[]", "\x1b[0;33m"), ("^^", "\x1b[0;1;35m"), (">>", "\x1b[0;1;97m"),
          ("**", "\x1b[0;1;93m"), ("!!", "\x1b[0;1;91m"))
PLAYER = "\x1b[0;1;96m"
# The player's codes in a painted window (paint.Painter's table: the materials, then these two).
YOU, YOU_BUMPED = len(STYLES), len(STYLES) + 1
DEATHS = {"lava": "burnt by lava", "acid": "dissolved by acid", "fire": "burnt by fire"}   # else a trap
# The status line's keys, the longest that fits: r (restart) puts the player back on the spawn.
KEYS = ("r: back to spawn   ? help", "r: to spawn  ? help", "r: to spawn")
COMPASS = ("E", "SE", "S", "SW", "W", "NW", "N", "NE")   # y grows downwards


def bearing(dx, dy):
    # The compass point nearest the direction (dx, dy): E/W or N/S while the other part is under
    # 2/5 of it (22 degrees), else the diagonal.
    ax, ay = abs(dx), abs(dy)
    if 5 * ay < 2 * ax:
        return "E" if dx > 0 else "W"
    if 5 * ax < 2 * ay:
        return "S" if dy > 0 else "N"
    return ("S" if dy > 0 else "N") + ("E" if dx > 0 else "W")


def tiles_between(dx, dy):
    # The straight-line distance in whole tiles (an integer square root: no floats needed).
    n = dx * dx + dy * dy
    r = 0
    bit = 1 << 30
    while bit > n:
        bit >>= 2
    while bit:
        if n >= r + bit:
            n -= r + bit
            r = (r >> 1) + bit
        else:
            r >>= 1
        bit >>= 2
    return r


def thousands(n):
    # 1412 -> "1,412"
    text = str(n)
    i = len(text) - 3
    while i > 0:
        text = text[:i] + "," + text[i:]
        i -= 3
    return text


def goal(game, straight=True):
    # "stairs 1,412 SE straight" ("stairs 1,412 SE" without straight, for a narrow status line),
    # "stairs here", or "" when the world does not say where they are.
    # Straight: the distance as the crow flies (a route's would need a search each step); a newcomer
    # followed it into dead ends believing it a route's, so the line and the rules say which it is.
    if game.stairs_x < 0:
        return ""
    dx, dy = game.stairs_x - game.x, game.stairs_y - game.y
    if dx == 0 and dy == 0:
        return "stairs here"
    n = tiles_between(dx, dy)
    return "stairs %s %s%s" % (thousands(n), bearing(dx, dy), " straight" if straight else "")


class ExploreRound:
    # Explore until lava, acid or a trap: tick(key) -> the end message, or None. cache: where chunks
    # are kept between visits (a maze32 ChunkCache, or a function making one as each world is dealt),
    # or None.
    name = "explore"
    keys = ("r",)                # besides the arrows: term.play passes it to tick (restart at the spawn)

    def __init__(self, seed, depth=1, cache=None, buffers=None):
        self.seed = seed
        self.game = explore.Explore(seed, depth, cache=cache, buffers=buffers)
        self.start = depth
        self.ticks = 0
        self.bump = 0
        self.held = None                        # a key typed on a tick water skipped (tick)
        self.message = None
        self.notes = Notes()                    # the message line: a dig, an item, the stairs
        from maze32_game import paint          # after the world's code, which needs the larger room
        self.painter = paint.Painter(STYLES + (("@ ", PLAYER), ("@ ", BUMP)), RESET, always=True)
        self.scratched = self.game.scratched    # the generator's uses the painter has seen
        self.copy_rect = paint.copy_rect
        self.blank = paint.blank
        self.helped = None                      # (rules, legend) while a cover shows them (help)

    def help(self):
        # (rules, legend) from explore_help.py, loaded as a cover first shows them and let go at once;
        # kept until the next tick (no cover then), so a cover's frames load it once, a round in play
        # holds none of it.
        if self.helped is None:
            from maze32_game import explore_help, loading
            self.helped = (explore_help.RULES, explore_help.legend())
            loading.let_go("maze32_game.explore_help")
        return self.helped

    @property
    def rules(self):
        # term.cover_lines shows them under the keys (start screen and ?)
        return self.help()[0]

    def legend(self):
        # [(style, glyph, meaning)] of every material and the player, for term.py's ? overlay.
        return self.help()[1]

    def tick(self, key):
        self.helped = None
        game = self.game
        if key == "r":
            key = explore.RESTART
        if key == explore.RESTART:
            self.held = None                    # back to the spawn at once: a held key goes
        elif self.held is not None:             # a key water held back goes first; this one waits
            key, self.held = self.held, key
        before = (game.x, game.y, game.dig_count, game.depth)
        items, refused = game.items, game.refused
        step = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}.get(key)
        aim = MATERIALS[game.tile(game.x + step[0], game.y + step[1])][0] if step else ""
        state = game.tick(key)
        self.ticks += 1
        if self.bump:
            self.bump -= 1
        if key is not None and key != explore.RESTART and state == explore.PLAYING and before == (game.x, game.y, game.dig_count, game.depth):
            if game.clock & 1 and game.tile(game.x, game.y) == WATER:
                self.held = key                 # water (explore.tick) skipped this tick: the key plays on the next
            else:
                self.bump = BUMP_TICKS          # into stone it cannot climb, or a dig into stone
        if key == explore.RESTART:
            self.notes.say("back on the spawn (what you dug stays dug)", self.ticks)
        elif game.depth != before[3]:
            self.notes.say("down the stairs: depth %d (%s)" % (game.depth, game.kind()), self.ticks)
        elif game.items != items:
            self.notes.say("an item! %d so far" % game.items, self.ticks)
        elif game.dig_count != before[2] and game.y < before[1]:
            self.notes.say("up onto a block you built", self.ticks)
        elif game.dig_count != before[2]:
            self.notes.say("dug %s" % aim, self.ticks)
        elif game.refused != refused:
            self.notes.say("it holds: that drop ends in lava, acid or a trap", self.ticks)
        if state != explore.DEAD:
            return None
        name = MATERIALS[game.tile(game.x, game.y)][0]
        self.message = "%s at depth %d: score %d, %d item%s" % (
            DEATHS.get(name, "caught in a trap"), game.depth, game.depth, game.items,
            "" if game.items == 1 else "s")
        return self.message

    def header(self, cols):
        # Within 80 columns for the longest code a dealt world has (4294967295-255-1 dungeon/accretion);
        # on a narrower terminal the world's code whole rather than the route's limit cut.
        text = "maze32 explore  world %s  stairs <=%d by route" % (self.game.code(), explore.ROUTE_LIMIT)
        return fit(text if len(text) < cols else "explore  world " + self.game.code(), cols)

    def status(self, cols):
        # Depth, the stairs' distance and bearing, items, time; on a narrow terminal (down to 40
        # columns) in fewer words, so that the bearing and the clock are never what is cut.
        g = self.game
        text = "explore  depth %d (%s)  %s  items %d  %s" % (
            g.depth, g.kind(), goal(g), g.items, clock(self.ticks))
        if len(text) >= room(self.bump and not self.message, cols):
            text = narrow("depth %d  %s  items %d  %s" % (g.depth, goal(g, False), g.items, clock(self.ticks)),
                          room(self.bump and not self.message, cols))
        if self.message:                            # how it ended: on the message line above
            return BOLD + fit(text, cols) + RESET
        if self.bump:
            return fit(text, room(True, cols)) + "  " + BUMP + "bump" + RESET
        for keys in KEYS:
            if len(text) + len(keys) + 3 <= cols:
                return spread(text, keys, cols)
        return fit(text, cols)

    def window(self, cols, rows, painted=False):
        # The tiles around the player, 2 columns each, the player in the middle as far as the world
        # allows, copied chunk by chunk from the resident chunks (each made resident just before)
        # and painted (paint.Painter): str lines, or with painted the bytes term.Screen writes (frame()).
        g = self.game
        tw = min(g.width, (cols - 1) // 2)
        th = min(g.height, rows)
        x0 = min(max(0, g.x - tw // 2), g.width - tw)
        y0 = min(max(0, g.y - th // 2), g.height - th)
        window = self.painter.size(tw, th)
        edge = CHUNK - 1
        y = y0
        while y < y0 + th:
            h = min(y0 + th - y, CHUNK - (y & edge))
            x = x0
            while x < x0 + tw:
                w = min(x0 + tw - x, CHUNK - (x & edge))
                tiles = g.resident(x >> CHUNK_SHIFT, y >> CHUNK_SHIFT)
                self.copy_rect(window, tw, (y - y0) * tw + x - x0, tiles, ((y & edge) << CHUNK_SHIFT) | (x & edge), w, h, CHUNK)
                x += w
            y += h
        window[(g.y - y0) * tw + g.x - x0] = YOU_BUMPED if self.bump else YOU
        if g.scratched != self.scratched:       # the arenas may share the generator's memory: the
            self.scratched = g.scratched        # lines on the screen, which term.Screen compares with
            shown = self.painter.arenas         # the next frame's, are blanked so that every line is
            if shown:                           # written again (garbage matching one: left unwritten)
                self.blank(shown.buffers[shown.current])
        return self.painter.paint(tw, th, not painted)

    def view(self, cols, rows, painted=False):
        if cols < MIN_SIZE[0] or rows < MIN_SIZE[1]:
            return too_small(cols, rows)
        said = BOLD + fit(self.message, cols) + RESET if self.message else self.notes.line(self.ticks, cols)
        return [self.header(cols)] + self.window(cols, rows - 3, painted) + [said, self.status(cols)]

    def frame(self, cols, rows):
        # What term.play shows: view's lines, the window's painted (bytes, no str made a row).
        return self.view(cols, rows, True)

    def summary(self):
        g = self.game
        return (self.message or "you quit at depth %d" % g.depth, [
            ("depth", "%d reached (%s)" % (g.depth, g.kind())),
            ("items", "%d" % g.items),
            ("time", clock(self.ticks, True)),
            ("level code", "world %s  (deals it again)" % g.code()),   # 75 columns at most
        ])

    def record(self):
        # records.py's: (seed, (depth reached,)); a run that began deeper (--depth) is kept apart, as
        # "SEED@DEPTH". None before the first tick.
        if not self.ticks:
            return None
        return ("%d" % self.seed if self.start == 1 else "%d@%d" % (self.seed, self.start)), (self.game.depth,)

    def one_line(self):
        # What the terminal keeps after the game: the end screen's figures, on one line.
        g = self.game
        return "%s  time %s, depth %d, items %d, world %s" % (
            self.message or "quit", clock(self.ticks, True), g.depth, g.items, g.code())


def new_round(seed, size, options):
    # games.py's way in: options["cache"], when given, makes the chunk cache (the board's flash, the
    # twin's disk), on a board as each world is dealt (explore_deal.start: its module and its index
    # cost RAM a round walking a world never needs); options["depth"] the first world's (default 1).
    # The large buffers are the ones every round shares (explore_buffers: games.new_round made them
    # before this code).
    make = options.get("cache")
    if make and sys.implementation.name != "micropython":
        make = make()                           # a host keeps one through the round (its scan of the disk once)
    buffers = explore_buffers.reserve()
    if buffers.arenas:                          # the painter's arenas over the generator's memory
        from maze32_game import arenas
        arenas.lend(buffers.arenas, buffers.queue)
    return ExploreRound(seed, options.get("depth") or 1, cache=make, buffers=buffers)


def __getattr__(name):
    # MEANINGS and RULES, explore_help's (host/render_world.py reads MEANINGS here): not held by the
    # module, see ExploreRound.help.
    if name in ("MEANINGS", "RULES"):
        from maze32_game import explore_help
        return getattr(explore_help, name)
    raise AttributeError(name)
