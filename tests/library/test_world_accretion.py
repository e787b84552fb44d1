"""Accretion's attachment state (world/accretion.py, world/templates.py): the occupancy bits its fits
test reads are set exactly on the tiles dug, and the dug tiles are only air and doors, which the
word-wide marks of the chunk (mark_dug_words, from the occupancy bits) rely on."""
from maze32.world import WorldSpec, WorldWorkspace, CHUNK, begin_chunk, prepare
from maze32.world import accretion
from maze32.world.templates import OCCUPIED
from maze32.world.tiles import AIR, DOOR, STONE, SALT_CHUNK, frame_window, seed_stream
from maze32.world.tunnels import set_bounds


def attached(seed, depth, size, cx, cy):
    # A chunk's tiles and workspace just after attach_rooms, as settle leaves them there.
    spec = WorldSpec(0, seed, depth, size, size, 1)
    prepare(spec)
    ws = WorldWorkspace()
    tiles = bytearray([STONE]) * (CHUNK * CHUNK)      # beyond a narrow chunk, stone (generate_chunk)
    begin_chunk(ws, spec, cx, cy)
    frame_window(ws, ws.x0, ws.y0, ws.cw, ws.ch, CHUNK)
    accretion.shape(ws, spec, tiles)
    seed_stream(spec, ws.rng, ws.cx, ws.cy, SALT_CHUNK)
    set_bounds(ws, spec)
    accretion.attach_rooms(ws, tiles)
    return ws, tiles


def test_occupancy_bits_are_the_dug_tiles_and_those_are_air_or_doors():
    for seed in range(6):
        for depth, size, cx, cy in ((7, 2048, 5, 5), (8, 250, 3, 3), (9, 64, 0, 0)):
            ws, tiles = attached(seed, depth, size, cx, cy)
            assert ws.acc_count > 1
            occupied = [(ws.queue[OCCUPIED + (c >> 4)] >> (c & 15)) & 1 for c in range(CHUNK * CHUNK)]
            assert occupied == [int(t != STONE) for t in tiles], (seed, depth)
            assert set(tiles) <= {AIR, STONE, DOOR}, (seed, depth)
            assert tiles.count(DOOR) == ws.acc_count - 1       # a door for every room but the first
