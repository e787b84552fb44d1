# The maze32-world/7 file format (SPEC 10) and its hash.
#
# Canonical bytes, hashed with SHA-256 (content only, no seed, so equal worlds have equal hashes):
#     b"maze32-world/7", then as big-endian 16-bit numbers W, H, then depth as one byte, then origin x,
#     origin y, extent w, extent h (16-bit each), then the region's tiles row-major, one byte each (the
#     material's index in tiles.MATERIALS), then spawn x, y, stairs x, y, the number of rooms and
#     each room's x, y, w, h (16-bit each): the rooms lying wholly inside the region, in the world's
#     order (region by region for BSP dungeons, chunk by chunk for accretion).
# WorldHasher takes the tiles in any number of pieces (a row at a time on a board, the whole region on
# a host), so a board can hash a world it never holds whole.
#
# The JSON document: format, seed, depth, kind, strategy, size [W, H], chunk, origin [x, y], extent
# [w, h], materials [{name, code, solid, liquid, hazard}], tiles (one string a row, a material code a
# tile), spawn [x, y], stairs [x, y], rooms [[x, y, w, h]], hash. from_dict rejects a document of the
# wrong shape (types, sizes, unknown codes, unknown fields, more rooms than the world can hold) with
# FormatError naming the field; whether a well-formed world keeps the rules is check's to say. Its work
# is bounded before anything is allocated: the tiles are read only when the size and the extent are
# within the world's limits (else there are none, and check fails `dimensions`).
import hashlib
from binascii import hexlify

from maze32.world.tiles import (FORMAT, MAGIC, MATERIALS, MATERIAL_COUNT, CHUNK, CODES, STRATEGIES,
                                KIND_NAMES, side_error)

FIELDS = ("format", "seed", "depth", "kind", "strategy", "size", "chunk", "origin", "extent", "materials",
          "tiles", "spawn", "stairs", "rooms", "hash")


