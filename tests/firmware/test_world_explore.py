"""Explore (SPEC 10's game): the world it shows is the world, walking, falling, climbing one step,
digging dirt and sand but not stone, water slowing, lava, acid and traps ending the run, items, stairs
a depth deeper; chunks made ahead of the player one a tick; digs kept when a chunk is made again; the
chunk cache; memory within 64 KiB on the 32-bit port; the same walk on the unix port."""

import os

import pytest

import runtimes
from host import worlds as hw
from maze32.world.tiles import (AIR, DIRT, STONE, SAND, WATER, LAVA, ACID, TRAP, STAIRS, ITEM, GRASS,
                                SOLID)

from maze32_game import explore, explore_buffers, games  # noqa: E402


def put(game, x, y, t):
    # Paint a tile of a resident chunk (a test's own scenery).
    game.tile(x, y)
    i = game.slot_of(x >> 6, y >> 6)
    game.slots[i][((y & 63) << 6) | (x & 63)] = t


def stage(game, rows, x0, y0):
    # rows of characters: '#' stone, 'd' dirt, 's' sand, 'w' water, 'l' lava, 'a' acid, '^' trap,
    # '>' stairs, '*' item, '.' air; the player is put at '@' (air).
    codes = {"#": STONE, "d": DIRT, "s": SAND, "w": WATER, "l": LAVA, "a": ACID, "^": TRAP, ">": STAIRS,
             "*": ITEM, ".": AIR, "@": AIR, "g": GRASS}
    for j, row in enumerate(rows):
        for i, ch in enumerate(row):
            put(game, x0 + i, y0 + j, codes[ch])
            if ch == "@":
                game.x, game.y = x0 + i, y0 + j


def moved(x, y):
    # Seed 7 at depth 4 (caves) in a world of 2048 x 2048 (a host's size: the game's are 128 x 128),
    # the player moved to (x, y) and the chunks around made.
    g = explore.Explore(7, 4, 2048, 2048)
    g.x, g.y = x, y
    g.want()
    while g.prefetch():
        pass
    return g


@pytest.fixture
def game():
    # The player in a quiet patch painted by each test.
    return moved(1300, 1040)


def test_the_world_shown_is_the_world():
    for depth in (1, 5, 8):
        g = explore.Explore(11, depth, 250, 250)
        region = hw.build(hw.spec_for(11, depth, (250, 250)), 11)
        assert (g.x, g.y) == region.spawn and not SOLID[g.tile(g.x, g.y)]
        for y in range(0, 250, 7):
            for x in range(0, 250, 3):
                assert g.tile(x, y) == region.at(x, y), (depth, x, y)
        assert g.tile(-1, 5) == STONE and g.tile(5, 250) == STONE


def test_walk_fall_climb_and_bump(game):
    stage(game, ["..........",
                 "..........",
                 ".@........",
                 "###..#.##.",
                 "######.###"], 1300, 1040)
    x, y = game.x, game.y
    assert game.tick("right") == explore.PLAYING and (game.x, game.y) == (x + 1, y)
    game.tick("right")                               # over the gap at x + 2: falls in
    assert (game.x, game.y) == (x + 2, y + 1)
    game.tick(None)                                  # solid below: stays
    assert (game.x, game.y) == (x + 2, y + 1)
    game.tick("right")                               # the next tile is open too
    assert (game.x, game.y) == (x + 3, y + 1)
    game.tick("right")                               # a one-step wall: climbs onto it
    assert (game.x, game.y) == (x + 4, y)
    stage(game, ["....#.",
                 "....#.",
                 "..@.#."], 1300, 1050)
    put(game, 1302, 1053, STONE)
    put(game, 1303, 1053, STONE)
    game.tick("right")
    before = (game.x, game.y)
    game.tick("right")                               # a wall two high: no way up
    assert (game.x, game.y) == before


