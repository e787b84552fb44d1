# The BSP plan of one dungeon region (SPEC 10, depths 7+; world/dungeon.py draws it): each region of
# 256 x 256 tiles is planned on its own from its random stream, as geometry only (rooms, corridors,
# doors, traps, items, relative to the region's origin, in the workspace's room_* and cor_* arrays), so
# any chunk draws the part of the plan that falls inside it. The plan of the last region is kept in
# the workspace: the chunks of one region reuse it.
#   plan_region: split_space walks the binary space partition: the region less a 1-tile rim, cut
#       alternately across and down where both fit (the root's first direction drawn) into leaves of at least 15 x 10
#       (a side is cut only when both halves keep the least size; the cut is drawn uniformly), a room
#       per leaf (5x3 to 12x8 drawn, 2 or more smaller than its leaf each way, centred, then snapped to
#       the corridors' lattice: 5, 8 or 11 by 5 or 8, its rim on the lattice's stone lines, so that
#       corridors open it only end on, never along its wall), and after both halves
#       of a node an L-shaped corridor, 2 tiles wide, between a room of each half (room centres; which
#       room stands for the node and which leg comes first are drawn). link_regions: each edge shared
#       with another region has a doorway 2 tiles wide at a position hashed from the edge, and a
#       corridor from the nearest room, arriving square to the edge, in both regions. Every corridor
#       runs on a lattice of 3 (on_lattice), so none runs beside another. Then the spawn's room (spawn
#       region) and the stairs' room (the room farthest from the spawn by route, world/stairs_routes.py,
#       when the spawn is in the region, with a floor tile that has stone under it), traps
#       (fire, or acid pockets sealed under a lid) in 1-2 rooms, items in 2-3 rooms, all drawn.
from maze32._compat import const, micropython, ptr8, ptr16
from maze32.rng import draw_below, draw_untaken
from maze32.world.tiles import SALT_LAYOUT, REGION_SHIFT, seed_stream
from maze32.world.stairs_routes import route_levels, rank_by_route
from maze32.world.bsp_doorways import link_regions

LEAF_W = const(15)
LEAF_H = const(10)
NO_ROOM = const(0xFFFF)
_FIELD = const(404)         # tiles.PLAN_FIELD: the plan's fields' stride


# -- the plan -------------------------------------------------------------------------------------------
def plan_region(ws, spec, rx, ry):
    # The plan of region (rx, ry) into ws (kept while the same region of the same world is asked for).
    if ws.layout_spec is spec and ws.layout_rx == rx and ws.layout_ry == ry:
        return
    ws.layout_spec = None
    rw = spec.region_width(rx)
    rh = spec.region_height(ry)
    seed_stream(spec, ws.rng, rx, ry, SALT_LAYOUT)
    ws.room_count = 0
    ws.cor_count = 0
    split_space(ws, rw, rh)
    link_regions(ws, spec, rx, ry, rw, rh)
    choose_ends(ws, spec, rx, ry)
    choose_traps_and_items(ws, rh)
    ws.layout_spec = spec
    ws.layout_rx = rx
    ws.layout_ry = ry


