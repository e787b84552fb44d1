"""Worlds (SPEC 10, seed 004): the tile model and depth table, chunk by chunk equal to whole at every
depth, the rules of each kind, every check failing on a corrupted file by name, and bad input refused
on one line. Worlds are 250 x 250 here, as the SPEC asks of tests."""
import json
import random

import pytest

from host import worlds as hw
from host.cli import main
from maze32.rng import Rng
from maze32.world import KINDS, kind_for, generate_chunk, locate
from maze32.world.tiles import (MATERIALS, SOLID, LIQUID, HAZARD, CODES, CHUNK, AIR, STONE, STAIRS, WATER,
                                TRAP, ITEM, DOOR, ACID, FIRE, WOOD, SAND, WorldSpec, WorldWorkspace,
                                seed_stream, SALT_LAYOUT, side_error)
from maze32.world import check as world_check, dungeon as world_dungeon, surface as world_surface

SIZE = (250, 250)
# The quick tier builds one depth of each kind and strategy (surface, caves, BSP and accretion
# dungeons); the full run every depth.
QUICK = {(2, "bsp"), (5, "bsp"), (8, "bsp"), (8, "accretion")}
ALL_DEPTHS = [(d, "bsp") for d in range(1, 10)] + [(d, "accretion") for d in (7, 8, 9)]
DEPTHS = [(d, s) if (d, s) in QUICK else pytest.param(d, s, marks=pytest.mark.slow) for d, s in ALL_DEPTHS]
_BUILT = {}


def built(seed, depth, strategy="bsp"):
    key = (seed, depth, strategy)
    if key not in _BUILT:
        _BUILT[key] = hw.build(hw.spec_for(seed, depth, SIZE, strategy), seed)
    return _BUILT[key]


# -- the model ----------------------------------------------------------------------------------------
def test_materials_and_depth_table():
    names = [m[0] for m in MATERIALS]
    for needed in ("air", "grass", "dirt", "stone", "sand", "water", "lava", "acid", "wood", "door",
                   "trap", "stairs"):
        assert needed in names
    assert len(set(CODES)) == len(CODES) == len(MATERIALS)
    for i, (name, code, solid, liquid, hazard) in enumerate(MATERIALS):
        assert (SOLID[i], LIQUID[i], HAZARD[i]) == (solid, liquid, hazard)
        assert not (solid and liquid)
    assert SOLID[200] == 1                      # unknown codes are never walked into
    assert [kind_for(d).name for d in range(1, 12)] == ["surface"] * 3 + ["caves"] * 3 + ["dungeon"] * 5
    assert [(k.first, k.last) for k in KINDS] == [(1, 3), (4, 6), (7, 255)]


def test_every_kind_module_supplies_what_the_facade_asks():
    # The kind table's modules, each strategy's: the stages and what hosts ask (tiles.KINDS' contract).
    for kind in KINDS:
        for strategy in range(len(kind.modules)):
            module = kind.module(strategy)
            for name in ("shape", "settle", "finish", "locate", "chunk_rooms", "region_rooms"):
                assert callable(getattr(module, name, None)), (kind.name, strategy, name)


def test_a_chunk_does_not_depend_on_what_its_buffer_held():
    # generate_chunk leaves the stone fill to shape (every kind's writes the whole window): a buffer
    # of leftovers gives the same chunk as a fresh one, full and narrow chunks alike.
    for depth, strategy in ((1, 0), (2, 0), (5, 0), (8, 0), (8, 1)):
        spec = WorldSpec(3, 9, depth, 250, 250, strategy)
        for cx, cy in ((0, 0), (1, 1), (3, 3), (2, 0)):
            fresh = bytearray(CHUNK * CHUNK)
            generate_chunk(WorldWorkspace(), spec, cx, cy, fresh)
            dirty = bytearray(b"\xee" * (CHUNK * CHUNK))
            generate_chunk(WorldWorkspace(), spec, cx, cy, dirty)
            assert dirty == fresh, (depth, strategy, cx, cy)


def test_kinds_share_primitives_and_never_import_each_other():
    # Hauberk's architectures: a kind touches tiles through the shared modules (fields, regions,
    # tunnels, tiles), never through another kind's module.
    import ast
    from pathlib import Path
    folder = Path(KINDS[0].module(0).__file__).parent
    kinds = {name for kind in KINDS for name in kind.modules}
    for name in kinds:
        tree = ast.parse((folder / (name + ".py")).read_text())
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert not {"maze32.world." + other for other in kinds} & imported, name
        assert "maze32.world.fields" in imported or "maze32.world.regions" in imported, name


