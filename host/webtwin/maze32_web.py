# The browser twin's Python, run by MicroPython's webassembly port in the page (maze32 web build puts
# it beside the games' modules). The games, their rules, views and loops are the firmware's own
# (maze32_game's games.py, term.py); this module is the page's terminal and its small menu. The page's frame loop
# (twin.js) calls Twin.frame() about 30 times a second with what was typed, the clock and the size of
# its character grid; the game steps a tick whenever one is due (term.FRAME_MS apart, the board's and
# the twin's pace, so a bot is as fast here as there), and frame() answers with the terminal's lines,
# ANSI colours and all, when they changed. Nothing here waits: the page never freezes. The records
# (in the browser's storage) and the ghosts are web_keep.py's.
import random

from maze32 import Maze, Workspace, levelcode, maze_hash
from maze32_game import games
from maze32_game import links
from maze32_game import records
from maze32_game import term
from maze32_game.ghost import MAX_TEXT, TEXT_PREFIX, GhostError

import web_keep

PLAY, END, MENU, RECORDS, ENTRY = "play", "end", "menu", "records", "entry"
CATCH_UP_MS = 250          # a page hidden for a while does not replay the ticks it missed
ENTRY_KEY = "c"            # the menu's: a level code typed, or a ghost's text pasted
MENU_KEYS = games.keys() + "n" + records.MENU_KEY + ENTRY_KEY
ENTRY_PROMPT = "level code or ghost (paste it), Enter opens, Esc goes back: "
END_CHOICES = (("r", "replay"), ("m", "menu"))


class NoKey(Exception):
    # A choice (term.choose) waits for a key and the page cannot wait: while one is asked (Page.choosing)
    # and nothing was typed, typed() raises this, after choose has shown its lines; the page asks again
    # next frame. So the board's choose serves the page unchanged (its heap has no byte to spare).
    pass


class Page:
    # The page as term.py's loops use a terminal (see the top of term.py): keys from the frame loop,
    # lines kept for it.
    def __init__(self):
        self.pending = ""
        self.keys = ""
        self.choosing = False
        self.cols, self.rows = 80, 24
        self.lines = []
        self.changed = True
        self.clock = 0

    def typed(self):
        if self.choosing and not self.keys:
            raise NoKey()
        text, self.keys = self.keys, ""
        return text

    def size(self):
        return self.cols, self.rows

    def show(self, lines):
        # a painted view's rows come as bytes in reused buffers (paint.py): text of their own here
        lines = [line if isinstance(line, str) else bytes(line).decode() for line in lines]
        if lines != self.lines:
            self.lines = lines
            self.changed = True

    def now_ms(self):
        return self.clock

    def sleep_ms(self, ms):
        pass

    def button(self):
        return None

    def draw(self, rnd):
        pass


def parse_fragment(text):
    # "code=1SG0-0000-7RBJR" or "mode=deeper&seed=7" -> {name: value}.
    out = {}
    for part in text.lstrip("#").split("&"):
        if "=" in part:
            name, value = part.split("=", 1)
            out[name] = value
    return out


def quoted(value):
    # A link's value in its problem's line: as given, its start only when it is long (a link of
    # thousands of characters is still a line on the menu).
    return repr(value) if len(value) <= 24 else repr(value[:24]) + "..."


