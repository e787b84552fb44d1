# The stairs' room by route in a small accretion world (seed 004: the stairs in the room farthest from
# the spawn, and a person walks routes): a world of at most 2 x 2 chunks (128 x 128, Explore's) is its
# own block, planned whole when its stairs' chunk is made, as a BSP region is: the routes of every
# other chunk (rooms, passages and doorways' tunnels: accretion.dig_routes, the same tiles the chunk
# makes alone), kept as bits in the block's plane as each chunk is made before the stairs' chunk
# (accretion.keep_routes) or else dug in turn into the stairs chunk's own buffer before its own
# (accretion.plan_block), then one breadth-first search over the plane from the spawn gives
# each room of the stairs' chunk its level (the step at which the search first reaches one of its core
# tiles), which stairs_routes.rank_by_route ranks. Traps, items and stairs stand on open tiles (an acid
# pocket is sealed but for its lid), so they change no route. In a larger world the stairs' chunk lies
# outside the spawn's block (the stairs go in the far corner) and its room is the farthest by straight
# line (room_roles.place_ends), as plan_check's `farthest` says.
#   ws.plan    the plane: one bit a tile of the block, 128 tiles (16 bytes) a row, set = closed (solid,
#              beyond the world, or reached); BSP's plan, free in an accretion world (claim_plane)
#   ws.queue   the search's ring (block index y << 7 | x); ws.marks the stairs chunk's own marks (2
#              open, 0 solid, 3 + k on room k's core); ws.stack each room's level
#   ws.stairs_levels, ws.stairs_spec   the levels found, kept for the world last searched: the stairs'
#              chunk made again (a cache's miss, Explore's check after locate) searches nothing
from maze32._compat import const, micropython, ptr8, ptr16, compiled
from maze32.world import fill_bytes
from maze32.world.tiles import ptr32

BLOCK_SHIFT = const(7)        # the block: 128 x 128 tiles, 2 x 2 chunks
_UNREACHED = const(0xFFFF)    # stairs_routes.UNREACHED
_RING = const(4096)           # ws.queue's entries: the tiles in flight at most
_PLANE = const(2048)          # the plane's bytes

# The search's workspace and spawn (a block index) (_compat.py, Registers: the plane and the queue are
# the kernel's arguments).
_search = [None, 0]


def routed(spec):
    # Whether the world is one block (its stairs' rooms ranked by route from any spawn).
    return spec.width <= (1 << BLOCK_SHIFT) and spec.height <= (1 << BLOCK_SHIFT)


def claim_plane(ws, spec):
    # ws.plan holds this world's plane, or starts it: every tile closed, no chunk's routes in it
    # (ws.block_have: bit cy << 1 | cx for each chunk's). ws.layout_spec names the world whose plane
    # ws.plan holds, as it names the BSP world whose region's plan it holds: a BSP plan made since (or
    # anything that lets layout_spec go) starts the plane again.
    if ws.layout_spec is not spec:
        ws.layout_spec = spec
        ws.block_have = 0
        fill_bytes(ws.plan, _PLANE, 0xFF)


def open_chunk(ws):
    # The current chunk's open tiles (dig_routes just made them: ws.marks 2 open, 0 solid) opened in
    # the plane, its 64 x 64 area's other tiles closed: compiled, eight marks (two words) a plane byte.
    p = (ws.y0 << 4) + (ws.x0 >> 3)                      # the area's first byte
    if WORDS:
        open_chunk_words(ws.plan, ws.marks, p)
    else:
        open_chunk_tiles(ws.plan, ws.marks, p)


@micropython.viper
def open_chunk_words(plane: ptr8, marks: ptr32, p: int):
    # A mark's bit 1 is the tile's open bit; a word's four of them gathered into a nibble.
    end = p + (64 << 4)
    while p < end:
        stop = p + 8
        while p < stop:
            v = ((marks[0] >> 1) & 0x01010101) | (((marks[1] >> 1) & 0x01010101) << 4)
            plane[p] = 0xFF ^ ((v | (v >> 7) | (v >> 14) | (v >> 21)) & 0xFF)
            marks = ptr32(int(marks) + 8)
            p += 1
        p += 8


@micropython.viper
def open_chunk_tiles(plane: ptr8, marks: ptr8, p: int):
    # open_chunk_words a mark at a time (bytecode, where ptr32 is the bytearray itself).
    c = 0
    while c < 4096:
        b = 0
        i = 0
        while i < 8:
            b |= (marks[c + i] >> 1) << i
            i += 1
        plane[p + ((c >> 6) << 4) + ((c & 63) >> 3)] = 0xFF ^ b
        c += 8