def test_private_constants_of_kernels_match_the_model():
    # Kernels spell materials as module constants (viper needs them there: `_STONE = const(3)`); every
    # one in the package must agree with the material table.
    import re
    from pathlib import Path
    names = dict((m[0].upper(), i) for i, m in enumerate(MATERIALS))
    found = []
    for path in Path(KINDS[0].module(0).__file__).parent.glob("*.py"):
        for name, value in re.findall(r"^_([A-Z]+) = const\((\d+)\)", path.read_text(), re.M):
            if name in names:
                found.append((path.name, name, int(value), names[name]))
    assert len(found) >= 4
    assert [f for f in found if f[2] != f[3]] == []
    from maze32.world import bsp
    assert world_dungeon._NO_ROOM == bsp.NO_ROOM


def test_sizes_and_depths_are_checked_up_front():
    assert side_error("width", 250) is None and side_error("width", 2048) is None
    assert "64..2048" in side_error("width", 63) and "64..2048" in side_error("height", 2049)
    assert "last chunk" in side_error("width", 65)
    for bad in ((0, 7, 0, 250, 250), (0, 7, 256, 250, 250), (0, 7, 1, 250, 10), (0, 70000, 1, 250, 250)):
        with pytest.raises(ValueError):
            WorldSpec(*bad)


# -- chunk by chunk equals whole ---------------------------------------------------------------------------
def chunks_in_order(spec, order, ws=None):
    ws = ws or WorldWorkspace()
    out = bytearray(spec.width * spec.height)
    tiles = bytearray(CHUNK * CHUNK)
    for cx, cy in order:
        generate_chunk(ws, spec, cx, cy, tiles)
        for y in range(ws.ch):
            row = (ws.y0 + y) * spec.width + ws.x0
            out[row:row + ws.cw] = tiles[y * CHUNK:y * CHUNK + ws.cw]
    return out


@pytest.mark.parametrize("depth,strategy", DEPTHS)
def test_chunk_by_chunk_equals_whole(depth, strategy):
    seed = 1000 + depth
    spec = hw.spec_for(seed, depth, SIZE, strategy)
    whole = built(seed, depth, strategy)
    order = [(cx, cy) for cy in range(spec.rows) for cx in range(spec.cols)]
    random.Random(depth).shuffle(order)
    shared = WorldWorkspace()
    generate_chunk(shared, hw.spec_for(seed + 1, 8, SIZE), 1, 1, bytearray(CHUNK * CHUNK))  # stale state
    assert chunks_in_order(spec, order, shared) == whole.tiles
    # A region that starts and ends mid-chunk, built by chunks, is the whole world's slice.
    x, y, w, h = 37, 51, 150, 121
    part = hw.build(spec, seed, (x, y, w, h))
    assert part.tiles == b"".join(whole.tiles[(y + j) * 250 + x:(y + j) * 250 + x + w] for j in range(h))
    assert (part.spawn, part.stairs) == (whole.spawn, whole.stairs)
    assert part.rooms == [r for r in whole.rooms if x <= r[0] and y <= r[1] and r[0] + r[2] <= x + w
                          and r[1] + r[3] <= y + h]


def test_chunks_of_the_world_in_play_do_not_depend_on_their_company():
    # Chunks of a 2048 x 2048 world, each generated by a fresh workspace and by one that made others.
    spec = WorldSpec(0, 7, 4, 2048, 2048)
    a, b = bytearray(CHUNK * CHUNK), bytearray(CHUNK * CHUNK)
    ws = WorldWorkspace()
    for cx, cy in ((0, 0), (31, 31), (17, 3), (5, 30)):
        generate_chunk(ws, spec, cx, cy, a)
        generate_chunk(WorldWorkspace(), spec, cx, cy, b)
        assert a == b


# -- every world keeps the rules ------------------------------------------------------------------------
@pytest.mark.parametrize("depth,strategy", DEPTHS)
def test_worlds_pass_every_check(depth, strategy):
    for seed in (0, 1, 2**32 - 1):
        region = built(seed, depth, strategy) if seed != 2**32 - 1 else hw.build(
            hw.spec_for(seed, depth, SIZE, strategy), seed)
        assert region.check_mask() == 0, (seed, world_check.check_names(region.check_mask()))
        assert region.tiles.count(STAIRS) == 1
        assert region.at(*region.stairs) == STAIRS and not SOLID[region.at(*region.spawn)]


