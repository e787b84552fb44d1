"""A cave pool (world/caves.py pour_pool): liquid fills the kept open tiles at and under its waterline
within its radius, and a pool that would touch one poured before is not poured at all, the tiles it
flooded given back to the kept region (marks 2) and their tiles left as they were."""
import random

from maze32.world import WorldWorkspace
from maze32.world.caves import pour_pool
from maze32.world.tiles import AIR, SOLID, STONE, WATER, LAVA


def cavity():
    # A chunk of stone with one open hall, rows 20..29 and columns 10..40, on a stone floor; its
    # tiles kept (marks 2), as keep_largest_region leaves them.
    ws = WorldWorkspace()
    ws.cw = ws.ch = 64
    tiles = bytearray([STONE]) * 4096
    for c in range(4096):
        ws.marks[c] = 0
    for y in range(20, 30):
        for x in range(10, 41):
            tiles[(y << 6) | x] = AIR
            ws.marks[(y << 6) | x] = 2
    return ws, tiles


def at(radius, *xy):
    # Places in chunk coordinates as pour_pool takes them: from the pool's inset corner.
    return bytes(v - radius - 1 for v in xy)


def test_a_pool_fills_under_its_waterline_within_its_radius():
    ws, tiles = cavity()
    filled = pour_pool(ws, tiles, at(6, 25, 20), 1, 6, WATER)    # lands on the floor at row 29; waterline 26
    wet = [c for c in range(4096) if tiles[c] == WATER]
    assert filled == len(wet) > 0
    assert all(26 <= c >> 6 <= 29 and ((c & 63) - 25) ** 2 + ((c >> 6) - 29) ** 2 <= 36 for c in wet)
    assert all(ws.marks[c] == 5 for c in wet)
    assert (29 << 6) | 19 in wet and (29 << 6) | 31 in wet      # 13 wide: a pool of radius 6


def test_a_pool_that_would_touch_another_is_not_poured_and_gives_its_tiles_back():
    ws, tiles = cavity()
    assert pour_pool(ws, tiles, at(4, 16, 20), 1, 4, LAVA) > 0           # the first pool, at the hall's west
    before_tiles = bytes(tiles)
    before_marks = bytes(ws.marks)
    assert pour_pool(ws, tiles, at(6, 25, 20), 1, 6, WATER) == 0          # its flood reaches the lava
    assert bytes(tiles) == before_tiles
    assert bytes(ws.marks) == before_marks
    assert pour_pool(ws, tiles, at(4, 34, 20), 1, 4, WATER) > 0           # one clear of it is poured


def test_a_pool_is_poured_at_the_first_of_its_places_that_holds_one():
    ws, tiles = cavity()
    pour_pool(ws, tiles, at(4, 16, 20), 1, 4, LAVA)
    alone_ws, alone = cavity()
    pour_pool(alone_ws, alone, at(4, 16, 20), 1, 4, LAVA)
    want = pour_pool(alone_ws, alone, at(4, 34, 20), 1, 4, WATER)
    # the first place's flood reaches the lava, the second pours, the third is never tried
    assert pour_pool(ws, tiles, at(4, 25, 20, 34, 20, 45, 20), 3, 4, WATER) == want > 0
    assert tiles == alone and ws.marks == alone_ws.marks
    assert pour_pool(ws, tiles, at(4, 25, 20, 30, 20), 2, 4, WATER) == 0    # none holds one
    assert tiles == alone and ws.marks == alone_ws.marks


def caverns(rnd):
    # A chunk of random open tiles (kept, marks 2, or not), with a few tiles of earlier pools.
    ws = WorldWorkspace()
    ws.cw = ws.ch = 64
    tiles = bytearray(4096)
    fill = rnd.choice((0.55, 0.7, 0.85))
    for c in range(4096):
        if rnd.random() < fill:
            tiles[c] = AIR
            ws.marks[c] = 5 if rnd.random() < 0.002 else 2
        else:
            tiles[c] = STONE
            ws.marks[c] = 0
    return ws, tiles


def flood_by_the_rule(ws, tiles, x, y, radius):
    # pour_pool's rule, tile by tile (a plain breadth-first flood of sets): the tiles it would pour.
    marks = ws.marks
    while y < ws.ch - 1 and not (marks[(y << 6) | x] == 2 and SOLID[tiles[((y + 1) << 6) | x]]):
        y += 1
    if y >= ws.ch - 1:
        return set()
    line = y - radius // 2
    seen = {(x, y)}
    todo = [(x, y)]
    while todo:
        cx, cy = todo.pop()
        for nx, ny in ((cx, cy - 1), (cx + 1, cy), (cx, cy + 1), (cx - 1, cy)):
            if not (0 <= nx < 64 and 0 <= ny < 64):
                continue
            if marks[(ny << 6) | nx] == 5:
                return set()                  # beside a pool poured before
            if ((nx, ny) not in seen and marks[(ny << 6) | nx] == 2 and ny >= line
                    and (nx - x) ** 2 + (ny - y) ** 2 <= radius * radius):
                seen.add((nx, ny))
                todo.append((nx, ny))
    xs = [cx for cx, _ in seen]
    return {(cy << 6) | cx for cx, cy in seen} if max(xs) - min(xs) >= 8 else set()


def test_pools_in_random_caverns_follow_the_rule():
    rnd = random.Random(24)
    poured = 0
    for _ in range(150):
        ws, tiles = caverns(rnd)
        radius = rnd.randrange(4, 11)
        places = [rnd.randrange(64 - 2 * radius - 2) for _ in range(2 * rnd.randrange(1, 4))]
        # the first place that floods a pool by the rule (a refused place gives its tiles back)
        want = set()
        for i in range(0, len(places), 2):
            want = want or flood_by_the_rule(ws, tiles, radius + 1 + places[i], radius + 1 + places[i + 1], radius)
        marks = bytes(ws.marks)
        before = bytes(tiles)
        filled = pour_pool(ws, tiles, bytes(places), len(places) // 2, radius, WATER)
        assert filled == len(want)
        assert {c for c in range(4096) if tiles[c] != before[c]} == want
        assert all(ws.marks[c] == (5 if c in want else marks[c]) for c in range(4096))
        poured += filled > 0
    assert poured >= 30                       # the caverns hold pools, not only refusals
