# maze32: deterministic two-player duel mazes that mean the same thing on every runtime.
#
# Allocate once, then generate and validate as often as you like without touching the heap:
#     cfg = Config(width=32, height=32)         # raises ValueError naming a bad setting
#     maze, ws = Maze(), Workspace()
#     hi, lo = split_seed(7)
#     if generate(maze, ws, cfg, hi, lo) == OK:  # status code; allocates nothing
#         mask = validate(maze, ws, cfg)         # bit mask of failed checks; 0 = valid
#         print(maze_hash(maze, ws))
#
# Under MicroPython the names above are loaded at their first use (the module's __getattr__), not by
# `import maze32`: every `import maze32.x` runs this file first, and a board's Explore (maze32.world,
# which needs _compat and rng) or its self-test (maze32.selftest) would otherwise hold the whole maze
# core, 17 KB of a C6's heap (docs/performance.md). The first name asked for loads them all. A caveat
# of submodules named as functions: after `import maze32.generate` (or .validate) before any of these
# names, maze32.generate is that module until a name here is first asked for, so the firmware's
# imports go through this file. CPython (the host, no heap to spare) loads them at import, so a
# user's `from maze32 import generate` is the function whatever was imported before it.

import sys


def __getattr__(name):
    if name not in _NAMES:
        # a submodule (`from maze32 import selftest`): MicroPython's from-import tries this
        # __getattr__ before the submodule, and an AttributeError here would end the import
        try:
            return __import__("maze32." + name, None, None, (name,))
        except ImportError:
            raise AttributeError(name)
    _load()
    return globals()[name]


_NAMES = ("Config", "Maze", "Workspace", "split_seed", "generate", "OK", "FAILED", "validate",
          "CHECK_NAMES", "check_names", "maze_hash", "FORMAT")


def _load():
    global Config, Maze, Workspace, split_seed, generate, OK, FAILED, validate, CHECK_NAMES
    global check_names, maze_hash, FORMAT
    from maze32.config import Config
    from maze32.maze import Maze, Workspace
    from maze32.rng import split_seed
    from maze32.generate import generate, OK, FAILED
    from maze32.validate import validate, CHECK_NAMES, check_names
    from maze32.hashing import maze_hash, FORMAT


if sys.implementation.name != "micropython":
    _load()
