# loading.name_early as app.play uses it before a round: the modules of a round's end (app.ENDS)
# loaded and let go. Prints micropython.qstr_info()'s line after it, the game modules still loaded,
# then the same line after those modules are imported again (as a round's end does).
# MicroPython only (qstr_info).
import sys

import micropython

from maze32_game import app, loading


def loaded():
    return ",".join(sorted(n for n in sys.modules if n.startswith("maze32_game."))) or "-"


before = loaded()
loading.name_early(app.ENDS)
micropython.qstr_info()
print(loaded() == before)
for name in app.ENDS:
    __import__("maze32_game." + name)
micropython.qstr_info()
