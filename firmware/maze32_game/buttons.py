# Buttons from the board profile: each named button ("up", "down", "left", "right", "a", "b", "boot")
# on its GPIO with a pull-up, active low unless the profile says otherwise. pressed() returns the
# movement key of the first button held ("a" and "boot" stand for no movement).
from maze32_game.term import MOVE_KEYS


class Buttons:
    def __init__(self, profile, make_pin):
        # make_pin(number) -> an input pin object with value(); on a board, open_buttons() passes
        # machine.Pin with a pull-up.
        self.pins = [(b["name"], make_pin(b["pin"]), b.get("active_low", True))
                     for b in profile.get("buttons", [])]

    def held(self):
        return [name for name, pin, low in self.pins if (pin.value() == 0) == low]

    def pressed(self):
        for name in self.held():
            if name in MOVE_KEYS:
                return name
        return None


def open_buttons(profile):
    if not profile.get("buttons"):
        return None
    from machine import Pin                 # only on a board
    return Buttons(profile, lambda n: Pin(n, Pin.IN, Pin.PULL_UP))
