# loading.keep_machine_code: off on this port (not ports/esp32, nor the RISC-V board with machine
# code in its exec region), so a native flavour forgets; with the keeping on (what it turns on there)
# forget keeps the modules whose machine code is committed (from an .mpy of an architecture) and
# forgets the others (bytecode .mpy). The modules: ARGS["modules"] (by default the game's ghost.py, as
# deployed), and with ARGS["folder"] its with_kernel.mpy (machine code) and plain_bytecode.mpy.
# Prints "FLAG" and "forgot" or "kept" for each module, twice: as the board is, then keeping forced on.
import sys
from maze32_game import loading

names = ARGS.get("modules", ["maze32_game.ghost"])
if ARGS.get("folder"):
    sys.path.insert(0, ARGS["folder"])
    names += ["with_kernel", "plain_bytecode"]
loading.mark()
for keep in (False, True):
    for name in names:
        __import__(name)
    loading.keep_machine_code("native")
    if keep:
        loading._keep = True                # as on ports/esp32
    loading.forget()
    print(loading._keep, *["kept" if name in sys.modules else "forgot" for name in names])
