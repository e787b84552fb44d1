# Prove the world heap-lock harness can fail: a chunk whose surface stage is patched to build a tuple.
import micropython
from maze32.world.tiles import WorldSpec, WorldWorkspace, CHUNK
from maze32 import world
from maze32.world import surface as world_surface
from maze32.world import generate_chunk


def leaky(ws, spec, buf, _finish=world_surface.finish):
    _finish(ws, spec, buf)
    ws.spawn_x = (ws.spawn_x, 1)[0]        # a tuple on the heap


world.KINDS[0].module = type("Leaky", (), {"shape": staticmethod(world_surface.shape),
                                            "settle": staticmethod(world_surface.settle),
                                            "finish": staticmethod(leaky)})
spec = WorldSpec(0, 7, 1, 250, 250)
ws = WorldWorkspace()
tiles = bytearray(CHUNK * CHUNK)
micropython.heap_lock()
try:
    generate_chunk(ws, spec, 0, 0, tiles)
    outcome = "clean"
except MemoryError:
    outcome = "ALLOCATED"
micropython.heap_unlock()
print(outcome)
