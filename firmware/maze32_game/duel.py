# Duel: two players race through the same symmetric maze (SPEC 5). Pure game logic, no hardware; the
# frontends and the desktop twin call tick() once per frame with each player's key (or None).
#   - each player sees the cells within Chebyshev distance `view` of where they stand and remembers
#     every cell once seen; landmarks are seen from LANDMARK_RANGE times as far;
#   - walk onto your key to pick it up, then onto your exit to win; first out wins (a tie goes to
#     Player 1, who moves first within the tick);
#   - walking onto your compass gives you a bearing to your current goal (key, then exit);
#   - walking onto a vision artifact widens your view by ARTIFACT_BONUS for the rest of the game.
# Bots play through PlayerView, which shows only what their player has seen.
from maze32 import Config, Maze, Workspace, generate, split_seed
from maze32.maze import START, EXIT, KEY, COMPASS, FIRST_PAIR

# The four moves (the terminal layer, term.py, turns WASD and arrows into these names): (step, the
# cell's passage flag that allows it).
MOVES = {"up": (-32, 1), "down": (32, 4), "left": (-1, 8), "right": (1, 2)}
ARTIFACT_BONUS = 2
LANDMARK_RANGE = 2
# The bot's levels (SPEC 12): a name and the frames between two of its moves. At the game's 20 frames
# a second that is 1.7, 2.5, 4, 6.7 and 20 moves a second. Tuned against bench/newcomer.py's models
# (docs/game-feel.md): a newcomer exploring in the fog at 3 keys a second beats stroll on most fresh
# seeds and each level after wins more often; dash beats even a player who knows the shortest route
# and plays it at 4 keys a second (tests/test_duel.py plays both).
BOT_LEVELS = (("stroll", 12), ("walk", 8), ("run", 5), ("sprint", 3), ("dash", 1))


class Player:
    def __init__(self, game, p):
        m = game.maze
        self.index = p
        self.cell = game.slot_cell(START, p)
        self.key = game.slot_cell(KEY, p)
        self.exit = game.slot_cell(EXIT, p)
        self.compass_cell = game.slot_cell(COMPASS, p)
        self.view = game.cfg.view_radius
        self.has_key = False
        self.has_compass = False
        self.boosted = False
        self.seen = bytearray(len(m.cells))
        self.steps = 0

    def goal(self):
        return self.exit if self.has_key else self.key


class Duel:
    def __init__(self, seed, width=32, height=32):
        self.cfg = Config(width=width, height=height)
        self.maze = Maze()
        self.ws = Workspace()
        hi, lo = split_seed(seed)
        if generate(self.maze, self.ws, self.cfg, hi, lo) != 0:
            raise RuntimeError("no valid maze for seed %d" % seed)
        self.players = (Player(self, 0), Player(self, 1))
        self.winner = None
        for pl in self.players:
            self.reveal(pl)

    def slot_cell(self, slot, member):
        e = 2 * slot + member
        return (self.maze.py[e] << 5) | self.maze.px[e]

    def artifacts(self):
        m = self.maze
        first = FIRST_PAIR + m.landmark_pairs
        return [self.slot_cell(s, k) for s in range(first, first + m.artifact_pairs) for k in (0, 1)]

    def landmarks(self):
        m = self.maze
        return [self.slot_cell(s, k) for s in range(FIRST_PAIR, FIRST_PAIR + m.landmark_pairs)
                for k in (0, 1)]

    def reveal(self, pl):
        # Mark what the player sees from where they stand.
        w, h = self.maze.width, self.maze.height
        x, y = pl.cell & 31, pl.cell >> 5
        r = pl.view
        for yy in range(max(0, y - r), min(h, y + r + 1)):
            for xx in range(max(0, x - r), min(w, x + r + 1)):
                pl.seen[(yy << 5) | xx] = 1
        far = r * LANDMARK_RANGE
        for c in self.landmarks():
            if max(abs((c & 31) - x), abs((c >> 5) - y)) <= far:
                pl.seen[c] = 1

    def move(self, pl, key):
        if key not in MOVES:
            return                                   # unknown keys do nothing
        step, flag = MOVES[key]
        if not self.maze.cells[pl.cell] & flag:
            return                                   # a wall
        pl.cell += step
        pl.steps += 1
        if pl.cell == pl.key:
            pl.has_key = True
        if pl.cell == pl.compass_cell:
            pl.has_compass = True
        if not pl.boosted and pl.cell in self.artifacts():
            pl.boosted = True
            pl.view += ARTIFACT_BONUS
        self.reveal(pl)
        if pl.has_key and pl.cell == pl.exit and self.winner is None:
            self.winner = pl.index

    def tick(self, key1=None, key2=None):
        # One frame: Player 1 moves, then Player 2. Returns the winner's index, or None.
        if self.winner is None:
            self.move(self.players[0], key1)
        if self.winner is None:
            self.move(self.players[1], key2)
        return self.winner

    def bearing(self, p):
        # The compass: (dx, dy) signs toward the current goal, or None without a compass.
        pl = self.players[p]
        if not pl.has_compass:
            return None
        g = pl.goal()
        dx = (g & 31) - (pl.cell & 31)
        dy = (g >> 5) - (pl.cell >> 5)
        return ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))


