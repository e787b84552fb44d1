# The chunk cache on MicroPython's own filesystem calls: a chunk written, read back, a corrupted entry
# repaired. Prints the four outcomes and whether every read gave the generated tiles. With ARGS["fill"]
# instead every chunk of the world through the cache at ARGS["root"] (shared with other processes
# doing the same at once), each compared with the generated one: "filled N same" or "DIFFERENT".
from maze32.world.tiles import WorldSpec, WorldWorkspace, CHUNK
from maze32.world import generate_chunk
from maze32.world.cache import ChunkCache

spec = WorldSpec(0, 7, 4, 250, 250)
ws = WorldWorkspace()
want = bytearray(CHUNK * CHUNK)
if ARGS.get("fill"):
    got = bytearray(CHUNK * CHUNK)
    cache = ChunkCache(ARGS["root"])
    same = True
    for cy in range(4):
        for cx in range(4):
            cache.chunk(spec, ws, cx, cy, got)
            generate_chunk(ws, spec, cx, cy, want)
            same = same and got == want
    print("filled", cache.hits + cache.misses, "same" if same and not cache.repaired else "DIFFERENT")
    raise SystemExit
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
