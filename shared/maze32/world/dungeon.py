# Dungeons (SPEC 10, depths 7+), the BSP strategy: each region of 256 x 256 tiles is planned on its own
# from its random stream, as geometry only (rooms, corridors, doors, traps, items), so any chunk renders
# the part of the plan that falls inside it, and a chunk equals the same tiles of the whole world by
# construction. The plan of the last region is kept in the workspace: the chunks of one region reuse it.
#   plan_region: split_space walks the binary space partition: the region less a 1-tile rim, cut
#       alternately across and down (the root's first direction drawn) into leaves of at least 15 x 10
#       (a side is cut only when both halves keep the least size; the cut is drawn uniformly), a room
#       per leaf (5x3 to 12x8, 2 or more smaller than its leaf each way, centred), and after both halves
#       of a node an L-shaped corridor, 2 tiles wide, between a room of each half (room centres; which
#       room stands for the node and which leg comes first are drawn). link_regions: each edge shared
#       with another region has a doorway 2 tiles wide at a position hashed from the edge, and a
#       corridor from the nearest room, arriving square to the edge, in both regions. Then the spawn's
#       room (spawn region) and the stairs' room (the room farthest from the spawn, or from the spawn
#       region's centre in another region), traps (acid pockets under a lid) in 1-2 rooms, items in
#       2-3 rooms, all drawn.
#   render_layout: rooms and corridors dug out of stone, doors where a corridor crosses the rim of a room
#       it joins, traps, items, the stairs; clipped to the window.
from maze32._compat import const, micropython, ptr8, ptr16
from maze32.rng import draw_below
from maze32.world.tiles import (STONE, TRAP, ACID, ITEM, STAIRS, SALT_LAYOUT,
                                SALT_LINK_V, SALT_LINK_H, REGION_SHIFT, seed_stream, hash3)
from maze32.world.caves import fill_window

LEAF_W = const(15)
LEAF_H = const(10)
NO_ROOM = const(0xFFFF)
_SET = const(0)           # fill_rect modes: every tile,
_ON_STONE = const(1)      # only stone tiles,
_ON_AIR = const(2)        # only air tiles
_SALT_SPOTS = const(21)   # the stream that places traps and items inside their rooms


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
    choose_traps_and_items(ws)
    ws.layout_spec = spec
    ws.layout_rx = rx
    ws.layout_ry = ry


def add_corridor(ws, ax, ay, bx, by, bend, a, b):
    k = ws.cor_count
    ws.cor_ax[k] = ax
    ws.cor_ay[k] = ay
    ws.cor_bx[k] = bx
    ws.cor_by[k] = by
    ws.cor_bend[k] = bend
    ws.cor_a[k] = a
    ws.cor_b[k] = b
    ws.cor_count = k + 1


