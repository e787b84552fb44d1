# Runs at boot: the maze32 menu on the serial console (firmware/maze32_game/app.py).
from maze32_game import app

app.main()