def test_dig_dirt_and_sand_not_stone(game):
    stage(game, ["...d##....",
                 "..@d##....",
                 "##s####..."], 1300, 1040)
    x, y = game.x, game.y
    game.tick("right")                               # a wall of dirt: dug, the player stays
    assert game.tile(x + 1, y) == AIR and (game.x, game.y) == (x, y)
    game.tick("right")
    assert (game.x, game.y) == (x + 1, y)
    game.tick("right")                               # stone two high: no dig, no climb
    assert game.tile(x + 2, y) == STONE and (game.x, game.y) == (x + 1, y)
    stage(game, ["......",
                 "..@d..",
                 "######"], 1320, 1040)
    game.tick("right")                               # dirt one high: stepped up onto, not dug
    assert (game.x, game.y) == (1323, 1040) and game.tile(1323, 1041) == DIRT
    stage(game, ["...l..",
                 "..@d..",
                 "######"], 1330, 1040)
    game.tick("right")                               # a step with lava on it: dug, never climbed into
    assert (game.x, game.y) == (1332, 1041) and game.tile(1333, 1041) == AIR and game.state == explore.PLAYING
    stage(game, ["..@..",
                 "#####"], 1310, 1040)
    put(game, 1312, 1041, SAND)
    game.tick("down")                                # sand under the player: dug, then a fall
    assert game.tile(1312, 1041) == AIR and game.y == 1041
    put(game, 1312, 1042, STONE)
    game.tick("down")
    assert game.tile(1312, 1042) == STONE and game.y == 1041


def test_water_slows_and_hazards_end_the_run(game):
    stage(game, ["..........",
                 ".@wwwwwww.",
                 "##########"], 1300, 1040)
    ticks = 0
    while game.x < 1308 and ticks < 100:
        game.tick("right")
        ticks += 1
    assert ticks >= 12                               # 7 tiles of water at half speed, and more
    for hazard in (LAVA, ACID, TRAP):                # walked into: the run ends
        g = explore.Explore(7, 4, 2048, 2048)
        g.x, g.y = 1300, 1040
        stage(g, [".@..", "####"], 1300, 1040)
        put(g, 1302, 1040, hazard)
        assert g.tick("right") == explore.DEAD and g.tick("left") == explore.DEAD


def test_the_edge_holds_over_a_drop_into_a_hazard(game):
    # A step off an edge whose drop ends in lava, acid or a trap is refused (on land and in water);
    # one onto a drop that ends on the ground is taken.
    for hazard in (LAVA, ACID, TRAP):
        stage(game, [".@....",
                     "##.###",
                     "##.###",
                     "##.###"], 1300, 1040)
        put(game, 1302, 1043, hazard)
        game.tick("right")
        assert (game.x, game.y) == (1301, 1040) and game.refused
        put(game, 1302, 1043, STONE)
        game.tick("right")                           # the same drop onto stone: fallen down
        assert (game.x, game.y) == (1302, 1041)
        stage(game, ["#@ww",
                     "##ww",
                     "####",
                     "####"], 1310, 1040)
        put(game, 1313, 1042, hazard)
        put(game, 1312, 1041, STONE)
        game.clock |= 1
        game.tick("right")                           # into water, whose floor holds
        assert (game.x, game.y) == (1312, 1040)
        game.clock |= 1
        game.tick("right")                           # water over water over the hazard: held
        assert (game.x, game.y) == (1312, 1040) and game.state == explore.PLAYING


def test_items_and_stairs(game):
    stage(game, [".@*>.", "#####"], 1300, 1040)
    game.tick("right")
    assert game.items == 1 and game.tile(1302, 1041 - 1) == AIR
    assert game.tick("right") == explore.DEEPER and game.depth == 5
    assert not SOLID[game.tile(game.x, game.y)]


