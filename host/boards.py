# Board profiles (boards/*.json): what deploy writes to the board as board.json and the firmware reads.
import json

from host.errors import CliError
from host.paths import BOARDS as BOARDS_DIR

DEFAULT_BOARD = "esp32-c6-devkitc-1"


def load_all():
    profiles = {}
    for path in sorted(BOARDS_DIR.glob("*.json")):
        profile = json.loads(path.read_text())
        profiles[profile["name"]] = profile
    if not profiles:
        raise CliError("board: no profiles in %s" % BOARDS_DIR)
    return profiles


def load(name):
    profiles = load_all()
    if name not in profiles:
        raise CliError("board: unknown board %r (known: %s)" % (name, ", ".join(sorted(profiles))))
    return profiles[name]


def pins_of(profile):
    # Every (gpio, role) the profile uses: LEDs, buttons, display bus and control lines.
    used = []
    for led in profile.get("leds", []):
        used.append((led["pin"], "led"))
        if "power_pin" in led:
            used.append((led["power_pin"], "led power"))
    for button in profile.get("buttons", []):
        used.append((button["pin"], "button " + button["name"]))
    display = profile.get("display")
    if display:
        for role, pin in sorted(display.get("pins", {}).items()):
            used.append((pin, "display " + role))
    return used
