# Deeper on a text terminal (SPEC 12): the hedge level around the player, two columns a tile (hedges
# green, the hatch yellow, ghosts red, bright once awake), the "depth N" banner before each level,
# the status line; DeeperRound is games.py's "deeper".
from maze32_game import deeper
from maze32_game.paint import Painter, copy_rect
from maze32_game.term import BOLD, BUMP, BUMP_TICKS, MIN_SIZE, RESET, Notes, clock, count, fit, room, too_small
from maze32_game.term_maze import P1, boxed, follow, quit_title, tail

BANNER_TICKS = 20              # "depth N" before a level starts: a second, the game paused
HEDGE = "\x1b[0;32m"
HATCH = "\x1b[0;1;33m"
GHOST = ("\x1b[0;31m", "\x1b[0;1;91m")           # (asleep, awake)
# The window's codes (paint.Painter's table): the level's tiles (hedge, floor, hatch), then what
# stands on them, a one-column glyph and a blank.
TILES = (("██", HEDGE), ("  ", None), ("H ", HATCH))
YOU, YOU_BUMPED, CAUGHT, ASLEEP, AWAKE = range(3, 8)
SPOTS = (("@", P1[1], " "), ("@", BUMP, " "), ("G", BUMP, " "), ("G", GHOST[0], " "), ("G", GHOST[1], " "))


class DeeperRound:
    # Deeper until a ghost catches the player: tick(key) -> the end message, or None. Each level after
    # the first opens with a second's "depth N" banner, the game paused (the first opens on term.play's
    # start screen).
    name = "deeper"

    def __init__(self, seed):
        self.seed = seed
        self.game = deeper.Deeper(seed)
        self.ticks = 0
        self.steps = 0
        self.bump = 0
        self.banner = 0
        self.message = None
        self.cleared = 0                        # shortest routes of the levels cleared, summed
        self.level_shortest = self.measure()
        self.origin = [0, 0]
        self.painter = Painter(TILES + SPOTS, RESET, start=RESET, bump=BUMP)
        self.notes = Notes()                    # the message line: a ghost wakes, a new depth

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
        asleep = [not a for a in game.level.chase.awake[:game.level.ghosts]]
        state = game.tick(key)
        self.ticks += 1
        if self.bump:
            self.bump -= 1
        if state == deeper.DEEPER:
            self.steps += 1
            self.cleared += self.level_shortest
            self.level_shortest = self.measure()
            self.banner = BANNER_TICKS
            self.notes.say("down the hatch: depth %d, %d ghost%s" % (
                game.depth, game.level.ghosts, "" if game.level.ghosts == 1 else "s"), self.ticks)
        elif game.player != before:
            self.steps += 1
        elif key is not None and state == deeper.PLAYING:
            self.bump = BUMP_TICKS
        if state != deeper.DEEPER and [i for i in range(len(asleep)) if asleep[i] and game.level.chase.awake[i]]:
            self.notes.say("a ghost wakes and comes for you: run for H!", self.ticks)
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
        if len(text) >= room(self.bump, cols):
            text = "depth %d  %s  %s  %s" % (g.depth, count(g.level.ghosts, "ghost"), count(self.steps, "step"),
                                             clock(self.ticks))
        return tail(text, self.bump, cols)

    def view(self, cols, rows, painted=False):
        if cols < MIN_SIZE[0] or rows < MIN_SIZE[1]:
            return too_small(cols, rows)
        if self.banner:
            g = self.game
            return [self.header(cols)] + boxed(
                ["depth %d" % g.depth, "%d ghost%s" % (g.level.ghosts, "" if g.level.ghosts == 1 else "s")],
                cols, rows - 2)
        return [self.header(cols)] + self.window(cols, rows - 3, painted) + [self.notes.line(self.ticks, cols),
                                                                             self.status(cols)]

    def frame(self, cols, rows):
        # What term.play shows: view's lines, the level's painted (bytes, no str made a row).
        return self.view(cols, rows, True)

    def legend(self):
        # [(style, glyph, meaning)] of everything the level draws, for term.py's ? overlay.
        return [(P1[1], "@", "you"), (HATCH, "H", "the hatch: down to the next depth"),
                (GHOST[0], "G", "a ghost asleep: wakes as you near"),
                (GHOST[1], "G", "a ghost awake: it chases you"), (HEDGE, "██", "hedge: a wall"),
                (BUMP, "@", "bump: a hedge in the way"), (BUMP, "G", "a ghost caught you")]

    def window(self, cols, rows, painted=False):
        # The level's lines: as many tiles as fit (2 columns each), the window following the player;
        # the tiles copied and painted (paint.Painter), the ghosts and the player set over them: str
        # lines, or with painted the bytes term.Screen writes (frame()).
        g = self.game
        lv = g.level
        tw = min(lv.side, (cols - 1) // 2)
        th = min(lv.side, rows)
        o = self.origin
        o[0] = follow(o[0], g.player & 31, tw, lv.side, 3)
        o[1] = follow(o[1], g.player >> 5, th, lv.side, 3)
        window = self.painter.size(tw, th)
        copy_rect(window, tw, 0, lv.tiles, (o[1] << 5) | o[0], tw, th, 32)
        chase = lv.chase
        for i in range(lv.ghosts):              # an awake ghost over an asleep one
            at = self.spot(chase.pos[i], tw, th)
            if at >= 0 and (chase.awake[i] or window[at] < YOU):
                window[at] = AWAKE if chase.awake[i] else ASLEEP
        at = self.spot(g.player, tw, th)
        if at >= 0:                             # the player, or the ghost that caught them
            window[at] = CAUGHT if g.state == deeper.CAUGHT else YOU_BUMPED if self.bump else YOU
        return self.painter.paint(tw, th, not painted)

    def spot(self, c, tw, th):
        # Tile c's place in the window (tw x th from the origin), or -1 outside it.
        x, y = (c & 31) - self.origin[0], (c >> 5) - self.origin[1]
        return y * tw + x if 0 <= x < tw and 0 <= y < th else -1

    def summary(self):
        g = self.game
        cleared = g.depth - 1
        if cleared:
            steps = "%d   %s cleared, shortest route through %s %d" % (
                self.steps, count(cleared, "level"), "it" if cleared == 1 else "them", self.cleared)
        else:
            steps = "%d   (no level cleared yet)" % self.steps
        return (self.message or quit_title(self.steps), [
            ("score", "depth %d" % g.score),
            ("time", clock(self.ticks, True)),
            ("steps", steps),
            ("level code", "seed %d   (the seed names the levels; r: again)" % self.seed),
        ])

    def record(self):
        # records.py's: (seed, (depth reached,)), caught or left; None before the first step.
        return (str(self.seed), (self.game.depth,)) if self.steps else None

    def one_line(self):
        return "%s  time %s, %s, seed %d" % (self.message or "quit", clock(self.ticks, True),
                                             count(self.steps, "step"), self.seed)


def new_round(seed, size, options):
    # games.py's way in: Deeper's levels come from the seed alone.
    return DeeperRound(seed)
