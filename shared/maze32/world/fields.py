# Primitives the world kinds share (kinds use these, never each other).
#   locate_in_chunks   spawn and stairs found by generating their chunks (caves, accretion)


def locate_in_chunks(ws, spec, scratch, stairs, generate):
    # A kind's `locate` (tiles.KINDS) when only building tells where spawn and stairs are: the spawn's
    # chunk generated into scratch with `generate` (world.generate_chunk), then, with `stairs`, the
    # stairs' chunk (tx, ty = -1 without).
    generate(ws, spec, spec.spawn_cx, spec.spawn_cy, scratch)
    sx = ws.spawn_x
    sy = ws.spawn_y
    if not stairs:
        return sx, sy, -1, -1
    generate(ws, spec, spec.stairs_cx, spec.stairs_cy, scratch)
    return sx, sy, ws.stairs_x, ws.stairs_y