def test_worlds_differ_by_depth_and_seed():
    digests = {built(s, d).digest() for s in (0, 1) for d in range(1, 10)}
    assert len(digests) == 18
    assert built(0, 8).digest() != built(0, 8, "accretion").digest()
    # Strategy only matters in dungeons.
    assert hw.build(hw.spec_for(0, 3, SIZE, "accretion"), 0).digest() == built(0, 3).digest()


def test_surface_rules():
    for depth in (1, 2, 3):
        region = built(0, depth)
        spec = region.spec
        heights = [world_surface.height_at(spec, x) for x in range(250)]
        assert 4 <= spec.terrain[6] <= 8 and max(heights) - min(heights) <= spec.terrain[6]
        top = 1 if depth == 1 else 2                                      # grass, then dirt
        for x in range(1, 249):
            h = heights[x]
            column = [region.at(x, y) for y in range(250)]
            assert column[0] == STONE and column[249] == STONE
            # The ground under features: the top tile, 8 of dirt (cut only by pools, tunnels and sand).
            assert all(t in (top, SAND, WATER, AIR) for t in column[h:h + 1])
            assert all(t in (2, SAND, WATER, AIR) for t in column[h + 1:h + 9])
        ws = WorldWorkspace(250, 250)
        world_surface.draw_features(ws, spec, 0)
        kinds = [ws.feat_kind[k] for k in range(ws.feat_count)]
        pools = [k for k in range(ws.feat_count) if ws.feat_kind[k] in (1, 2)]
        assert len(pools) <= 2 + depth // 2 and all(4 <= ws.feat_a[k] <= 10 for k in pools)
        assert 1 <= kinds.count(world_surface.DUNE) <= 3 or kinds.count(world_surface.DUNE) == 0
        assert kinds.count(world_surface.WALL) <= 3 and kinds.count(world_surface.TREE) <= 7
        assert region.tiles.count(WOOD) > 0


def test_feature_counts_over_seeds():
    # Seed 004's counts for a 250 x 250 world: drawn pools 2 + depth // 2, dunes and walls 1..3,
    # trees 3..7, minus the few that found no room.
    ws = WorldWorkspace(250, 250)
    trees, walls = [], []
    for seed in range(40):
        spec = hw.spec_for(seed, 1, SIZE)
        ws.feat_spec = None
        world_surface.draw_features(ws, spec, 0)
        kinds = [ws.feat_kind[k] for k in range(ws.feat_count)]
        trees.append(kinds.count(world_surface.TREE))
        walls.append(kinds.count(world_surface.WALL))
        assert kinds.count(1) + kinds.count(2) <= 2
    assert max(trees) <= 7 and min(trees) >= 2 and sum(trees) / len(trees) > 3.5
    assert max(walls) <= 3 and min(walls) >= 1


def test_caves_rules():
    for depth in (4, 5, 6):
        region = built(1, depth)
        spec = region.spec
        liquids = sum(region.tiles.count(m) for m in (5, 6, 7))
        assert liquids > 0
        metrics = hw.metrics(region)
        assert 0.6 < metrics["open_fraction"] < 0.85
        assert metrics["spawn_to_stairs"] is not None
        assert (spec.spawn_cx, spec.spawn_cy) != (spec.stairs_cx, spec.stairs_cy)


