# The terminal layer every text frontend shares: the board's serial console (app.py), the desktop
# twin (host/play.py) and the linked Duel (link_duel.py, host/duel_link.py). It holds the keys typed,
# the Screen that rewrites only the lines that changed, the layout helpers (fit, wrap, spread,
# too_small, the end screen), the escapes that enter and leave the alternate screen, the clock, and
# the loops that play a round, offer a choice and show a game's end; what only some screens need is
# loaded with them (term_choose.py: the waits for a choice; term_maze.py: the maze views' helpers;
# term_cover.py, term_end.py: covers and end screens). The games' views are
# duel_view.py, deeper_view.py and explore_view.py; games.py lists them. Every view fits the terminal
# it is given (80 x 24 at least; the window of cells follows the player), in ANSI colours like `maze32
# render` (Player 1 cyan, Player 2 magenta). Runs on MicroPython: no f-strings, no str.center/ljust.
#
# A terminal, as the loops below use it, is any object with
#   typed() -> str      what was typed since the last call (never blocks)
#   pending             text typed but not yet used (a str attribute, "" at first; see take())
#   size() -> (columns, rows)
#   show(lines)         put these lines on the screen (a Screen does it); a line is a str, or bytes
#                       of UTF-8 text (a memoryview: a round's painted row, see frame below)
#   now_ms(), sleep_ms(ms)
#   button() -> a movement key from the board's buttons, or None
#   draw(round)         the round on another frontend (a display), or nothing
#
# A round, as play() and end_lines() use it: tick(key) -> the end message or None; view(cols, rows)
# -> lines (str); frame(cols, rows), if it has one: view's lines as play() shows them, some as bytes
# (Explore's painted rows: no str made a row); header(cols); summary() -> (title, [(label, value)]);
# one_line(); name (its games.py name);
# legend() -> [(style, glyph, meaning)] for the ? overlay; rules (optional: lines the start screen and
# ? show under the keys); can_pause (False: a linked Duel, whose
# lockstep cannot stop on one side alone, so it has no start screen, no pause and plays on behind the
# "terminal too small" notice).
import time

from maze32_game import games
from maze32_game.loading import let_go

FRAME_MS = 50                  # one game tick and one frame: 20 a second
TICKS_PER_SECOND = 20
BUMP_TICKS = 8                 # how long a bump into a wall shows
END_TICKS = 20                 # the last frame of a game, before its end screen
MIN_SIZE = (40, 12)            # smaller terminals get "terminal too small"

# Terminal control: VT100/ANSI, which serial consoles understand too.
ENTER = "\x1b[?1049h\x1b[?25l"                  # alternate screen, cursor hidden (the first frame clears it)
LEAVE = "\x1b[0m\x1b[?25h\x1b[?1049l"           # attributes reset, cursor shown, normal screen back
RESET = "\x1b[0m"
BOLD = "\x1b[0;1m"
BUMP = "\x1b[0;1;97;41m"                          # the player who walked into a wall, white on red

ARROWS = {"A": "up", "B": "down", "C": "right", "D": "left"}     # ESC [ A..D (or ESC O A..D)
LETTERS = {"w": "up", "s": "down", "a": "left", "d": "right"}
QUIT = ("q", "Q", "\x03")
PAUSE = ("p", "P", " ")
HELP = "?"
MOVE_KEYS = ("up", "down", "left", "right")
KEYS = "arrows/WASD move  p pause  ? help  q quit"  # the message line's, when there is no event
LOCKSTEP_KEYS = "arrows/WASD move  ? help  q quit  (a linked game cannot pause)"
NOTE_TICKS = 80                                   # how long an event stays on the message line: 4 s


# -- the clock: the board's time module, or CPython's -----------------------------------------------
def ticks_ms():
    return time.ticks_ms() if hasattr(time, "ticks_ms") else int(time.monotonic() * 1000)


def ticks_diff(a, b):
    return time.ticks_diff(a, b) if hasattr(time, "ticks_diff") else a - b