def test_round_frames_and_end_message():
    from maze32_game import explore_view
    rnd = explore_view.ExploreRound(3, 6)
    lines = rnd.view(80, 24)
    assert len(lines) == 24 and "depth 6 (caves)" in lines[-1]
    assert "terminal too small" in rnd.view(30, 10)[0]          # like every game's view
    assert all(len(l.replace("\x1b", "")) > 0 for l in lines)
    g = rnd.game
    stage(g, [".@l.", "####"], g.x - 1, g.y)
    assert rnd.tick("right") and "burnt by lava at depth 6" in rnd.message
    message, rows = rnd.summary()
    assert message == rnd.message and [label for label, _ in rows] == ["depth", "items", "time", "level code"]
    assert rows[0][1] == "6 reached (caves)" and rows[3][1].startswith("world %s " % g.code())


def test_the_help_text_is_held_only_while_a_cover_shows_it():
    # The rules and the legend (explore_help.py) load as the start screen or ? shows them and are let
    # go at once; the round keeps them until its next tick, so a round in play holds none of it (it
    # was 2.1 KB of a board's Explore heap). host/render_world.py still reads MEANINGS off the view.
    import sys
    from maze32_game import explore_view, term
    rnd = explore_view.ExploreRound(3, 1)
    cover = "\n".join(term.cover_lines(rnd, 80, 24, term.START))
    assert "The stairs: at most %d tiles away by route;" % explore.ROUTE_LIMIT in cover
    assert "status line points at them in a straight line, but the way there may wind." in cover
    assert "stone: too hard to dig" in cover
    assert "maze32_game.explore_help" not in sys.modules and rnd.helped is not None
    rnd.tick(None)
    assert rnd.helped is None
    assert explore_view.MEANINGS["lava"] == "lava: deadly" and "maze32_game.explore_help" in sys.modules


def glide(g, dx, dy, steps):
    # The player carried steps tiles along (dx, dy), one a tick, the tick's streaming after each (as
    # tick() does), the view read each tick as a frame reads it. -> chunks made each tick.
    made = []
    for _ in range(steps):
        before = g.generated
        g.x += dx
        g.y += dy
        g.clock += 1
        g.want()
        g.prefetch()
        for y in range(g.y - 10, g.y + 11):
            for x in range(g.x - 19, g.x + 20):
                g.tile(x, y)
        made.append(g.generated - before)
        assert sum(1 for k in g.keys if k >= 0) <= explore.SLOTS
    return made


def test_chunks_come_one_a_tick_and_digs_survive():
    g = explore.Explore(7, 4, 2048, 2048)
    assert g.generated <= 6
    g.x, g.y = 1000, 1000
    g.want()
    while g.prefetch():
        pass
    dug = (1001, 1000)
    put(g, dug[0], dug[1], DIRT)
    g.empty(*dug)
    made = glide(g, 1, 0, 300) + glide(g, 0, 1, 200) + glide(g, -1, -1, 150)
    assert max(made) <= 1 and sum(made) >= 8        # never two in a tick, never a wait
    assert g.slot_of(dug[0] >> 6, dug[1] >> 6) < 0  # the dug chunk has left...
    glide(g, -1, -1, 50)
    glide(g, -1, 0, 100)
    assert g.tile(*dug) == AIR                      # ... and was made again with the dig in it


def test_the_cache_serves_explore_and_a_full_one_is_dropped(tmp_path):
    from maze32.world.cache import ChunkCache, CacheError
    cache = ChunkCache(str(tmp_path))
    g = explore.Explore(9, 4, cache=cache)
    assert cache.misses == g.generated and list(tmp_path.rglob("*.chunk"))
    again = ChunkCache(str(tmp_path))
    g2 = explore.Explore(9, 4, cache=again)
    assert again.hits == g2.generated and again.misses == 0
    assert [g.tile(x, g.y) for x in range(g.x - 30, g.x + 30)] == [g2.tile(x, g2.y) for x in range(g.x - 30, g.x + 30)]

    class Full:
        def chunk(self, *args):
            raise CacheError("cache: no space left")
        read = make = chunk
    g3 = explore.Explore(9, 4, cache=Full())
    assert g3.cache is None and (g3.x, g3.y) == (g.x, g.y)