def test_dungeon_rules():
    for strategy in ("bsp", "accretion"):
        region = built(2, 8, strategy)
        assert len(region.rooms) > 20
        for x, y, w, h in region.rooms:
            assert w >= 5 and h >= 3
            if strategy == "bsp":
                assert w <= 12 and h <= 8
            assert all(not SOLID[region.at(x + i, y + j)] for i in range(w) for j in range(h))
        for material in (DOOR, ITEM):
            assert region.tiles.count(material) > 0, (strategy, material)
        assert region.tiles.count(TRAP) + region.tiles.count(FIRE) > 0, strategy
    # BSP: 1-2 trap rooms and 2-3 item rooms in the region (the world: one region); every corridor
    # leaves its rooms on the lattice of 3 (bsp.on_lattice), so no two run beside each other.
    from maze32.world.bsp import on_lattice, NO_ROOM
    ws = WorldWorkspace()
    for seed in range(10):
        spec = hw.spec_for(seed, 7, SIZE)
        world_dungeon.plan_region(ws, spec, 0, 0)
        assert 1 <= ws.trap_count <= 2 and 2 <= ws.item_count <= 3
        assert ws.spawn_room >= 0 and ws.stairs_room >= 0
    for spec, (rx, ry) in [(hw.spec_for(seed, 8, SIZE), (0, 0)) for seed in range(5)] + [
            (hw.spec_for(seed, 8, (2048, 2048)), (1, 1)) for seed in range(5)]:
        world_dungeon.plan_region(ws, spec, rx, ry)
        for k in range(ws.room_count):
            assert ws.room_lx[k] == on_lattice(ws.room_x[k], ws.room_w[k])
            assert ws.room_ly[k] == on_lattice(ws.room_y[k], ws.room_h[k])
        for k in range(ws.cor_count):
            a, b = ws.cor_a[k], ws.cor_b[k]
            assert (ws.cor_ax[k], ws.cor_ay[k]) == (ws.room_lx[a], ws.room_ly[a])
            if b != NO_ROOM:
                assert (ws.cor_bx[k], ws.cor_by[k]) == (ws.room_lx[b], ws.room_ly[b])
            elif ws.cor_bend[k]:                # a doorway on a side edge: the leg across at its row
                assert ws.cor_by[k] % 3 == 0
            else:                               # on a top or bottom edge: the leg down at its column
                assert ws.cor_bx[k] % 3 == 0
        assert all(v % 3 == 0 for v in list(ws.room_lx[:ws.room_count]) + list(ws.room_ly[:ws.room_count]))


def snapped(lo, n, size, least):
    # maze32-world/7: a room's side on the corridors' lattice of 3, found by trying every place: the
    # size 2 mod 3 nearest the drawn one (at least `least`), then, while none fits, 3 less; of the
    # places on a multiple of 3 with room and rim inside the leaf lo..lo + n - 1, the nearest the
    # centred one (the lower on ties).
    size = max(least, min((s for s in range(2, 15, 3)), key=lambda s: (abs(s - size), -s)))
    while True:
        centred = lo + (n - size) // 2
        fits = [p for p in range(lo + 1, lo + n - size) if p % 3 == 0]
        if fits or size <= least:
            break
        size -= 3
    return min(fits, key=lambda p: (abs(p - centred), p)), size


def independent_bsp(spec, rx, ry):
    # The same partition written recursively, as seed 004 sketches it (bsp_split), from the same draws.
    rng = Rng()
    seed_stream(spec, rng, rx, ry, SALT_LAYOUT)
    w, h = spec.region_width(rx), spec.region_height(ry)
    rooms = []
    flip = rng.below(2)

    def split(x, y, nw, nh, parent_across):
        # Seed 004: splits alternate H/V; a node cuts across after a parent that cut down (or could
        # only cut across), and down after one that cut across, wherever both fit.
        across_ok, down_ok = nw >= 30, nh >= 20
        if across_ok and (not parent_across or not down_ok):
            cut = 15 + rng.below(nw - 30 + 1)
            a = split(x, y, cut, nh, True)
            b = split(x + cut, y, nw - cut, nh, True)
        elif down_ok:
            cut = 10 + rng.below(nh - 20 + 1)
            a = split(x, y, nw, cut, False)
            b = split(x, y + cut, nw, nh - cut, False)
        else:
            rw = 5 + rng.below(min(12, nw - 2) - 4)
            rh = 3 + rng.below(min(8, nh - 2) - 2)
            rx, rw = snapped(x, nw, rw, 5)
            ry, rh = snapped(y, nh, rh, 5)
            rooms.append((rx, ry, rw, rh, (x, y, nw, nh)))
            return len(rooms) - 1
        keep_first = rng.below(2) == 0
        rng.below(2)                       # the corridor's first leg
        return a if keep_first else b
    split(1, 1, w - 2, h - 2, flip == 1)
    return rooms


