"""Records (firmware/maze32_game/records.py): the best of each game per level code or seed, kept in a file that is
written whole or not at all. The file survives a damaged line (ignored and counted), a cut file, a
file that is not one and one too big (each ignored with one line), and a virtual board killed while
it writes (a real SIGKILL of its MicroPython), and twins in several processes ending rounds at once
(each keeps the others' records); the end screens' line and the menus' records screen."""
import os
import signal
import subprocess
import sys
import time

import pytest

from maze32_game import games, records
from maze32_game.term import clock
from support import ROOT

DUEL, DEEPER, EXPLORE = games.by_name("duel"), games.by_name("deeper"), games.by_name("explore")
CODE = "1SG0-0000-7RBJR"


class Round:
    # What records.after_round reads of a round: its name and its record().
    def __init__(self, name, got):
        self.name = name
        self.got = got

    def record(self):
        return self.got


def test_records_keep_the_best_of_each_figure_and_survive_reloading(tmp_path):
    path = str(tmp_path / "records.txt")
    book = records.Records(path)
    assert book.entries == [] and book.note == ""
    assert book.offer(DUEL, CODE, (300, 60)) == [True, True]
    assert book.offer(DUEL, CODE, (250, 70)) == [True, False]       # faster, more steps: time only
    assert book.offer(DUEL, CODE, (400, 80)) == [False, False]
    assert book.offer(DEEPER, "7", (3,)) == [True] and book.offer(DEEPER, "7", (2,)) == [False]
    assert book.offer(EXPLORE, "7", (1,)) == [True] and book.offer(EXPLORE, "7", (4,)) == [True]
    again = records.Records(path)
    assert again.note == "" and again.damaged == 0
    assert again.get("duel", CODE) == [250, 60] and again.get("deeper", "7") == [3]
    assert again.get("explore", "7") == [4]
    assert not os.path.exists(path + ".tmp")
    text = open(path).read().splitlines()
    assert text[0] == "maze32-records/1" and len(text) == 4 and text[1].startswith("duel " + CODE + " 250 60 ")


def test_the_end_screens_line_says_first_record_new_best_or_the_records(tmp_path):
    book = records.Records(str(tmp_path / "records.txt"))
    assert records.after_round(book, Round("duel", None)) == ""          # a Duel lost: no record
    assert records.after_round(book, Round("duel", (CODE, (246, 58)))) == \
        "first Duel record for level code %s: time %s, steps 58" % (CODE, clock(246, True))
    assert records.after_round(book, Round("duel", (CODE, (200, 60)))) == \
        "new best! time 0:10.0 (was 0:12.3); steps 60, best 58"
    assert records.after_round(book, Round("duel", (CODE, (300, 70)))) == \
        "records for this level code: time 0:10.0, steps 58"
    assert records.after_round(book, Round("deeper", ("7", (2,)))) == "first Deeper record for seed 7: depth 2"
    assert records.after_round(book, Round("deeper", ("7", (5,)))) == "new best! depth 5 (was 2)"
    # Explore keeps its records per seed too, the game named so one seed's two records are told apart;
    # a run begun deeper (--depth 7) is its own, said as people read it (its key is "7@7")
    assert records.after_round(book, Round("explore", ("7", (3,)))) == "first Explore record for seed 7: depth 3"
    assert records.after_round(book, Round("explore", ("7@7", (8,)))) == \
        "first Explore record for seed 7 (from depth 7): depth 8"
    assert "  7 (from depth 7) depth 8" in records.screen_lines(book, 80, 40)


def test_the_rounds_say_what_they_achieved():
    # A won Duel: its code, time and steps; a lost or left one none. Deeper and Explore: the depth.
    from maze32_game.duel_view import DuelRound
    from maze32_game.deeper_view import DeeperRound
    from terminals import route
    rnd = DuelRound(9, 16, 16)
    assert rnd.record() is None
    for dx, dy in route(9, 16):
        rnd.tick({(1, 0): "right", (-1, 0): "left", (0, 1): "down", (0, -1): "up"}[(dx, dy)])
    assert rnd.game.winner == 0 and rnd.record() == (rnd.code, (rnd.ticks, 58))
    deeper = DeeperRound(7)
    assert deeper.record() is None                                       # no step yet
    deeper.steps = 1
    assert deeper.record() == ("7", (1,))


def test_a_damaged_or_cut_line_is_ignored_and_counted(tmp_path):
    path = tmp_path / "records.txt"
    book = records.Records(str(path))
    book.offer(DUEL, CODE, (300, 60))
    book.offer(DEEPER, "7", (3,))
    book.offer(DEEPER, "8", (12,))
    lines = path.read_text().splitlines()
    lines[1] = lines[1].replace(" 300 ", " 200 ")                        # a better time, forged
    path.write_text("\n".join(lines)[:-3])                               # and the last line cut
    again = records.Records(str(path))
    assert again.get("duel", CODE) is None and again.get("deeper", "8") is None   # not "1" for 12
    assert again.get("deeper", "7") == [3]
    assert again.damaged == 2 and again.note == "records file: 2 lines ignored (damaged)"
    line = records.after_round(again, Round("deeper", ("7", (4,))))
    assert line == "new best! depth 4 (was 3)   (records file: 2 lines ignored (damaged))"
    assert records.Records(str(path)).damaged == 0                       # saving wrote it whole


