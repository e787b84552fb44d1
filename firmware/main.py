# Runs at boot: the maze32 menu on the serial console (firmware/app.py).
import app

app.main()
