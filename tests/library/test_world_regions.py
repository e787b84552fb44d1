"""A chunk's kept region (world/regions.py), on grids from nearly open to nearly solid, in chunks
narrower and shorter than 64: keep_regions keeps what a plain flood says is the largest region (the
first in row order on ties, beside a sky's), and nearest_in_runs, which reads the runs keep_regions
leaves, finds the hub the ring search nearest_marked finds (nearest to the point, first in row order on
ties)."""
import random

from maze32.world import WorldWorkspace
from maze32.world.regions import keep_regions, nearest_marked, nearest_in_runs
from maze32.world.tiles import AIR, STONE


def random_chunk(rnd, ws):
    # A chunk of random air in stone, 64, 63 or 40 wide and 64 or 50 tall (its size on ws), from
    # nearly open to nearly solid.
    ws.cw = rnd.choice((64, 63, 40))
    ws.ch = rnd.choice((64, 50))
    solid = rnd.choice((0.3, 0.55, 0.7, 0.9, 0.97))
    tiles = bytearray([STONE]) * 4096
    for y in range(ws.ch):
        for x in range(ws.cw):
            if rnd.random() >= solid:
                tiles[(y << 6) | x] = AIR
    return tiles


def test_the_hub_read_from_the_runs_is_the_ring_searchs():
    rnd = random.Random(24)
    ws = WorldWorkspace()
    compared = far = 0
    for _ in range(400):
        tiles = random_chunk(rnd, ws)
        if keep_regions(ws, tiles, -1) < 0:
            continue
        px, py = rnd.randrange(ws.cw), rnd.randrange(ws.ch)
        hub = nearest_marked(ws, tiles, px, py, 2, 0, 0)
        assert nearest_in_runs(ws, px, py, 2) == hub
        compared += 1
        far += abs((hub & 63) - px) + abs((hub >> 6) - py) > 8
    assert compared > 300 and far > 20          # the far hubs, where the two searches differ most


def regions_by_flood(tiles, cw, ch):
    # The chunk's open regions (4-connected), each a list of tiles in row order, by a plain flood.
    seen = set()
    found = []
    for c in [(y << 6) | x for y in range(ch) for x in range(cw)]:
        if tiles[c] == AIR and c not in seen:
            seen.add(c)
            todo, region = [c], []
            while todo:
                t = todo.pop()
                region.append(t)
                x, y = t & 63, t >> 6
                for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
                    n = (ny << 6) | nx
                    if 0 <= nx < cw and 0 <= ny < ch and tiles[n] == AIR and n not in seen:
                        seen.add(n)
                        todo.append(n)
            found.append(sorted(region))
    return found


def test_the_largest_region_is_kept_the_first_in_row_order_on_ties():
    # keep_regions against a flood: the most tiles wins, a tie goes to the region whose first tile
    # comes first; with a sky, its region stays 2 and the largest other is 3; the rest is sealed.
    rnd = random.Random(5)
    ws = WorldWorkspace()
    ties = 0
    for trial in range(300):
        tiles = random_chunk(rnd, ws)
        sky_x = rnd.randrange(ws.cw) if trial % 3 == 0 else -1
        regions = regions_by_flood(tiles, ws.cw, ws.ch)
        sky = [r for r in regions if sky_x >= 0 and (1 << 6) | sky_x in r]
        others = [r for r in regions if r not in sky]
        most = max((len(r) for r in others), default=0)
        ties += sum(len(r) == most for r in others) > 1
        best = min((r for r in others if len(r) == most), key=lambda r: r[0], default=None)
        before = bytes(tiles)
        first = keep_regions(ws, tiles, sky_x)
        assert first == (best[0] if best else -1)
        for region in regions:
            mark = 2 if region in sky else ((3 if sky else 2) if region is best else 0)
            assert all(ws.marks[c] == mark for c in region)
            assert all(tiles[c] == (before[c] if mark else STONE) for c in region)
    assert ties > 50                           # ties are where the row order decides
