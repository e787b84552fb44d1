# Print "SEED DEPTH STRATEGY WxH X,Y,W,H HASH" for each row of ARGS["rows"] ([seed, depth, strategy,
# width, height, x, y, w, h]): the region's maze32-world/7 hash, built chunk by chunk and hashed a row at
# a time (no runtime here holds a 2048 x 2048 world, and a board holds one row of 250 x 250 chunks).
# The canonical bytes are spelled out here again (world_codec's layout: magic, sizes, depth, region,
# tiles, spawn, stairs, rooms), so the catalogue checks them too, and the board need not load the codec.
# With ARGS["locked"], instead "SEED DEPTH STRATEGY WxH CX,CY clean|ALLOCATED" for every chunk of each
# row's region, each generated inside micropython.heap_lock() (the first from a workspace that has
# made nothing yet; a fresh one per world would fragment a C6-sized heap).
# The large buffers come first, before the library: loading its native code can leave a C6-sized heap
# without a hole big enough for them.
import gc
from array import array
gc.collect()
queue = array("H", range(4096))                           # WorldWorkspace's largest buffer
chunks = [bytearray(4096) for _ in range(4)]              # a 250-wide row of chunks
import hashlib  # noqa: E402
from binascii import hexlify  # noqa: E402
from maze32.world.tiles import (WorldSpec, WorldWorkspace, CHUNK_SHIFT, REGION_SHIFT, STRATEGIES)  # noqa: E402
ws = WorldWorkspace(queue=queue)
from maze32.rng import split_seed  # noqa: E402
from maze32.world import generate_chunk, locate, prepare, chunk_rooms, region_rooms  # noqa: E402
from locked import locked  # noqa: E402


def u16(*values):
    out = bytearray(2 * len(values))
    for i, v in enumerate(values):
        out[2 * i] = (v >> 8) & 255
        out[2 * i + 1] = v & 255
    return out


def region_hash(spec, ws, x, y, w, h):
    # The region's hash, a chunk row at a time: chunks[i] holds chunk column (x >> 6) + i.
    first_cx = x >> CHUNK_SHIFT
    last_cx = (x + w - 1) >> CHUNK_SHIFT
    sha = hashlib.sha256(b"maze32-world/7")
    sha.update(u16(spec.width, spec.height))
    sha.update(bytes([spec.depth]))
    sha.update(u16(x, y, w, h))
    rooms = []
    cy = y >> CHUNK_SHIFT
    while cy <= (y + h - 1) >> CHUNK_SHIFT:
        cx = first_cx
        while cx <= last_cx:
            generate_chunk(ws, spec, cx, cy, chunks[cx - first_cx])
            chunk_rooms(ws, spec, rooms)            # accretion's rooms are its chunks'
            cx += 1
        row = max(y, cy << CHUNK_SHIFT)
        end = min(y + h, (cy + 1) << CHUNK_SHIFT)
        while row < end:
            cx = first_cx
            while cx <= last_cx:
                lo = max(x, cx << CHUNK_SHIFT) - (cx << CHUNK_SHIFT)
                hi = min(x + w, (cx + 1) << CHUNK_SHIFT) - (cx << CHUNK_SHIFT)
                base = (row - (cy << CHUNK_SHIFT)) << CHUNK_SHIFT
                sha.update(memoryview(chunks[cx - first_cx])[base + lo:base + hi])
                cx += 1
            row += 1
        cy += 1
    for ry in range(y >> REGION_SHIFT, ((y + h - 1) >> REGION_SHIFT) + 1):    # a BSP dungeon's: its regions'
        for rx in range(x >> REGION_SHIFT, ((x + w - 1) >> REGION_SHIFT) + 1):
            region_rooms(ws, spec, rx, ry, rooms)
    sx, sy, tx, ty = locate(ws, spec, chunks[0])
    rooms = [r for r in rooms if r[0] >= x and r[1] >= y and r[0] + r[2] <= x + w and r[1] + r[3] <= y + h]
    sha.update(u16(sx, sy, tx, ty, len(rooms)))
    for r in rooms:
        sha.update(u16(*r))
    return hexlify(sha.digest()).decode()


def make_chunk():
    generate_chunk(ws, spec, cx, cy, chunks[0])         # the loop's world and chunk (globals)


for seed, depth, strategy, width, height, x, y, w, h in ARGS["rows"]:
    hi, lo = split_seed(seed)
    spec = WorldSpec(hi, lo, depth, width, height, STRATEGIES.index(strategy))
    label = "%d %d %s %dx%d" % (seed, depth, strategy, width, height)
    prepare(spec)                       # setup: the kind's module imported
    if ARGS.get("locked"):
        for cy in range(y >> CHUNK_SHIFT, ((y + h - 1) >> CHUNK_SHIFT) + 1):
            for cx in range(x >> CHUNK_SHIFT, ((x + w - 1) >> CHUNK_SHIFT) + 1):
                print(label, "%d,%d" % (cx, cy), locked(make_chunk))
    else:
        print(label, "%d,%d,%d,%d" % (x, y, w, h), region_hash(spec, ws, x, y, w, h))
