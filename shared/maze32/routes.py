# Breadth-first route distances over open passages: the one search that placement and validation share.
from maze32._compat import const
from maze32.maze import UNSEEN, WHOLE

_PITCH = const(32)


def measure_routes(maze, ws, source, target=-1):
    # Fill ws.dist with the route distance from cell index `source` to every cell it reaches; cells
    # not reached keep UNSEEN, cells outside the grid keep BLOCKED. Returns how many cells were reached.
    # With a target cell the search stops once the target leaves the queue: breadth-first order makes
    # its distance final then (other cells may be left unmeasured; the count is then partial).
    # Passages are followed as the current cell flags them; validation reports off-grid and one-sided
    # flags separately (border, reciprocity), and the guard row and BLOCKED template keep the search
    # inside the storage whatever the flags say.
    dist = ws.dist
    ws.dist_view[WHOLE] = ws.fresh_view
    queue = ws.queue
    cells = maze.cells
    dist[source] = 0
    queue[0] = source
    head = 0
    tail = 1
    d = 0
    # Level by level: every cell queued in one round is one step farther than the round before.
    while head < tail:
        d += 1
        level_end = tail
        while head < level_end:
            c = queue[head]
            if c == target:
                return tail
            head += 1
            f = cells[c]
            if f & 1:
                n = c - _PITCH
                if dist[n] == UNSEEN:
                    dist[n] = d
                    queue[tail] = n
                    tail += 1
            if f & 2:
                n = c + 1
                if dist[n] == UNSEEN:
                    dist[n] = d
                    queue[tail] = n
                    tail += 1
            if f & 4:
                n = c + _PITCH
                if dist[n] == UNSEEN:
                    dist[n] = d
                    queue[tail] = n
                    tail += 1
            if f & 8:
                n = c - 1
                if dist[n] == UNSEEN:
                    dist[n] = d
                    queue[tail] = n
                    tail += 1
    return tail
