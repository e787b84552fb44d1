# The chunk cache (SPEC 10): generated chunks kept on the twin's disk and on the board's flash under
# <root>/worlds/<seed>/depth_<N>/ (the board's root is `cache`), so walking back over a world reads
# instead of generating. A chunk depends only on (world, chunk coordinates), so an entry is a copy of
# what generate_chunk would write, never trusted blindly:
#   - written atomically, by several processes at once: to a temporary file of the writer's own
#     (.maze32-<random>.tmp in the entry's folder), then renamed over NAME, so a reader sees the old
#     entry or the new one, never a part; two writers of one chunk write the same bytes, and the last
#     rename wins. Folders are made as os.makedirs(exist_ok) would, a folder another process made first
#     being no error. A cut in the middle leaves at most a temporary file, removed on the next open
#     once it is a minute old (a younger one may be another process's write under way);
#   - checksummed: the first 8 bytes of SHA-256 over header and payload; an entry that is short, long,
#     of another world (the seed, depth, size, strategy and chunk are recorded and compared), fails its
#     checksum, or is no regular file (a folder, a FIFO, a link, a device: never opened, so never a
#     hang) is regenerated, replaced and reported (`repaired`);
#   - capped: the entries under <root>/worlds take at most `limit` bytes; the least recently used go
#     first (use within this session, then modification time: on a board, the time it was written).
# Entry NAME: "<W>x<H>-<strategy>-<cx>-<cy>.chunk". Bytes: b"M32C", version, W, H (16-bit), depth,
# strategy, cx, cy, payload length (16-bit), a zero byte, the seed (32-bit, big-endian), payload,
# checksum. Payload: the chunk's cw x ch tiles
# row-major, then spawn and stairs inside it (x, y; 255 when absent), then its rooms (count, then x, y,
# w, h each, chunk coordinates; accretion dungeons only).
# Unwritable or full storage raises CacheError naming the file: nothing is half-written. MicroPython
# too (the board's flash): os.rename, os.stat, no os.replace, os.lstat or os.urandom on every port.
import hashlib
import os
import time

from maze32.world.tiles import CHUNK_SHIFT, STRATEGIES, STONE, MAX_CHUNK_ROOMS
from maze32.world import generate_chunk, begin_chunk, fill_bytes

_MAGIC = b"M32C"
VERSION = 7                  # 2: the seed recorded; 3: maze32-world/3's tiles; 4: /4's; 5: /5's; 6: /6's; 7: /7's
_HEAD = 20
_SUM = 8
_LARGEST = _HEAD + 64 * 64 + 5 + 4 * MAX_CHUNK_ROOMS + _SUM    # no entry is longer: read no more
_TEMP = ".maze32-"           # temporary files: _TEMP + random + ".tmp" (".part" under VERSION 1)
ORPHAN_SECONDS = 60
_KINDS = {0x4000: "a folder", 0xA000: "a link", 0x1000: "a FIFO", 0x2000: "a device", 0x6000: "a device",
          0xC000: "a socket"}
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


def _lstat(path):
    # os.lstat where the port has it (a link is then seen as one), else os.stat; None when missing.
    try:
        return getattr(os, "lstat", os.stat)(path)
    except OSError:
        return None


def _not_regular(path):
    # None for a regular file or nothing at all; else what is there ("a folder", "a link", ...).
    st = _lstat(path)
    if st is None or st[0] & 0xF000 == 0x8000:
        return None
    return _KINDS.get(st[0] & 0xF000, "not a regular file")


def _remove_tree(path):
    # A folder where an entry belongs, and everything in it, never following a link: without os.lstat
    # a link to a folder looks like one, so there only an empty folder is removed. Another process
    # repairing the same entry may remove parts first: what is gone already is no error.
    try:
        if _not_regular(path) == "a folder":
            if hasattr(os, "lstat"):
                for name in _listdir(path):
                    _remove_tree(_join(path, name))
            os.rmdir(path)
        else:
            os.remove(path)
    except OSError as e:
        if _lstat(path) is not None:
            raise e                          # (a bare raise: the native emitter has none)


def _token():
    # Random enough that no two writers, in any number of processes, share a temporary name.
    if hasattr(os, "urandom"):
        return "".join("%02x" % b for b in os.urandom(6))
    # No os.urandom: this object's address and the clock, unique within a process (a board runs one);
    # no random module, which a board may lack and which nothing of maze32 imports.
    return "%x-%x" % (id(object()), time.ticks_us() if hasattr(time, "ticks_us") else 0)


