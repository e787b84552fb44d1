# Records: the best of each game per level (Duel: best time and fewest steps per level code; Deeper
# and Explore: best depth per seed), kept in one small text file: the board's flash (records.txt) or
# the twin's disk (host/play.py: $XDG_DATA_HOME/maze32/records.txt). Which figures a game keeps, and
# whether lower or higher is better, is its games.py entry's `records`; what a round achieved is its
# record() -> (key, values) or None. The end screens (after_round) and the menus' records screen
# (screen_lines, under games.RECORDS_KEY) read only those, so a game needs no code here.
#
# The file, one record a line after the first, each line ending in the CRC-16 of the text before it:
#   maze32-records/1
#   duel 1SG0-0000-7RBJR 246 58 914E          game, key, the figures in the entry's order, check
#   deeper 7 4 8BC3
# Written whole or not at all (whole_file.py: a board killed while saving keeps the previous file; the
# temporary one, complete by then, is read when the file itself is missing: FAT's rename).
# A line that fails its check (a damaged or cut file) is ignored and counted, a file too big or not
# of this format ignored whole: either way one line says so (`note`), and the game goes on.
from maze32_game import games
from maze32_game.checksum import crc16
from maze32_game.term import BOLD, RESET, clock, fit
from maze32_game.whole_file import TMP, write_whole

MAGIC = "maze32-records/1"
MAX_BYTES = 16384            # a file of MAX_RECORDS lines is about 8 KB; anything bigger is not ours
MAX_RECORDS = 200            # the most recently improved are kept
MAX_KEY = 24                 # characters of a key (a level code is 15)
MAX_LINE = 80                # bytes of a line read at a time (a longer one is damaged)
MAX_VALUE = (1 << 31) - 1    # figures within 31 bits: small ints on a board
MENU_KEY = games.RECORDS_KEY
MENU_LINE = "  %s  records: best times, fewest steps, best depths" % MENU_KEY
ANY_KEY = "".join([chr(i) for i in range(32, 127)]) + "\r\n"


def count_of(n, word):
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


class Records:
    def __init__(self, path):
        self.path = path
        self.load()

    # -- the file ----------------------------------------------------------------------------------
    def load(self):
        # The file as it is now, whatever was loaded before (the twin loads again before it saves:
        # another twin may have saved since).
        self.clear()
        for path in (self.path, self.path + TMP):     # TMP: FAT's window between remove and rename
            try:
                f = open(path, "rb")
            except OSError:
                continue
            try:
                self.read(f, path)
            finally:
                f.close()
            return

    def clear(self):
        # No records yet: what load() starts from (and a store of records elsewhere, web_keep.py's).
        self.entries = []    # [game name, key, [values]], the one improved last at the end
        self.damaged = 0     # lines ignored by load()
        self.note = ""       # one line about the file when something was wrong, else ""

    def read(self, f, path):
        # The file a line at a time, never a buffer of its size (a board's heap may have no such hole
        # after a game); too big, not text or not ours: ignored whole, with a note.
        size = 0
        first = True
        while True:
            raw = f.readline(MAX_LINE)
            if not raw:
                break
            size += len(raw)
            if size > MAX_BYTES:
                self.entries, self.damaged = [], 0
                self.note = "records file %s is over %d bytes (ignored)" % (path, MAX_BYTES)
                return
            try:
                line = raw.decode().rstrip("\n")
            except UnicodeError:
                line = None
            if first:
                if line != MAGIC:
                    self.note = "records file %s is %s (ignored)" % (path, "not text" if line is None else "not one")
                    return
                first = False
            elif line:
                entry = parse(line) if line is not None and raw.endswith(b"\n") else None
                # A line of a game this maze32 has must hold as many figures as it keeps (one of
                # another version's, or made with a checksum to match, would fail an index later).
                game = games.by_name(entry[0]) if entry else None
                if entry is None or game and len(entry[2]) != len(fields_of(game)):
                    self.damaged += 1
                else:
                    self.put(entry)
        if self.damaged:
            self.note = "records file: %s ignored (damaged)" % count_of(self.damaged, "line")

    def save(self):
        # Whole or not at all (see the top). -> True when saved; else the note says why.
        try:
            write_whole(self.path, self.lines())
        except OSError as e:
            self.note = "records not saved (%s)" % e
            return False
        except MemoryError:          # a board's heap in holes (after Explore): no room for a file's buffer
            self.note = "records not saved (no memory left for the file)"
            return False
        self.note = ""
        return True

    def lines(self):
        yield MAGIC + "\n"
        for game, key, values in self.entries:
            yield line_of(game, key, values) + "\n"

    # -- the records -------------------------------------------------------------------------------
    def get(self, game, key):
        for e in self.entries:
            if e[0] == game and e[1] == key:
                return e[2]
        return None

    def put(self, entry):
        # entry as the last one (improved last); the oldest go beyond MAX_RECORDS.
        for i in range(len(self.entries)):
            e = self.entries[i]
            if e[0] == entry[0] and e[1] == entry[1]:
                del self.entries[i]
                break
        self.entries.append(entry)
        if len(self.entries) > MAX_RECORDS:
            del self.entries[0]

    def offer(self, game, key, values):
        # A round's figures for `game` (a games.py entry) at `key`. -> [True where a figure is a new
        # best]; the file is saved when one is.
        old = self.get(game.name, key)
        best, better = [], []
        fields = fields_of(game)
        for i in range(len(fields)):
            v = values[i]
            higher = fields[i][1]
            new = old is None or (v > old[i] if higher else v < old[i])
            better.append(new)
            best.append(v if new else old[i])
        if True in better:
            self.put([game.name, key, best])
            self.save()
        return better


