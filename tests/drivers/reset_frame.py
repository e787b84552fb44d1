# routes.reset_routes on each build: per grid size, how many entries a search could read are wrong
# after the reset (UNSEEN on the grid; BLOCKED east of the last column, in column 31 west of column 0,
# in the row below the grid, in the guard row and below index 0), whatever an earlier search left;
# and whether the word-wide kernel ran (routes.WORDS: only where the kernels are machine code).
from maze32.maze import Workspace, UNSEEN, BLOCKED
from maze32 import routes

print("words", 1 if routes.WORDS else 0)
for w, h in ARGS["sizes"]:
    ws = Workspace()
    i = 0
    while i < 1024:
        ws.dist[i] = i % 7                            # leftovers of an earlier search
        i += 1
    ws.prepare(w, h)
    routes.reset_routes(ws)
    bad = 0
    for y in range(h):
        for x in range(32 if w == 32 else w + 1):
            if ws.dist[(y << 5) | x] != (UNSEEN if x < w else BLOCKED):
                bad += 1
        if w < 32 and ws.dist[(y << 5) | 31] != BLOCKED:
            bad += 1
    for x in range(w):
        if h < 32 and ws.dist[(h << 5) | x] != BLOCKED:
            bad += 1
        if ws.dist[(32 << 5) | x] != BLOCKED:
            bad += 1
    for i in range(32):
        if ws.dist_store[i] != BLOCKED:
            bad += 1
    print(w, h, bad)