def test_a_line_with_too_few_or_too_many_figures_is_damaged_even_with_its_check(tmp_path):
    # Lines whose checksum matches but whose figures are not the game's (another version's, or made
    # to match): ignored and counted (was: kept, then an IndexError on the records screen and at the
    # next Duel's end screen); a game this maze32 does not have is kept as it is, and never shown.
    path = tmp_path / "records.txt"
    path.write_text("\n".join([records.MAGIC, records.line_of("duel", CODE, [5]),
                               records.line_of("deeper", "7", [3, 4, 5]), records.line_of("chess", "1", [2]),
                               records.line_of("deeper", "8", [6])]) + "\n")
    book = records.Records(str(path))
    assert book.damaged == 2 and book.note == "records file: 2 lines ignored (damaged)"
    assert book.get("duel", CODE) is None and book.get("deeper", "7") is None and book.get("deeper", "8") == [6]
    assert "chess" not in " ".join(records.screen_lines(book, 80, 40))
    line = records.after_round(book, Round("duel", (CODE, (100, 50))))
    assert line.startswith("first Duel record for ")


@pytest.mark.parametrize("content, note", [
    (b"\x00\xff\xfe garbage", "is not text (ignored)"),
    (b"hello\nduel X 1 2 0000\n", "is not one (ignored)"),
    (b"maze32-records/1\n" + b"x" * 20000, "is over 16384 bytes (ignored)"),
])
def test_a_file_that_is_not_records_is_ignored_with_one_line(tmp_path, content, note):
    path = tmp_path / "records.txt"
    path.write_bytes(content)
    book = records.Records(str(path))
    assert book.entries == [] and note in book.note and "\n" not in book.note
    book.offer(DEEPER, "7", (1,))                                        # and records go on
    assert records.Records(str(path)).get("deeper", "7") == [1]


def test_a_records_file_that_cannot_be_written_says_so(tmp_path):
    book = records.Records(str(tmp_path / "gone" / "records.txt"))      # its folder does not exist
    line = records.after_round(book, Round("deeper", ("7", (2,))))
    assert line.startswith("first Deeper record for seed 7: depth 2   (records not saved (")


def test_the_temporary_file_is_read_when_the_file_itself_is_missing(tmp_path):
    # FAT's rename: the old file removed, the new one (complete) not yet renamed.
    path = tmp_path / "records.txt"
    book = records.Records(str(path))
    book.offer(DEEPER, "7", (3,))
    os.rename(str(path), str(path) + ".tmp")
    assert records.Records(str(path)).get("deeper", "7") == [3]


def test_the_oldest_records_go_beyond_the_limit(tmp_path):
    book = records.Records(str(tmp_path / "records.txt"))
    for seed in range(records.MAX_RECORDS + 5):
        book.offer(DEEPER, str(seed), (1,))
    again = records.Records(str(tmp_path / "records.txt"))
    assert len(again.entries) == records.MAX_RECORDS and again.get("deeper", "0") is None
    assert os.path.getsize(str(tmp_path / "records.txt")) < records.MAX_BYTES


@pytest.mark.parametrize("size", [(80, 24), (40, 12)])
def test_the_records_screen_lists_every_game_and_fits(tmp_path, size):
    book = records.Records(str(tmp_path / "records.txt"))
    book.offer(DUEL, CODE, (246, 58))
    book.offer(DEEPER, "7", (3,))
    lines = records.screen_lines(book, *size)
    text = "\n".join(lines)
    assert len(lines) <= size[1] and max(len(x) for x in lines) < size[0]
    assert lines[-1] == "any key goes back to the menu"
    if size == (80, 24):
        assert "Duel vs bot: best time, fewest steps, per level code" in text
        assert "  %-16s time 0:12.3, steps 58" % CODE in text and "Deeper: best depth, per seed" in text
        assert "Explore: best depth, per seed\n  none yet" in text


def board_modules(root):
    # The game's modules in the virtual board's lib/maze32_game/ (lib/ is on its sys.path), as
    # deployed: all of them, so that what records.py comes to import is there.
    lib = root / "lib" / "maze32_game"
    lib.mkdir(parents=True)
    for source in (ROOT / "firmware" / "maze32_game").glob("*.py"):
        (lib / source.name).write_text(source.read_text())