@micropython.viper
def split_space(ws, w: int, h: int):
    # The partition of (1, 1, w - 2, h - 2), walked depth first. The node being cut lives in locals
    # (x, y, nw, nh, and its parent's direction pdir, 1 across); a node that is cut pushes a frame on
    # ws.stack (9 values: x, y, w, h, -, across, cut, phase, room of the first half) and goes on with
    # its first half in the locals, so a leaf never touches the stack (the stack's loads and stores
    # were most of the walk). A node cuts the other way from its parent where both ways fit. Phase 0
    # cuts the node in the locals or makes it a leaf (add_room's draws: its width, its height); a
    # frame's phase 1 has finished its first half; 2 both, and joins them (draws: which room stands
    # for the node, which leg comes first). Every draw is rng.Rng.below's, made at one place in the
    # loop with the state in locals.
    st = ptr16(ws.stack)
    plan = ptr8(ws.plan)          # field f of entry k at k + f * _FIELD (tiles.Workspace.plan)
    cor_a = ptr16(ws.cor_a)
    cor_b = ptr16(ws.cor_b)
    rng = ws.rng
    pdir = int(draw_below(rng, 2))   # the root's first direction: as if its parent had cut it
    s0 = int(rng.s0)
    s1 = int(rng.s1)
    rooms = 0
    corridors = 0
    x = 1
    y = 1
    nw = w - 2
    nh = h - 2
    phase = 0
    sp = 0                       # frames on the stack
    f = 0                        # the top frame's first value
    ret = 0                      # the room standing for the node just finished
    while True:
        # What this step draws: up to two bounds (0: none).
        n1 = 2                   # phase 2: the join's two draws
        n2 = 2
        across = 0
        if phase == 0:
            n2 = 0
            if nw >= 30 and (pdir == 0 or nh < 20):   # 2 * LEAF_W, 2 * LEAF_H: across after down
                across = 1
                n1 = nw - 29
            elif nh >= 20:
                across = 2
                n1 = nh - 19
            else:
                n1 = (12 if nw - 2 > 12 else nw - 2) - 4              # the room: width, height
                n2 = (8 if nh - 2 > 8 else nh - 2) - 2
        r1 = 0
        r2 = 0
        k = 0                    # the draw being made: 0 the first, 1 the second
        n = n1
        while n > 0:
            mask = n - 1
            mask |= mask >> 1
            mask |= mask >> 2
            mask |= mask >> 4
            mask |= mask >> 8
            r = n
            while r >= n:
                t = (s0 + s1) & 0xFFFF
                r = ((t << 9) + (t >> 7) + s0) & mask          # rotl16(t, 9) + s0, its low bits
                s1 ^= s0
                s0 = (((s0 << 13) | (s0 >> 3)) ^ s1 ^ (s1 << 5)) & 0xFFFF
                s1 = ((s1 << 10) | (s1 >> 6)) & 0xFFFF
            if k == 0:
                r1 = r
                n = n2
                k = 1
            else:
                r2 = r
                n = 0
        if phase == 0:
            if across:                                  # cut: a frame, and on with the first half
                cut = (15 if across == 1 else 10) + r1
                pdir = 1 if across == 1 else 0
                f = sp * 9
                sp += 1
                st[f] = x
                st[f + 1] = y
                st[f + 2] = nw
                st[f + 3] = nh
                st[f + 5] = pdir
                st[f + 6] = cut
                st[f + 7] = 1
                if pdir:
                    nw = cut
                else:
                    nh = cut
                continue
            # The room snapped to the corridors' lattice (maze32-world/7): its size the nearest of
            # 2 mod 3 (5, 8, 11 wide; 5, 8 high), its corner on the multiple of 3 nearest the centred
            # place. Its rim then lies on the lattice's separator lines (2 mod 3), which no leg of a
            # corridor runs in: a corridor beside the room keeps a line of stone from it, and only
            # one meeting it end on opens its rim (2 doors side by side), never a strip of doors
            # along its wall. Room and rim stay inside the leaf: a leaf 4 or more bigger than the room
            # always holds it there; a closer one (8 high in a leaf 10-11 high, 11 wide in a region's
            # root 14 wide) may not, and then the room is 3 less, which always fits
            # (tests/library/test_world.py tries every place). Comparisons, not arithmetic: the plan
            # is made again in every chunk of a region a player enters first.
            # One axis a turn: the columns (x, nw; room_x, room_w, room_lx), then the rows (y, nh;
            # room_y, room_h, room_ly, one _FIELD on in the plan).
            i = rooms
            at = x
            span = nw
            side = 5 if r1 < 2 else (8 if r1 < 5 else 11)  # 5 + r1, to the nearest of 2 mod 3
            while True:
                lo = 3 * (((at + ((span - side) >> 1) + 1) * 21846) >> 16)
                if span - side < 4 and (lo <= at or lo + side >= at + span):
                    side -= 3
                    lo = 3 * (((at + ((span - side) >> 1) + 1) * 21846) >> 16)
                plan[i] = lo
                plan[i + 2 * _FIELD] = side
                # Where its corridors leave it (on_lattice of its columns and of its rows): its
                # corner's line, or the next for a side of 8 or 11 (the multiple of 3 below its middle).
                plan[i + 4 * _FIELD] = lo + 3 if side > 5 else lo
                if i != rooms:
                    break
                i += _FIELD
                at = y
                span = nh
                side = 5 if r2 < 4 else 8                  # 3 + r2, likewise and at least 5
            ret = rooms
            rooms += 1
        else:                                           # phase 2: join the halves, pop the frame
            a = st[f + 8]
            b = ret
            plan[corridors + 6 * _FIELD] = plan[a + 4 * _FIELD]    # between the rooms' middles: cor_ax,
            plan[corridors + 7 * _FIELD] = plan[a + 5 * _FIELD]    # cor_ay from room_lx, room_ly
            plan[corridors + 8 * _FIELD] = plan[b + 4 * _FIELD]    # cor_bx, cor_by
            plan[corridors + 9 * _FIELD] = plan[b + 5 * _FIELD]
            plan[corridors + 10 * _FIELD] = r2                     # cor_bend
            cor_a[corridors] = a
            cor_b[corridors] = b
            corridors += 1
            ret = a if r1 == 0 else b
            sp -= 1
        # A node is finished (room `ret` stands for it): its parent's frame goes on.
        if sp == 0:
            break
        f = (sp - 1) * 9
        if st[f + 7] == 2:
            phase = 2
            continue
        st[f + 8] = ret                                 # phase 1: on with the second half
        st[f + 7] = 2
        phase = 0
        cut = st[f + 6]
        pdir = st[f + 5]
        x = st[f]
        y = st[f + 1]
        nw = st[f + 2]
        nh = st[f + 3]
        if pdir:
            x += cut
            nw -= cut
        else:
            y += cut
            nh -= cut
    rng.s0 = s0
    rng.s1 = s1
    ws.room_count = rooms
    ws.cor_count = corridors


