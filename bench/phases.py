# The phases of generate() that the benches count one at a time, as MicroPython text: bench/work.py
# (under callgrind, bench/board_time.py) and bench/riscv_time.py's workload (on the RISC-V board) are
# each one script (a board runs what it is sent), so both send this text in front of their own.
#   total     = generate: every attempt, validation included (what a player waits for); hashing is
#               the separate `hash` phase (it allocates, so its count varies with the heap's state)
#   construct = close walls, carve, seams, cycles      place = placements      validate, hash
#   carve     = close walls and carve (stage 1 and 2)  search = one route search from Player 1's start
from maze32 import Config, Maze, Workspace, generate, validate, split_seed, maze_hash
from maze32.carve import close_walls, carve_half
from maze32.loops import open_seams, add_cycles
from maze32.place import try_place_objects
from maze32.routes import measure_routes
# The script's maze and workspace, made here before the function: the board's heap laid out as
# when riscv_time's counts were first taken (the counts move by tenths of a percent with the layout).
maze = Maze()
ws = Workspace()


# One phase on the maze and workspace above (globals: the call the same in both benches).
def phase(name, cfg, hi, lo):
    if name == "total":
        return generate(maze, ws, cfg, hi, lo)
    if name == "construct":
        close_walls(maze, ws)
        carve_half(maze, ws)
        open_seams(maze, ws, cfg.seams)
        add_cycles(maze, ws, cfg.cycles)
    elif name == "place":
        try_place_objects(maze, ws, cfg)
    elif name == "validate":
        validate(maze, ws, cfg)
    elif name == "hash":
        maze_hash(maze, ws)
    elif name == "carve":
        close_walls(maze, ws)
        carve_half(maze, ws)
    elif name == "search":
        measure_routes(maze, ws, (maze.py[0] << 5) | maze.px[0])
    return 0