@micropython.viper
def split_space(ws, w: int, h: int):
    # The partition of (1, 1, w - 2, h - 2), walked depth first with an explicit stack (ws.stack, 9
    # values a frame: x, y, w, h, depth, across, cut, phase, room of the first half). Phase 0 cuts the
    # node or makes it a leaf (add_room's draws: its width, its height); 1 has finished the first
    # half; 2 both, and joins them (draws: which room stands for the node, which leg comes first).
    # Every draw is rng.Rng.below's, made at one place in the loop with the state in locals.
    st = ptr16(ws.stack)
    room_x = ptr8(ws.room_x)
    room_y = ptr8(ws.room_y)
    room_w = ptr8(ws.room_w)
    room_h = ptr8(ws.room_h)
    cor_ax = ptr8(ws.cor_ax)
    cor_ay = ptr8(ws.cor_ay)
    cor_bx = ptr8(ws.cor_bx)
    cor_by = ptr8(ws.cor_by)
    cor_bend = ptr8(ws.cor_bend)
    cor_a = ptr16(ws.cor_a)
    cor_b = ptr16(ws.cor_b)
    rng = ws.rng
    flip = int(draw_below(rng, 2))
    s0 = int(rng.s0)
    s1 = int(rng.s1)
    rooms = 0
    corridors = 0
    st[0] = 1
    st[1] = 1
    st[2] = w - 2
    st[3] = h - 2
    st[4] = 0
    st[7] = 0
    sp = 1
    ret = 0                    # the room standing for the node just finished
    while sp:
        f = (sp - 1) * 9
        phase = st[f + 7]
        x = st[f]
        y = st[f + 1]
        nw = st[f + 2]
        nh = st[f + 3]
        # What this step draws: up to two bounds (0: none).
        n1 = 0
        n2 = 0
        across = 0
        if phase == 0:
            if nw >= 30 and (((st[f + 4] + flip) & 1) == 0 or nh < 20):   # 2 * LEAF_W, 2 * LEAF_H
                across = 1
                n1 = nw - 29
            elif nh >= 20:
                across = 2
                n1 = nh - 19
            else:
                n1 = (12 if nw - 2 > 12 else nw - 2) - 4              # the room: width, height
                n2 = (8 if nh - 2 > 8 else nh - 2) - 2
        elif phase == 2:
            n1 = 2
            n2 = 2
        r1 = 0
        r2 = 0
        k = 0
        while k < 2:
            n = n1 if k == 0 else n2
            if n <= 0:
                break
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
            else:
                r2 = r
            k += 1
        if phase == 0:
            if across == 0:
                rw = 5 + r1
                rh = 3 + r2
                room_x[rooms] = x + ((nw - rw) >> 1)
                room_y[rooms] = y + ((nh - rh) >> 1)
                room_w[rooms] = rw
                room_h[rooms] = rh
                ret = rooms
                rooms += 1
                sp -= 1
                continue
            cut = (15 if across == 1 else 10) + r1
            st[f + 5] = 1 if across == 1 else 0
            st[f + 6] = cut
            st[f + 7] = 1
            g = f + 9
            st[g] = x
            st[g + 1] = y
            st[g + 2] = cut if across == 1 else nw
            st[g + 3] = nh if across == 1 else cut
            st[g + 4] = st[f + 4] + 1
            st[g + 7] = 0
            sp += 1
        elif phase == 1:
            st[f + 8] = ret
            st[f + 7] = 2
            cut = st[f + 6]
            g = f + 9
            if st[f + 5]:
                st[g] = x + cut
                st[g + 1] = y
                st[g + 2] = nw - cut
                st[g + 3] = nh
            else:
                st[g] = x
                st[g + 1] = y + cut
                st[g + 2] = nw
                st[g + 3] = nh - cut
            st[g + 4] = st[f + 4] + 1
            st[g + 7] = 0
            sp += 1
        else:
            a = st[f + 8]
            b = ret
            cor_ax[corridors] = room_x[a] + (room_w[a] >> 1)      # between the rooms' centres
            cor_ay[corridors] = room_y[a] + (room_h[a] >> 1)
            cor_bx[corridors] = room_x[b] + (room_w[b] >> 1)
            cor_by[corridors] = room_y[b] + (room_h[b] >> 1)
            cor_bend[corridors] = r2
            cor_a[corridors] = a
            cor_b[corridors] = b
            corridors += 1
            ret = a if r1 == 0 else b
            sp -= 1
    rng.s0 = s0
    rng.s1 = s1
    ws.room_count = rooms
    ws.cor_count = corridors


@micropython.viper
def nearest_room(ws, px: int, py: int, far: int) -> int:
    # The room whose centre is nearest (px, py), or the farthest when `far` (Manhattan; the first on
    # ties).
    room_x = ptr8(ws.room_x)
    room_y = ptr8(ws.room_y)
    room_w = ptr8(ws.room_w)
    room_h = ptr8(ws.room_h)
    n = int(ws.room_count)
    best = 0
    best_d = -1
    k = 0
    while k < n:
        dx = room_x[k] + (room_w[k] >> 1) - px
        dy = room_y[k] + (room_h[k] >> 1) - py
        d = (dx if dx > 0 else -dx) + (dy if dy > 0 else -dy)
        if best_d < 0 or (far and d > best_d) or (not far and d < best_d):
            best = k
            best_d = d
        k += 1
    return best


def link_regions(ws, spec, rx, ry, rw, rh):
    # Doorway corridors on the region's shared edges: left, right, top, bottom.
    key = spec.key0
    if rx > 0:
        y = 4 + hash3(key, rx, ry, SALT_LINK_V) % (rh - 8)
        _link(ws, 0, y, 1)
    if rx < spec.region_cols - 1:
        y = 4 + hash3(key, rx + 1, ry, SALT_LINK_V) % (rh - 8)
        _link(ws, rw - 2, y, 1)
    if ry > 0:
        x = 4 + hash3(key, rx, ry, SALT_LINK_H) % (rw - 8)
        _link(ws, x, 0, 0)
    if ry < spec.region_rows - 1:
        x = 4 + hash3(key, rx, ry + 1, SALT_LINK_H) % (rw - 8)
        _link(ws, x, rh - 2, 0)