def on_lattice(lo, n):
    # Where a corridor 2 wide leaves a room spanning lo..lo+n-1 (a row or a column): the multiple of 3
    # nearest its middle with both of the corridor's lines inside it (lo - 1, on the rim, for a room 3
    # high that holds none). Every corridor of a region lies on this lattice, so two never run beside
    # each other: they share their lines or keep a line of stone between them. (split_space inlines
    # it for each room it makes, into room_lx, room_ly; tests/test_world.py holds them to this.)
    c = lo + (n >> 1)
    c = 3 * ((c * 21846) >> 16)                 # c less c % 3 (c < 2**15), without a division
    if c < lo:
        c += 3
    if c > lo + n - 2:
        c -= 3
    return c


@micropython.viper
def rank_room(ws, px: int, py: int, far: int, limit: int, after: int) -> int:
    # The room whose middle is nearest (px, py) (Manhattan; the first on ties), or with `far` the
    # farthest of those that come after (limit, after) in the order of falling distance, then rising
    # index: the next candidate once room `after`, at distance `limit`, is turned down (limit above
    # every distance and after = -1: the farthest). Its distance into ws.room_dist; -1 when none is
    # left.
    plan = ptr8(ws.plan)          # field f of entry k at k + f * _FIELD (tiles.Workspace.plan)
    n = int(ws.room_count)
    best = -1
    best_d = -1
    k = 0
    while k < n:
        dx = plan[k] + (plan[k + 2 * _FIELD] >> 1) - px            # room_x, room_w
        dy = plan[k + _FIELD] + (plan[k + 3 * _FIELD] >> 1) - py   # room_y, room_h
        d = (dx if dx > 0 else -dx) + (dy if dy > 0 else -dy)
        if far:
            if (d < limit or (d == limit and k > after)) and d > best_d:
                best = k
                best_d = d
        elif best_d < 0 or d < best_d:
            best = k
            best_d = d
        k += 1
    ws.room_dist = best_d
    return best


