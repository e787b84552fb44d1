# The board's menu (app.main shows it between games): its lines, the keys beside the games', what those
# keys do (records, a ghost to race, Bench, the radio, a level code) and the terminal's size asked.
# Loaded as the menu shows and let go as a game is chosen (app.main), so a round in play holds none
# of its code: in app.py it stayed in every game's resident heap.
from maze32_game import games
from maze32_game import term as tm
from maze32_game.term import ticks_ms, ticks_diff, sleep_ms
from maze32_game.app import write     # menu.py is app.main's: app.py is loaded

RADIO, BENCH = "r", "b"                # the board's own menu keys beside the games' (games.py)
KEYS = games.keys() + RADIO + BENCH + games.RECORDS_KEY + games.GHOST_KEY + "cnq"
# The bot the board's Duel plays, named on the menu as the twin's names its --bot: duel.BOT_LEVELS[0]'s
# name, duel_view's level when none is given (a test holds them equal; duel.py loads with a game only).
BOT_NAME = "stroll"


def menu_lines(title, seed, size, message, cols, rows, prompt=None):
    if cols < tm.MIN_SIZE[0] or rows < tm.MIN_SIZE[1]:
        return tm.too_small(cols, rows)
    out = [tm.BOLD + tm.fit("maze32 on %s" % title, cols) + tm.RESET, ""]
    texts = [games.menu_line(g, size, BOT_NAME if g.sized else "") for g in games.GAMES]
    for g in games.linked():
        texts.append("  %s  %s (%dx%d, another board or maze32 play --join)" % ((RADIO, g.link_title) + size))
    texts += ["  %s  records    %s  race your last won Duel's ghost" % (games.RECORDS_KEY, games.GHOST_KEY),
              "  %s  Bench" % BENCH, "  c  enter a level code (or paste a ghost)    n  new random seed    q  quit",
              "", "seed %d" % seed]
    for text in texts:
        out.append(tm.fit(text, cols))
    if prompt is not None:
        out += ["", tm.fit("level code: " + prompt, cols)]
        if message:
            out.append(tm.fit(message, cols))
    elif message:
        out.append("")
        out += tm.wrap(message, cols)
    return out


def choose(term, title, seed, size, message):
    # The menu until one of its keys is typed. -> the key.
    return tm.choose(term, lambda cols, rows: menu_lines(title, seed, size, message, cols, rows), KEYS)


def act(term, choice, title, seed, size):
    # A choice other than a game's, n and q (app.main plays those). -> (message, seed, size).
    if choice != games.RECORDS_KEY:
        games.core()          # the rest need the library's core: loaded first, packed (games.core)
    from maze32_game.app import play, runs
    message = ""
    if choice == games.GHOST_KEY:
        message = runs("race", term, None, play)
    elif choice == games.RECORDS_KEY:
        message = runs("show_records", term)
    elif choice == BENCH:
        bench(term)
        message = "bench done"
    elif choice == RADIO:
        # only when asked: the link costs RAM a bot game does not need
        message = games.module(games.linked()[0].link).play_radio(term, seed, size)
    elif choice == "c":       # only now: code_prompt.py (rarely used, forgotten again)
        from maze32_game import code_prompt
        message, seed, size = code_prompt.enter(
            term, lambda cols, rows, text, note: menu_lines(title, seed, size, note, cols, rows, text),
            seed, size, lambda term, code: runs("race", term, code, play))
    return message, seed, size


def bench(term):
    from maze32_game import board_bench
    write("\x1b[H\x1b[2J")
    board_bench.report([(32, 32), (8, 8)], 0, 9, write)
    write("\r\nbench done (any key)\r\n")
    while not tm.take(term):
        sleep_ms(tm.FRAME_MS)
    term.screen.clear()


def ask_size(term):
    # The terminal's size by the cursor-position report (ESC [ 6 n after moving the cursor as far as
    # it goes); keeps 80 x 24 when nothing answers within 300 ms (a bare serial monitor).
    write("\x1b7\x1b[999;999H\x1b[6n\x1b8")
    start, text = ticks_ms(), ""
    while ticks_diff(ticks_ms(), start) < 300 and not text.endswith("R"):
        if term.keys.ready():
            text += term.keys.read_char()
        else:
            sleep_ms(5)
    i = text.rfind("\x1b[")
    if text.endswith("R") and i >= 0:
        parts = text[i + 2:-1].split(";")
        if len(parts) == 2 and parts[0].isdigit() and parts[1].isdigit():
            term.rows, term.cols = int(parts[0]), int(parts[1])
            term.screen.clear()