def _link(ws, dx, dy, bend):
    # A corridor from the room nearest (dx, dy) to (dx, dy); bend 1 arrives across (a side edge),
    # bend 0 arrives down (a top or bottom edge).
    k = nearest_room(ws, dx, dy, 0)
    add_corridor(ws, ws.room_x[k] + (ws.room_w[k] >> 1), ws.room_y[k] + (ws.room_h[k] >> 1),
                 dx, dy, bend, k, NO_ROOM)


def choose_ends(ws, spec, rx, ry):
    # The spawn's room in the spawn region (drawn); the stairs' room in the stairs region, the room
    # farthest from the spawn (its region's centre when that is another region; the first on ties).
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
        ws.stairs_room = nearest_room(ws, px, py, 1)


def _draw_room(ws, taken_a, taken_b):
    # A room drawn uniformly that is neither the spawn's nor the stairs' nor among the first taken_a
    # traps and taken_b items; -1 after 16 draws without one.
    rng = ws.rng
    tries = 0
    while tries < 16:
        tries += 1
        k = draw_below(rng, ws.room_count)
        if k == ws.spawn_room or k == ws.stairs_room:
            continue
        j = 0
        while j < taken_a:
            if ws.traps[j] == k:
                k = -1
                break
            j += 1
        j = 0
        while k >= 0 and j < taken_b:
            if ws.items[j] == k:
                k = -1
                break
            j += 1
        if k >= 0:
            return k
    return -1


def choose_traps_and_items(ws):
    # 1-2 trap rooms and 2-3 item rooms, all distinct; fewer in a region with few rooms.
    rng = ws.rng
    n = 1 + draw_below(rng, 2)
    ws.trap_count = 0
    while n:
        k = _draw_room(ws, ws.trap_count, 0)
        if k >= 0:
            ws.traps[ws.trap_count] = k
            ws.trap_count += 1
        n -= 1
    n = 2 + draw_below(rng, 2)
    ws.item_count = 0
    while n:
        k = _draw_room(ws, ws.trap_count, ws.item_count)
        if k >= 0:
            ws.items[ws.item_count] = k
            ws.item_count += 1
        n -= 1


# -- rendering ---------------------------------------------------------------------------------------
@micropython.viper
def fill_rect(ws, buf_obj, x0: int, y0: int, x1: int, y1: int, t: int, mode: int):
    # Tiles x0..x1, y0..y1 (inclusive, world coordinates) of the window become t: all of them, only
    # the stone ones, or only the air ones (mode 0, 1, 2). Clipped to the window.
    wx = int(ws.win_x0)
    wy = int(ws.win_y0)
    if x0 < wx:
        x0 = wx
    if y0 < wy:
        y0 = wy
    if x1 > wx + int(ws.win_w) - 1:
        x1 = wx + int(ws.win_w) - 1
    if y1 > wy + int(ws.win_h) - 1:
        y1 = wy + int(ws.win_h) - 1
    if x0 > x1 or y0 > y1:
        return
    buf = ptr8(buf_obj)
    pitch = int(ws.win_pitch)
    y = y0
    while y <= y1:
        c = (y - wy) * pitch + (x0 - wx)
        end = c + (x1 - x0)
        while c <= end:
            if mode == 0:
                buf[c] = t
            elif mode == 1:
                if buf[c] == 3:             # STONE
                    buf[c] = t
            elif buf[c] == 0:               # AIR
                buf[c] = t
            c += 1
        y += 1


def _overlaps(ws, x0, y0, x1, y1):
    # Whether x0..x1, y0..y1 (world coordinates) meets the window.
    return x1 >= ws.win_x0 and y1 >= ws.win_y0 and x0 < ws.win_x0 + ws.win_w and y0 < ws.win_y0 + ws.win_h