def choose_ends(ws, spec, rx, ry):
    # The spawn's room in the spawn region (drawn); the stairs' room in the stairs region: the room
    # farthest from the spawn by route (stairs_routes.route_levels) when the spawn is in the region,
    # else by straight line from the spawn region's centre (a search across regions would cost the
    # first chunk of the stairs' region ten times a chunk, and again at each replanning); the first
    # on ties; one that has a floor tile with stone under it, where the stairs stand (the one
    # nearest the middle going right; the spawn's own room keeps its middle for the spawn); the
    # farthest room's middle when no room has one.
    ws.spawn_room = -1
    ws.stairs_room = -1
    spawn_here = rx == spec.spawn_cx and ry == spec.spawn_cy
    if spawn_here:
        ws.spawn_room = draw_below(ws.rng, ws.room_count)
    if rx == spec.stairs_cx and ry == spec.stairs_cy:
        if spawn_here:
            k = ws.spawn_room
            px = ws.room_x[k] + (ws.room_w[k] >> 1)
            py = ws.room_y[k] + ws.room_h[k] - 1
        else:
            px = ((spec.spawn_cx - rx) << REGION_SHIFT) + (spec.region_width(spec.spawn_cx) >> 1)
            py = ((spec.spawn_cy - ry) << REGION_SHIFT) + (spec.region_height(spec.spawn_cy) >> 1)
        # By route from the spawn in this region (stairs_routes); else, or should the search outgrow its
        # ring, by straight line (Manhattan) from the spawn region's centre.
        routed = spawn_here and route_levels(ws, spec.region_width(rx), spec.region_height(ry), px, py)
        first = _next_stairs_room(ws, routed, px, py, 0x7FFF, -1)
        k = first
        while k >= 0:
            if stand_stairs(ws, k):
                ws.stairs_room = k
                return
            k = _next_stairs_room(ws, routed, px, py, ws.room_dist, k)
        # No room has stone under its floor (a small region): the farthest, at its middle.
        ws.stairs_room = first
        ws.stairs_col = ws.room_x[first] + ws.room_w[first] - 1 if first == ws.spawn_room else \
            ws.room_x[first] + (ws.room_w[first] >> 1)


def _next_stairs_room(ws, routed, px, py, limit, after):
    # The farthest room after (limit, after): by route, or by straight line from (px, py).
    if routed:
        return rank_by_route(ws, ws.room_count, limit, after)
    return rank_room(ws, px, py, 1, limit, after)


def stand_stairs(ws, k):
    # Whether room k has a floor tile with stone under it for the stairs: ws.stairs_col, from the
    # middle rightwards round the floor.
    x0 = ws.room_x[k]
    w = ws.room_w[k]
    below = ws.room_y[k] + ws.room_h[k]
    stone = stone_columns(ws, x0, below, x0 + w - 1, below)
    i = 0
    while i < w:
        c = x0 + ((w >> 1) + i) % w
        i += 1
        if k == ws.spawn_room and c == x0 + (w >> 1):
            continue
        if stone >> (c - x0) & 1:
            ws.stairs_col = c
            return True
    return False