def test_a_cache_made_for_each_deal_serves_it_and_goes(tmp_path):
    # A board's Explore is handed a function making the chunk cache (explore_view.new_round on
    # MicroPython): made as each world is dealt, it serves that deal's chunks as a cache held through
    # the round would, and is let go once the world is whole (issue 24: a round walking a world holds
    # neither its index nor its code); a full one is dropped for the round, the maker with it.
    from maze32.world.cache import ChunkCache, CacheError
    made = []

    def make():
        made.append(ChunkCache(str(tmp_path)))
        return made[-1]
    g = explore.Explore(9, 4, cache=make)
    assert g.cache is None and len(made) == 1 and made[0].misses == g.generated > 0
    before = g.generated
    g.enter(5)
    assert g.cache is None and len(made) == 2 and made[1].misses == g.generated - before
    g2 = explore.Explore(9, 4, cache=make)
    assert len(made) == 3 and made[2].hits == g2.generated and made[2].misses == 0
    assert [g2.tile(x, g2.y) for x in range(g2.x - 30, g2.x + 30)] == \
        [explore.Explore(9, 4).tile(x, g2.y) for x in range(g2.x - 30, g2.x + 30)]

    class Full:
        def chunk(self, *args):
            raise CacheError("cache: no space left")
        read = make = chunk
    g3 = explore.Explore(9, 4, cache=lambda: Full())
    assert g3.cache is None and g3.chunk_cache is None and (g3.x, g3.y) == (g2.x, g2.y)


def test_an_accretion_stairs_chunk_is_never_made_alone_from_a_cache(tmp_path, monkeypatch):
    # Issue 19's chunk bound: made before the world's other chunks have kept their routes, an accretion
    # stairs' chunk digs them itself (accretion.plan_block: 2.8-2.9 M RV32 on the board, over 1.6 M).
    # A cache holding the other three chunks but not the stairs' (evicted, cut off, damaged) must not
    # lead there: the deal makes the others anew first. plan_block then begins only its own chunk.
    from maze32.world import accretion
    from maze32.world.cache import ChunkCache
    begun = []
    planning = []
    real_plan, real_begin = accretion.plan_block, accretion.begin_chunk

    def plan_block(ws, spec, tiles):
        planning.append(0)
        try:
            return real_plan(ws, spec, tiles)
        finally:
            planning.pop()

    def begin_chunk(ws, spec, cx, cy):
        if planning:
            begun.append((cx, cy))
        return real_begin(ws, spec, cx, cy)
    monkeypatch.setattr(accretion, "plan_block", plan_block)
    monkeypatch.setattr(accretion, "begin_chunk", begin_chunk)

    def dealt(cache):
        g = explore.Explore(3, 8)
        g.cache = cache                                # for this deal alone
        del begun[:]
        g.deal(8, 1)                                   # an odd candidate: accretion
        assert g.spec.strategy == 1 and g.spec.cols == g.spec.rows == 2
        return g, [bytes(g.slots[g.slot_of(c & 1, c >> 1)]) for c in range(4)]
    plain, tiles = dealt(None)
    stairs = (plain.spec.stairs_cx, plain.spec.stairs_cy)
    assert begun == [stairs]                           # made last: its own chunk only
    cache = ChunkCache(str(tmp_path))
    assert dealt(cache)[1] == tiles
    path = cache.path(plain.spec, *stairs)
    for damage in ("remove", "corrupt"):
        if damage == "remove":
            os.remove(path)
        else:
            with open(path, "r+b") as f:
                f.seek(200)
                f.write(b"\x7f")
        heard = []
        again = ChunkCache(str(tmp_path), report=heard.append)
        g, got = dealt(again)
        assert got == tiles and (g.x, g.y, g.stairs_x, g.stairs_y) == \
            (plain.x, plain.y, plain.stairs_x, plain.stairs_y)
        assert begun == [stairs], damage               # never the other three dug into it
        assert (len(heard) == 1 and "regenerated" in heard[0]) == (damage == "corrupt")
    whole = ChunkCache(str(tmp_path))
    assert dealt(whole)[1] == tiles and begun == []  # every entry sound now: all four read
    assert whole.misses == 0