def test_bsp_matches_an_independent_recursive_partition():
    ws = WorldWorkspace()
    # Whole regions, and the last ones of 272 x 272, 16 tiles wide or high (a root of 14: rooms 11
    # wide do not fit it snapped).
    for seed, size, (rx, ry) in [(seed, SIZE, (0, 0)) for seed in range(6)] + [
            (seed, (272, 272), (rx, ry)) for seed in range(6) for rx, ry in ((1, 0), (0, 1), (1, 1))]:
        spec = hw.spec_for(seed, 9, size)
        mine = []
        world_dungeon.region_rooms(ws, spec, rx, ry, mine)
        theirs = independent_bsp(spec, rx, ry)
        assert [(x - (rx << 8), y - (ry << 8), w, h) for x, y, w, h in mine] == [r[:4] for r in theirs]
        for x, y, w, h, (lx, ly, lw, lh) in theirs:
            # Leaves of at least 15 x 10 (but a region's root); each room 2 smaller than its leaf or
            # more, room and rim inside it, within a tile of centred, its rim on the lattice's
            # separator lines (2 mod 3).
            assert (lw >= 15 and lh >= 10 or size != SIZE) and w <= lw - 2 and h <= lh - 2
            assert lx < x and x + w < lx + lw and ly < y and y + h < ly + lh
            assert abs(x - lx - (lw - w) // 2) <= 1 and abs(y - ly - (lh - h) // 2) <= 1
            assert (x - 1) % 3 == (x + w) % 3 == (y - 1) % 3 == (y + h) % 3 == 2


# The networkx judges see one world in the quick tier (a cave; a BSP dungeon), one of each kind in the full run.
@pytest.mark.parametrize("worlds", [((3, 5),), pytest.param(((3, 1), (3, 5), (3, 9)), marks=pytest.mark.slow)],
                         ids=["one", "each-kind"])
def test_connectivity_against_networkx(worlds):
    # An independent judge of `connected` and of the metrics' largest region.
    nx = pytest.importorskip("networkx")
    for seed, depth in worlds:
        region = built(seed, depth)
        g = nx.Graph()
        for y in range(250):
            for x in range(250):
                if not SOLID[region.at(x, y)]:
                    g.add_node((x, y))
                    if x and not SOLID[region.at(x - 1, y)]:
                        g.add_edge((x, y), (x - 1, y))
                    if y and not SOLID[region.at(x, y - 1)]:
                        g.add_edge((x, y), (x, y - 1))
        parts = list(nx.connected_components(g))
        assert len(parts) == 1 and tuple(region.spawn) in parts[0] and tuple(region.stairs) in parts[0]
        route = nx.shortest_path_length(g, tuple(region.spawn), tuple(region.stairs))
        assert hw.metrics(region)["spawn_to_stairs"] == route


@pytest.mark.parametrize("worlds", [((4, 8),), pytest.param(((2, 7), (4, 8), (6, 9)), marks=pytest.mark.slow)],
                         ids=["one", "three"])
def test_stairs_room_levels_are_routes_against_networkx(worlds):
    # stairs_routes.route_levels (searched over the BSP plan, before any tile is drawn) gives each room
    # the length of the shortest route from the spawn to its nearest tile in the world as drawn, and
    # the stairs stand in the farthest of them; the straight line it replaced picks that room in 4%
    # of worlds.
    nx = pytest.importorskip("networkx")
    from maze32.world import bsp, stairs_routes
    ws = WorldWorkspace()
    straight = 0
    for seed, depth in worlds:
        region = built(seed, depth)
        g = nx.grid_2d_graph(250, 250)
        g.remove_nodes_from([(x, y) for x in range(250) for y in range(250) if SOLID[region.at(x, y)]])
        route = nx.single_source_shortest_path_length(g, tuple(region.spawn))
        spec = hw.spec_for(seed, depth, SIZE)
        bsp.plan_region(ws, spec, 0, 0)
        assert stairs_routes.route_levels(ws, 250, 250, *region.spawn)
        levels = [ws.stack[k] for k in range(ws.room_count)]
        assert levels == [min(route[(x + i, y + j)] for i in range(w) for j in range(h))
                          for x, y, w, h in region.rooms]
        assert levels[ws.stairs_room] == max(levels)
        straight += ws.stairs_room == bsp.rank_room(ws, *region.spawn, 1, 0x7FFF, -1)
    assert straight < 2


def test_route_rooms_gives_the_tile_search_levels():
    # world/route_rooms.py crosses a room through its rim instead of walking its tiles: every room gets
    # the level the same search gives it walking the rooms' tiles too, in 128 x 128 worlds (Explore's)
    # at every dungeon depth (a tile's rooms found by the boxes in the plane's right half; the cells'
    # masks of wider regions are judged at 250 x 250 above); with a schedule too small to hold its rims
    # it hands the search over, and route_levels still gives those levels.
    from array import array
    from maze32.world import bsp, route_rooms, stairs_routes as sr

    def search(ws, closed):
        route_rooms.rooms_route[:] = [ws, (1 - closed) | 2]
        sr._route[:] = [ws, 128, 128, closed]
        sr._index_rooms(ws, 128, 128, closed)
        sr._open_plan(ws.queue, 0)
        return route_rooms.search_rooms(ws.queue, spawn)

    for seed in range(12):
        spec = WorldSpec(seed, 7, 7 + seed % 3, 128, 128, 0)
        ws = WorldWorkspace()
        bsp.plan_region(ws, spec, 0, 0)
        k = ws.spawn_room
        spawn = ((ws.room_y[k] + ws.room_h[k] - 1) << 8) | (ws.room_x[k] + (ws.room_w[k] >> 1))
        assert search(ws, 0) == 1
        tiles = list(ws.stack[:ws.room_count])
        assert tiles[k] == 0 and 0xFFFF not in tiles
        for schedule, found in ((ws.ca_a, 1), (array("i", [0] * 2), 0)):
            ws.ca_a = schedule
            assert search(ws, 1) == found
            assert sr.route_levels(ws, 128, 128, spawn & 255, spawn >> 8)
            assert list(ws.stack[:ws.room_count]) == tiles


def test_a_bsp_chunk_is_the_same_whatever_the_workspace_planned_before():
    # A region's plan is drawn from its own stream alone: the trap rooms drawn in seed 2's region
    # (1, 1) at depth 8 once turned down the rooms the last plan had stocked (bsp's item count was
    # the last plan's until its items were drawn), so a chunk of it differed after another world's.
    def chunk(ws, seed, cx, cy):
        tiles = bytearray(CHUNK * CHUNK)
        generate_chunk(ws, WorldSpec(0, seed, 8, 2048, 2048, 0), cx, cy, tiles)
        return tiles

    fresh = chunk(WorldWorkspace(), 2, 6, 5)
    ws = WorldWorkspace()
    chunk(ws, 1, 4, 4)
    assert chunk(ws, 2, 6, 5) == fresh


def test_locate_agrees_with_the_built_world():
    for depth, strategy in ALL_DEPTHS:
        region = built(1000 + depth, depth, strategy)
        spec = region.spec
        sx, sy, tx, ty = locate(WorldWorkspace(), spec, bytearray(CHUNK * CHUNK))
        assert ((sx, sy), (tx, ty)) == (region.spawn, region.stairs)


# -- files: every check can fail -----------------------------------------------------------------------
@pytest.fixture(scope="module")
def valid_world(tmp_path_factory):
    path = tmp_path_factory.mktemp("w") / "world.json"
    assert main(["world", "export", "--seed", "5", "--depth", "8", "--size", "250x250",
                 "-o", str(path)]) == 0
    return json.loads(path.read_text())


def run_check(tmp_path, doc, capsys):
    path = tmp_path / "world.json"
    path.write_text(json.dumps(doc))
    code = main(["world", "check", str(path), "--json"])
    return code, json.loads(capsys.readouterr().out)["failed"]


def set_tile(doc, x, y, code):
    row = doc["tiles"][y]
    doc["tiles"][y] = row[:x] + code + row[x + 1:]


def find(doc, pred):
    for y, row in enumerate(doc["tiles"]):
        for x, ch in enumerate(row):
            if pred(x, y, ch):
                return x, y
    raise AssertionError("no such tile")


def buried(doc):
    # A stone tile with stone all round it, away from the border.
    t = doc["tiles"]
    return find(doc, lambda x, y, ch: 2 <= x < 247 and 2 <= y < 247 and all(
        t[y + j][x + i] == "#" for i in (-1, 0, 1) for j in (-1, 0, 1)))


def corrupt(name, doc):
    if name == "dimensions":
        doc["size"] = [200, 250]                 # the extent no longer fits the world
    elif name == "border":
        set_tile(doc, 0, 120, "d")
    elif name == "materials":
        doc["materials"][5]["solid"] = True      # water claimed solid: not this format's table
    elif name == "spawn":
        x, y = buried(doc)
        doc["spawn"] = [x, y]
    elif name == "stairs":
        x, y = doc["spawn"]
        set_tile(doc, x, y, ">")                 # a second stairs tile
    elif name == "connected":
        x, y = buried(doc)
        set_tile(doc, x, y, "w")                 # a pocket of water sealed in stone
    elif name == "rooms":
        x, y, w, h = next(r for r in doc["rooms"] if r[2] >= 5 and r[3] >= 5)
        set_tile(doc, x + w // 2, y + h // 2, "#")   # stone amid a room listed as open
    elif name == "hash":
        x, y = buried(doc)
        set_tile(doc, x, y, "d")                 # dirt for stone deep in the rock: every rule still holds
    elif name == "grounded":
        x, y = doc["stairs"]
        set_tile(doc, x, y + 1, "w")             # water under the stairs: open, and no passage
    elif name == "doors":
        x, y = find(doc, lambda x, y, ch: ch == "+")
        set_tile(doc, x, y, ".")                 # an opening with no door
    elif name == "corridors":
        x, y = passage_run(doc)
        set_tile(doc, x, y, "#")                 # a 2-wide corridor pinched to 1 (still passable)
    elif name == "door_runs":
        x, y = door_pair(doc)
        set_tile(doc, x + 2, y, "+")             # a third door beside a corridor's two: a strip along the wall
    elif name == "stocked":
        for y, row in enumerate(doc["tiles"]):   # no items left
            doc["tiles"][y] = row.replace("*", ".")
    elif name == "lids":
        x, y = find(doc, lambda x, y, ch: ch == "a")
        set_tile(doc, x, y, "#")                 # a lid with no acid under it
    elif name == "farthest":
        x, y = doc["stairs"]
        set_tile(doc, x, y, ".")
        x, y = doc["spawn"]
        x = next(i for i in range(x + 1, x + 6)
                 if doc["tiles"][y][i] == "." and doc["tiles"][y + 1][i] == "#")
        set_tile(doc, x, y, ">")                 # the stairs moved into the spawn's own room, beside it
        doc["stairs"] = [x, y]
    elif name == "pools":
        doc.update(caves_world())
        x, y = find(doc, lambda x, y, ch: ch == "." and doc["tiles"][y + 1][x] == "#" and all(
            doc["tiles"][y + j][x + i] not in "wla" for i in (-1, 0, 1) for j in (-1, 0, 1)))
        set_tile(doc, x, y, "w")                 # a pool of one tile: radius 0, and one too many


def door_pair(doc):
    # The first of two doors side by side on a room's top rim (a corridor 2 wide meeting it from above)
    # with stone after them still on that rim: a door there is open onto the room's top row (so the
    # corridors stay 2 wide) and keeps every other check.
    t = doc["tiles"]
    for rx, ry, w, h in doc["rooms"]:
        y = ry - 1
        for x in range(rx, rx + w - 2):
            if t[y][x] == t[y][x + 1] == "+" and t[y][x + 2] == "#" and t[y - 1][x + 2] == "#":
                return x, y
    raise AssertionError("no pair of doors on a top rim")


def passage_run(doc):
    # A tile of a corridor 2 tall running across, stone above and below it, away from every room.
    t = doc["tiles"]
    near_room = set()
    for x, y, w, h in doc["rooms"]:
        near_room.update((i, j) for i in range(x - 3, x + w + 3) for j in range(y - 3, y + h + 3))
    return find(doc, lambda x, y, ch: 3 <= x < 246 and 2 <= y < 246 and (x, y) not in near_room and all(
        t[y][x + i] == "." and t[y + 1][x + i] == "." and t[y - 1][x + i] == "#" and t[y + 2][x + i] == "#"
        for i in (-2, -1, 0, 1, 2)))


_CAVES = {}


def caves_world():
    # The document of a valid caves world (depth 5): the pools' corruption needs one.
    if not _CAVES:
        region = hw.build(hw.spec_for(5, 5, SIZE), 5)
        assert region.check_mask() == 0
        _CAVES.update(hw.document(region))
    return json.loads(json.dumps(_CAVES))


def test_the_exported_world_passes(tmp_path, valid_world, capsys):
    assert run_check(tmp_path, valid_world, capsys) == (0, [])


@pytest.mark.parametrize("name", world_check.WORLD_CHECKS)
def test_every_check_rejects_its_corruption_by_name(name, tmp_path, valid_world, capsys):
    doc = json.loads(json.dumps(valid_world))
    corrupt(name, doc)
    code, failed = run_check(tmp_path, doc, capsys)
    assert code == 1 and name in failed, failed
    if name not in ("spawn", "dimensions"):
        assert failed == [name] or (name != "hash" and "hash" in failed and len(failed) == 2), failed


def test_rooms_above_depth_7_and_stairs_outside_the_world(tmp_path, capsys):
    path = tmp_path / "s.json"
    assert main(["world", "export", "--seed", "5", "--depth", "2", "--size", "250x250", "-o", str(path)]) == 0
    capsys.readouterr()
    doc = json.loads(path.read_text())
    doc["rooms"] = [[10, 40, 5, 3]]
    assert "rooms" in run_check(tmp_path, doc, capsys)[1]
    doc = json.loads(path.read_text())
    doc["stairs"] = [300, 10]
    assert "stairs" in run_check(tmp_path, doc, capsys)[1]


def test_a_region_file_checks_on_its_own(tmp_path, capsys):
    path = tmp_path / "r.json"
    assert main(["world", "export", "--seed", "5", "--depth", "4", "--size", "250x250",
                 "--region", "30,40,100,90", "-o", str(path)]) == 0
    capsys.readouterr()
    doc = json.loads(path.read_text())
    assert doc["origin"] == [30, 40] and doc["extent"] == [100, 90] and len(doc["tiles"]) == 90
    assert run_check(tmp_path, doc, capsys) == (0, [])


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d.__setitem__("size", "250x250"), "size: must be a list of two integers"),
    (lambda d: d["tiles"].pop(), "tiles: 249 rows for an extent 250 high"),
    (lambda d: d["tiles"].__setitem__(3, d["tiles"][3][:-1]), "tiles: row 3 has 249 tiles"),
    (lambda d: set_tile(d, 5, 5, "Z"), "is no material's code"),
    (lambda d: d.__setitem__("format", "maze32/1"), "format: expected"),
    (lambda d: d.__setitem__("rooms", [[1, 2, 3]]), "rooms: each must be"),
    (lambda d: d.__setitem__("seed", -4), "seed: -4 is outside"),
])
def test_malformed_files_are_one_line_errors(tmp_path, valid_world, capsys, mutate, message):
    doc = json.loads(json.dumps(valid_world))
    mutate(doc)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    assert main(["world", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


@pytest.mark.parametrize("argv,message", [
    (["world", "validate", "--seed", "-1", "--depth", "1"], "seed"),
    (["world", "validate", "--seed", "4294967296", "--depth", "1"], "seed"),
    (["world", "validate", "--seed", "1", "--depth", "0"], "depth: must be 1..255, got 0"),
    (["world", "validate", "--seed", "1", "--depth", "256"], "depth: must be 1..255, got 256"),
    (["world", "validate", "--seed", "1", "--depth", "1", "--size", "32x250"], "width: must be 64..2048"),
    (["world", "validate", "--seed", "1", "--depth", "1", "--size", "250x65"], "last chunk only 1 wide"),
    (["world", "export", "--seed", "1", "--depth", "1", "--size", "250x250", "--region", "200,0,64,64",
      "-o", "x.json"], "region: 200,0,64,64 reaches beyond the world (250 x 250)"),
    (["world", "export", "--seed", "1", "--depth", "1", "--region", "1,2,3", "-o", "x.json"], "region:"),
    (["world", "render", "--seed", "1", "--depth", "1", "--strategy", "maze"], "strategy"),
    (["world", "sweep", "--seeds", "0..3", "--depth", "3..1"], "depth"),
    (["world", "check", "no-such-world.json"], "no-such-world.json: no such file"),
])
def test_bad_input_is_one_line_and_exit_2(argv, message, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, err
    assert list(tmp_path.iterdir()) == []           # nothing written, not even half


def test_validate_json_and_exit_status(capsys):
    assert main(["world", "validate", "--seed", "3", "--depth", "6", "--size", "250x250", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["valid"] and all(doc["checks"].values()) and doc["kind"] == "caves"
    assert len(doc["hash"]) == 64
    for key in ("open_fraction", "largest_region_share", "rooms", "pools", "spawn_to_stairs"):
        assert key in doc["metrics"]