def max_rooms(width, height):
    # The most rooms a width x height world can list: each is 5 x 3 or more inside the stone border,
    # with a wall of its own on one side and one end.
    return ((width - 2) // 6 + 1) * ((height - 2) // 4 + 1)


class FormatError(ValueError):
    pass


def _u16(buf, n, v):
    buf[n] = (v >> 8) & 255
    buf[n + 1] = v & 255
    return n + 2


class WorldHasher:
    # begin(...), then tiles(piece) as often as needed, then end(...) -> 64 hex digits.
    def begin(self, width, height, depth, ox, oy, w, h):
        self.sha = hashlib.sha256()
        head = bytearray(len(MAGIC) + 13)
        head[0:len(MAGIC)] = MAGIC
        n = _u16(head, len(MAGIC), width)
        n = _u16(head, n, height)
        head[n] = depth & 255
        n += 1
        for v in (ox, oy, w, h):
            n = _u16(head, n, v)
        self.sha.update(head)

    def tiles(self, piece):
        self.sha.update(piece)

    def end(self, spawn, stairs, rooms):
        tail = bytearray(10 + 8 * len(rooms))
        n = 0
        for v in (spawn[0], spawn[1], stairs[0], stairs[1], len(rooms)):
            n = _u16(tail, n, v)
        for room in rooms:
            for v in room:
                n = _u16(tail, n, v)
        self.sha.update(tail)
        return hexlify(self.sha.digest()).decode()


def inside(room, ox, oy, w, h):
    # Whether room [x, y, w, h] lies wholly inside the region.
    return room[0] >= ox and room[1] >= oy and room[0] + room[2] <= ox + w and room[1] + room[3] <= oy + h


def region_hash(width, height, depth, ox, oy, w, h, tiles, spawn, stairs, rooms):
    # The hash of a region held whole (tiles: w * h bytes, row-major); rooms already filtered.
    hasher = WorldHasher()
    hasher.begin(width, height, depth, ox, oy, w, h)
    hasher.tiles(tiles)
    return hasher.end(spawn, stairs, rooms)


def material_dicts():
    return [{"name": m[0], "code": m[1], "solid": m[2], "liquid": m[3], "hazard": m[4]} for m in MATERIALS]


def to_dict(seed, depth, kind, strategy, width, height, ox, oy, w, h, tiles, spawn, stairs, rooms,
            digest):
    # The maze32-world/7 document of a region (tiles: w * h bytes, row-major).
    rows = []
    for y in range(h):
        rows.append("".join(CODES[t] for t in tiles[y * w:(y + 1) * w]))
    return {"format": FORMAT, "seed": seed, "depth": depth, "kind": KIND_NAMES[kind],
            "strategy": STRATEGIES[strategy], "size": [width, height], "chunk": CHUNK,
            "origin": [ox, oy], "extent": [w, h], "materials": material_dicts(), "tiles": rows,
            "spawn": list(spawn), "stairs": list(stairs), "rooms": [list(r) for r in rooms],
            "hash": digest}


class World:
    # A world region as read from a document (from_dict): what check judges.
    def __init__(self):
        self.seed = 0
        self.width = self.height = self.depth = 0
        self.ox = self.oy = self.w = self.h = 0
        self.chunk = CHUNK
        self.tiles = bytearray(0)
        self.spawn = (0, 0)
        self.stairs = (0, 0)
        self.rooms = []
        self.hash = ""
        self.materials_match = True
        self.strategy = "bsp"
        self.kind = KIND_NAMES[0]


def _int(doc, key, lo=0, hi=None):
    v = doc.get(key) if isinstance(doc, dict) else None
    if isinstance(v, bool) or not isinstance(v, int):
        raise FormatError("%s: must be an integer" % key)
    if v < lo or (hi is not None and v > hi):
        raise FormatError("%s: %d is outside %d..%d" % (key, v, lo, hi if hi is not None else v))
    return v


def _typed(doc, key, kind, what):
    v = doc.get(key)
    if not isinstance(v, kind):
        raise FormatError("%s: must be %s" % (key, what))
    return v


def _pair(doc, key, lo=0, hi=65535):
    v = doc.get(key)
    if not isinstance(v, list) or len(v) != 2 or any(isinstance(e, bool) or not isinstance(e, int)
                                                     for e in v):
        raise FormatError("%s: must be a list of two integers" % key)
    if any(e < lo or e > hi for e in v):
        raise FormatError("%s: values must be %d..%d" % (key, lo, hi))
    return v[0], v[1]


def from_dict(doc):
    # A World from a maze32-world/7 document; FormatError for anything of the wrong shape.
    if not isinstance(doc, dict):
        raise FormatError("not a maze32-world/7 document (the top level is not an object)")
    if doc.get("format") != FORMAT:
        raise FormatError("format: expected %r, got %r" % (FORMAT, doc.get("format")))
    for key in doc:
        if key not in FIELDS:
            raise FormatError("unknown field %r (a %s document has %s)"
                              % (key[:40], FORMAT, ", ".join(FIELDS)))
    world = World()
    world.seed = _int(doc, "seed", 0, 0xFFFFFFFF)
    world.depth = _int(doc, "depth", 0, 65535)
    world.chunk = _int(doc, "chunk", 0, 65535)
    world.width, world.height = _pair(doc, "size")
    world.ox, world.oy = _pair(doc, "origin")
    world.w, world.h = _pair(doc, "extent")
    world.spawn = _pair(doc, "spawn")
    world.stairs = _pair(doc, "stairs")
    strategy = doc.get("strategy", "bsp")
    if strategy not in STRATEGIES:
        raise FormatError("strategy: must be one of %s" % ", ".join(STRATEGIES))
    world.strategy = strategy
    kind = doc.get("kind")
    if kind not in KIND_NAMES:
        raise FormatError("kind: must be one of %s" % ", ".join(KIND_NAMES))
    world.kind = kind
    materials = doc.get("materials")
    if not isinstance(materials, list) or not all(isinstance(m, dict) for m in materials):
        raise FormatError("materials: must be a list of objects")
    codes = {}
    for m in materials:
        code = m.get("code")
        if not isinstance(code, str) or len(code) != 1 or not isinstance(m.get("name"), str) \
                or not all(isinstance(m.get(k), bool) for k in ("solid", "liquid", "hazard")):
            raise FormatError("materials: each needs a name, a one-character code and solid, liquid, "
                              "hazard flags")
        if code in codes:
            raise FormatError("materials: code %r given twice" % code)
        codes[code] = m
    world.materials_match = materials == material_dicts()
    index = dict((m[1], i) for i, m in enumerate(MATERIALS))
    rows = doc.get("tiles")
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise FormatError("tiles: must be a list of strings")
    rooms = _typed(doc, "rooms", list, "a list")
    world.hash = _typed(doc, "hash", str, "a string")
    if not bounded(world):
        return world                     # no tiles: check fails `dimensions`
    if len(rooms) > max_rooms(world.width, world.height):
        raise FormatError("rooms: %d listed; a %d x %d world holds at most %d" % (
            len(rooms), world.width, world.height, max_rooms(world.width, world.height)))
    if len(rows) != world.h:
        raise FormatError("tiles: %d rows for an extent %d high" % (len(rows), world.h))
    tiles = bytearray(world.w * world.h)
    for y, row in enumerate(rows):
        if len(row) != world.w:
            raise FormatError("tiles: row %d has %d tiles for an extent %d wide" % (y, len(row), world.w))
        for x, ch in enumerate(row):
            if ch not in codes:
                raise FormatError("tiles: row %d column %d: %r is no material's code" % (y, x, ch))
            tiles[y * world.w + x] = index.get(ch, MATERIAL_COUNT)
    world.tiles = tiles
    for r in rooms:
        if not isinstance(r, list) or len(r) != 4 or any(isinstance(e, bool) or not isinstance(e, int)
                                                         or e < 0 or e > 65535 for e in r):
            raise FormatError("rooms: each must be [x, y, w, h], integers 0..65535")
    world.rooms = [tuple(r) for r in rooms]
    return world


def bounded(world):
    # Whether the size is a world's and the extent lies inside it: what reading the tiles waits on.
    return (not side_error("width", world.width) and not side_error("height", world.height)
            and world.w >= 1 and world.h >= 1 and world.ox + world.w <= world.width
            and world.oy + world.h <= world.height)


def world_hash(world):
    # The recomputed hash of a World read from a document.
    return region_hash(world.width, world.height, world.depth & 255, world.ox, world.oy, world.w,
                       world.h, world.tiles, world.spawn, world.stairs, world.rooms)
