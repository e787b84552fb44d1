# Freezing maze32 and its game into a MicroPython firmware you build yourself (MicroPython's manifest
# syntax): include this file from your board's manifest.py, include("/path/to/maze32/shared/manifest.py"),
# or pass it as FROZEN_MANIFEST. The library freezes as the package maze32 (its viper kernels
# compiled for the port's architecture by the build's mpy-cross), the game as top-level modules; a
# board runs main.py only from its filesystem, so yours says `import app; app.main()`.
# Written by `maze32 package --manifests`; tests/boards/test_frozen_riscv.py builds the RISC-V board with it.
metadata(description="maze32: deterministic duel mazes and their games", version="0.1.0", license="MIT")
package("maze32")
module("app.py", base_path="../firmware")
module("arenas.py", base_path="../firmware")
module("bench.py", base_path="../firmware")
module("buttons.py", base_path="../firmware")
module("deeper.py", base_path="../firmware")
module("deeper_view.py", base_path="../firmware")
module("display.py", base_path="../firmware")
module("duel.py", base_path="../firmware")
module("duel_view.py", base_path="../firmware")
module("explore.py", base_path="../firmware")
module("explore_buffers.py", base_path="../firmware")
module("explore_view.py", base_path="../firmware")
module("games.py", base_path="../firmware")
module("link.py", base_path="../firmware")
module("link_duel.py", base_path="../firmware")
module("link_espnow.py", base_path="../firmware")
module("link_pairing.py", base_path="../firmware")
module("link_udp.py", base_path="../firmware")
module("paint.py", base_path="../firmware")
module("screen.py", base_path="../firmware")
module("term.py", base_path="../firmware")
module("trust.py", base_path="../firmware")
