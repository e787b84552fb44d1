# What making a world's WorldSpec and WorldWorkspace runs (world/py's classes hand their
# construction here): the checks of what names a world and what follows from it (its key, the surface's
# terrain, where spawn and stairs go), and the workspace's buffers. It runs once a world, as it is
# dealt, and never while one is walked, so a board lets this module go once a world is dealt
# (firmware/maze32_game/explore.py) and loads it again for the next: about 4 KB of a board's heap that
# Explore held through its whole round. No viper kernels here, so it stays bytecode in every flavour
# (a board keeps a module of machine code once loaded: firmware/maze32_game/loading.py). Its names
# (spec, workspace) are names a board has interned already: MicroPython keeps every name for good.
from array import array

from maze32.rng import Rng, mix_seed
from maze32.world import tiles     # read as X: one name in this module's globals, not forty


class _KeyHolder:
    # What rng.mix_seed writes into: the two halves, and an Rng it seeds.
    def __init__(self):
        self.pair = array("H", [0, 0])
        self.rng = Rng()


def spec(spec, seed_hi, seed_lo, depth, width, height, strategy):
    # WorldSpec(seed_hi, seed_lo, depth, width, height, strategy)'s work on `spec`: every value checked
    # (ValueError naming the bad one), then what follows from them.
    for name, v in (("seed", seed_hi), ("seed", seed_lo)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0 or v > 0xFFFF:
            raise ValueError("seed: halves must be 0..65535, got %r" % (v,))
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1 or depth > tiles.MAX_DEPTH:
        raise ValueError("depth: must be 1..%d, got %r" % (tiles.MAX_DEPTH, depth))
    for name, v in (("width", width), ("height", height)):
        problem = tiles.side_error(name, v)
        if problem:
            raise ValueError(problem)
    if strategy not in (tiles.BSP, tiles.ACCRETION):
        raise ValueError("strategy: must be bsp or accretion")
    spec.seed_hi = seed_hi
    spec.seed_lo = seed_lo
    spec.depth = depth
    spec.width = width
    spec.height = height
    spec.kind = tiles.kind_of(depth)
    spec.strategy = strategy if strategy < len(tiles.KINDS[spec.kind].modules) else tiles.BSP
    spec.cols = (width + tiles.CHUNK - 1) >> tiles.CHUNK_SHIFT
    spec.rows = (height + tiles.CHUNK - 1) >> tiles.CHUNK_SHIFT
    spec.region_cols = (width + tiles.REGION - 1) >> tiles.REGION_SHIFT
    spec.region_rows = (height + tiles.REGION - 1) >> tiles.REGION_SHIFT
    # The world key: rng.mix_seed's Feistel network on the seed's halves, with depth and (for
    # dungeons) strategy as its attempt number, so distinct seeds never share a key at one depth.
    holder = _KeyHolder()
    mix_seed(seed_hi, seed_lo, depth * 2 + spec.strategy, holder)
    spec.key0 = holder.pair[0]
    spec.key1 = holder.pair[1]
    rng = holder.rng
    # Surface terrain: three octaves of integer sine (base, detail, micro): frequencies in 1/16
    # of a table step per tile, phases, and the relief in tiles (peak to peak).
    tiles.seed_stream(spec, rng, 0, 0, tiles.SALT_TERRAIN)
    spec.terrain = array("H", [16 + rng.below(17), rng.below(256),
                               64 + rng.below(65), rng.below(256),
                               256 + rng.below(257), rng.below(256),
                               4 + rng.below(5)])
    # Spawn and stairs: the spawn's chunk (its region for a BSP dungeon) is drawn; the stairs go in
    # the chunk (region) at the far corner from it. The surface keeps both in the top chunk row,
    # at drawn columns.
    tiles.seed_stream(spec, rng, 0, 0, tiles.SALT_PLACES)
    cols, rows = spec.cols, spec.rows
    if spec.kind == tiles.DUNGEON and spec.strategy == tiles.BSP:
        cols, rows = spec.region_cols, spec.region_rows
    if spec.kind == tiles.SURFACE:
        rows = 1
    spec.spawn_cx = sx = rng.below(cols)
    spec.spawn_cy = sy = rng.below(rows)
    spec.stairs_cx = 0 if 2 * sx >= cols else cols - 1
    spec.stairs_cy = 0 if 2 * sy >= rows else rows - 1
    spec.spawn_column = -1
    spec.stairs_column = -1
    if spec.kind == tiles.SURFACE:
        spec.spawn_column = _surface_column(spec, rng, sx, -1)
        spec.stairs_column = _surface_column(spec, rng, spec.stairs_cx, spec.spawn_column)


def _surface_column(spec, rng, cx, avoid):
    # A column of chunk column cx, 4 or more tiles from the chunk's edges and from `avoid`.
    x0 = cx << tiles.CHUNK_SHIFT
    cw = spec.chunk_width(cx)
    while True:
        x = x0 + 4 + rng.below(cw - 8)
        if avoid < 0 or x - avoid > 3 or avoid - x > 3:
            return x


def zeros(typecode, n):
    # An array of n zeros made at its size in one allocation: growing one item by item would fragment
    # a small heap, and a temporary zero buffer can stay reachable from a conservatively scanned stack.
    # array(typecode, range(n)) is sized by the range's length; then zeroed.
    if n <= 32767:
        a = array(typecode, range(n))
        i = 0
        while i < n:
            a[i] = 0
            i += 1
        return a
    return array(typecode, bytes(n * (4 if typecode in "iI" else 2)))   # a host's whole-world window


def workspace(ws, window_w, window_h, queue, marks):
    # WorldWorkspace(window_w, window_h, queue, marks)'s buffers, on `ws`.
    words = ((window_w + 16 + 29) // 30) * (window_h + 2 * tiles.APRON)
    ws.ca_a = zeros("i", words)         # the automaton's cells, 30 a word, bit set = open
    ws.ca_b = zeros("i", words)
    ws.heights = zeros("h", window_w)   # surface height of each column of the window
    ws.tops = zeros("h", window_w)      # first row where caves may open, per column
    ws.window_capacity = window_w
    ws.win_x0 = ws.win_y0 = ws.win_w = ws.win_h = ws.win_pitch = 0
    ws.cx0 = ws.nwords = ws.nrows = 0
    ws.marks = marks if marks is not None else bytearray(tiles.CHUNK_AREA)   # per chunk tile: 0 unseen, 1 seen, 2 kept (main), 3 other
    ws.queue = queue if queue is not None else zeros("H", tiles.CHUNK_AREA)   # flood fills
    ws.row_runs = zeros("H", tiles.CHUNK + 1)    # regions.keep_regions: each row's first run
    ws.chunk = None                         # a chunk's tiles while a whole world is built
    ws.rng = Rng()
    ws.pool_rng = Rng()                     # caves: a pool's places, beside the region's stream
    # A stage's draws made in one call (tiles.draw_each; caves' stalactites and pools: at most 20), the
    # bounds they are drawn below (in turn), and a pool's places.
    ws.draws = bytearray(20)
    ws.bounds = bytearray(4)
    ws.places = bytearray(8)
    ws.pair = array("H", [0, 0])
    # The chunk being settled: coordinates, origin, size, and the tunnels' bounds in it.
    ws.cx = ws.cy = ws.x0 = ws.y0 = ws.cw = ws.ch = 0
    ws.lo_x = ws.hi_x = ws.lo_y = ws.hi_y = 0
    # Spawn and stairs (world coordinates) when the last chunk or layout held them, else -1.
    ws.spawn_x = ws.spawn_y = ws.stairs_x = ws.stairs_y = -1
    # A region's rooms and corridors (dungeon), relative to the region's origin: the plan, one
    # buffer of PLAN_FIELDS fields PLAN_FIELD bytes apart, so that a viper kernel takes one
    # pointer (ptr8(ws.plan)) and reads field f of entry k at k + f * PLAN_FIELD; the fields'
    # names are views of it for Python code.
    ws.plan = bytearray(tiles.PLAN_FIELDS * tiles.PLAN_FIELD)
    plan = memoryview(ws.plan)
    ws.room_x = plan[tiles.ROOM_X:tiles.ROOM_X + tiles.MAX_ROOMS]
    ws.room_y = plan[tiles.ROOM_Y:tiles.ROOM_Y + tiles.MAX_ROOMS]
    ws.room_w = plan[tiles.ROOM_W:tiles.ROOM_W + tiles.MAX_ROOMS]
    ws.room_h = plan[tiles.ROOM_H:tiles.ROOM_H + tiles.MAX_ROOMS]
    ws.room_lx = plan[tiles.ROOM_LX:tiles.ROOM_LX + tiles.MAX_ROOMS]    # where its corridors leave it (bsp.on_lattice)
    ws.room_ly = plan[tiles.ROOM_LY:tiles.ROOM_LY + tiles.MAX_ROOMS]
    ws.room_count = 0
    ws.cor_ax = plan[tiles.COR_AX:tiles.COR_AX + tiles.MAX_CORRIDORS]
    ws.cor_ay = plan[tiles.COR_AY:tiles.COR_AY + tiles.MAX_CORRIDORS]
    ws.cor_bx = plan[tiles.COR_BX:tiles.COR_BX + tiles.MAX_CORRIDORS]
    ws.cor_by = plan[tiles.COR_BY:tiles.COR_BY + tiles.MAX_CORRIDORS]
    ws.cor_bend = plan[tiles.COR_BEND:tiles.COR_BEND + tiles.MAX_CORRIDORS]   # 0 across first, 1 down first
    ws.cor_a = zeros("H", tiles.MAX_CORRIDORS)    # the rooms it joins (0xFFFF: a region doorway)
    ws.cor_b = zeros("H", tiles.MAX_CORRIDORS)
    ws.cor_count = 0
    ws.traps = zeros("H", 2)
    ws.trap_x = bytearray(2)        # a trap's first column, its width (| 128: fire), an item's column
    ws.trap_w = bytearray(2)
    ws.items = zeros("H", 3)
    ws.item_x = bytearray(3)
    ws.room_dist = 0                # bsp.rank_room's last distance
    ws.stairs_col = 0               # the stairs' column in their room (bsp.choose_ends)
    ws.trap_count = ws.item_count = 0
    ws.spawn_room = ws.stairs_room = -1
    ws.layout_spec = None
    ws.layout_rx = ws.layout_ry = -1
    ws.stack = zeros("H", 9 * tiles.MAX_STACK)   # the BSP walk's frames
    # Surface features of one region band (surface).
    ws.feat_kind = bytearray(tiles.MAX_FEATURES)
    ws.feat_x = zeros("h", tiles.MAX_FEATURES)
    ws.feat_a = bytearray(tiles.MAX_FEATURES)
    ws.feat_b = bytearray(tiles.MAX_FEATURES)
    ws.feat_lo = zeros("h", tiles.MAX_FEATURES)     # the columns each reaches
    ws.feat_hi = zeros("h", tiles.MAX_FEATURES)
    ws.feat_count = 0
    ws.feat_band = -1
    ws.feat_spec = None
    # Accretion rooms of one chunk (accretion), chunk coordinates: core rectangle, box, shape.
    ws.acc = bytearray(10 * tiles.MAX_CHUNK_ROOMS)   # accretion.ROOM_BYTES a room
    ws.acc_count = 0
    ws.blob = bytearray(2 * 16 * 16)           # a cave-blob room's cells while it is grown
    # The stairs chunk's rooms' levels by route, kept for the world last searched
    # (accretion_routes.stairs_levels).
    ws.stairs_levels = zeros("H", tiles.MAX_CHUNK_ROOMS)
    ws.stairs_spec = None
    ws.block_have = ws.block_spawn = 0    # the chunks whose routes its plane holds, the spawn
