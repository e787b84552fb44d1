# The chunk cache (SPEC 10): generated chunks kept on the twin's disk and on the board's flash under
# <root>/worlds/<seed>/depth_<N>/ (the board's root is `cache`), so walking back over a world reads
# instead of generating. A chunk depends only on (world, chunk coordinates), so an entry is a copy of
# what generate_chunk would write, never trusted blindly:
#   - written atomically: to NAME.part, then renamed over NAME (a cut in the middle leaves at most a
#     .part file, which is ignored and removed);
#   - checksummed: the first 8 bytes of SHA-256 over header and payload; an entry that is short, long,
#     of another world, or fails its checksum is regenerated, rewritten and reported (`repaired`);
#   - capped: the entries under <root>/worlds take at most `limit` bytes; the least recently used go
#     first (use within this session, then modification time: on a board, the time it was written).
# Entry NAME: "<W>x<H>-<strategy>-<cx>-<cy>.chunk". Bytes: b"M32C", version, W, H (16-bit), depth,
# strategy, cx, cy, payload length (16-bit), payload, checksum. Payload: the chunk's cw x ch tiles
# row-major, then spawn and stairs inside it (x, y; 255 when absent), then its rooms (count, then x, y,
# w, h each, chunk coordinates; accretion dungeons only).
# Unwritable or full storage raises CacheError naming the file: nothing is half-written.
import hashlib
import os

from maze32.world.tiles import CHUNK_SHIFT, STRATEGIES, DUNGEON, ACCRETION, STONE
from maze32.world import generate_chunk, begin_chunk, fill_chunk

_MAGIC = b"M32C"
VERSION = 1
_HEAD = 16
_SUM = 8
HIT = "hit"
MISS = "miss"
REPAIRED = "repaired"


class CacheError(Exception):
    pass


def _join(*parts):
    return "/".join(p.rstrip("/") for p in parts if p)


def _is_dir(path):
    try:
        return os.stat(path)[0] & 0x4000 != 0
    except OSError:
        return False


def _listdir(path):
    try:
        return os.listdir(path)
    except OSError:
        return []


def _makedirs(path):
    # Every folder of path, as os.makedirs (which MicroPython lacks).
    parts = path.split("/")
    here = "/" if path.startswith("/") else ""
    for p in parts:
        if not p:
            continue
        here = here + p if here in ("", "/") else here + "/" + p
        if not _is_dir(here):
            try:
                os.mkdir(here)
            except OSError as e:
                if not _is_dir(here):
                    raise CacheError("cache: cannot create %s (%s)" % (here, _reason(e)))


def _reason(e):
    code = e.args[0] if e.args else None
    names = {13: "permission denied", 28: "no space left", 30: "read-only", 2: "no such folder",
             20: "not a folder", 21: "is a folder", 17: "exists"}
    return getattr(e, "strerror", None) or names.get(code, str(e))


def _seed_of(spec):
    return (spec.seed_hi << 16) | spec.seed_lo