def _temporary(name):
    return (name.startswith(_TEMP) and name.endswith(".tmp")) or name.endswith(".part")


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
        self._scan()                 # and orphaned temporary files removed

    # -- where entries live ------------------------------------------------------------------------
    def folder(self, spec):
        return _join(self.root, "worlds", "%d" % _seed_of(spec), "depth_%d" % spec.depth)

    def path(self, spec, cx, cy):
        return _join(self.folder(spec), "%dx%d-%s-%d-%d.chunk" % (spec.width, spec.height,
                                                                    STRATEGIES[spec.strategy], cx, cy))

    # -- the entry points ------------------------------------------------------------------------------
    def chunk(self, spec, ws, cx, cy, tiles):
        # Chunk (cx, cy) into tiles, from the cache when a sound entry is there, else generated and
        # written; ws afterwards as generate_chunk leaves it (spawn, stairs, accretion rooms).
        # Returns HIT, MISS or REPAIRED.
        path = self.path(spec, cx, cy)
        state = self._read(spec, ws, cx, cy, tiles, path)
        if state == HIT:
            self._hit(path)
            return HIT
        return self.make(spec, ws, cx, cy, tiles, state)

    def read(self, spec, ws, cx, cy, tiles):
        # chunk's first half: whether a sound entry filled tiles and ws (a hit). Nothing is generated or
        # written; a bad entry stays for chunk or make to repair.
        path = self.path(spec, cx, cy)
        if self._read(spec, ws, cx, cy, tiles, path) != HIT:
            return False
        self._hit(path)
        return True

    def make(self, spec, ws, cx, cy, tiles, state=None):
        # chunk's second half: the chunk generated into tiles and written over any entry there. `state`
        # says what was wrong with that entry (None: none, or not looked at). Returns MISS, or REPAIRED.
        path = self.path(spec, cx, cy)
        generate_chunk(ws, spec, cx, cy, tiles)
        self._write(spec, ws, cx, cy, tiles, path)
        if state is not None:
            self.repaired.append(path)
            if self.report:
                self.report("cache: %s was %s; regenerated" % (path, state))
            return REPAIRED
        self.misses += 1
        return MISS

    def _hit(self, path):
        self.hits += 1
        self._touch(path)

    # -- entries ---------------------------------------------------------------------------------------
    def _entry_bytes(self, spec, ws, cx, cy, tiles):
        cw = spec.chunk_width(cx)
        ch = spec.chunk_height(cy)
        rooms = ws.acc_count              # 0 but for accretion: begin_chunk clears it for every chunk
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
        seed = _seed_of(spec)
        out[16:20] = bytes(((seed >> 24) & 255, (seed >> 16) & 255, (seed >> 8) & 255, seed & 255))
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
        odd = _not_regular(path)
        if odd:
            return "not a regular file (%s)" % odd
        try:
            with open(path, "rb") as f:
                data = f.read(_LARGEST + 1)
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
        seed = (data[16] << 24) | (data[17] << 16) | (data[18] << 8) | data[19]
        if ((data[5] << 8) | data[6], (data[7] << 8) | data[8], data[9], data[10], data[11], data[12],
                seed) != (spec.width, spec.height, spec.depth, spec.strategy, cx, cy, _seed_of(spec)):
            return "another world's chunk"
        begin_chunk(ws, spec, cx, cy)
        fill_bytes(tiles, 4096, STONE)
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
        part = _join(self.folder(spec), _TEMP + _token() + ".tmp")
        try:
            with open(part, "wb") as f:
                f.write(data)
            if _not_regular(path) == "a folder":
                try:
                    _remove_tree(path)       # a rename does not replace a folder
                except OSError as e:
                    if _not_regular(path) == "a folder":
                        raise e
                    # another process repairing it put its copy there first: the rename replaces it
            try:
                os.rename(part, path)        # replaces a file, a FIFO or a link (not its target)
            except OSError:
                _replace_slowly(part, path)
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
        # Every entry under root/worlds with its size, least recently modified first; temporary files a
        # minute old removed (younger ones may be another process's writes under way).
        if self._sizes is not None:
            return
        found = []
        # A port without a wall clock (MicroPython's qemu port has ticks only) cannot tell an orphan's
        # age: it leaves temporary files alone rather than remove another process's write.
        now = time.time() if hasattr(time, "time") else None
        top = _join(self.root, "worlds")
        for seed in _listdir(top):
            for depth in _listdir(_join(top, seed)):
                folder = _join(top, seed, depth)
                for name in _listdir(folder):
                    path = _join(folder, name)
                    if _temporary(name):
                        st = _lstat(path)
                        if st is not None and now is not None and now - st[8] >= ORPHAN_SECONDS:
                            try:
                                os.remove(path)
                            except OSError:
                                pass          # another process removed it first
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


def _replace_slowly(part, path):
    # A port whose rename does not replace: remove, then rename. Another process may have put its own
    # copy of the same chunk there in between; that copy is as good as ours.
    try:
        os.remove(path)
    except OSError:
        pass
    try:
        os.rename(part, path)
    except OSError as e:
        if _not_regular(path) is not None or _lstat(path) is None:
            raise e                          # (a bare raise: the native emitter has none)
        os.remove(part)


def _put16(buf, n, v):
    buf[n] = (v >> 8) & 255
    buf[n + 1] = v & 255
