# A file written whole or not at all on the board's filesystem (and the twin's disk): its text goes to
# a temporary file beside it, which then takes its name by os.rename, so a board killed while writing
# keeps the file as it was (littlefs and POSIX replace in one step; on FAT MicroPython removes the old
# file first, so a reader falls back on TMP when the file itself is missing: records.py does).
import os

TMP = ".tmp"                 # the temporary file's suffix


def write_whole(path, pieces):
    # pieces: strings, written in turn (a long file need not be one string in RAM). OSError on failure.
    with open(path + TMP, "w") as f:
        for piece in pieces:
            f.write(piece)
    os.rename(path + TMP, path)