class ChunkCache:
    def __init__(self, root, limit=64 * 1024 * 1024, report=None):
        # root: the folder that holds worlds/ (created on the first write). report(message) hears of
        # every repaired entry and every eviction.
        self.root = root
        self.limit = limit
        self.report = report
        self.repaired = []
        self.evicted = 0
        self.hits = 0
        self.misses = 0
        self._sizes = None           # path -> size of every entry, once scanned
        self._order = None           # paths, least recently used first
        self._buf = None

    # -- where entries live ------------------------------------------------------------------------
    def folder(self, spec):
        return _join(self.root, "worlds", "%d" % _seed_of(spec), "depth_%d" % spec.depth)

    def path(self, spec, cx, cy):
        return _join(self.folder(spec), "%dx%d-%s-%d-%d.chunk" % (spec.width, spec.height,
                                                                    STRATEGIES[spec.strategy], cx, cy))

    # -- the one entry point -------------------------------------------------------------------------
    def chunk(self, spec, ws, cx, cy, tiles):
        # Chunk (cx, cy) into tiles, from the cache when a sound entry is there, else generated and
        # written; ws afterwards as generate_chunk leaves it (spawn, stairs, accretion rooms).
        # Returns HIT, MISS or REPAIRED.
        path = self.path(spec, cx, cy)
        state = self._read(spec, ws, cx, cy, tiles, path)
        if state == HIT:
            self.hits += 1
            self._touch(path)
            return HIT
        generate_chunk(ws, spec, cx, cy, tiles)
        self._write(spec, ws, cx, cy, tiles, path)
        if state is not None:
            self.repaired.append(path)
            if self.report:
                self.report("cache: %s was %s; regenerated" % (path, state))
            return REPAIRED
        self.misses += 1
        return MISS

    # -- entries ---------------------------------------------------------------------------------------
    def _entry_bytes(self, spec, ws, cx, cy, tiles):
        cw = spec.chunk_width(cx)
        ch = spec.chunk_height(cy)
        rooms = ws.acc_count if spec.kind == DUNGEON and spec.strategy == ACCRETION else 0
        n = cw * ch + 5 + 4 * rooms
        out = bytearray(_HEAD + n + _SUM)
        out[0:4] = _MAGIC
        out[4] = VERSION
        _put16(out, 5, spec.width)
        _put16(out, 7, spec.height)
        out[9] = spec.depth
        out[10] = spec.strategy
        out[11] = cx
        out[12] = cy
        _put16(out, 13, n)
        out[15] = 0
        p = _HEAD
        y = 0
        while y < ch:
            out[p:p + cw] = tiles[y << CHUNK_SHIFT:(y << CHUNK_SHIFT) + cw]
            p += cw
            y += 1
        x0 = cx << CHUNK_SHIFT
        y0 = cy << CHUNK_SHIFT
        for v, base in ((ws.spawn_x, x0), (ws.spawn_y, y0), (ws.stairs_x, x0), (ws.stairs_y, y0)):
            out[p] = 255 if v < 0 else v - base
            p += 1
        out[p] = rooms
        p += 1
        a = ws.acc
        k = 0
        while k < rooms:
            out[p:p + 4] = a[10 * k:10 * k + 4]
            p += 4
            k += 1
        out[p:p + _SUM] = hashlib.sha256(memoryview(out)[:p]).digest()[:_SUM]
        return out

    def _read(self, spec, ws, cx, cy, tiles, path):
        # None when there is no entry; HIT when a sound one filled tiles and ws; otherwise what is
        # wrong with it.
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError:
            return None
        cw = spec.chunk_width(cx)
        ch = spec.chunk_height(cy)
        if len(data) < _HEAD + cw * ch + 5 + _SUM:
            return "truncated"
        n = (data[13] << 8) | data[14]
        if len(data) != _HEAD + n + _SUM:
            return "truncated" if len(data) < _HEAD + n + _SUM else "too long"
        if data[0:4] != _MAGIC or data[4] != VERSION:
            return "not a chunk entry"
        if hashlib.sha256(memoryview(data)[:_HEAD + n]).digest()[:_SUM] != data[_HEAD + n:]:
            return "corrupted (checksum mismatch)"
        if ((data[5] << 8) | data[6], (data[7] << 8) | data[8], data[9], data[10], data[11], data[12]) \
                != (spec.width, spec.height, spec.depth, spec.strategy, cx, cy):
            return "another world's chunk"
        begin_chunk(ws, spec, cx, cy)
        fill_chunk(tiles, STONE)
        p = _HEAD
        y = 0
        while y < ch:
            tiles[y << CHUNK_SHIFT:(y << CHUNK_SHIFT) + cw] = data[p:p + cw]
            p += cw
            y += 1
        x0 = cx << CHUNK_SHIFT
        y0 = cy << CHUNK_SHIFT
        if data[p] != 255:
            ws.spawn_x = x0 + data[p]
            ws.spawn_y = y0 + data[p + 1]
        if data[p + 2] != 255:
            ws.stairs_x = x0 + data[p + 2]
            ws.stairs_y = y0 + data[p + 3]
        rooms = data[p + 4]
        p += 5
        if 4 * rooms != n - (p - _HEAD) or rooms > len(ws.acc) // 10:
            return "corrupted (rooms)"
        a = ws.acc
        k = 0
        while k < rooms:
            a[10 * k:10 * k + 4] = data[p:p + 4]
            p += 4
            k += 1
        ws.acc_count = rooms
        return HIT

    def _write(self, spec, ws, cx, cy, tiles, path):
        data = self._entry_bytes(spec, ws, cx, cy, tiles)
        self._scan()
        old = self._sizes.get(path, 0)
        self._make_room(len(data) - old, path)
        _makedirs(self.folder(spec))
        part = path + ".part"
        try:
            with open(part, "wb") as f:
                f.write(data)
            try:
                os.rename(part, path)
            except OSError:
                os.remove(path)              # a port whose rename does not replace
                os.rename(part, path)
        except OSError as e:
            try:
                os.remove(part)
            except OSError:
                pass
            raise CacheError("cache: cannot write %s (%s)" % (path, _reason(e)))
        self._sizes[path] = len(data)
        self._touch(path)

    # -- size cap -------------------------------------------------------------------------------------
    def _scan(self):
        # Every entry under root/worlds with its size, least recently modified first; .part leftovers
        # removed.
        if self._sizes is not None:
            return
        found = []
        top = _join(self.root, "worlds")
        for seed in _listdir(top):
            for depth in _listdir(_join(top, seed)):
                folder = _join(top, seed, depth)
                for name in _listdir(folder):
                    path = _join(folder, name)
                    if name.endswith(".part"):
                        try:
                            os.remove(path)
                        except OSError:
                            pass
                        continue
                    if not name.endswith(".chunk"):
                        continue
                    try:
                        st = os.stat(path)
                    except OSError:
                        continue
                    found.append((st[8], path, st[6]))
        found.sort()
        self._sizes = dict((path, size) for _, path, size in found)
        self._order = [path for _, path, _ in found]

    def size(self):
        self._scan()
        return sum(self._sizes.values())

    def _touch(self, path):
        self._scan()
        if path in self._order:
            self._order.remove(path)
        self._order.append(path)
        if path not in self._sizes:
            try:
                self._sizes[path] = os.stat(path)[6]
            except OSError:
                self._sizes[path] = 0
        if hasattr(os, "utime"):
            try:
                os.utime(path, None)
            except OSError:
                pass

    def _make_room(self, need, keep):
        # Evict least recently used entries until `need` more bytes fit under the limit.
        total = sum(self._sizes.values())
        i = 0
        while total + need > self.limit and i < len(self._order):
            path = self._order[i]
            if path == keep:
                i += 1
                continue
            try:
                os.remove(path)
            except OSError:
                pass
            total -= self._sizes.pop(path, 0)
            self._order.pop(i)
            self.evicted += 1
        if total + need > self.limit:
            raise CacheError("cache: %d bytes do not fit under its limit of %d" % (need, self.limit))


def _put16(buf, n, v):
    buf[n] = (v >> 8) & 255
    buf[n + 1] = v & 255