@micropython.viper
def stone_columns(ws, x0: int, y0: int, x1: int, y1: int) -> int:
    # Which columns of x0..x1 (at most 30; region coordinates) the plan leaves stone in rows y0..y1,
    # as a mask (bit i: column x0 + i): each room and each leg of a corridor (dungeon.dig_plan's
    # rectangles) that meets the rows clears the columns it covers. One pass over the plan, whatever
    # the columns asked.
    plan = ptr8(ws.plan)          # field f of entry k at k + f * _FIELD (tiles.Workspace.plan)
    mask = (1 << (x1 - x0 + 1)) - 1
    k = 0
    n = int(ws.room_count)
    while k < n:                                        # the rooms (their rows first: most miss)
        ly = int(plan[k + _FIELD])                      # room_y, room_h, room_x, room_w
        if ly <= y1 and ly + int(plan[k + 3 * _FIELD]) > y0:
            lx = int(plan[k])
            hx = lx + int(plan[k + 2 * _FIELD]) - 1
            if hx >= x0 and lx <= x1:
                lx = lx if lx > x0 else x0
                hx = hx if hx < x1 else x1
                mask &= ~(((1 << (hx - lx + 1)) - 1) << (lx - x0))
        k += 1
    k = 6 * _FIELD                                      # cor_ay, cor_by, cor_ax, cor_bx, cor_bend
    n = k + int(ws.cor_count)
    while k < n and mask:                               # both legs of each corridor
        ay = int(plan[k + _FIELD])
        by = int(plan[k + 3 * _FIELD])
        k += 1
        if (ay if ay < by else by) > y1 or (by if ay < by else ay) + 1 < y0:
            continue                                    # its box misses the rows: both legs
        ax = int(plan[k - 1])
        bx = int(plan[k - 1 + 2 * _FIELD])
        bend = int(plan[k - 1 + 4 * _FIELD])
        ly = ay if bend == 0 else by                    # across: rows ly, ly + 1
        if ly <= y1 and ly + 1 >= y0:
            lx = ax if ax < bx else bx
            hx = (bx if ax < bx else ax) + 1
            if hx >= x0 and lx <= x1:
                lx = lx if lx > x0 else x0
                hx = hx if hx < x1 else x1
                mask &= ~(((1 << (hx - lx + 1)) - 1) << (lx - x0))
        lx = bx if bend == 0 else ax                    # down: columns lx, lx + 1
        if lx + 1 >= x0 and lx <= x1:
            hx = lx + 1 if lx + 1 < x1 else x1
            lx = lx if lx > x0 else x0
            mask &= ~(((1 << (hx - lx + 1)) - 1) << (lx - x0))
    return mask


def _taken(ws, k):
    # Whether room k is the spawn's or the stairs' or trapped or stocked already (rng.draw_untaken
    # draws a room that is not).
    if k == ws.spawn_room or k == ws.stairs_room:
        return True
    j = 0
    while j < ws.trap_count:
        if ws.traps[j] == k:
            return True
        j += 1
    j = 0
    while j < ws.item_count:
        if ws.items[j] == k:
            return True
        j += 1
    return False


def choose_traps_and_items(ws, rh):
    # 1-2 trap rooms and 2-3 item rooms, all distinct (fewer in a region with few rooms), each with its
    # place on the floor: a trap is fire (1 in 3) or a lid of 2-3 tiles over an acid pocket 2 deep,
    # set where the pocket and the ring of tiles round it are stone in the plan (sealed but for its
    # lid; fire in a room with no such place); an item is one tile.
    rng = ws.rng
    n = 1 + draw_below(rng, 2)
    ws.trap_count = 0
    ws.item_count = 0                            # (not the last plan's: a plan is the same whatever came before)
    tries = 0
    while ws.trap_count < n and tries < 8:
        tries += 1
        k = draw_untaken(ws, ws.room_count, _taken)
        if k < 0:
            continue
        fire = draw_below(rng, 3) == 0
        w = 2 + draw_below(rng, 2)
        x0 = ws.room_x[k] + 1
        span = ws.room_w[k] - w - 1
        y = ws.room_y[k] + ws.room_h[k] - 1
        x = x0 + draw_below(rng, span)
        i = 0
        if not fire:                             # the stone columns under the floor (and round it)
            stone = stone_columns(ws, x0 - 1, y + 1, x0 + span + w - 1, y + 3) if y + 3 <= rh - 1 else 0
            full = (1 << (w + 2)) - 1
        while not fire and i < span:             # along the floor from the drawn place
            x = x0 + (x - x0 + 1) % span if i else x
            if (stone >> (x - x0)) & full == full:
                break
            i += 1
        if i == span:
            fire = True                          # no sealed place for a pocket: fire instead
        t = ws.trap_count
        ws.traps[t] = k
        ws.trap_x[t] = x
        ws.trap_w[t] = w | (128 if fire else 0)
        ws.trap_count = t + 1
    n = 2 + draw_below(rng, 2)
    ws.item_count = 0
    while n:
        k = draw_untaken(ws, ws.room_count, _taken)
        if k >= 0:
            ws.items[ws.item_count] = k
            ws.item_x[ws.item_count] = ws.room_x[k] + 1 + draw_below(rng, ws.room_w[k] - 2)
            ws.item_count += 1
        n -= 1