def test_explore_memory_on_the_32_bit_port():
    out = runtimes.run("wasm", "world_explore.py", {"memory": True}, firmware=True)
    grown = int(out.split()[0])
    assert 0 < grown <= 64 * 1024, grown


def test_explore_from_the_menu_loads_no_other_game_on_the_32_bit_port():
    # games.py imports a game's modules only when it is chosen: neither Duel's nor Deeper's are
    # resident while Explore plays (console.py loaded them all). The terminal layer, the table,
    # Explore's view, its 55 KB world and one frame: 97 KB.
    grown, lines, others = runtimes.run("wasm", "world_explore.py", {"menu": True}, firmware=True).split()
    assert lines == "24" and others == "False"
    assert int(grown) < 128 * 1024, grown


# The webassembly port runs the bytecode flavour the unix port runs in the quick tier: only in the full run.
@pytest.mark.parametrize("runtime", ["unix", "unix-native", pytest.param("wasm", marks=pytest.mark.slow)])
def test_the_same_worlds_dealt_on_every_runtime(runtime):
    # The check (a viper kernel in the native flavour, plain bytecode in the other) and the candidates
    # it sends a world to: the same world's code, route, spawn and stairs everywhere.
    args = {"deal": [[s, d] for s in (3, 977, 60001) for d in (1, 5, 7, 8)]}
    mine = runtimes.run("cpython", "world_explore.py", args, firmware=True)
    assert mine == runtimes.run(runtime, "world_explore.py", args, firmware=True)
    assert len(mine.splitlines()) == 12 and any(line.split()[0][-2:] != "-0" for line in mine.splitlines())


@pytest.mark.parametrize("runtime", ["unix", "unix-native"])
def test_the_same_walk_on_the_unix_port(runtime):
    args = {"walk": [[7, 1], [3, 4], [5, 8]]}
    mine = runtimes.run("cpython", "world_explore.py", args, firmware=True)
    theirs = runtimes.run(runtime, "world_explore.py", args, firmware=True)
    assert mine == theirs and len(mine.splitlines()) == 3


def test_restart_goes_back_to_the_spawn_keeping_what_was_dug(game):
    # r (explore.RESTART): back to the world's spawn at once, even in water.
    stage(game, ["#..d#",
                 "#.@d#",
                 "#####"], 1300, 1040)
    game.tick("right")                               # digs the dirt
    assert game.tile(1303, 1041) == AIR
    put(game, 1302, 1041, WATER)
    game.clock = 0                                   # the next tick is water's slow one
    assert game.tick(explore.RESTART) == explore.PLAYING
    assert (game.x, game.y) == (game.spawn_x, game.spawn_y) != (1302, 1041)
    assert game.tile(1303, 1041) == AIR


def test_the_status_line_gives_the_stairs_bearing_and_distance():
    from maze32_game import explore_view
    assert [explore_view.bearing(dx, dy) for dx, dy in
            ((9, 1), (9, 9), (1, 9), (-9, 9), (-9, -1), (-3, -9), (0, -9), (9, -5))] == \
        ["E", "SE", "S", "SW", "W", "N", "N", "NE"]
    assert [explore_view.tiles_between(dx, dy) for dx, dy in ((3, 4), (1000, 1000), (0, 1), (2047, 2047))] == \
        [5, 1414, 1, 2894]
    assert explore_view.thousands(1412) == "1,412" and explore_view.thousands(999) == "999"
    for depth in (1, 5, 8):                          # the stairs the world has, from where the player is
        rnd = explore_view.ExploreRound(11, depth)
        g = rnd.game
        region = hw.build(hw.spec_for(11, depth, (250, 250)), 11)
        g250 = explore.Explore(11, depth, 250, 250)
        assert (g250.stairs_x, g250.stairs_y) == region.stairs
        dx, dy = g.stairs_x - g.x, g.stairs_y - g.y
        text = "stairs %s %s straight" % (explore_view.thousands(explore_view.tiles_between(dx, dy)),
                                          explore_view.bearing(dx, dy))   # not a route's length: says so
        line = rnd.status(80)
        assert text in line and line.endswith("r: to spawn") and len(line) < 80, line
        assert "r: back to spawn   ? help" in rnd.status(120)


