# A whole world built at once (world/__init__.py's other way of building, which gives the same tiles
# as generate_chunk chunk by chunk): a host's (host/worlds.py), for a window the size of the world. Out
# of world/__init__.py so that a board, which only ever makes chunks, holds none of its code.
from maze32._compat import micropython, ptr8
from maze32.world import KINDS, CHUNK, STONE, begin_chunk, fill_bytes, frame_window


@micropython.viper
def copy_chunk(ws, world_obj, pitch: int, out: int):
    # The current chunk's tiles between the world (at `pitch`) and ws.chunk: into the chunk when not
    # `out`, back into the world when `out`.
    world = ptr8(world_obj)
    chunk = ptr8(ws.chunk)
    cw = int(ws.cw)
    ch = int(ws.ch)
    base = int(ws.y0) * pitch + int(ws.x0)
    y = 0
    while y < ch:
        w = base + y * pitch
        c = y << 6
        end = c + cw
        while c < end:
            if out:
                world[w] = chunk[c]
            else:
                chunk[c] = world[w]
            c += 1
            w += 1
        y += 1


def build_world(ws, spec, world, visit=None):
    # The whole world into `world` (width * height bytes, row-major, pitch = width); ws must be a
    # WorldWorkspace(spec.width, spec.height). visit(ws), when given, is called after each chunk has
    # settled (the host collects accretion rooms there). Afterwards ws.spawn_x/y, ws.stairs_x/y hold
    # the world's spawn and stairs.
    module = KINDS[spec.kind].module(spec.strategy)
    width = spec.width
    if ws.window_capacity < width:
        raise ValueError("workspace: a window of %d columns cannot hold a world %d wide"
                         % (ws.window_capacity, width))
    if ws.chunk is None:
        ws.chunk = bytearray(CHUNK * CHUNK)
    frame_window(ws, 0, 0, width, spec.height, width)
    ws.spawn_x = ws.spawn_y = ws.stairs_x = ws.stairs_y = -1
    module.shape(ws, spec, world)
    sx = ws.spawn_x
    sy = ws.spawn_y
    tx = ws.stairs_x
    ty = ws.stairs_y
    cy = 0
    while cy < spec.rows:
        cx = 0
        while cx < spec.cols:
            begin_chunk(ws, spec, cx, cy)
            fill_bytes(ws.chunk, 4096, STONE)
            copy_chunk(ws, world, width, 0)
            module.settle(ws, spec, ws.chunk)
            copy_chunk(ws, world, width, 1)
            if ws.spawn_x >= 0:
                sx = ws.spawn_x
                sy = ws.spawn_y
            if ws.stairs_x >= 0:
                tx = ws.stairs_x
                ty = ws.stairs_y
            if visit is not None:
                visit(ws)
            cx += 1
        cy += 1
    frame_window(ws, 0, 0, width, spec.height, width)
    ws.spawn_x = sx
    ws.spawn_y = sy
    ws.stairs_x = tx
    ws.stairs_y = ty
    module.finish(ws, spec, world)
    if ws.spawn_x < 0:
        ws.spawn_x = sx
        ws.spawn_y = sy
    if ws.stairs_x < 0:
        ws.stairs_x = tx
        ws.stairs_y = ty