def sleep_ms(ms):
    if ms > 0:
        time.sleep_ms(ms) if hasattr(time, "sleep_ms") else time.sleep(ms / 1000)

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
                # cut off: the rest comes next; but one longer than any reply (24 is ESC[9999;9999R's
                # twice) is line noise or a flood, which kept would grow without end: dropped
                return keys, text[i:] if j - i <= 24 else ""
            if j == i + 2 and text[j] in ARROWS:
                keys.append(ARROWS[text[j]])
            i = j + 1
        else:
            i += 1
    return keys, ""


def take(term):
    # What was typed on term and not used yet.
    text = term.pending + term.typed()
    term.pending = ""
    return text


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
        # Piece by piece, the line itself as it is: a frame joined (4+ KiB), or even one line copied
        # into its escapes, is a large block to find in a board's fragmented heap, whose allocator
        # scans from its first hole for every block of more than 16 bytes (issue 19: MemoryError in
        # Explore; and thousands of RV32 instructions a line). The pieces are listed first, then
        # written: the same heap as before painted rows, which choosing Explore from the menu needs.
        old = self.lines
        out = []
        if old is None:
            out.append("\x1b[H\x1b[2J")
            old = ()
        for i in range(len(lines)):
            if i >= len(old) or old[i] != lines[i]:
                out.append("\x1b[%d;1H" % (i + 1))
                out.append(lines[i])               # as it is (a painted row: bytes, not copied)
                out.append("\x1b[K")
        if len(lines) < len(old):
            out.append("\x1b[%d;1H\x1b[J" % (len(lines) + 1))
        for piece in out:
            self.write(piece)
        self.lines = lines


def fit(text, cols):
    # Plain text cut to the columns a line may use (all but the last).
    return text if len(text) < cols else text[:cols - 1]


def narrow(text, cols):
    # text, or where it would not fit, its aside in brackets dropped, then its runs of spaces made one
    # ("arrows/WASD move p pause ? help q quit" fits 40 columns).
    if len(text) >= cols and " (" in text and not text.startswith("("):
        text = text[:text.index(" (")]
    return text if len(text) < cols else " ".join(text.split())


def room(bump, cols):
    # The columns a status line's text has: all but "  bump" while there is a bump. A view whose text
    # is longer (a terminal narrower than 80 columns) says the same figures in fewer words.
    return cols - 7 if bump else cols


def wrap(text, cols):
    # Plain text in lines that fit, broken at spaces (a word too long is cut); each "\n" starts a new
    # line (a result, then what it did to the records, each a line of its own).
    out = []
    for part in text.split("\n"):
        line = ""
        for word in part.split(" "):
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


def count(n, word):
    # "1 step", "2 steps", "no steps".
    return "%s %s%s" % (n if n else "no", word, "" if n == 1 else "s")


class Notes:
    # The message line of a view: the last event (key taken, ghost wakes, ...) for NOTE_TICKS, else
    # the keys. Times are the round's own ticks, so a paused game keeps its message.
    def __init__(self, keys=KEYS):
        self.keys = keys
        self.text = ""
        self.until = 0

    def say(self, text, now):
        self.text = text
        self.until = now + NOTE_TICKS

    def line(self, now, cols):
        if self.text and now < self.until:
            return BOLD + fit(self.text, cols) + RESET
        return fit(narrow(self.keys, cols), cols)