def test_every_material_has_its_own_glyph():
    # Liquids told apart without colour: water, lava and acid were all one glyph in three colours.
    from maze32_game import explore_view
    from maze32.world.tiles import MATERIALS
    glyphs = [glyph for glyph, _ in explore_view.STYLES]
    assert len(glyphs) == len(MATERIALS) and len(set(glyphs)) == len(glyphs), glyphs
    assert [glyphs[t] for t in (WATER, LAVA, ACID)] == ["~~", "≈≈", "%%"]


def test_up_builds_a_block_and_climbs_out_of_a_stone_pit(game):
    # A pit of stone three deep with nothing to dig: up climbs a tile a key, a block of dirt left
    # under the player each time, until the floor above is reached and walked onto.
    stage(game, ["......",
                 "#...##",
                 "##..##",
                 "##.@##",
                 "######"], 1300, 1040)
    for _ in range(3):
        y = game.y
        game.tick("up")
        assert game.y == y - 1 and game.tile(game.x, y) == DIRT
    game.tick("right")
    assert (game.x, game.y) == (1304, 1040)
    stage(game, ["###", "#@#", "###"], 1310, 1040)
    game.tick("up")                                  # stone above: nothing to climb into
    assert (game.x, game.y) == (1311, 1041) and game.tile(1311, 1041) == AIR


def test_a_dig_that_would_open_a_drop_onto_a_hazard_is_refused(game):
    for hazard in (LAVA, ACID, TRAP):
        stage(game, ["..dd..",
                     ".@dd..",
                     "#d#d##",
                     "#.#.##",
                     "######"], 1300, 1040)
        put(game, 1301, 1044, hazard)                # under the dirt below the player, past a gap
        game.tick("down")
        assert game.tile(1301, 1042) == DIRT and game.y == 1041
        game.tick("right")                           # dirt beside: the tile under it is solid
        assert game.tile(1302, 1041) == AIR
        put(game, 1303, 1044, hazard)
        game.tick("right")
        game.tick("right")
        game.tick("right")                           # onto the dirt at 1303, 1042, over the hazard
        assert (game.x, game.y) == (1303, 1041) and game.state == explore.PLAYING
        game.tick("down")
        assert game.tile(1303, 1042) == DIRT and game.y == 1041


def test_the_keys_do_nothing_while_falling_but_do_in_water(game):
    stage(game, [".@.", "...", "...", "...", "...", "...", "###"], 1300, 1040)
    game.tick(None)
    for key in ("right", "left", "up", "down"):     # a fall goes on, whatever is pressed
        x, y = game.x, game.y
        game.tick(key)
        assert (game.x, game.y) == (x, y + 1) and game.tile(x, y) == AIR, key
    stage(game, [".w.",
                 ".w.",
                 ".w.",
                 "###"], 1310, 1040)
    game.x, game.y = 1311, 1040
    game.clock = 1                                   # the next tick is water's moving one
    game.tick("up")                                  # in water: a block, and up
    assert game.tile(1311, 1040) == DIRT and game.y == 1039


def test_the_stairs_are_taken_not_fallen_past(game):
    stage(game, ["@>.",
                 "#..",
                 "#..",
                 "###"], 1300, 1040)
    assert game.tick("right") == explore.DEEPER and game.depth == 5


def test_blocks_built_survive_a_chunk_made_again():
    g = moved(1000, 1000)
    g.build(1001, 1000)
    assert g.tile(1001, 1000) == DIRT
    glide(g, 1, 0, 300)
    assert g.slot_of(1001 >> 6, 1000 >> 6) < 0
    glide(g, -1, 0, 300)
    assert g.tile(1001, 1000) == DIRT                # ... and was made again with the block in it


