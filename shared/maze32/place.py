# Construction stage 5 (SPEC 3.4): place every object for Player 1 and its rotation for Player 2.
# Each step marks ws.occ for both members, so no two objects ever share a cell. A step that finds no
# cell satisfying its rule returns False and the pipeline moves to the next attempt.
from maze32._compat import const
from maze32.maze import START, EXIT, KEY, REACHED
from maze32.routes import measure_routes
from maze32.kernels import exit_kernel, free_cells_kernel, put_kernel, clear_marks_kernel, start_kernel

_EXIT_CANDIDATES = const(4)   # exits sampled among the qualifying ones; the longest route wins
_RANDOM_TRIES = const(256)    # draws before a random-cell rule gives up on this attempt


def try_place_objects(maze, ws, cfg):
    # Invariant: ws.occ is all zero before and after (validation counts objects in it too).
    placed = _place_all(maze, ws, cfg)
    clear_marks(maze, ws)
    return placed


def _place_all(maze, ws, cfg):
    # Starts, then exits (route-weighted, needs distances from Player 1's start), key, compass, pairs.
    place_starts(maze, ws)
    # Routes from Player 1's start; validation of this attempt reuses them (check_maze).
    ws.topology[REACHED] = measure_routes(maze, ws, (maze.py[0] << 5) | maze.px[0])
    if not try_place_exits(maze, ws, cfg.min_exit_separation):
        return False
    return try_place_randoms(maze, ws, cfg.view_radius + 1)


def clear_marks(maze, ws):
    # Undo the marks of this attempt: every marked cell is one of the recorded positions (entries not
    # yet written this attempt hold old in-grid positions, whose cells clearing leaves at zero anyway).
    clear_marks_kernel(maze, ws)


def put(maze, ws, slot, c):
    # Record cell c and its rotation in `slot` and mark both cells occupied.
    put_kernel(maze, ws, slot, c)


def place_starts(maze, ws):
    # Player 1's start: uniform over the boundary cells of half A (top row, then the two side columns
    # below it); Player 2's is its rotation, on the bottom boundary of half B.
    put(maze, ws, START, start_kernel(maze, ws))


def try_place_exits(maze, ws, separation):
    # Player 1's exit: a free boundary cell at Manhattan distance >= separation from the start. Among
    # the qualifying cells, _EXIT_CANDIDATES are sampled and the one farthest by route (ws.dist, from
    # the start) wins: distance on the grid alone says little about how long the walk is.
    c = exit_kernel(maze, ws, separation, _EXIT_CANDIDATES)     # viper where compiled
    if c < 0:
        return False
    put(maze, ws, EXIT, c)
    return True


def try_place_randoms(maze, ws, key_chebyshev):
    # The key, the compass, then every landmark and artifact pair in slot order: each a uniformly drawn
    # free cell, at most _RANDOM_TRIES draws. The key must also lie at Chebyshev distance
    # >= key_chebyshev (view_radius + 1) from Player 1's start, out of the initial view; its rotation
    # keeps the same distance from Player 2's start. False if some object finds no cell.
    return free_cells_kernel(maze, ws, KEY, key_chebyshev, _RANDOM_TRIES) == 1   # viper where compiled
