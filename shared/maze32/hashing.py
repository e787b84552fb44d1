# Canonical content hash (SPEC 3.7): SHA-256 of
#     b"maze32/1", W, H (one byte each), the W*H cells row-major (one byte each, flags as in grid.py),
#     then every placement as x, y bytes in slot order: start, exit, key, compass, each landmark pair,
#     each artifact pair; within a slot Player 1's object (member 0) before its rotation (member 1).
# Content only, no seeds, so two seeds that give the same maze give the same hash.
import hashlib
from binascii import hexlify

FORMAT = "maze32/1"
_MAGIC = b"maze32/1"


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


def maze_digest(maze, ws):
    n = canonical_bytes(maze, ws.hash_buf)
    return hashlib.sha256(memoryview(ws.hash_buf)[:n]).digest()


def maze_hash(maze, ws):
    # 64 lowercase hex digits.
    return hexlify(maze_digest(maze, ws)).decode()