class Twin:
    def __init__(self, base, entropy, storage=None):
        # base: the page's address without its fragment (the end screens' links); entropy: a random
        # number from the page (the port has no os.urandom) for the seeds of new games; storage: the
        # page's localStorage, where the records are kept (None: nowhere, web_keep.StoredRecords).
        random.seed(entropy)
        self.book = web_keep.StoredRecords(storage)
        self.page = Page()
        self.base = base
        self.mode, self.seed, self.size, self.bot, self.depth = "duel", self.new_seed(), (32, 32), 1, 1
        self.message = ""
        self.note = ""                      # the end screen's: the records, the ghost
        self.ghost = None                   # the ghost.Replay raced instead of the bot, or None
        self.won = None                     # the ghost.Replay of the last won Duel, or None
        self.entry = ""                     # what is typed at c
        self.rnd = self.frames = None
        self.state = MENU
        self.due = None
        self.ticks = 0                      # game frames stepped: the page reports them

    def new_seed(self):
        return random.getrandbits(32)

    def open(self, fragment):
        # A level link's fragment: that level, started; or the menu, saying what is wrong with it.
        # -> "" or the problem.
        fields = parse_fragment(fragment)
        try:
            if web_keep.GHOST_FIELD in fields:
                try:
                    replay, seed, size = web_keep.race_of(fields[web_keep.GHOST_FIELD])
                except GhostError as e:
                    raise ValueError("ghost link: %s" % e)
                self.mode, self.seed, self.size, self.depth, self.ghost = "duel", seed, size, 1, replay
            elif "code" in fields:
                seed, w, h = levelcode.check(fields["code"].strip().upper(), Maze(), Workspace())
                self.mode, self.seed, self.size, self.depth, self.ghost = "duel", seed, (w, h), 1, None
            elif "seed" in fields or "mode" in fields:
                mode = fields.get("mode", "duel")
                if not games.by_name(mode):
                    raise ValueError("no game %s (the games: %s)" % (quoted(mode), ", ".join(games.names())))
                text = fields.get("seed", "")
                if not text.isdigit() or len(text) > 20 or int(text) > 0xFFFFFFFF:
                    raise ValueError("seed %s: give a number 0..4294967295" % quoted(text))
                depth = fields.get("depth", "1")
                if not depth.isdigit() or len(depth) > 20 or not 1 <= int(depth) <= 255:
                    raise ValueError("depth %s: give a number 1..255" % quoted(depth))
                self.mode, self.seed, self.depth, self.ghost = mode, int(text), int(depth), None
            else:
                self.state = MENU
                return ""
        except ValueError as e:
            text = str(e)
            self.message = text if text.startswith("ghost link: ") else "level link: %s" % text
            self.state = MENU
            return self.message
        self.start()
        return ""

    def start(self):
        game = games.by_name(self.mode)
        self.rnd = games.new_round(game, self.seed, self.size, {"bot": self.bot, "depth": self.depth,
                                                               "ghost": self.ghost})
        self.frames = term.frames(self.rnd, self.page)     # the game's loop, a frame a next()
        self.state = PLAY
        self.message = self.note = ""
        self.won = None

    def link(self):
        # The link of the game on the page (a ghost race's races that ghost), or "" off a game.
        if self.state not in (PLAY, END):
            return ""
        if self.ghost is not None:
            return web_keep.ghost_link(self.base, self.ghost)
        return links.level_link(self.rnd, self.base, self.depth)

    def ghost_text(self):
        # The text of the last won Duel's ghost while its end screen shows, else "".
        return self.won.text() if self.won is not None and self.state == END else ""

    def ghost_url(self):
        return web_keep.ghost_link(self.base, self.won) if self.won is not None and self.state == END else ""

    def records_note(self):
        # What is wrong with the stored records (damaged lines, no storage), or "".
        return self.book.note

    def maze_hash(self):
        # The maze's hash (64 hex digits) of a Duel on the page, as maze32 validate prints it; or "".
        if self.state not in (PLAY, END) or self.rnd is None or self.rnd.name != "duel":
            return ""
        game = self.rnd.game
        return maze_hash(game.maze, game.ws)

    def menu_lines(self, cols, rows):
        if cols < term.MIN_SIZE[0] or rows < term.MIN_SIZE[1]:
            return term.too_small(cols, rows)
        lines = [term.BOLD + "maze32 in the browser" + term.RESET, ""]
        lines += [games.menu_line(g, self.size) for g in games.GAMES]
        lines += [records.MENU_LINE, "  %s  enter a level code, or paste a ghost to race" % ENTRY_KEY,
                  "  n  new random seed", "", "seed %d" % self.seed,
                  "a level link opens its level: this page's address with #code=LEVEL-CODE"]
        if self.state == ENTRY:
            lines += ["", ENTRY_PROMPT + self.entry[-max(8, cols - len(ENTRY_PROMPT) - 1):] + "_"]
        if self.message:
            lines += [""] + term.wrap(self.message, cols)
        return [term.fit(line, cols) for line in lines]

    def choose(self, lines, keys):
        # One frame of term.choose: the key chosen, or None while none is (NoKey).
        self.page.choosing = True
        try:
            return term.choose(self.page, lines, keys)
        except NoKey:
            return None
        finally:
            self.page.choosing = False

    def step(self):
        # One frame of what the page shows: the game, its end screen or the menu.
        page = self.page
        if self.state == PLAY:
            ended = next(self.frames)
            if ended is None:
                return
            self.state = END if ended else MENU
            self.note, self.won = web_keep.round_ended(self.book, self.rnd)
            if self.won is not None:
                self.note = join(self.note, "your run's ghost: below the screen, its text and the link that "
                                            "races it (copy them to share)")
            if not ended:
                self.message = self.note
            links.show_link(self.rnd, self.base, self.depth)     # the end screen shows it under the code
            term.take(page)                 # keys typed as the game ended are not an answer
            return
        if self.state == END:
            labels = ["%s  %s" % c for c in END_CHOICES]
            rnd = self.rnd
            choice = self.choose(lambda cols, rows: term.end_lines(rnd, cols, rows, labels, self.note),
                                 "".join([k for k, _ in END_CHOICES]) + "q")
            if choice == "r":
                self.start()
            elif choice is not None:
                self.state = MENU
            return
        if self.state == RECORDS:
            if self.choose(lambda cols, rows: records.screen_lines(self.book, cols, rows), records.ANY_KEY):
                self.state = MENU
            return
        if self.state == ENTRY:
            self.type_entry()
            return
        choice = self.choose(self.menu_lines, MENU_KEYS)
        if choice == "n":
            self.seed, self.ghost = self.new_seed(), None
        elif choice == records.MENU_KEY:
            self.state = RECORDS
        elif choice == ENTRY_KEY:
            self.state, self.entry, self.message = ENTRY, "", ""
        elif choice is not None:
            self.mode, self.depth, self.ghost = games.by_key(choice).name, 1, None
            self.start()

    def type_entry(self):
        # One frame of the menu's c: keys typed go into the entry (Backspace deletes); Enter opens it as
        # a ghost (its text starts maze32-ghost:) or a level code, Esc goes back to the menu.
        self.page.show(self.menu_lines(self.page.cols, self.page.rows))
        raw = term.take(self.page)
        esc = raw.find("\x1b")
        if esc >= 0 and raw[esc + 1:esc + 2] not in ("[", "O"):    # a lone Esc (split_keys drops it)
            self.state = MENU
            return
        keys, self.page.pending = term.split_keys(raw)
        for i in range(len(keys)):
            k = keys[i]
            if k in ("\r", "\n"):
                text = self.entry.strip()
                field = web_keep.GHOST_FIELD if text.startswith(TEXT_PREFIX) else "code"
                self.page.pending = term.join_keys(keys[i + 1:]) + self.page.pending
                if text:
                    self.open("#%s=%s" % (field, text))     # its level; or the menu, saying what is wrong
                else:
                    self.state = MENU
                return
            if k == "\x03":
                self.state = MENU
                return
            if k in ("\x7f", "\x08"):
                self.entry = self.entry[:-1]
            elif len(k) == 1 and " " < k <= "~" and len(self.entry) <= MAX_TEXT:
                self.entry += k

    def paste(self, text):
        # Text pasted into the page: on the menu or at c, it goes into the entry (a ghost's text is
        # too long to type); in a game it is ignored.
        if self.state in (MENU, ENTRY):
            self.state = ENTRY
            self.entry = (self.entry + "".join([c for c in text if " " < c <= "~"]))[:MAX_TEXT + 1]
            self.page.changed = True

    def frame(self, typed, now, cols, rows):
        # The page's frame: keys typed, the clock (ms), the grid's size. -> the lines to draw, joined
        # by newlines, when they changed; else None.
        page = self.page
        page.keys += typed
        page.clock = now
        if (cols, rows) != (page.cols, page.rows):
            page.cols, page.rows = cols, rows
            page.changed = True
        if self.due is None or now - self.due > CATCH_UP_MS:
            self.due = now
        while now >= self.due:
            self.step()
            self.ticks += 1
            self.due += term.FRAME_MS
        if not page.changed:
            return None
        page.changed = False
        return "\n".join(page.lines)


def join(*notes):
    # The end screen's notes, those not empty, in one text.
    return "   ".join([n for n in notes if n])