@micropython.viper
def dig_plan(ws, buf_obj, ox: int, oy: int):
    # The planned rooms, then every corridor's two legs, dug (air) over the window; then doors where a
    # corridor's legs cross the rim of a room it joins (the rim: one tile outside the room, corners
    # excepted), on tiles still air. The plan is relative to (ox, oy). Each rectangle is clipped to
    # the window; a corridor whose legs miss the window is skipped.
    buf = ptr8(buf_obj)
    room_x = ptr8(ws.room_x)
    room_y = ptr8(ws.room_y)
    room_w = ptr8(ws.room_w)
    room_h = ptr8(ws.room_h)
    cor_ax = ptr8(ws.cor_ax)
    cor_ay = ptr8(ws.cor_ay)
    cor_bx = ptr8(ws.cor_bx)
    cor_by = ptr8(ws.cor_by)
    cor_bend = ptr8(ws.cor_bend)
    cor_a = ptr16(ws.cor_a)
    cor_b = ptr16(ws.cor_b)
    wx0 = int(ws.win_x0)
    wy0 = int(ws.win_y0)
    wx1 = wx0 + int(ws.win_w) - 1
    wy1 = wy0 + int(ws.win_h) - 1
    pitch = int(ws.win_pitch)
    rooms = int(ws.room_count)
    corridors = int(ws.cor_count)
    # Rooms.
    k = 0
    while k < rooms:
        x0 = ox + room_x[k]
        y0 = oy + room_y[k]
        x1 = x0 + room_w[k] - 1
        y1 = y0 + room_h[k] - 1
        k += 1
        if x0 < wx0:
            x0 = wx0
        if y0 < wy0:
            y0 = wy0
        if x1 > wx1:
            x1 = wx1
        if y1 > wy1:
            y1 = wy1
        while y0 <= y1:
            c = (y0 - wy0) * pitch + (x0 - wx0)
            end = c + x1 - x0
            while c <= end:
                buf[c] = 0                              # AIR
                c += 1
            y0 += 1
    # Corridors (pass 0: legs dug) and doors (pass 1).
    run = 0
    while run < 2:
        k = 0
        while k < corridors:
            ax = ox + cor_ax[k]
            ay = oy + cor_ay[k]
            bx = ox + cor_bx[k]
            by = oy + cor_by[k]
            lx = ax if ax < bx else bx
            hx = (bx if ax < bx else ax) + 1
            ly = ay if ay < by else by
            hy = (by if ay < by else ay) + 1
            k += 1
            if hx < wx0 or hy < wy0 or lx > wx1 or ly > wy1:
                continue                                # both legs lie within lx..hx, ly..hy
            room = 0
            while room < 2:
                r = int(cor_a[k - 1]) if room == 0 else int(cor_b[k - 1])
                if run == 0 and room == 1:
                    break
                if run == 1 and r == 0xFFFF:            # a region doorway: no room at that end
                    break
                bend = int(cor_bend[k - 1])
                leg = 0
                while leg < 2:
                    # leg 0 and 1: across at ay then down at bx (bend 0), or down at ax then across at by
                    if (leg == 0 and bend == 0) or (leg == 1 and bend != 0):
                        a0 = lx
                        a1 = hx
                        b0 = ay if bend == 0 else by
                        b1 = b0 + 1
                    else:
                        a0 = bx if bend == 0 else ax
                        a1 = a0 + 1
                        b0 = ly
                        b1 = hy
                    leg += 1
                    side = 0
                    while side < (1 if run == 0 else 4):
                        x0 = a0
                        y0 = b0
                        x1 = a1
                        y1 = b1
                        if run == 1:
                            # The leg met with side `side` of room r's rim: top, bottom, left, right.
                            rx0 = ox + room_x[r]
                            ry0 = oy + room_y[r]
                            rx1 = rx0 + room_w[r] - 1
                            ry1 = ry0 + room_h[r] - 1
                            if side < 2:
                                line = ry0 - 1 if side == 0 else ry1 + 1
                                if line < y0 or line > y1:
                                    x1 = x0 - 1
                                y0 = line
                                y1 = line
                                if x0 < rx0:
                                    x0 = rx0
                                if x1 > rx1:
                                    x1 = rx1
                            else:
                                line = rx0 - 1 if side == 2 else rx1 + 1
                                if line < x0 or line > x1:
                                    y1 = y0 - 1
                                x0 = line
                                x1 = line
                                if y0 < ry0:
                                    y0 = ry0
                                if y1 > ry1:
                                    y1 = ry1
                        side += 1
                        if x0 < wx0:
                            x0 = wx0
                        if y0 < wy0:
                            y0 = wy0
                        if x1 > wx1:
                            x1 = wx1
                        if y1 > wy1:
                            y1 = wy1
                        while y0 <= y1:
                            c = (y0 - wy0) * pitch + (x0 - wx0)
                            end = c + x1 - x0
                            while c <= end:
                                if run == 0:
                                    buf[c] = 0                  # AIR
                                elif buf[c] == 0:
                                    buf[c] = 9                  # DOOR on air
                                c += 1
                            y0 += 1
                room += 1
        run += 1


