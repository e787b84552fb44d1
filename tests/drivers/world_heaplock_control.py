# Prove the world heap-lock harness (drivers/locked.py, as world_catalogue.py uses it) can fail: a
# chunk whose surface stage is patched to build a tuple.
from locked import locked
from maze32.world.tiles import WorldSpec, WorldWorkspace, CHUNK
from maze32 import world
from maze32.world import surface as world_surface
from maze32.world import generate_chunk


def leaky(ws, spec, buf, _finish=world_surface.finish):
    _finish(ws, spec, buf)
    ws.spawn_x = (ws.spawn_x, 1)[0]        # a tuple on the heap


# The surface's module as the kind table has loaded it, but for the leak.
world.KINDS[0].loaded[0] = type("Leaky", (), {"shape": staticmethod(world_surface.shape),
                                               "settle": staticmethod(world_surface.settle),
                                               "finish": staticmethod(leaky)})
spec = WorldSpec(0, 7, 1, 250, 250)
ws = WorldWorkspace()
tiles = bytearray(CHUNK * CHUNK)
print(locked(lambda: generate_chunk(ws, spec, 0, 0, tiles)))
