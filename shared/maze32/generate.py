# The duel-maze pipeline (SPEC 3.3): one attempt per candidate seed until one validates, at most
# cfg.max_attempts times. Allocates nothing; the outcome is a status code, the maze and ws.fails.
from maze32._compat import const
from maze32.rng import mix_seed
from maze32.maze import WHOLE
from maze32.carve import close_walls, carve_half
from maze32.loops import open_seams, add_cycles
from maze32.place import try_place_objects
from maze32.validate import check_maze, PLACEMENT

OK = const(0)
FAILED = const(1)


def generate(maze, ws, cfg, seed_hi, seed_lo):
    # Requested seed = seed_hi << 16 | seed_lo (see rng.split_seed). On FAILED, ws.fails counts how
    # many attempts failed each check (by bit number) or found no placement (index PLACEMENT).
    maze.shape(cfg.width, cfg.height, cfg.landmark_pairs, cfg.artifact_pairs)
    maze.requested_hi = seed_hi
    maze.requested_lo = seed_lo
    ws.prepare(cfg.width, cfg.height)
    fails = ws.fails
    fails[WHOLE] = ws.blank16
    attempt = 0
    while attempt < cfg.max_attempts:
        mix_seed(seed_hi, seed_lo, attempt, ws)        # candidate seed of this attempt; rng seeded
        maze.candidate_hi = ws.pair[0]
        maze.candidate_lo = ws.pair[1]
        maze.attempts = attempt + 1
        attempt += 1
        close_walls(maze, ws)                # 1. every wall closed
        carve_half(maze, ws)                 # 2. spanning tree of half A, mirrored into half B
        open_seams(maze, ws, cfg.seams)      # 3. seam pairs across the middle
        add_cycles(maze, ws, cfg.cycles)     # 4. cycle pairs on long detours
        if not try_place_objects(maze, ws, cfg):   # 5. placements; no cell for a rule -> next attempt
            fails[PLACEMENT] += 1
            continue
        mask = check_maze(maze, ws, cfg, True)   # 6. validation (reusing 5's start routes); any fail -> next
        ws.last_mask = mask
        if mask == 0:
            return OK
        bit = 0
        while mask:
            if mask & 1:
                fails[bit] += 1
            mask >>= 1
            bit += 1
    return FAILED
