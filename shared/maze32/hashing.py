# Canonical content hash (SPEC 3.7): SHA-256 of
#     b"maze32/1", W, H (one byte each), the W*H cells row-major (one byte each, flags as in grid.py),
#     then every placement as x, y bytes in slot order: start, exit, key, compass, each landmark pair,
#     each artifact pair; within a slot Player 1's object (member 0) before its rotation (member 1).
# Content only, no seeds, so two seeds that give the same maze give the same hash.
# A hedge level (hedge_level.py) hashes the same way under its own magic (hedge_hash).
#
# The string is fed to SHA-256 in three parts without being assembled: the head and the placements
# from Workspace.hash_ends (write_ends), the cells straight from their storage when W is the row pitch
# (the rows are then contiguous), else gathered row by row into ws.marks (gather_rows, scratch). So
# a hash costs SHA-256's own work and a few calls (issue 24: the Python that built the string one
# slice per row cost twice what SHA-256 does).
import hashlib
from binascii import hexlify

from maze32._compat import const, micropython, ptr8
from maze32.grid import PITCH, SHIFT

FORMAT = "maze32/1"
MAGIC = b"maze32/1"
HEAD = const(10)                   # magic, W, H: where the placements start in Workspace.hash_ends
HEDGE_FORMAT = "maze32-hedge/3"    # /2: unwinnable levels regenerated; /3: issue 23 (sleeping starts, ramp)
_HEDGE_MAGIC = b"maze32-hedge/3"
_HEDGE_HEAD = const(16)            # magic, side, level


def hex_digest(buf, n):
    # SHA-256 of buf[:n] as 64 lowercase hex digits.
    return hexlify(hashlib.sha256(memoryview(buf)[:n]).digest()).decode()


def maze_hash(maze, ws):
    # 64 lowercase hex digits. The views are the workspace's and the maze's own: each slice made here
    # would cost as much as a block of SHA-256.
    n = write_ends(maze, ws.hash_ends)
    h = hashlib.sha256(ws.hash_head)
    w = maze.width
    if w != PITCH:
        h.update(memoryview(ws.marks)[:gather_rows(ws.marks, 0, maze.cells, w, maze.height)])
    elif maze.height == PITCH:
        h.update(maze.grid)
    else:
        h.update(maze.grid[:maze.height << SHIFT])
    h.update(ws.hash_view[HEAD:n])
    return hexlify(h.digest()).decode()


@micropython.viper
def write_ends(maze, buf_obj) -> int:
    # W and H after the magic (Workspace.hash_ends starts with it), then every placement's x, y;
    # returns the length of head and placements.
    buf = ptr8(buf_obj)
    px = ptr8(maze.px)
    py = ptr8(maze.py)
    buf[HEAD - 2] = int(maze.width)
    buf[HEAD - 1] = int(maze.height)
    n = HEAD
    e = 0
    end = int(maze.slots) << 1
    while e < end:
        buf[n] = px[e]
        buf[n + 1] = py[e]
        n += 2
        e += 1
    return n


@micropython.viper
def gather_rows(dst_obj, at: int, src_obj, w: int, h: int) -> int:
    # The first w bytes of each of h rows of src (pitch 32) into dst from index `at`, back to back;
    # returns the index after the last.
    dst = ptr8(dst_obj)
    src = ptr8(src_obj)
    row = 0
    end = h << 5
    while row < end:
        i = row
        last = row + w
        while i < last:
            dst[at] = src[i]
            i += 1
            at += 1
        row += 32
    return at


def hedge_bytes(lv, buf):
    # b"maze32-hedge/3", side, level, the side x side tiles row-major, the hatch (x, y), then each
    # ghost's x, y and initial cooldown; returns the length written into buf (ws.marks: scratch).
    buf[0:_HEDGE_HEAD - 2] = _HEDGE_MAGIC
    buf[_HEDGE_HEAD - 2] = lv.side
    buf[_HEDGE_HEAD - 1] = lv.level & 255
    n = gather_rows(buf, _HEDGE_HEAD, lv.tiles, lv.side, lv.side)
    buf[n] = lv.hatch & 31
    buf[n + 1] = lv.hatch >> 5
    n += 2
    i = 0
    while i < lv.ghosts:
        buf[n] = lv.gx[i]
        buf[n + 1] = lv.gy[i]
        buf[n + 2] = lv.cooldown[i]
        n += 3
        i += 1
    return n


def hedge_hash(lv, ws):
    return hex_digest(ws.marks, hedge_bytes(lv, ws.marks))