def render_layout(ws, spec, buf, rx, ry):
    # Region (rx, ry)'s plan (planned first) drawn over the window.
    plan_region(ws, spec, rx, ry)
    ox = rx << REGION_SHIFT
    oy = ry << REGION_SHIFT
    dig_plan(ws, buf, ox, oy)
    rng = ws.rng
    seed_stream(spec, rng, rx, ry, _SALT_SPOTS)      # where in its room each trap and item goes
    i = 0
    while i < ws.trap_count:
        k = ws.traps[i]
        w = 2 + draw_below(rng, 2)
        x = ox + ws.room_x[k] + 1 + draw_below(rng, ws.room_w[k] - w - 1)
        y = oy + ws.room_y[k] + ws.room_h[k] - 1
        fill_rect(ws, buf, x, y, x + w - 1, y, TRAP, _SET)
        fill_rect(ws, buf, x, y + 1, x + w - 1, y + 2, ACID, _ON_STONE)
        i += 1
    i = 0
    while i < ws.item_count:
        k = ws.items[i]
        x = ox + ws.room_x[k] + 1 + draw_below(rng, ws.room_w[k] - 2)
        y = oy + ws.room_y[k] + ws.room_h[k] - 1
        fill_rect(ws, buf, x, y, x, y, ITEM, _SET)
        i += 1
    p = end_tile(ws, ws.spawn_room, rx, ry, 0)
    if p >= 0 and _overlaps(ws, p >> 12, p & 4095, p >> 12, p & 4095):
        ws.spawn_x = p >> 12
        ws.spawn_y = p & 4095
    p = end_tile(ws, ws.stairs_room, rx, ry, 1)
    if p >= 0 and _overlaps(ws, p >> 12, p & 4095, p >> 12, p & 4095):
        ws.stairs_x = p >> 12
        ws.stairs_y = p & 4095
        fill_rect(ws, buf, ws.stairs_x, ws.stairs_y, ws.stairs_x, ws.stairs_y, STAIRS, _SET)


def end_tile(ws, k, rx, ry, stairs):
    # Where the spawn (stairs 0) or the stairs (1) stand in room k of the planned region (rx, ry): the
    # floor row's middle, or its last tile for stairs in the spawn's own room; packed x << 12 | y in
    # world coordinates, or -1 without a room.
    if k < 0:
        return -1
    x = (rx << REGION_SHIFT) + ws.room_x[k] + (ws.room_w[k] >> 1)
    if stairs and k == ws.spawn_room:
        x = (rx << REGION_SHIFT) + ws.room_x[k] + ws.room_w[k] - 1
    return (x << 12) | ((ry << REGION_SHIFT) + ws.room_y[k] + ws.room_h[k] - 1)


# -- the dungeon kind: stages ------------------------------------------------------------------------
def shape(ws, spec, buf):
    # Field: stone, and every region's plan that meets the window.
    fill_window(ws, buf, STONE)
    rx = ws.win_x0 >> REGION_SHIFT
    while rx <= (ws.win_x0 + ws.win_w - 1) >> REGION_SHIFT:
        ry = ws.win_y0 >> REGION_SHIFT
        while ry <= (ws.win_y0 + ws.win_h - 1) >> REGION_SHIFT:
            render_layout(ws, spec, buf, rx, ry)
            ry += 1
        rx += 1


def settle(ws, spec, tiles):
    pass


def finish(ws, spec, buf):
    pass


def region_rooms(ws, spec, rx, ry, out):
    # Append region (rx, ry)'s rooms to the list `out` as [x, y, w, h] in world coordinates (hosts
    # only: this allocates).
    plan_region(ws, spec, rx, ry)
    ox = rx << REGION_SHIFT
    oy = ry << REGION_SHIFT
    k = 0
    while k < ws.room_count:
        out.append([ox + ws.room_x[k], oy + ws.room_y[k], ws.room_w[k], ws.room_h[k]])
        k += 1
