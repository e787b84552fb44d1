# Dungeons (SPEC 10, depths 7+), the BSP strategy: each region's plan (world/bsp.py: geometry only,
# from the region's own random stream) drawn over the window, so any chunk renders the part of the plan
# that falls inside it, and a chunk equals the same tiles of the whole world by construction.
#   render_layout: rooms and corridors dug out of stone, a door on every opening of a room's rim, traps,
#       items, the stairs; clipped to the window.
from maze32._compat import const, micropython, ptr8, ptr16
from maze32.world.tiles import TRAP, ACID, FIRE, ITEM, STAIRS, REGION_SHIFT
from maze32.world.fields import fill_stone
from maze32.world.bsp import plan_region

_SET = const(0)           # fill_rect modes: every tile,
_ON_STONE = const(1)      # only stone tiles,
_ON_AIR = const(2)        # only air tiles
_AIR = const(0)           # tiles.AIR, STONE and DOOR, for the kernels
_STONE = const(3)
_DOOR = const(9)
_NO_ROOM = const(0xFFFF)   # bsp.NO_ROOM: a corridor's end at a region doorway
_FIELD = const(404)        # tiles.PLAN_FIELD: the plan's fields' stride


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
                if buf[c] == _STONE:
                    buf[c] = t
            elif buf[c] == _AIR:
                buf[c] = t
            c += 1
        y += 1


def _overlaps(ws, x0, y0, x1, y1):
    # Whether x0..x1, y0..y1 (world coordinates) meets the window.
    return x1 >= ws.win_x0 and y1 >= ws.win_y0 and x0 < ws.win_x0 + ws.win_w and y0 < ws.win_y0 + ws.win_h


@micropython.viper
def dig_plan(ws, buf_obj, ox: int, oy: int):
    # The plan (relative to (ox, oy)) dug over the window in Brogue's order: the passages first, the
    # doors last (a door goes on a tile that stays open: no later passage digs it away).
    # The passages: every planned room, then both legs of every corridor, dug (air) where they meet
    # the window: the plan's rectangles, i < room_count a room, then two per corridor. A corridor is
    # an L 2 tiles wide from end a to end b: across at a's row, then down at b's column (bend 0), or
    # down at a's column, then across at b's row; both legs lie in its box lx..hx, ly..hy, so a box
    # that misses the window skips the corridor. Each rectangle is clipped to the window.
    # The doors: one on every air tile of every room's rim (the ring one tile outside it, corners
    # excepted: a room is entered only through these), in the window: a door at every entrance,
    # whichever corridor made it. They read only the window's own tiles, which the plan alone made:
    # the same in a chunk as in the whole world.
    buf = ptr8(buf_obj)
    plan = ptr8(ws.plan)          # field f of entry k at k + f * _FIELD (tiles.Workspace.plan)
    wx0 = int(ws.win_x0)
    wy0 = int(ws.win_y0)
    wx1 = wx0 + int(ws.win_w) - 1
    wy1 = wy0 + int(ws.win_h) - 1
    pitch = int(ws.win_pitch)
    rooms = int(ws.room_count)
    n = rooms + 2 * int(ws.cor_count)
    i = 0
    while i < n:
        if i < rooms:
            y0 = oy + plan[i + _FIELD]                  # room_y, room_h: its rows first (most miss)
            y1 = y0 + plan[i + 3 * _FIELD] - 1
            if y1 < wy0 or y0 > wy1:
                i += 1                                  # the room misses the window (most do)
                continue
            x0 = ox + plan[i]                           # room_x, room_w
            x1 = x0 + plan[i + 2 * _FIELD] - 1
            if x1 < wx0 or x0 > wx1:
                i += 1
                continue
        else:
            k = ((i - rooms) >> 1) + 6 * _FIELD         # cor_ax, cor_ay, cor_bx, cor_by, cor_bend
            ay = oy + plan[k + _FIELD]                  # its box's rows first (most miss)
            by = oy + plan[k + 3 * _FIELD]
            ly = ay if ay < by else by
            hy = (by if ay < by else ay) + 1
            if hy < wy0 or ly > wy1:
                i += 2                                  # the box misses the window: both legs
                continue
            ax = ox + plan[k]
            bx = ox + plan[k + 2 * _FIELD]
            lx = ax if ax < bx else bx
            hx = (bx if ax < bx else ax) + 1
            if hx < wx0 or lx > wx1:
                i += 2
                continue
            if (i - rooms) & 1 == 0:                    # the leg across, 2 rows high
                x0 = lx
                x1 = hx
                y0 = ay if plan[k + 4 * _FIELD] == 0 else by
                y1 = y0 + 1
            else:                                       # the leg down, 2 columns wide
                x0 = bx if plan[k + 4 * _FIELD] == 0 else ax
                x1 = x0 + 1
                y0 = ly
                y1 = hy
        i += 1
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
                buf[c] = _AIR
                c += 1
            y0 += 1
    k = 0
    while k < rooms:
        ry0 = oy + plan[k + _FIELD]                     # room_y, room_h: its rows first (most miss)
        ry1 = ry0 + plan[k + 3 * _FIELD] - 1
        k += 1
        if ry1 + 1 < wy0 or ry0 - 1 > wy1:
            continue                                    # rim and room miss the window
        rx0 = ox + plan[k - 1]                          # room_x, room_w
        rx1 = rx0 + plan[k - 1 + 2 * _FIELD] - 1
        if rx1 + 1 < wx0 or rx0 - 1 > wx1:
            continue
        side = 0
        while side < 4:                                 # the rim's top, bottom, left, right line
            if side < 2:
                x0 = rx0
                x1 = rx1
                y0 = ry0 - 1 if side == 0 else ry1 + 1
                y1 = y0
            else:
                x0 = rx0 - 1 if side == 2 else rx1 + 1
                x1 = x0
                y0 = ry0
                y1 = ry1
            side += 1
            x0 = x0 if x0 > wx0 else wx0                # clipped to the window
            y0 = y0 if y0 > wy0 else wy0
            x1 = x1 if x1 < wx1 else wx1
            y1 = y1 if y1 < wy1 else wy1
            while y0 <= y1:
                c = (y0 - wy0) * pitch + (x0 - wx0)
                end = c + x1 - x0
                while c <= end:
                    if buf[c] == _AIR:
                        buf[c] = _DOOR
                    c += 1
                y0 += 1


