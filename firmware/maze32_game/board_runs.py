# What the board keeps of its runs (app.py's menu): the records (records.py, in records.txt) and the
# last won Duel's ghost (ghost.py's text, in ghost.txt), both in its flash, written whole. Loaded at
# a round's end or at the menu's t or g, never at boot, and forgotten on the way back to the menu
# (loading.forget): a C6-sized heap holds it beside one game (app.py turns a MemoryError here into a
# line, never a crash).
from maze32_game import games, records
from maze32_game.whole_file import write_whole

RECORDS_FILE = "records.txt"
GHOST_FILE = "ghost.txt"
_book = None


def book():
    global _book
    if _book is None:
        _book = records.Records(RECORDS_FILE)
    return _book


def round_ended(rnd):
    # The round offered to the records, a won run of a game with ghosts (games.py) kept as the ghost.
    # -> the end screen's note.
    note = records.after_round(book(), rnd)
    won = rnd.replay() if games.by_name(rnd.name).ghost else None
    if won is None:
        return note
    try:
        write_whole(GHOST_FILE, (won.text(), "\n"))
        said = "your run is the ghost to race now (%s on the menu)" % games.GHOST_KEY
    except (OSError, MemoryError) as e:
        said = "your run's ghost not kept (%s)" % e
    return note + "\n" + said if note else said          # a line each (term.wrap)


def show_records(term):
    from maze32_game import term as tm
    tm.choose(term, lambda cols, rows: records.screen_lines(book(), cols, rows), records.ANY_KEY)


def race(term, text, play):
    # A ghost (its text pasted at c; None: GHOST_FILE's) raced after every check by app.play. -> the
    # menu's line: the race's, or why there is none.
    from maze32_game import ghost
    if text is None:
        try:
            with open(GHOST_FILE) as f:
                text = f.read(ghost.MAX_TEXT + 2)
        except OSError:
            return "no ghost yet: win a Duel first"
        except UnicodeError:                  # damaged, or put there by something else
            return "ghost: %s is not text (a won Duel replaces it)" % GHOST_FILE
    try:
        replay = ghost.parse(text)
        seed, w, h = ghost.level_of(replay)
        ghost.verify(replay, seed, w, h)
    except ghost.GhostError as e:
        return "ghost: %s" % e
    return play(term, games.by_name("duel"), seed, (w, h), replay)
