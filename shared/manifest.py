# Freezing maze32 and its game into a MicroPython firmware you build yourself (MicroPython's manifest
# syntax): include this file from your board's manifest.py, include("/path/to/maze32/shared/manifest.py"),
# or pass it as FROZEN_MANIFEST. The library freezes as the package maze32 (its viper kernels
# compiled for the port's architecture by the build's mpy-cross), the game as the package maze32_game;
# a board runs main.py only from its filesystem, so yours says `from maze32_game import app; app.main()`.
# Written by `maze32 package --manifests`; tests/boards/test_frozen_riscv.py builds the RISC-V board with it.
metadata(description="maze32: deterministic duel mazes and their games", version="0.1.0", license="MIT")
package("maze32")
package("maze32_game", base_path="../firmware")
