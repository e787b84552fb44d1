# The chunk cache on MicroPython's own filesystem calls: a chunk written, read back, a corrupted entry
# repaired. Prints the four outcomes and whether every read gave the generated tiles.
from maze32.world.tiles import WorldSpec, WorldWorkspace, CHUNK
from maze32.world import generate_chunk
from maze32.world.cache import ChunkCache

spec = WorldSpec(0, 7, 4, 250, 250)
ws = WorldWorkspace()
want = bytearray(CHUNK * CHUNK)
generate_chunk(ws, spec, 1, 1, want)
got = bytearray(CHUNK * CHUNK)
cache = ChunkCache(ARGS["root"] + "/cache", 1 << 20)
same = True
print(cache.chunk(spec, ws, 1, 1, got))
same = same and got == want
print(cache.chunk(spec, ws, 1, 1, got))
same = same and got == want
path = cache.path(spec, 1, 1)
with open(path, "rb") as f:
    data = bytearray(f.read())
data[40] ^= 0xFF
with open(path, "wb") as f:
    f.write(data)
print(ChunkCache(ARGS["root"] + "/cache").chunk(spec, ws, 1, 1, got))
same = same and got == want
print(ChunkCache(ARGS["root"] + "/cache").chunk(spec, ws, 1, 1, got))
print("same" if same and got == want else "DIFFERENT")
