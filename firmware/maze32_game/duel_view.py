# Duel on a text terminal (SPEC 12): the maze as one player knows it, in box-drawing walls like
# `maze32 render`, fog where nothing was seen, remembered walls grey and their objects dim, the rival
# only within sight; the status line (key, compass, view, steps, time). DuelView draws what it is
# given from its players[0]'s side: a duel.Duel (Player 1's view, the bot as the rival) or a
# link_duel.Perspective (this side's player, the other player as the rival), so a linked Duel and a
# bot Duel are the same picture. DuelRound is the Duel against the bot (games.py's "duel").
from array import array

from maze32_game import duel, ghost
from maze32_game import duel_paint
from maze32_game.paint import Painter
from maze32_game.term import (BOLD, BUMP, BUMP_TICKS, KEYS, LOCKSTEP_KEYS, MIN_SIZE, RESET, Notes, clock, count,
                              fit, room, too_small)
from maze32_game.term_maze import P1, P2, follow, quit_title, tail

WALL = ("\x1b[0;90m", RESET)                      # walls (remembered, in view)
FOG = "\x1b[0;90m"
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


def glyph_table(rival_glyph):
    # The (glyph, style[, tail]) of each code of duel_paint, in its order.
    table = [("", None), (" ", None), ("   ", None), ("  ", None)]
    table += [(JUNCTION[d], WALL[level]) for level in (0, 1) for d in range(1, 16)]
    table += [("───", WALL[0]), ("───", WALL[1]), ("│", WALL[0]), ("│", WALL[1])]
    table += [("·", FOG, " "), ("@", P1[1], " "), ("@", BUMP, " "), (rival_glyph, P2[1], " ")]
    table += [(glyph, (P1, P2)[p][level], " ") for glyph in duel_paint.MARK_GLYPHS for p in (0, 1)
              for level in (0, 1)]
    return table


