# How the board loads code and lets it go again. What app.main has loaded when its menu first shows
# (the menu, the terminal layer; the library's core loads later: games.core) is marked resident
# (mark); every module loaded after it (a game's view, rules and buffers, the world's kinds, the
# records, the ghost, the level link, the radio, attach.py) is forgotten on the way back to the
# menu (forget): dropped from sys.modules and from its package, so its code, tables and buffers are
# garbage the next game's can use. A C6-sized heap holds the menu and one game, not every game it
# has played.
# Except on ports/esp32 (the C6) with machine code installed (keep_machine_code): there machine code
# is committed outside the GC heap and freed only at a soft reset (esp_native_code_commit), so a
# module with viper kernels forgotten and loaded again would take its code's room again each time
# (Explore's world and views: ~12 KB a choice); there the modules whose machine code was committed
# stay loaded, and the rest of a game (its bytecode views, rules and buffers) still goes: keeping it
# all, a viper board died choosing Explore after a Duel and a Deeper.
# The RISC-V board commits machine code the same way (its exec region, host/riscv/maze32_board.c,
# module maze32board) and keeps too, once machine code has gone there: its frozen firmware, whose
# code runs from flash and commits none, still forgets.
# let_go(name): one module let go at once. packed(fn): code loaded without splitting the heap (below).
# name_early(names): modules' names interned before a round splits the heap (below).
# Imports nothing but gc and sys.
import gc
import sys

_resident = None
_keep = False


def mark():
    # The modules loaded now are resident: forget() keeps them.
    global _resident
    _resident = set(sys.modules)


def keep_machine_code(flavour, frozen=False):
    # The installed flavour (trust.installed()): on ports/esp32, one with machine code keeps every
    # module loaded from now on (see the top). frozen: the library is frozen into the firmware
    # (trust.frozen()): its machine code runs from flash and nothing is committed, so it forgets.
    global _keep
    _keep = flavour != "bytecode" and not frozen and (sys.platform == "esp32" or _exec_region_used())


def _exec_region_used():
    # -> True on the RISC-V board once machine code sits in its exec region; False on other ports.
    try:
        from maze32board import exec_region
    except ImportError:
        return False
    return exec_region()[0] > 0


def forget():
    # Every module loaded since mark() let go, then the heap collected (without a mark: nothing).
    if _resident is None:
        return
    if _keep:
        _keep_committed()
    _let_go_all_but(_resident)


def let_go(name):
    # The module `name` dropped from sys.modules and from its package: its code and tables are garbage
    # once nothing else holds them (forget; a module a round needs only a moment, explore_help). A
    # module of machine code committed for good is not for this (see the top).
    sys.modules.pop(name, None)
    cut = name.rfind(".")
    package = sys.modules.get(name[:cut]) if cut > 0 else None
    if package is not None:
        package.__dict__.pop(name[cut + 1:], None)


def _let_go_all_but(kept):
    # Every loaded module not in `kept` let go, then the heap collected.
    for name in [n for n in sys.modules if n not in kept]:
        let_go(name)
    gc.collect()


def _keep_committed():
    # The modules loaded since mark() whose machine code is committed for good become resident: loaded
    # again, their code would take its room again (see the top).
    for name in [n for n in sys.modules if n not in _resident]:
        if _machine_code(sys.modules[name]):
            _resident.add(name)


def _machine_code(module):
    # -> True for a module whose loading committed machine code: one from an .mpy of an architecture
    # (header byte 2, bits 2..; 0 is bytecode: the flavours leave modules without kernels so), or
    # from a .py source, whose viper kernels the board compiled itself. Only these stay (keep_machine_code):
    # the rest of a game (its views, rules, buffers) goes, so the next game finds its heap.
    # explore_deal.let_go asks it too, of what a world's deal loaded.
    path = getattr(module, "__file__", "")
    if not path.endswith(".mpy"):
        return bool(path)
    try:
        with open(path, "rb") as f:
            return bool(f.read(4)[2] >> 2)
    except (OSError, IndexError):
        return True


def packed(fn, *args):
    # fn(*args) with the heap collected every 2 KiB allocated, for code loading: its temporaries
    # (file buffers, the loader's tables) are reused at once instead of left as garbage between the
    # code they made, which, collected later, splits the heap into holes too small for the next
    # module (MicroPython collects only when an allocation fails).
    threshold = getattr(gc, "threshold", None)
    if threshold is None:                  # CPython: nothing to pack
        return fn(*args)
    before = threshold()
    gc.collect()
    threshold(2048)
    try:
        return fn(*args)
    finally:
        threshold(before)


def name_early(names):
    # The modules `names` (maze32_game's) loaded packed and let go at once, with what they loaded:
    # only their names (MicroPython's qstrs) stay. Those are kept till a reset in a table that grows
    # by doubling into one block (past ~1,000 names: a 1,024-entry table, 7.4 KB at once); loaded here,
    # before a round, they grow it on a heap the round has not split yet. Loaded first at a round's
    # end, a won Duel's end screen found no 7.4 KB block among its frames' holes (MemoryError, CI).
    # Again at each choice of a game from the menu (a few modules' loading, no round's hot path): a
    # set of those done would hold its bytes through every round, Explore's too.
    if getattr(gc, "threshold", None) is None:     # CPython: no such table
        return
    before = set(sys.modules)
    packed(lambda: [__import__("maze32_game." + n) for n in names])
    _let_go_all_but(before)
