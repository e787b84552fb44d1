# Breadth-first route distances over open passages: the one search that placement and validation share.
from maze32.maze import WHOLE
from maze32.kernels import routes_kernel


def measure_routes(maze, ws, source, target=-1):
    # Fill ws.dist with the route distance from cell index `source` to every cell it reaches; cells
    # not reached keep UNSEEN, cells outside the grid keep BLOCKED. Returns how many cells were reached.
    # With a target cell the search stops after the level in which the target got its distance:
    # breadth-first order makes it final then (other cells may be left unmeasured; the count is then
    # partial).
    # Passages are followed as the current cell flags them; validation reports off-grid and one-sided
    # flags separately (border, reciprocity), and the guard row, the BLOCKED template and the checks
    # against index 0 keep the search inside the storage whatever the flags say.
    # The search itself is kernels.routes_kernel (viper where the board compiles it).
    ws.dist_view[WHOLE] = ws.fresh_view
    return routes_kernel(maze.cells, ws, source, target)