class PlayerView:
    # What one player knows: the maze only where seen, their own key and exit only once seen.
    def __init__(self, game, p):
        self._game = game
        self._pl = game.players[p]

    @property
    def cell(self):
        return self._pl.cell

    def passages(self, c):
        # Passage flags of a seen cell; None for a cell never seen.
        return self._game.maze.cells[c] if self._pl.seen[c] else None

    def known_goal(self):
        g = self._pl.goal()
        return g if self._pl.seen[g] else None

    def bearing(self):
        return self._game.bearing(self._pl.index)

    def is_seen(self, c):
        return self._pl.seen[c] == 1


class Bot:
    # Walks the shortest known route (over cells its player has seen) to its goal once the goal is in
    # sight and reachable that way, else to the nearest seen cell that opens onto unseen ground.
    # A route is planned once and followed; it is planned again when the goal comes into view or
    # changes, or when the bot is not where its plan expects. It moves once every `pace` frames of
    # its level (BOT_LEVELS, 1-based); the seed only sets which frame of that cycle comes first.
    def __init__(self, level, seed):
        if not 1 <= level <= len(BOT_LEVELS):
            raise ValueError("bot level: 1..%d, got %r" % (len(BOT_LEVELS), level))
        self.level = level
        self.name, self.pace = BOT_LEVELS[level - 1]
        self.wait = seed % self.pace    # frames until the next move
        self.plan = []              # keys still to press, the next one last
        self.expect = -1            # where the bot stands when the next key of the plan is due
        self.planned_goal = None

    def choose(self, view):
        if self.wait:
            self.wait -= 1
            return None
        self.wait = self.pace - 1
        goal = view.known_goal()
        if not self.plan or self.expect != view.cell or goal != self.planned_goal:
            self.replan(view, goal)
        if not self.plan:
            return None
        key = self.plan.pop()
        self.expect = view.cell + MOVES[key][0]
        return key

    def replan(self, view, goal):
        self.planned_goal = goal
        self.plan = []
        if goal is not None:
            self.plan = route(view, lambda c: c == goal)
        if not self.plan:
            self.plan = route(view, lambda c: borders_unseen(view, c))


def borders_unseen(view, c):
    # A seen cell with an open passage into a cell its player has not seen: where exploring goes on.
    flags = view.passages(c)
    return any(flags & MOVES[k][1] and not view.is_seen(c + MOVES[k][0])
               for k in ("up", "right", "down", "left"))


def route(view, is_target):
    # Breadth-first over seen cells only: the keys of a shortest route to the nearest target cell,
    # the first key last (so a plan pops it first); [] when no target is reachable.
    start = view.cell
    prev = {start: None}
    queue = [start]
    i = 0
    while i < len(queue):
        c = queue[i]
        i += 1
        if c != start and is_target(c):
            keys = []
            while prev[c] is not None:
                keys.append(prev[c][1])
                c = prev[c][0]
            return keys
        flags = view.passages(c)
        for k in ("up", "right", "down", "left"):
            n = c + MOVES[k][0]
            if flags & MOVES[k][1] and n not in prev and view.passages(n) is not None:
                prev[n] = (c, k)
                queue.append(n)
    return []
