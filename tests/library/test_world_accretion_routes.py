"""Accretion's stairs by route in a world of one block (world/accretion_routes.py: 128 x 128 at most,
Explore's worlds): the stairs stand in the room of their chunk that a breadth-first route from the spawn
over the world's open tiles reaches last, whichever chunk the spawn is in; the stairs' chunk made alone,
cold or from the levels kept, is the same chunk of the whole world; and `maze32 world check`'s
`farthest` fails such a world whose stairs were moved into a nearer room."""
import json
from collections import deque

from host import worlds as hw
from host.cli import main
from maze32.world import WorldWorkspace, CHUNK, generate_chunk
from maze32.world.tiles import SOLID

SIZES = ((128, 128), (64, 128), (128, 64))


def route_levels(region):
    # {tile: steps from the spawn} over the open tiles of a whole world.
    w, h = region.w, region.h
    dist = {tuple(region.spawn): 0}
    todo = deque([tuple(region.spawn)])
    while todo:
        x, y = todo.popleft()
        for p in ((x, y - 1), (x, y + 1), (x - 1, y), (x + 1, y)):
            if 0 <= p[0] < w and 0 <= p[1] < h and p not in dist and not SOLID[region.tiles[p[1] * w + p[0]]]:
                dist[p] = dist[(x, y)] + 1
                todo.append(p)
    return dist


def stairs_chunk_rooms(region, dist):
    # {room: its level} for the rooms of the stairs' chunk, and the room holding the stairs.
    tx, ty = region.stairs
    levels = {r: min(dist[(r[0] + i, r[1] + j)] for i in range(r[2]) for j in range(r[3]))
              for r in region.rooms if (r[0] >> 6, r[1] >> 6) == (tx >> 6, ty >> 6)}
    held = max((r for r in levels if r[0] <= tx < r[0] + r[2] and r[1] <= ty), key=lambda r: r[1])
    return levels, held


def test_the_stairs_stand_in_the_room_reached_last_from_any_spawn():
    spawn_elsewhere = 0
    for seed in range(6):
        for depth in (7, 8, 9):
            size = SIZES[(seed + depth) % 3]
            spec = hw.spec_for(seed, depth, size, "accretion")
            region = hw.build(spec, seed)
            levels, held = stairs_chunk_rooms(region, route_levels(region))
            assert levels[held] == max(levels.values()), (seed, depth, size)
            spawn_elsewhere += (spec.spawn_cx, spec.spawn_cy) != (spec.stairs_cx, spec.stairs_cy)
            assert region.check_mask() == 0, (seed, depth, size)
    assert spawn_elsewhere == 18                 # a world of 2 chunks or more never shares them


def test_the_stairs_chunk_alone_cold_and_warm_is_the_whole_worlds():
    for seed, depth, size in ((1, 7, (128, 128)), (2, 9, (64, 128)), (3, 8, (128, 64))):
        spec = hw.spec_for(seed, depth, size, "accretion")
        whole = hw.build(spec, seed)
        cx, cy = spec.stairs_cx, spec.stairs_cy
        expect = bytearray(CHUNK * CHUNK)
        for y in range(spec.chunk_height(cy)):
            for x in range(spec.chunk_width(cx)):
                expect[(y << 6) | x] = whole.tiles[((cy << 6) + y) * whole.w + (cx << 6) + x]
        ws = WorldWorkspace()
        generate_chunk(ws, hw.spec_for(seed, 5, size), 0, 0, bytearray(CHUNK * CHUNK))   # another kind first
        for _ in range(2):                       # cold, then from the levels kept
            tiles = bytearray(CHUNK * CHUNK)
            generate_chunk(ws, spec, cx, cy, tiles)
            assert tiles == expect and (ws.stairs_x, ws.stairs_y) == tuple(whole.stairs)
            assert ws.stairs_spec is spec


def test_every_order_of_making_the_chunks_gives_the_same_world():
    # The chunks made before the stairs' keep their routes in the plane, the stairs' chunk digs the
    # others': in any order, with another world's chunks (BSP's plan in the same buffer, another
    # block's plane) made between, every chunk is the whole world's.
    spec = hw.spec_for(5, 9, (128, 128), "accretion")
    whole = hw.build(spec, 5)
    other = hw.spec_for(6, 8, (128, 128), "accretion")
    bsp = hw.spec_for(5, 9, (128, 128))
    chunks = [(0, 0), (1, 0), (0, 1), (1, 1)]
    stairs = (spec.stairs_cx, spec.stairs_cy)
    spawn = (spec.spawn_cx, spec.spawn_cy)
    orders = [chunks, chunks[::-1], [spawn] + [c for c in chunks if c not in (spawn, stairs)] + [stairs]]
    for n, order in enumerate(orders):
        ws = WorldWorkspace()
        for i, (cx, cy) in enumerate(order):
            if i == 1 and n == 2:
                generate_chunk(ws, bsp, 0, 0, bytearray(CHUNK * CHUNK))
            if i == 2:
                generate_chunk(ws, other, 1, 1, bytearray(CHUNK * CHUNK))
            tiles = bytearray(CHUNK * CHUNK)
            generate_chunk(ws, spec, cx, cy, tiles)
            assert all(tiles[(y << 6) | x] == whole.tiles[((cy << 6) + y) * 128 + (cx << 6) + x]
                       for y in range(64) for x in range(64)), (order, cx, cy)


def test_check_fails_a_world_whose_stairs_moved_into_a_nearer_room(tmp_path, capsys):
    region = hw.build(hw.spec_for(4, 8, (128, 128), "accretion"), 4)
    doc = hw.document(region)                    # as `maze32 world export` writes it
    levels, held = stairs_chunk_rooms(region, route_levels(region))
    t = doc["tiles"]
    x, y = doc["stairs"]
    t[y] = t[y][:x] + "." + t[y][x + 1:]
    near = min(levels, key=levels.get)           # the stairs' chunk's nearest room, on its floor's ground
    rx, ry, rw, rh = near
    x = next(i for i in range(rx, rx + rw) if t[ry + rh - 1][i] == "." and t[ry + rh][i] == "#")
    y = ry + rh - 1
    t[y] = t[y][:x] + ">" + t[y][x + 1:]
    doc["stairs"] = [x, y]
    path = tmp_path / "w.json"
    path.write_text(json.dumps(doc))
    assert main(["world", "check", str(path), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["failed"] == ["hash", "farthest"]
