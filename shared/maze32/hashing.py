# Canonical content hash (SPEC 3.7): SHA-256 of
#     b"maze32/1", W, H (one byte each), the W*H cells row-major (one byte each, flags as in grid.py),
#     then every placement as x, y bytes in slot order: start, exit, key, compass, each landmark pair,
#     each artifact pair; within a slot Player 1's object (member 0) before its rotation (member 1).
# Content only, no seeds, so two seeds that give the same maze give the same hash.
# A hedge level (hedge_level.py) hashes the same way under its own magic (hedge_hash).
import hashlib
from binascii import hexlify

FORMAT = "maze32/1"
_MAGIC = b"maze32/1"
HEDGE_FORMAT = "maze32-hedge/3"    # /2: unwinnable levels regenerated; /3: issue 23 (sleeping starts, ramp)
_HEDGE_MAGIC = b"maze32-hedge/3"


def hex_digest(buf, n):
    # SHA-256 of buf[:n] as 64 lowercase hex digits: the one hashing path of every format.
    return hexlify(hashlib.sha256(memoryview(buf)[:n]).digest()).decode()


def canonical_bytes(maze, buf):
    # Write the canonical byte string into buf (Workspace.hash_buf); returns its length.
    w = maze.width
    h = maze.height
    n = len(_MAGIC)
    buf[0:n] = _MAGIC
    buf[n] = w
    buf[n + 1] = h
    n += 2
    cells = maze.cells
    y = 0
    while y < h:
        row = y << 5
        buf[n:n + w] = cells[row:row + w]
        n += w
        y += 1
    e = 0
    while e < 2 * maze.slots:
        buf[n] = maze.px[e]
        buf[n + 1] = maze.py[e]
        n += 2
        e += 1
    return n


def maze_hash(maze, ws):
    # 64 lowercase hex digits.
    return hex_digest(ws.hash_buf, canonical_bytes(maze, ws.hash_buf))


def hedge_bytes(lv, buf):
    # b"maze32-hedge/3", side, level, the side x side tiles row-major, the hatch (x, y), then each
    # ghost's x, y and initial cooldown; returns the length written into buf (Workspace.hash_buf).
    n = len(_HEDGE_MAGIC)
    buf[0:n] = _HEDGE_MAGIC
    buf[n] = lv.side
    buf[n + 1] = lv.level & 255
    n += 2
    tiles = lv.tiles
    y = 0
    while y < lv.side:
        row = y << 5
        buf[n:n + lv.side] = tiles[row:row + lv.side]
        n += lv.side
        y += 1
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
    return hex_digest(ws.hash_buf, hedge_bytes(lv, ws.hash_buf))
