# loading.keep_machine_code: on this port (not ports/esp32, nor the RISC-V board with machine code in
# its exec region) a native flavour still forgets; with the keeping on (what it turns on there) forget
# keeps every module.
# Prints "FLAG forgot|kept" twice.
import sys
from maze32_game import loading

loading.mark()
for keep in (False, True):
    import maze32_game.ghost  # noqa: F401
    loading.keep_machine_code("native")
    if keep:
        loading._keep = True                # as on ports/esp32
    loading.forget()
    print(loading._keep, "kept" if "maze32_game.ghost" in sys.modules else "forgot")
