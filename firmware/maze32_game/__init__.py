# The maze32 games (Duel, Deeper, Explore), their terminal and panel frontends and the link: the one
# door between the host and the firmware. Every runtime imports the same code the same way, as this
# package: a board from /lib/maze32_game/ (deploy, mip) or frozen into its firmware, the twin and the
# tests from firmware/maze32_game/ (an installed maze32 ships it as a package of its own, pyproject.toml).
# Host code says `from maze32_game import games`, so any import-graph tool sees the door; modules here
# import their siblings the same way (`from maze32_game import term`). firmware/main.py, the board's
# boot file, is outside: `from maze32_game import app; app.main()`. Kept empty: importing one module
# must not load the others (a board's RAM).
