# The console's host leaving and coming back (`maze32 play --port/--board`: host/transport.py sends
# xterm's focus-out and focus-in reports, which no terminal sends unasked), taken out of what was typed
# on the board's console (app.Terminal.typed). A module of its own, imported only when that happens:
# the board's heap has little room to spare, and a module's code stays in it once loaded.
import sys

from maze32_game import term as tm

DETACHED = "\x1b[O"
ATTACHED = "\x1b[I"


def events(term, text):
    # -> text without the reports. Gone: term.away (term.size() then says 0 x 0, so a game waits as on a
    # terminal too small). Back: the whole screen again for the terminal that came, maybe of another
    # size (the alternate screen, its size asked, every line), and a round in play paused ("p").
    left, came = text.rfind(DETACHED), text.rfind(ATTACHED)
    text = text.replace(DETACHED, "").replace(ATTACHED, "")
    term.away = left > came
    if came > left:
        sys.stdout.write(tm.ENTER)
        term.screen.clear()
        term.ask_size()
        if term.playing:
            text = "p" + text
    return text
