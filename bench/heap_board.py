# The board's side of bench/heap_riscv.py: where one game's resident heap goes, step by step as the
# board's menu reaches it. ARGS: mode (a games.py name), seed, options (the round's), modules. After each step the heap is collected
# and a line "step NAME BYTES EXEC MODULES" printed (games, app, menu, buffers (a game that has
# them), code, round, frame): BYTES what the step left allocated (gc.mem_alloc's
# growth), EXEC the machine code it committed outside the GC heap (the RISC-V board's exec region,
# maze32board.exec_region(); 0 on a board without one), MODULES the modules it loaded (their code and
# tables are most of it). The last lines: "heap RESIDENT" (mem_alloc after the first frame:
# bench/frame_board.py's figure), "exec USED SIZE", "free BYTES" and micropython.mem_info()'s, whose
# "max free sz" is the largest free block in blocks of 16 bytes.
import gc
import sys
import micropython
try:
    from maze32board import exec_region
except ImportError:
    def exec_region():
        return 0, 0

seen = set(sys.modules)
last = [0, 0]


def step(name):
    gc.collect()
    now = gc.mem_alloc()
    new = sorted([m for m in sys.modules if m not in seen])
    for m in new:
        seen.add(m)
    used = exec_region()[0]
    print("step", name, now - last[0], used - last[1], ",".join(new) or "-")
    last[0], last[1] = now, used


gc.collect()
last[0], last[1] = gc.mem_alloc(), exec_region()[0]
print("base", last[0], last[1])
from maze32_game import games  # noqa: E402
step("games")
# ARGS["modules"]: modules loaded one at a time first (packed, as the board loads code), each a step of
# its own: what each costs the heap (a module loads what it imports with it; list those first)
for name in ARGS.get("modules", ()):
    games.module("loading").packed(__import__, name, None, None, ("_",))
    step(name)
from maze32_game import app  # noqa: E402
step("app")
from maze32_game import loading, term  # noqa: E402
# the menu as app.main shows it (menu.py loaded, its lines drawn) and lets it go as a game is chosen:
# what stays of it is the names it interned
menu = loading.packed(games.module, "menu")
term.Screen(lambda text: None).show(menu.menu_lines("a board", 7, (32, 32), "", 80, 24))
menu = None
loading.let_go("maze32_game.menu")
step("menu")
game = games.by_name(ARGS["mode"])
app.name_ends(game)            # app.play's first step: the names of a round's end (loading.name_early)
step("names")
# new_round's own order, step by step: the game's large buffers (its reserve() makes them once, so
# new_round finds them made) or else the library's core, its view's code loaded packed, then the
# round (its objects, and the code it loads itself: a world's kind)
if game.buffers:
    games.module(game.buffers).reserve()
    step("buffers")
else:
    games.core()               # Duel's and Deeper's: the library's core first, packed (games.core)
    step("core")
loading.packed(games.module, game.view)     # every game's code packed, as new_round
step("code")
rnd = games.new_round(game, ARGS["seed"], (32, 32), dict({"bot": 2}, **ARGS.get("options", {})))
step("round")
out = []
screen = term.Screen(out.append)
screen.show(getattr(rnd, "frame", rnd.view)(80, 24))
del out[:]
step("frame")
gc.collect()
print("heap", gc.mem_alloc())
print("exec", *exec_region())
print("free", gc.mem_free())
micropython.mem_info()
print("done")
