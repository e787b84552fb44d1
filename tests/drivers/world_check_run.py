# check_world on a runtime's own build of the library: a 64 x 64 world of each dungeon strategy built
# from its one chunk, checked whole (0), then with a stone tile inside its first room (the rooms rule,
# judged through the table of solid sums in the flood's queue: ROOMS, 64). Prints "STRATEGY ROOMS MASK
# MASK" a line.
from array import array
from maze32.world.tiles import WorldSpec, WorldWorkspace, CHUNK, STONE
from maze32.world import generate_chunk, locate, chunk_rooms, region_rooms
from maze32.world import check as wc

for strategy in (0, 1):
    spec = WorldSpec(0, 8, 9, 64, 64, strategy)
    ws = WorldWorkspace()
    tiles = bytearray(CHUNK * CHUNK)
    generate_chunk(ws, spec, 0, 0, tiles)
    rooms = []
    chunk_rooms(ws, spec, rooms)
    sx, sy, tx, ty = locate(ws, spec, bytearray(CHUNK * CHUNK))
    region_rooms(WorldWorkspace(), spec, 0, 0, rooms)
    view = wc.View(64, 64, 9, 0, 0, 64, 64, tiles, (sx, sy), (tx, ty), [v for r in rooms for v in r],
                   strategy=strategy)
    marks, queue = bytearray(CHUNK * CHUNK), array("i", bytes(4 * CHUNK * CHUNK))
    whole = wc.check_world(view, marks, queue)
    x, y = rooms[0][0], rooms[0][1]
    tiles[(y + 1) * 64 + x + 1] = STONE
    print(strategy, len(rooms), whole, wc.check_world(view, marks, queue))