SAVE_FOREVER = """
from maze32_game import records, games
book = records.Records("records.txt")
g = games.by_name("deeper")
i = 0
while True:
    i += 1
    book.offer(g, str(1000 + i % 150), (i,))
"""


@pytest.mark.slow
def test_a_board_killed_while_saving_keeps_the_previous_records(tmp_path):
    # The virtual board saves records without end (150 lines a save, every save a new best); its
    # MicroPython is killed (SIGKILL) at some moment of that, again and again. Each time the records
    # file is whole (no damaged line) and holds the records from before; at least one kill fell in the
    # middle of a write (its temporary file left behind, which the next load does not read).
    from host import transport
    from host.virtual_board import VirtualBoard
    root = tmp_path / "board"
    board_modules(root)
    before = records.Records(str(root / "records.txt"))
    before.offer(DUEL, CODE, (246, 58))
    torn = attempt = 0
    while attempt < 4 or not torn and attempt < 30:       # a kill mid-write lands about one time in three
        attempt += 1
        landed = (root / "records.txt").read_bytes()
        vb = VirtualBoard(root).start()
        try:
            board = transport.Board(vb.url, 5.0)
            board._send(SAVE_FOREVER, "saving records forever")
            # The kill comes once a save of this run has landed (on a loaded machine the first can
            # take longer than the pause below) and while another is being written.
            deadline = time.monotonic() + 20
            while (root / "records.txt").read_bytes() == landed and time.monotonic() < deadline:
                time.sleep(0.02)
            while not (root / "records.txt.tmp").exists() and time.monotonic() < deadline:
                time.sleep(0.02)
            time.sleep(0.05 + 0.037 * (attempt % 7))
            os.killpg(vb.proc.pid, signal.SIGKILL)
            vb.proc.wait(10)
            board._drop()
        finally:
            vb.stop()
        torn += (root / "records.txt.tmp").exists()
        after = records.Records(str(root / "records.txt"))
        assert after.damaged == 0 and after.note == "", after.note
        assert after.get("duel", CODE) == [246, 58]
        assert len(after.entries) > 1                 # the board's saves before the kill landed whole
    assert torn, "no kill fell in the middle of a write"
    with VirtualBoard(root) as vb:                    # and the board itself reads them so
        board = transport.Board(vb.url, 5.0)
        try:
            out = board.exec("from maze32_game import records\nb = records.Records('records.txt')\n"
                             "print(b.damaged, repr(b.note), b.get('duel', %r), len(b.entries))" % CODE)
        finally:
            board.close()
    assert out.split()[:4] == ["0", "''", "[246,", "58]"], out


# A twin ending rounds one after the other (host/play.py's record_round, as its end screens do), each a
# first record of its own key, as a process of its own.
TWIN_ROUNDS = """
import sys
from maze32_game import records
from host import play
class Round:
    name = "duel"
    def __init__(self, key):
        self.key = key
    def record(self):
        return self.key, (100, 50)
who, path, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
book = records.Records(path)
for i in range(n):
    note = play.record_round(records, book, Round("%s-%04d" % (who, i)))
    if "not saved" in note or "damaged" in note:
        print(note)
"""


def test_twins_saving_records_at_once_lose_none_and_write_no_part(tmp_path):
    # Three twins, 50 rounds each, on one records file (was: each saved what it had loaded, so about
    # two thirds of the records were lost, and one's rename took another's half-written temporary file,
    # "records not saved (... records.txt.tmp ...)").
    path = str(tmp_path / "records.txt")
    twins = [subprocess.Popen([sys.executable, "-c", TWIN_ROUNDS, who, path, "50"], cwd=str(ROOT),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for who in "ABC"]
    said = [p.communicate(timeout=300) for p in twins]
    assert [p.returncode for p in twins] == [0, 0, 0] and not any(out + err for out, err in said), said
    book = records.Records(path)
    assert book.damaged == 0 and book.note == ""
    assert sorted(e[1] for e in book.entries) == ["%s-%04d" % (who, i) for who in "ABC" for i in range(50)]


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_a_twins_records_file_that_is_no_file_is_one_line_before_the_game(tmp_path, kind):
    # (a FIFO: was `maze32 play` waiting for ever on its open, before the first frame)
    from terminals import MAZE32, PtyProcess
    path = tmp_path / "maze32" / "records.txt"
    path.parent.mkdir()
    os.mkfifo(str(path)) if kind == "fifo" else path.mkdir()
    term = PtyProcess([MAZE32, "play"], env=dict(os.environ, XDG_DATA_HOME=str(tmp_path)))
    try:
        assert term.wait_for("not a regular file", 20.0), term.text()
        assert term.proc.wait(20) == 2
        # one line, however the 80 columns wrap it (a wrap at a space leaves none between the rows)
        said = "maze32: records file %s: not a regular file (remove it: the records are kept there)" % path
        assert "".join(term.text().split()) == "".join(said.split())
    finally:
        term.close()
