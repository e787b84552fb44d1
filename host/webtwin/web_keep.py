# What the browser twin keeps and shares of its runs (maze32 web build puts it beside maze32_web.py):
# the records of records.py in the browser's storage, and a won Duel's ghost (ghost.py's text) with
# the link that races it. The records, the ghost's format and its checks are the firmware's own, as
# the twin's and the board's: a run is a new best, or a ghost refused, for the same reasons everywhere.
import io

from maze32_game import ghost, records

STORE_KEY = "maze32-records"
WHERE = "this browser's storage (localStorage %s)" % STORE_KEY
GHOST_FIELD = "ghost"          # the link's #ghost=TEXT


class StoredRecords(records.Records):
    # records.Records kept in one key of the browser's storage instead of a file: the text of
    # records.txt, each line with its CRC-16, so a damaged line is refused and counted (the note says
    # so on the records screen and the next end screen) and the others kept. Written whole by one
    # setItem, which either stores the new text or, failing (the storage full or switched off), leaves
    # the one before. storage: the page's localStorage (getItem, setItem), or None where the browser
    # gives the page none: the records then last as long as the page.
    def __init__(self, storage):
        self.storage = storage
        records.Records.__init__(self, WHERE)

    def load(self):
        self.clear()
        if self.storage is None:
            self.note = "records not kept: this browser gives the page no storage"
            return
        try:
            text = self.storage.getItem(STORE_KEY)
        except Exception as e:           # a JS exception: storage refused to this page
            self.note = "records not read (%s)" % e
            return
        if text:
            self.read(io.BytesIO(str(text).encode()), WHERE)
        # records.py speaks of a file; here it is a value in the browser's storage
        self.note = self.note.replace("records file " + WHERE, "the records in " + WHERE).replace(
            "records file:", "stored records:")

    def save(self):
        if self.storage is None:
            return False
        try:
            self.storage.setItem(STORE_KEY, "".join(self.lines()))
        except Exception as e:
            self.note = "records not saved (%s)" % e
            return False
        self.note = ""
        return True


def race_of(text):
    # A ghost's text (from a #ghost= link or pasted) -> (Replay, seed, (width, height)), checked as
    # `maze32 play --ghost` checks it: its text and checksum, its level against this generator, its
    # run played through on that level. ghost.GhostError says why not.
    replay = ghost.parse(text)
    seed, w, h = ghost.level_of(replay)
    ghost.verify(replay, seed, w, h)
    return replay, seed, (w, h)


def ghost_link(base, replay):
    # The page's link that races this replay.
    return "%s#%s=%s" % (base, GHOST_FIELD, replay.text())


def round_ended(book, rnd):
    # A round's end: its record offered to the book. -> (the end screen's note, the won Duel's
    # ghost.Replay or None).
    note = records.after_round(book, rnd)
    return note, getattr(rnd, "replay", lambda: None)()
