"""Board profiles of SPEC 9: present, well formed, and wired without conflicts."""

import pytest

from host import boards
from support import maze32

PROFILES = boards.load_all()
SAFE_ON_STRAPPING = {"led", "button boot"}     # the board's own parts on GPIO8/9 do not disturb boot


def test_the_spec_boards_are_there():
    assert {"esp32-c6-devkitc-1", "seeed-xiao-esp32c6", "m5stack-nanoc6",
            "waveshare-esp32-c6-lcd-1.47", "esp32-c6-devkitc-1-ssd1306"} <= set(PROFILES)


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_pins_are_sound(name):
    used = boards.pins_of(PROFILES[name])
    pins = [pin for pin, _ in used]
    assert len(pins) == len(set(pins)), "a GPIO used twice: %s" % used
    for pin, role in used:
        assert 0 <= pin <= 30, (pin, role)
        assert pin not in (12, 13), "GPIO%d is native USB (%s)" % (pin, role)
        if pin in (8, 9):
            assert role in SAFE_ON_STRAPPING, "strapping GPIO%d used for %s" % (pin, role)


def test_pin_checker_catches_conflicts():
    bad = {"leds": [{"kind": "gpio", "pin": 12}], "buttons": [{"name": "a", "pin": 12}]}
    pins = [p for p, _ in boards.pins_of(bad)]
    assert len(pins) != len(set(pins)) and 12 in pins


def test_boards_command_lists_them():
    proc = maze32("boards")
    assert proc.returncode == 0
    for name in PROFILES:
        assert name in proc.stdout