WORDS = compiled(open_chunk_words)


def stairs_levels(ws, spec, spawn):
    # Each room of the stairs' chunk (just dug: ws.acc, ws.marks) its level into ws.stack, from the
    # spawn (world tile index, y << 7 | x) over the plane the other chunks opened (accretion.keep_routes),
    # or as kept for this world. False when the ring overflowed (no level is then sure).
    n = ws.acc_count
    if ws.stairs_spec is spec:
        k = 0
        while k < n:
            ws.stack[k] = ws.stairs_levels[k]
            k += 1
        return True
    open_chunk(ws)
    mark_cores(ws)
    _search[0] = ws
    _search[1] = spawn
    found = search(0, 0)
    _search[0] = ws.layout_spec = None                       # the plane is spent: every tile reached
    if not found:
        return False
    k = 0
    while k < n:
        ws.stairs_levels[k] = ws.stack[k]
        k += 1
    ws.stairs_spec = spec
    return True


@micropython.viper
def mark_cores(ws):
    # Room k's core tiles (open: every core is) marked 3 + k in ws.marks, its level not found yet.
    marks = ptr8(ws.marks)
    level_of = ptr16(ws.stack)
    a = ptr8(ws.acc)
    k = int(ws.acc_count)
    while k > 0:
        k -= 1
        level_of[k] = _UNREACHED
        o = k * 10                                          # templates.ROOM_BYTES
        row = (int(a[o + 1]) << 6) + int(a[o])
        last = row + ((int(a[o + 3]) - 1) << 6)
        while row <= last:
            c = row + int(a[o + 2])
            while c > row:
                c -= 1
                marks[c] = 3 + k
            row += 64


@micropython.viper
def search(j: int, b: int) -> int:
    # Breadth first from the spawn over the plane's open tiles, level by level, until every room of the
    # stairs' chunk has its level (ws.stack); 0 when more than the ring's tiles were in flight. The
    # world's border is stone (closed), so a tile taken from the ring has its four neighbours inside:
    # up and down the same bit a row (16 bytes) away, left and right the bit before or after it. The
    # arguments (registers: _compat.py) are the busiest locals, a tile's plane byte j and bit b.
    ws = _search[0]
    plane = ptr8(ws.plan)
    queue = ptr16(ws.queue)
    marks = ptr8(ws.marks)
    level_of = ptr16(ws.stack)
    here = (int(ws.y0) << BLOCK_SHIFT) | int(ws.x0)         # a block index's chunk bits, 0x2040
    left = int(ws.acc_count)
    c = int(_search[1])
    plane[c >> 3] |= 1 << (c & 7)
    queue[0] = c
    tail = 1
    level = -1
    head = 0
    while head < tail:                                      # a level a turn: its tiles, then the next's
        level += 1
        end = tail
        while head < end:
            c = int(queue[head & (_RING - 1)])
            head += 1
            if (c & 0x2040) == here:                        # in the stairs' chunk: a core's tile?
                m = int(marks[((c >> 1) & 0xFC0) | (c & 63)])
                if m >= 3 and level_of[m - 3] == _UNREACHED:
                    level_of[m - 3] = level
                    left -= 1
                    if left == 0:
                        return 1
            if tail - head >= _RING - 4:
                return 0
            j = c >> 3
            b = 1 << (c & 7)
            if not (plane[j - 16] & b):                     # up
                plane[j - 16] |= b
                queue[tail & (_RING - 1)] = c - 128
                tail += 1
            if not (plane[j + 16] & b):                     # down
                plane[j + 16] |= b
                queue[tail & (_RING - 1)] = c + 128
                tail += 1
            if b == 1:                                      # left: the byte before's last bit ...
                j -= 1
                b = 256
            b >>= 1                                         # ... or the bit before
            if not (plane[j] & b):
                plane[j] |= b
                queue[tail & (_RING - 1)] = c - 1
                tail += 1
            b <<= 2                                         # right: two bits on from the left's,
            if b > 128:                                     # in the byte after where it spills
                j += 1
                b >>= 8
            if not (plane[j] & b):
                plane[j] |= b
                queue[tail & (_RING - 1)] = c + 1
                tail += 1
    return 1