def test_a_key_typed_in_water_is_played_on_the_next_tick_not_lost(game):
    # Water moves the player every other tick (explore.tick skips the rest, key and all): the round
    # (explore_view) plays a key typed on a skipped tick on the next one, and does not call it a bump.
    # Keys an even number of ticks apart once all fell on skipped ticks: the player never left the water.
    from maze32_game import explore_view
    rnd = explore_view.ExploreRound(7, 4)
    rnd.game = game
    stage(game, ["..........",
                 ".@wwwwwww.",
                 "##########"], 1300, 1040)
    for _ in range(8):                               # onto the water, across it, off it
        rnd.tick("right")
        assert not rnd.bump, (game.x, game.clock)
        for _ in range(7):
            rnd.tick(None)
    assert game.x == 1309 and game.tile(game.x, game.y) == AIR


def test_the_games_buffers_keep_no_dig_log_and_need_none():
    # The game's worlds (2 x 2 chunks) stay resident in its four slots: no chunk is made again, so its
    # buffers hold no log of digs (2 KiB), and a world whose chunks could leave refuses to start without one.
    rnd = games.new_round(games.by_name("explore"), 7, (32, 32), {})
    g = rnd.game
    assert len(g.digs) == 0 and g.nslots == explore_buffers.GAME_SLOTS
    for key in ("down", "down", "left", "up", "right", "right"):
        rnd.tick(key)
    assert g.dig_count > 0 and g.generated == 4                    # dug, and no chunk made again
    with pytest.raises(ValueError, match="needs a log of its digs"):
        explore.Explore(7, 1, width=256, height=128, buffers=explore_buffers.Buffers(6, log=0))


def test_the_workspace_is_let_go_while_the_world_is_whole_and_made_again_for_the_next():
    # 13.4 KB on a board: a 2 x 2 world is made whole as it is dealt, so walking it needs no workspace;
    # the stairs' world is made with a new one, the same world as one workspace would have made.
    g = explore.Explore(5, 7)
    assert g.ws is None and g.stairs_route() == g.route
    g.x, g.y = g.stairs_x, g.stairs_y - 1
    while g.tick() != explore.DEEPER:
        pass
    assert g.ws is None and g.depth == 8
    same = explore.Explore(5, 8)
    assert (same.x, same.y, same.candidate) == (g.x, g.y, g.candidate)
    assert all(bytes(g.resident(cx, cy)) == bytes(same.resident(cx, cy)) for cx in (0, 1) for cy in (0, 1))
    big = explore.Explore(7, 1, width=256, height=128)                 # its chunks come and go
    assert big.ws is not None


def test_a_deal_makes_each_chunk_once_the_stairs_last(monkeypatch):
    # Seed 1 at depth 7 deals candidate 1, an accretion dungeon of 2 x 2 chunks: every chunk is made
    # once a candidate (the check then makes none), the stairs' last, so its routes search digs no
    # other chunk's routes (accretion.plan_block), and spawn and stairs are locate's.
    from maze32 import world
    from maze32.world import accretion
    dug = []
    dig = accretion.dig_routes

    def counted(ws, spec, tiles):
        dug.append((ws.cx, ws.cy))
        dig(ws, spec, tiles)
    monkeypatch.setattr(accretion, "dig_routes", counted)
    g = explore.Explore(1, 7)
    assert g.code() == "1-7-1 dungeon/accretion"
    assert g.generated == 8 and len(dug) == 4           # candidate 0 (BSP) failed the check
    assert dug[-1] == (g.spec.stairs_cx, g.spec.stairs_cy)
    assert sorted(dug) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    ends = world.locate(world.WorldWorkspace(), g.spec, bytearray(4096), True)
    assert ends == (g.spawn_x, g.spawn_y, g.stairs_x, g.stairs_y)
