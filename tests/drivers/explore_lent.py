# Explore's line arenas over its generator's queue and marks (explore_buffers, arenas.lend), as a
# board's games.new_round makes them: prints "lent BOOL" (the painter's arenas are the buffers'),
# "bytes N" (the queue and marks block's size, and the arenas' total), then, after a frame shown and
# the generator's memory used (the world checked again, as a new world is), "rewritten N" (window
# lines term.Screen wrote again) and "same BOOL" (the frame is the view's lines).
from maze32_game import arenas, explore_buffers, games, term

out = []
screen = term.Screen(out.append)
rnd = games.new_round(games.by_name("explore"), 7, (32, 32), {})
buffers = explore_buffers.reserve()
print("lent", buffers.arenas is not None and arenas.reserve().buffers is buffers.arenas)
print("bytes", 2 * len(buffers.queue), sum([len(b) for b in arenas.reserve().buffers]))
screen.show(rnd.frame(80, 24))
rnd.game.stairs_route()          # the check's marks and queue: the shown lines' memory
del out[:]
lines = rnd.frame(80, 24)
screen.show(lines)
print("rewritten", len([p for p in out if not isinstance(p, str)]))
print("same", [x if isinstance(x, str) else str(x, "utf-8") for x in lines] == rnd.view(80, 24))
