# loading.name_early as app.play uses it before a round: the modules of a round's end (app.ENDS)
# loaded and let go. Prints micropython.qstr_info()'s line after it,
# then whether the same modules are loaded as before it, then the first line again after those
# modules are imported again (as a round's end does).
# MicroPython only (qstr_info).
import sys

import micropython

from maze32_game import app, loading

before = set(sys.modules)
loading.name_early(app.ENDS)
micropython.qstr_info()
print(set(sys.modules) == before)
for name in app.ENDS:
    __import__("maze32_game." + name)
micropython.qstr_info()