class DuelView:
    # The window of the maze around game.players[0], a line list; lines that did not change since
    # the last frame are reused (Screen then writes none of them). rival_glyph: "B" the bot, "R" the
    # other player over a link. What players[0] picks up (key, compass, an artifact) leaves the map
    # and is said on the message line, as is the rival's key.
    def __init__(self, game, rival_glyph="B", rival=None):
        self.game = game
        self.rival_glyph = rival_glyph
        self.rival = rival or ("the bot" if rival_glyph == "B" else "the other player")
        self.notes = Notes(LOCKSTEP_KEYS if rival_glyph == "R" else KEYS)    # R: over a link
        self.held = (False, False, False, False)  # my key, compass, artifact; the rival's key
        m = game.maze
        self.marks = marks = {}                 # cell -> (glyph, player) of what players[0] may see
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
        self.bump = 0                           # the round's bump, as frame() was last given it
        self.origin = [0, 0]
        self.cached = None                      # (stamp, lines) of the last window painted
        self.painter = Painter(glyph_table(rival_glyph), RESET, start=RESET, bump=BUMP)
        self.geometry = array("H", [0] * 10)
        self.know = bytearray(0)                # duel_paint's scratch
        self.mark_codes = bytearray(len(m.cells))
        self.code_marks()

    def code_marks(self):
        # marks as duel_paint reads them: a code a cell.
        codes = self.mark_codes
        for c in range(len(codes)):
            codes[c] = 0
        for c in self.marks:
            glyph, p = self.marks[c]
            codes[c] = duel_paint.MARKS + 4 * duel_paint.MARK_GLYPHS.index(glyph) + 2 * p

    def frame(self, cols, rows, header, ticks, message, bump, below=(), painted=False):
        # A whole frame: header, the window, the message line, the status line (time from ticks, the
        # end message, a bump while bump > 0), and `below` (the link's line); with painted the
        # window's lines are bytes for term.Screen (paint.Painter).
        if cols < MIN_SIZE[0] or rows < MIN_SIZE[1]:
            return too_small(cols, rows)
        self.bump = bump
        self.events(ticks)
        said = BOLD + fit(message, cols) + RESET if message else self.notes.line(ticks, cols)
        return ([header] + self.window(cols, rows - 3 - len(below), painted) + [said,
                self.status(cols, ticks, message, bump)] + list(below))

    def events(self, now):
        # What was picked up since the last frame: off the map, and on the message line.
        game = self.game
        me, other = game.players
        held = (me.has_key, me.has_compass, me.boosted, other.has_key)
        was = self.held
        if held == was:
            return
        self.held = held
        marks = self.marks
        say = None
        if held[3] and not was[3]:
            say = "%s has its key: it heads for its exit" % self.rival
        if held[0] and not was[0]:
            marks.pop(me.key, None)
            say = "key taken! now your exit E, in the other half of the maze"
            if me.has_compass:
                say += "; the compass points %s" % self.bearing_word()
        if held[1] and not was[1]:
            marks.pop(me.compass_cell, None)
            say = "compass: your %s lies %s" % ("exit" if me.has_key else "key", self.bearing_word())
        if held[2] and not was[2]:
            spent = game.artifacts()                # the one I stand on, or the nearest (two
            spent.sort(key=lambda c: max(abs((c & 31) - (me.cell & 31)), abs((c >> 5) - (me.cell >> 5))))
            marks.pop(spent[0], None)               # frames may pass between frames on a link)
            say = "artifact: your view widens to %d cells" % me.view
        if say:
            self.notes.say(say, now)
        self.cached = None
        self.code_marks()

    def bearing_word(self):
        b = self.game.bearing(0)
        return "no compass yet" if b is None else BEARINGS[b]

    def legend(self):
        # [(style, glyph, meaning)] of everything the window draws, for term.py's ? overlay.
        return [(P1[1], "@", "you"), (P2[1], self.rival_glyph, self.rival + " (when in sight)"),
                (P1[1], "K", "your key: take it first"), (P1[1], "E", "your exit, in the other half"),
                (P1[1], "C", "compass: points to your goal"), (P1[1], "A", "artifact: widens your view"),
                (P1[1], "L", "landmark: seen from afar"), (P2[1], "A L", "the same in the rival's half"),
                (FOG, "·", "fog: not seen yet"), (WALL[0], "│─", "a wall you remember"),
                (WALL[1], "│─", "a wall in view"), (BUMP, "@", "bump: a wall in the way")]

    def status(self, cols, ticks, message, bump):
        # The status line: key, compass, view, steps, time; in bold at the end (the message line above
        # says how it ended: the two did not fit one line), or a bump, or the keys.
        game = self.game
        me = game.players[0]
        bearing = game.bearing(0)
        text = "duel  key %s  %s  view %d  steps %d  time %s" % (
            "yes" if me.has_key else "no", "no compass yet" if bearing is None else "compass " + BEARINGS[bearing],
            me.view, me.steps, clock(ticks))
        if message:
            return BOLD + fit(text, cols) + RESET
        if len(text) >= room(bump, cols):
            text = "key %s  %sview %d  %s  %s" % ("yes" if me.has_key else "no", "" if bearing is None
                                                  else "compass %s  " % BEARINGS[bearing], me.view,
                                                  count(me.steps, "step"), clock(ticks))
        return tail(text, bump, cols)

    def window(self, cols, rows, painted=False):
        # The maze lines: as many cells as fit (4 columns and 2 rows each, plus one line and column
        # of walls), the window moving with the player to keep their view in it; painted again only
        # when what it shows may have changed (str lines always: a reader of the text keeps them).
        game = self.game
        m, me, other = game.maze, game.players[0], game.players[1]
        cw = min(m.width, (cols - 2) // 4)
        ch = min(m.height, (rows - 1) // 2)
        px, py = me.cell & 31, me.cell >> 5
        o = self.origin
        o[0] = follow(o[0], px, cw, m.width, me.view + 1)
        o[1] = follow(o[1], py, ch, m.height, me.view + 1)
        rival = other.cell if max(abs((other.cell & 31) - px), abs((other.cell >> 5) - py)) <= me.view else -1
        stamp = (me.cell, me.view, me.has_key, rival, self.bump > 0, o[0], o[1], cw, ch)
        if not painted:
            return self.draw(o[0], o[1], cw, ch, rival, False)
        if self.cached is None or self.cached[0] != stamp:
            self.cached = (stamp, self.draw(o[0], o[1], cw, ch, rival, True))
        return self.cached[1]

    def draw(self, x0, y0, cw, ch, rival, painted):
        # The window's lines, its codes made by duel_paint and painted.
        m, me = self.game.maze, self.game.players[0]
        if len(self.know) < (cw + 2) * (ch + 2):
            self.know = bytearray((cw + 2) * (ch + 2))
        g = self.geometry
        g[0], g[1], g[2], g[3], g[4], g[5] = x0, y0, cw, ch, m.width, m.height
        g[6], g[7], g[8] = me.cell, rival if rival >= 0 else 0xFFFF, me.view
        g[9] = duel_paint.YOU_BUMPED if self.bump else duel_paint.YOU
        window = self.painter.size(3 * cw + 1, 2 * ch + 1)
        duel_paint.duel_codes(window, self.know, me.seen, self.arms, KNOWN_ARMS, ARM_LEVEL, self.mark_codes, g)
        return self.painter.paint(3 * cw + 1, 2 * ch + 1, not painted)


class DuelRound:
    # Duel against the bot, one tick per frame: tick(key) -> the end message, or None while it goes on.
    # record=True keeps the cells each player stood on, in order (paths), for a replay sheet. Player
    # 1's moves are always kept (moves, ghost.py's bytes) for the ghost of a won run (replay()). With
    # a ghost (a ghost.Replay of this level, verified), the ghost races where the bot would be.
    name = "duel"

    def __init__(self, seed, width, height, bot_level=1, record=False, ghost_run=None):
        from maze32 import maze_hash, levelcode
        from maze32.maze import KEY
        from maze32.validate import measure_key_exits
        self.seed = seed
        self.bot_level = bot_level
        self.game = game = duel.Duel(seed, width, height)
        self.bot = duel.Bot(bot_level, seed + 1) if ghost_run is None else ghost.Ghost(ghost_run)
        self.rival = "bot" if ghost_run is None else "ghost"
        self.ghost_run = ghost_run
        if ghost_run is not None:                # the start and ? screens name the rival raced
            self.title, self.goal = "Duel vs your ghost", "get your key, then your exit, before your ghost"
        m, ws = game.maze, game.ws
        # The last validation of generate() left the route distances from each start in ws.routes.
        measure_key_exits(m, ws)
        self.shortest = ws.routes[2 * KEY] + ws.key_exit[0]
        self.code = levelcode.encode(width, height, seed, maze_hash(m, ws))
        self.drawn = DuelView(game) if ghost_run is None else DuelView(game, "G", "the ghost")
        self.ticks = 0
        self.moves = bytearray()                # Player 1's moves (ghost.py), for replay()
        self.moved_at = 0                       # the tick of the last of them
        self.bump = 0
        self.message = None
        me = game.players[0]
        self.paths = ([me.cell], [game.players[1].cell]) if record else None

    def tick(self, key):
        game = self.game
        me = game.players[0]
        before = me.steps
        winner = game.tick(key, self.bot.choose(duel.PlayerView(game, 1)))
        self.ticks += 1
        if self.bump:
            self.bump -= 1
        if me.steps != before:
            ghost.add_move(self.moves, self.ticks - self.moved_at, key)
            self.moved_at = self.ticks
        elif key is not None and winner is None:
            self.bump = BUMP_TICKS
        if self.paths is not None:
            for p in (0, 1):
                c = game.players[p].cell
                if self.paths[p][-1] != c:
                    self.paths[p].append(c)
        if winner is None:
            return None
        self.message = ("you win!" if winner == 0 else "the ghost got out first" if self.ghost_run else
                        "the bot (%s) got out first" % self.bot.name)
        return self.message

    def header(self, cols):
        m = self.game.maze
        return fit("maze32 duel  code %s  seed %d  %dx%d  %s"
                   % (self.code, self.seed, m.width, m.height, self.rival_line()), cols)

    def rival_line(self):
        if self.ghost_run is None:
            return "bot " + self.bot.name
        return "ghost run %s" % clock(self.ghost_run.ticks, True)

    def view(self, cols, rows, painted=False):
        return self.drawn.frame(cols, rows, self.header(cols), self.ticks, self.message, self.bump, painted=painted)

    def frame(self, cols, rows):
        # What term.play shows: view's lines, the window's painted (bytes, no str made a line).
        return self.view(cols, rows, True)

    def legend(self):
        return self.drawn.legend()

    def summary(self):
        # (title, [(label, value)]) for the end screen.
        # The steps against the shortest route only when out: a game lost or left is not a route.
        me, bot = self.game.players
        if self.game.winner == 0:
            steps = "%d   shortest route %d (+%d)" % (me.steps, self.shortest, me.steps - self.shortest)
        else:
            steps = "%d   (the shortest route out is %d)" % (me.steps, self.shortest)
        return (self.message or quit_title(me.steps), [
            ("time", clock(self.ticks, True)),
            ("steps", steps),
            (self.rival, "%s, %s%s" % (self.bot.name if self.ghost_run is None else "a %s run" % clock(
                self.ghost_run.ticks, True), count(bot.steps, "step"), ", out" if self.game.winner == 1 else "")),
            ("level code", "%s   seed %d, %dx%d (r: this maze again)" % (
                self.code, self.seed, self.game.maze.width, self.game.maze.height)),
        ])

    def replay(self):
        # The ghost of this run (a ghost.Replay) when Player 1 won it, else None.
        if self.game.winner != 0:
            return None
        return ghost.Replay(self.code, self.moved_at, self.moves)       # it won on its last move

    def record(self):
        # records.py's: (level code, (time in ticks, steps)) of a won Duel; a Duel lost or left, None.
        if self.game.winner != 0:
            return None
        return self.code, (self.ticks, self.game.players[0].steps)

    def one_line(self):
        # The result in one line, for the shell after the game, with the code to share it.
        me = self.game.players[0]
        return "%s  time %s, %s (shortest %d), level code %s" % (
            self.message or "quit", clock(self.ticks, True), count(me.steps, "step"), self.shortest, self.code)


def new_round(seed, size, options):
    # games.py's way in: options["bot"] the bot's level (1..5), options["record"] the paths kept,
    # options["ghost"] a verified ghost.Replay of this level to race instead of the bot.
    return DuelRound(seed, size[0], size[1], options.get("bot", 1), options.get("record", False),
                     options.get("ghost"))