def line_of(game, key, values):
    text = " ".join([game, key] + [str(v) for v in values])
    return "%s %04X" % (text, crc16(text))


def parse(line):
    # A records line -> [game, key, [values]], or None when it fails its check or its shape.
    i = line.rfind(" ")
    text, check = line[:i], line[i + 1:]
    if i < 1 or len(check) != 4:
        return None
    try:
        if int(check, 16) != crc16(text):
            return None
    except ValueError:
        return None
    parts = text.split(" ")
    if len(parts) < 3 or len(parts[1]) > MAX_KEY:
        return None
    values = []
    for p in parts[2:]:
        if not p.isdigit() or len(p) > 10 or int(p) > MAX_VALUE:
            return None
        values.append(int(p))
    return [parts[0], parts[1], values]


def fields_of(game):
    # The entry's records string ("time- steps-") -> [(label, higher is better?)].
    return [(f[:-1], f[-1] == "+") for f in game.records.split(" ")] if game.records else []


def shown(field, value):
    # A figure as people read it: "time" a clock, else the number.
    return clock(value, True) if field[0] == "time" else str(value)


def called(field):
    # What the records screen calls a figure: best time, fewest steps, best depth.
    return ("best " if field[1] or field[0] == "time" else "fewest ") + field[0]


def shown_key(key):
    # A record's key as people read it: "SEED@DEPTH" (an Explore run begun deeper) "SEED (from depth DEPTH)".
    at = key.find("@")
    return key if at < 0 else "%s (from depth %s)" % (key[:at], key[at + 1:])


def figures(game, values):
    return ", ".join(["%s %s" % (f[0], shown(f, values[i])) for i, f in enumerate(fields_of(game))])


def after_round(book, rnd):
    # The round's record offered to the book. -> the end screen's line about it ("" for a round that
    # sets none: a Duel lost or left, a game without a move).
    game = games.by_name(rnd.name)
    got = rnd.record() if game.records and hasattr(rnd, "record") else None
    if not got:
        return book.note
    key, values = got
    old = book.get(game.name, key)
    damaged = book.note                      # what loading found: said once, with this round
    better = book.offer(game, key, values)
    if old is None:                          # the game named: Deeper and Explore both keep them per seed
        line = "first %s record for %s %s: %s" % (game.name[0].upper() + game.name[1:], game.record_key,
                                                  shown_key(key), figures(game, values))
    elif True in better:
        parts = []
        for i, f in enumerate(fields_of(game)):
            if better[i]:
                parts.append("%s %s (was %s)" % (f[0], shown(f, values[i]), shown(f, old[i])))
            else:
                parts.append("%s %s, best %s" % (f[0], shown(f, values[i]), shown(f, old[i])))
        line = "new best! " + "; ".join(parts)
    else:
        line = "records for this %s: %s" % (game.record_key, figures(game, old))
    note = book.note or damaged              # saving's failure, else what loading found
    return line + ("   (" + note + ")" if note else "")


def screen_lines(book, cols, rows):
    # The records screen of the menus: each game's records, the latest improved first, as many as fit.
    out = [BOLD + fit("maze32 records", cols) + RESET, fit("kept in " + book.path, cols)]
    if book.note:
        out.append(fit(book.note, cols))
    for game in games.GAMES:
        if not game.records:
            continue
        mine = [e for e in book.entries if e[0] == game.name]
        out += ["", fit("%s: %s, per %s" % (game.title, ", ".join([called(f) for f in fields_of(game)]),
                                             game.record_key), cols)]
        if not mine:
            out.append(fit("  none yet", cols))
        for e in reversed(mine):
            out.append(fit("  %-16s %s" % (shown_key(e[1]), figures(game, e[2])), cols))
    last = fit("any key goes back to the menu", cols)
    if len(out) + 2 > rows:
        out = [x for x in out if x][:rows - 1]
    return out + ["", last] if len(out) + 2 <= rows else out + [last]
