# The board menu's "Duel over radio" (link_duel.play_radio, what firmware/maze32_game/app.py calls) on a terminal
# that types nothing until ARGS["quit_after"] game frames were shown, then q (and m on an end
# screen): pairing over the radio (the stand-in espnow, or UDP on ARGS["udp_port"] where there is
# none), the game through term.play. Prints the line play_radio returns for the menu, and the
# last lines shown.
import time

from maze32_game import link_duel


class Term:
    # term.py's terminal interface, scripted.
    def __init__(self):
        self.pending = ""
        self.shown = 0
        self.last = []

    def typed(self):
        if any("m  back to the menu" in line for line in self.last):
            return "m"                      # the end screen: back to the menu
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
line = link_duel.play_radio(term, ARGS["seed"], tuple(ARGS["size"]), ARGS.get("udp_port"))
print("menu " + line)
for text in term.last:
    print("shown " + text)
