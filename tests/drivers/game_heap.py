# The board's loading (maze32_game/loading.py) as app.main uses it: the menu's modules marked resident,
# then each game of ARGS["modes"] made and drawn, left for the menu (loading.forget) and the menu drawn
# (as app.main does: its calls write over the stack the game's left, which the collector scans
# conservatively: a stale pointer there kept half a Duel alive). Prints "menu
# BYTES MODULES" after the start (gc.mem_alloc collected; MODULES: the game modules loaded), then a
# line "MODE played BYTES left BYTES MODULES" a game, each line followed by micropython.qstr_info()'s.
# MicroPython only (gc.mem_alloc).
import gc
import sys

import micropython

from maze32_game import app, games, loading, term  # noqa: F401  (app: the board's start)


def loaded():
    return ",".join(sorted(n for n in sys.modules if n.startswith("maze32_game."))) or "-"


def play(mode):
    rnd = games.new_round(games.by_name(mode), 7, (32, 32), {"bot": 2})
    out = []
    screen = term.Screen(out.append)
    for key in ("right", "down", None):
        rnd.tick(key)
        screen.show(getattr(rnd, "frame", rnd.view)(80, 24))
    gc.collect()
    return gc.mem_alloc()


def menu():
    # as app.main shows it: menu.py loaded, its lines drawn, let go as a game is chosen
    out = []
    term.Screen(out.append).show(games.module("menu").menu_lines("a board", 7, (32, 32), "", 80, 24))
    loading.let_go("maze32_game.menu")
    gc.collect()
    return gc.mem_alloc()


loading.mark()
print("menu", menu(), loaded())
micropython.qstr_info()      # "qstr pool: ... n_total_bytes=N": the names interned, never freed
for mode in ARGS["modes"]:
    played = play(mode)
    loading.forget()
    print(mode, "played", played, "left", menu(), loaded())
    micropython.qstr_info()