def clock(ticks, tenths=False):
    s = ticks // TICKS_PER_SECOND
    if tenths:
        return "%d:%02d.%d" % (s // 60, s % 60, ticks % TICKS_PER_SECOND // 2)
    return "%d:%02d" % (s // 60, s % 60)


def too_small(cols, rows):
    need = "maze32 needs %d x %d, this terminal is %d x %d" % (MIN_SIZE[0], MIN_SIZE[1], cols, rows)
    return [BOLD + fit("terminal too small", cols) + RESET] + wrap(need, cols) + [fit("q quits", cols)]


# -- the loops --------------------------------------------------------------------------------------
START, PAUSED = "start", "paused"               # what may cover a game (cover_lines), with HELP
COVER = "maze32_game.term_cover"                # cover_lines's module: loaded while a cover shows


def frames(rnd, term):
    # One game on a terminal, a frame every FRAME_MS whatever the keys do (term.sleep_ms), one frame
    # a next(): a generator that yields None after each frame and, last, True when the game ended
    # (its last frame stays END_TICKS; q cuts it short) or False when the player quit. A browser's frame loop takes the
    # next frame when a tick is due (its sleep_ms returns at once), so the page never waits in a loop
    # of the game's. A generator, not an object: the loop's state stays in locals, and a board loads
    # hardly a byte more before Explore (issue 19: its heap has none to spare). Two keys typed within one
    # frame are both played, on two ticks; more are dropped (a held key does not run on). The game
    # opens on its goal (press a key), and does not tick (bots, ghosts, the clock) until the first
    # move, while p/space pauses it or ? covers it, nor while the terminal is too small, unless it
    # cannot pause (rnd.can_pause False: a lockstep link ticks on, ? covering only the view).
    can_pause = getattr(rnd, "can_pause", True)
    cover = START if can_pause else None
    moved = not can_pause                       # the clock starts at the first move
    rest = ""
    queue = []                                  # movement keys typed, one played a tick (at most
    left = -1                                   # one waits); frames still to show after the end
    frame = getattr(rnd, "frame", rnd.view)     # the round's lines for the screen
    covered = False                             # term_cover.py loaded for a cover shown
    while True:
        start = term.now_ms()
        keys, rest = split_keys(rest + take(term))
        button = term.button()
        for k in keys:
            if k in QUIT and left >= 0:         # the game is over: q ends its last frame, not the game
                left = 0                        # (was: a won game's end screen and level link lost)
            elif k in QUIT:
                yield False
                return
            if k == HELP and left < 0:
                cover = None if cover == HELP else HELP
            elif cover is not None:
                cover = None                    # any other key takes the cover off, and is not played
            elif k in PAUSE and can_pause and left < 0:
                cover, queue = PAUSED, []
            else:
                k = LETTERS.get(k.lower(), k)
                if (k in MOVE_KEYS or k in getattr(rnd, "keys", ())) and len(queue) < 2:   # a round's own keys too
                    queue.append(k)
        if cover is not None and button:
            cover, button = None, None          # a board's buttons take it off too
        cols, rows = term.size()
        small = cols < MIN_SIZE[0] or rows < MIN_SIZE[1]
        key = (queue.pop(0) if queue else None) or button
        if key and cover is None and not small:
            moved = True
        if left > 0:
            left -= 1
        elif left == 0:
            yield True
            return
        elif not can_pause or (moved and cover is None and not small):
            if rnd.tick(key if cover is None else None):
                left = END_TICKS
        if cover is not None:               # (not bound to a name here: let_go below must free it)
            term.show(games.module("term_cover").cover_lines(rnd, cols, rows, cover))
            covered = True
        else:
            if covered:                         # the cover's code (term_cover.py) goes with it
                let_go(COVER)
                covered = False
            term.show(frame(cols, rows))
        term.draw(rnd)
        term.sleep_ms(FRAME_MS - (term.now_ms() - start))
        yield None


def play(rnd, term):
    # One game on a terminal (frames). -> True when the game ended, False when the player quit.
    for ended in frames(rnd, term):
        if ended is not None:
            return ended


# The maze views' own helpers (Duel's and Deeper's), term_maze.py's: Explore's round holds none of them.
MAZE_VIEWS = ("P1", "P2", "HINT", "put", "unbump", "tail", "quit_title", "follow", "boxed")


def __getattr__(name):
    # What only some screens need, handed on from the module that holds it, loaded at its first use:
    # choose, join_keys, read_keys (term_choose.py: the menus' and end screens'); MAZE_VIEWS
    # (term_maze.py); cover_lines(rnd, cols, rows, what), what covers a game before it starts, while
    # it is paused or under ? (START, PAUSED, HELP; term_cover.py, let go by frames as the cover goes);
    # end_lines(rnd, cols, rows, keys, note="") and end_screen(rnd, term, choices, note="", also=""),
    # a game's end (term_end.py, loaded as a game ends). No round in play holds any of them; the menu
    # forgets them (loading.forget).
    if name in ("choose", "join_keys", "read_keys"):
        from maze32_game import term_choose as module
    elif name in MAZE_VIEWS:
        from maze32_game import term_maze as module
    elif name == "cover_lines":
        from maze32_game import term_cover as module
    elif name in ("end_lines", "end_screen"):
        from maze32_game import term_end as module
    else:
        raise AttributeError(name)
    return getattr(module, name)
