# The board menu's "Duel over radio" (link_duel.play_radio, what firmware/app.py calls) on a terminal
# that types nothing until ARGS["quit_after"] game frames were shown, then q: pairing over the
# radio (here the stand-in espnow), the game through console.play, and q telling the other board.
# Prints the line play_radio returns for the menu, and the last frame shown.
import time

import link_duel


class Term:
    # console.py's terminal interface, scripted.
    def __init__(self):
        self.pending = ""
        self.shown = 0
        self.last = []

    def typed(self):
        return "q" if self.shown >= ARGS["quit_after"] else ""

    def size(self):
        return 80, 24

    def show(self, lines):
        if lines and lines[0].startswith("maze32 duel over a link"):
            self.shown += 1
        self.last = lines

    def now_ms(self):
        return time.ticks_ms()

    def sleep_ms(self, ms):
        if ms > 0:
            time.sleep_ms(ms)

    def button(self):
        return None

    def draw(self, rnd):
        pass


term = Term()
line = link_duel.play_radio(term, ARGS["seed"], tuple(ARGS["size"]))
print("menu " + line)
for text in term.last:
    print("shown " + text)
