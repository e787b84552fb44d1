"""The hub of a chunk's kept region (world/regions.py): nearest_in_runs, which reads the runs
keep_regions leaves, finds the tile the ring search nearest_marked finds (nearest to the point, first in
row order on ties), on grids from nearly open to nearly solid, in chunks narrower and shorter than 64."""
import random

from maze32.world import WorldWorkspace
from maze32.world.regions import keep_regions, nearest_marked, nearest_in_runs
from maze32.world.tiles import AIR, STONE


def test_the_hub_read_from_the_runs_is_the_ring_searchs():
    rnd = random.Random(24)
    ws = WorldWorkspace()
    compared = far = 0
    for _ in range(400):
        ws.cw = rnd.choice((64, 63, 40))
        ws.ch = rnd.choice((64, 50))
        solid = rnd.choice((0.3, 0.55, 0.7, 0.9, 0.97))
        tiles = bytearray([STONE]) * 4096
        for y in range(ws.ch):
            for x in range(ws.cw):
                if rnd.random() >= solid:
                    tiles[(y << 6) | x] = AIR
        if keep_regions(ws, tiles, -1) < 0:
            continue
        px, py = rnd.randrange(ws.cw), rnd.randrange(ws.ch)
        hub = nearest_marked(ws, tiles, px, py, 2, 0, 0)
        assert nearest_in_runs(ws, px, py, 2) == hub
        compared += 1
        far += abs((hub & 63) - px) + abs((hub >> 6) - py) > 8
    assert compared > 300 and far > 20          # the far hubs, where the two searches differ most
