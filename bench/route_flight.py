"""How full the stairs' route search gets in BSP worlds, and whether the room-crossing search agrees.

For each world of one BSP region (spawn and stairs in it, so bsp.choose_ends searches routes), on
CPython: the tiles in flight at most in the tile-by-tile search (rooms' tiles too, as the search was
before world/route_rooms.py; its ring gives up at RING - 4 = 508), counted by a breadth-first search
over the same plane in the same order; and whether route_rooms' search, which
stairs_routes.route_levels runs first, gave each room the same level, or handed over (its own ring or
schedule full) to the search over every tile.

usage: python bench/route_flight.py [--seeds 0..99] [--sizes 128,250] [--depths 7..9]
"""
import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "shared"))
from maze32.world import bsp, route_rooms, stairs_routes as sr  # noqa: E402
from maze32.world.tiles import WorldSpec, WorldWorkspace  # noqa: E402
import ranges  # noqa: E402  (bench/, the script's folder)


def tile_search(ws, rw, rh, sx, sy):
    # The search walking the rooms' tiles too (as route_levels' second try, and stairs_routes' search
    # before route_rooms), replayed: its most tiles in flight (tail - head where it checks) and each
    # room's level, until every room is reached.
    sr._route[:] = [ws, rw, rh, 0]
    sr._index_rooms(ws, rw, rh, 0)
    sr._open_plan(ws.queue, 0)
    closed = [(ws.queue[(y << 4) | (x >> 4)] >> (x & 15)) & 1 for y in range(256) for x in range(256)]
    rooms = [(ws.room_x[k], ws.room_y[k], ws.room_w[k], ws.room_h[k]) for k in range(ws.room_count)]
    level_of = [0xFFFF] * len(rooms)
    ring = [(sy << 8) | sx]
    closed[ring[0]] = 1
    head, most, level, left = 0, 0, 0, len(rooms)
    while head < len(ring):
        end = len(ring)
        while head < end:
            p = ring[head]
            head += 1
            for k, (x0, y0, w, h) in enumerate(rooms):
                if level_of[k] == 0xFFFF and x0 <= (p & 255) < x0 + w and y0 <= (p >> 8) < y0 + h:
                    level_of[k] = level
                    left -= 1
            if left == 0:
                return most, level_of
            most = max(most, len(ring) - head)
            for q in (p - 256, p + 256, p - 1, p + 1):
                if not closed[q]:
                    closed[q] = 1
                    ring.append(q)
        level += 1
    return most, level_of


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="0..99", type=ranges.whole_range, metavar="A..B")
    ap.add_argument("--sizes", default="128,250")
    ap.add_argument("--depths", default="7..9", type=ranges.whole_range, metavar="A..B")
    args = ap.parse_args()
    print("%-6s %-6s %7s %18s %16s %10s" % ("size", "depth", "worlds", "in flight at most", "route_rooms same",
                                            "handed on"))
    for size in (int(s) for s in args.sizes.split(",")):
        for depth in args.depths:
            most = same = handed = worlds = 0
            for seed in args.seeds:
                spec = WorldSpec(seed, 7, depth, size, size, 0)
                ws = WorldWorkspace()
                bsp.plan_region(ws, spec, 0, 0)
                k = ws.spawn_room
                sx, sy = ws.room_x[k] + (ws.room_w[k] >> 1), ws.room_y[k] + ws.room_h[k] - 1
                rw, rh = spec.region_width(0), spec.region_height(0)
                flight, levels = tile_search(ws, rw, rh, sx, sy)
                sr._route[:] = [ws, rw, rh, 1]
                route_rooms.rooms_route[:] = [ws, 2 if rw <= 128 else 0]   # the boxes or the masks
                sr._index_rooms(ws, rw, rh, 1)
                sr._open_plan(ws.queue, 0)
                found = route_rooms.search_rooms(ws.queue, (sy << 8) | sx)
                handed += found == 0
                same += found == 0 or list(ws.stack[:ws.room_count]) == levels
                most = max(most, flight)
                worlds += 1
            print("%-6d %-6d %7d %18d %16d %10d" % (size, depth, worlds, most, same, handed))


if __name__ == "__main__":
    main()