def render_layout(ws, spec, buf, rx, ry):
    # Region (rx, ry)'s plan (planned first) drawn over the window.
    plan_region(ws, spec, rx, ry)
    ox = rx << REGION_SHIFT
    oy = ry << REGION_SHIFT
    dig_plan(ws, buf, ox, oy)
    # Traps and items where the plan put them, on their rooms' floors: a fire trap, or a lid over its
    # acid pocket (2 rows of stone the plan keeps sealed).
    i = 0
    while i < ws.trap_count:
        k = ws.traps[i]
        w = ws.trap_w[i] & 127
        x = ox + ws.trap_x[i]
        y = oy + ws.room_y[k] + ws.room_h[k] - 1
        if ws.trap_w[i] & 128:
            fill_rect(ws, buf, x, y, x + w - 1, y, FIRE, _SET)
        else:
            fill_rect(ws, buf, x, y, x + w - 1, y, TRAP, _SET)
            fill_rect(ws, buf, x, y + 1, x + w - 1, y + 2, ACID, _SET)
        i += 1
    i = 0
    while i < ws.item_count:
        k = ws.items[i]
        x = ox + ws.item_x[i]
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
    # floor row's middle, or the stairs' column the plan chose (bsp.choose_ends); packed x << 12 | y in
    # world coordinates, or -1 without a room.
    if k < 0:
        return -1
    x = (rx << REGION_SHIFT) + (ws.stairs_col if stairs else ws.room_x[k] + (ws.room_w[k] >> 1))
    return (x << 12) | ((ry << REGION_SHIFT) + ws.room_y[k] + ws.room_h[k] - 1)


# -- the dungeon kind: stages ------------------------------------------------------------------------
def shape(ws, spec, buf):
    # Field: stone, and every region's plan that meets the window.
    fill_stone(ws, buf)
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


# -- what a host asks of a BSP dungeon -----------------------------------------------------------------
def locate(ws, spec, scratch, stairs, generate):
    # From the plans alone: the spawn's room in the spawn's region, the stairs' in the stairs' region
    # (WorldSpec draws regions for a BSP dungeon), standing where render_layout puts them.
    plan_region(ws, spec, spec.spawn_cx, spec.spawn_cy)
    p = end_tile(ws, ws.spawn_room, spec.spawn_cx, spec.spawn_cy, 0)
    plan_region(ws, spec, spec.stairs_cx, spec.stairs_cy)
    q = end_tile(ws, ws.stairs_room, spec.stairs_cx, spec.stairs_cy, 1)
    return p >> 12, p & 4095, q >> 12, q & 4095


def chunk_rooms(ws, spec, out):
    pass                                      # the rooms are the regions' plans (region_rooms)


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
