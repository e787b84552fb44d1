# Heap growth of one WorldWorkspace and one chunk's tiles (all a chunk's generation needs), then of
# generating a chunk of each kind with them (measured inside functions: a new module global would
# grow the globals dict and count).
import gc
from maze32.world.tiles import WorldSpec, WorldWorkspace, CHUNK
from maze32.world import generate_chunk, prepare


def allocate():
    return WorldWorkspace(), bytearray(CHUNK * CHUNK)


def generate(ws, tiles, specs):
    for spec in specs:
        generate_chunk(ws, spec, 3, 0, tiles)


def main():
    specs = [WorldSpec(0, 7, d, 2048, 2048) for d in (1, 4, 8)] + [WorldSpec(0, 7, 8, 2048, 2048, 1)]
    for spec in specs:
        prepare(spec)                   # the kinds' modules: code, not the generator's memory
    gc.collect()
    before = gc.mem_alloc()
    ws, tiles = allocate()
    gc.collect()
    after_alloc = gc.mem_alloc()
    generate(ws, tiles, specs)
    gc.collect()
    print(after_alloc - before, gc.mem_alloc() - after_alloc)


main()
