"""The panels judged by what reaches them: every game (games.py) drawn by the board's display path
(app.py's Frontends, display.py and the drivers ssd1306.py and st7789.py of firmware/maze32_game/) through the real framebuf of the MicroPython
unix port, its bus bytes decoded by host/panels.py into the panel's picture and compared pixel by pixel
with the same frame drawn straight into a framebuf. The bus is the only stand-in (host/virtual_panel.py,
the virtual board's bus, writing to a file); the decoders are also checked on streams made by hand."""
import random

import pytest

import runtimes
from host import boards, panels
from maze32_game import games
from support import ROOT

PROFILES = boards.load_all()
DISPLAYS = {"ssd1306": PROFILES["esp32-c6-devkitc-1-ssd1306"]["display"],
            "st7789": PROFILES["waveshare-esp32-c6-lcd-1.47"]["display"]}
FRAMES = 8                                   # per game and panel: the first, then after each of 7 moves
YELLOW = b"\xff\xe0"                          # the ST7789 driver's foreground on the glass


def reference(kind, buf, w, h):
    # The picture a framebuf of the panel's format holds, in the decoder's image format: MONO_VLSB's
    # bit (y & 7) of byte (y >> 3) * w + x, 1 a pixel; RGB565's two bytes of a pixel as stored, which
    # is the big-endian colour the panel reads (the driver gives colours byte-swapped for that).
    if kind == "ssd1306":
        return bytes((buf[(y >> 3) * w + x] >> (y & 7)) & 1 for y in range(h) for x in range(w))
    return bytes(buf)


def differing(kind, image, ref):
    if kind == "ssd1306":
        return sum(a != b for a, b in zip(image, ref))
    return sum(image[i:i + 2] != ref[i:i + 2] for i in range(0, len(ref), 2))


def frames_of(wire):
    # -> [(panel kind, game, bus, reference)] for each frame of the driver's records, each frame
    # compared after the bus had all of it.
    recs, rest = panels.records(wire)
    assert rest == b""
    out, bus = [], None
    for kind, payload in recs:
        if kind == "F":
            panel, game = payload.decode().split()
            bus = panels.Bus(DISPLAYS[panel])
        elif kind == "R":
            d = bus.decoder
            out.append((panel, game, bus, d.image(), reference(panel, payload, d.width, d.height)))
        else:
            bus.feed(kind, payload)
    return out


@pytest.fixture(scope="module")
def wire(tmp_path_factory):
    path = tmp_path_factory.mktemp("panels") / "wire.bin"
    runtimes.run("unix", "panel_frames.py", {"out": str(path), "panels": list(DISPLAYS.values()), "seed": 7,
                                             "frames": FRAMES, "keys": ["right", "down", "left", "up"]},
                 firmware=True, also=[ROOT / "host"])
    return path.read_bytes()


def test_every_game_reaches_both_panels_pixel_for_pixel(wire):
    frames = frames_of(wire)
    assert [(p, g) for p, g, *_ in frames[::FRAMES]] == [(p, g.name) for p in DISPLAYS for g in games.GAMES]
    compared = differ = 0
    for panel, game, bus, image, ref in frames:
        d = bus.decoder
        assert d.errors == 0, (panel, game, d.problems)
        compared += 1
        differ += differing(panel, image, ref)
        lit = set(image) if panel == "ssd1306" else {image[i:i + 2] for i in range(0, len(image), 2)}
        assert lit == ({0, 1} if panel == "ssd1306" else {b"\x00\x00", YELLOW}), (panel, game)
    assert (compared, differ) == (2 * len(games.GAMES) * FRAMES, 0)
    # the frames of a game change as it is played (a frame left unsent would show as a difference)
    for i in range(0, len(frames), FRAMES):
        assert len({f[3] for f in frames[i:i + FRAMES]}) > 1, frames[i][:2]


def test_a_panel_wired_otherwise_would_differ(wire):
    # The comparison has teeth: the same bytes on an ST7789 whose columns start elsewhere, or on an
    # SSD1306 mounted the other way up, no longer match what the game drew.
    recs, _ = panels.records(wire)
    shifted = panels.Bus(DISPLAYS["st7789"])
    shifted.decoder = panels.ST7789Decoder(172, 320, x_offset=0)
    flipped = panels.Bus(DISPLAYS["ssd1306"])
    last = {}
    for kind, payload in recs:
        if kind == "F":
            panel = payload.decode().split()[0]
        elif kind == "R":
            last[panel] = payload
        else:
            (flipped if panel == "ssd1306" else shifted).feed(kind, payload)
    flipped.decoder.com_remap = False
    assert differing("st7789", shifted.decoder.image(), reference("st7789", last["st7789"], 172, 320)) > 100
    assert differing("ssd1306", flipped.decoder.image(), reference("ssd1306", last["ssd1306"], 128, 64)) > 100


def test_the_drivers_controls_and_a_driver_of_ones_own(tmp_path):
    path = tmp_path / "wire.bin"
    out = runtimes.run("unix", "panels.py", {"out": str(path), "st7789": DISPLAYS["st7789"]}, firmware=True,
                       also=[ROOT / "host"]).splitlines()
    recs, _ = panels.records(path.read_bytes())
    cut = recs.index(("F", b"st7789"))
    oled, lcd = panels.Bus(DISPLAYS["ssd1306"]), panels.Bus(DISPLAYS["st7789"])
    after = []                                       # the picture after each write of the OLED
    for kind, payload in recs[1:cut]:
        oled.feed(kind, payload)
        after.append(oled.decoder.image())
    lit = [sum(img) for img in after[-6:]]           # show(), contrast (2 writes), invert, poweroff, poweron
    assert lit[:3] == [1, 1, 1] and after[-6][9 * 128 + 3] == 1     # the one pixel drawn, at (3, 9)
    assert lit[3:] == [128 * 64 - 1, 0, 128 * 64 - 1]               # inverted, dark, back on inverted
    assert oled.decoder.contrast == 0x20 and oled.decoder.errors == 0
    for kind, payload in recs[cut + 1:]:
        lcd.feed(kind, payload)
    d = lcd.decoder
    assert d.asleep and not d.on and d.errors == 0 and d.frames == 1 and not any(d.image())
    d.asleep, d.on = False, True                                    # as it was before poweroff
    assert set(d.image()) == {0x00, 0x1f}                           # invert(True): yellow shown as blue
    # a driver of one's own (a FrameBuffer with show(), no fg or bg) gets the game drawn 1 on 0
    assert out[0] == "mine 1 True"
    assert out[1] == "buttons None left left"


# -- the decoders on streams made by hand ----------------------------------------------------------------
def test_ssd1306_addressing_modes_and_control_bytes():
    d = panels.SSD1306Decoder()
    d.write(0x3C, bytes([0x00, 0xA1, 0xC8, 0xAF]))              # Co=0: every byte a command
    d.write(0x3C, bytes([0x80, 0x20, 0x80, 0x01]))              # vertical addressing, argument as a command
    d.write(0x3C, bytes([0x00, 0x21, 3, 4, 0x22, 1, 2]))        # columns 3..4, pages 1..2
    d.write(0x3C, bytes([0x40, 0x01, 0x02, 0x04, 0x08]))        # down page 1, 2 of column 3, then column 4
    assert (d.ram[128 + 3], d.ram[256 + 3], d.ram[128 + 4], d.ram[256 + 4]) == (1, 2, 4, 8)
    d.write(0x3C, bytes([0x00, 0x20, 0x02, 0xB5, 0x02, 0x11]))  # page mode: page 5, column 0x12
    d.write(0x3C, bytes([0xC0, 0xAA, 0xC0, 0x55]))              # Co=1: one data byte each
    assert d.ram[5 * 128 + 0x12:5 * 128 + 0x14] == b"\xaa\x55"
    img = d.image()
    assert img[8 * 128 + 3] == 1 and img[9 * 128 + 3] == 0      # row 8 = page 1 bit 0, column 3
    d.write(0x3C, bytes([0x80, 0xA7]))                           # inverse
    assert d.image()[8 * 128 + 3] == 0 and d.errors == 0 and d.frames == 2


@pytest.mark.parametrize("write, problem", [
    ((0x3D, b"\x80\xaf"), "address 0x3d"),
    ((0x3C, b""), "empty"),
    ((0x3C, b"\x01\xaf"), "control byte 0x01"),
    ((0x3C, b"\x80"), "nothing after it"),
    ((0x3C, b"\x00\xff"), "unknown command 0xff"),
    ((0x3C, b"\x00\x20\x03"), "addressing mode 0x03"),
    ((0x3C, b"\x00\x21\x90\x10"), "column window 144..16"),
])
def test_ssd1306_malformed_writes_are_counted_not_raised(write, problem):
    d = panels.SSD1306Decoder()
    d.write(*write)
    assert d.errors == 1 and problem in d.problems[0]


def test_st7789_window_formats_and_madctl():
    d = panels.ST7789Decoder(4, 2, x_offset=1, inverted_glass=False)
    d.select(True)
    for c in (0x11, 0x29):
        d.write(0, bytes([c]))
    d.write(0, b"\x3a"), d.write(1, b"\x55")                   # 16 bits a pixel (18 after reset)
    d.write(0, b"\x2a"), d.write(1, b"\x00\x01\x00\x02")       # columns 1..2
    d.write(0, b"\x2b"), d.write(1, b"\x00\x00\x00\x00")       # row 0
    d.write(0, b"\x2c"), d.write(1, b"\xf8"), d.write(1, b"\x00\x07\xe0")   # red split across writes, green
    d.write(0, b"\x3a"), d.write(1, b"\x66")                   # 18 bits: three bytes a pixel
    d.write(0, b"\x2b"), d.write(1, b"\x00\x01\x00\x01")
    d.write(0, b"\x36"), d.write(1, b"\x40")                   # MX: columns mirrored
    d.write(0, b"\x2a"), d.write(1, b"\x00\x00\x00\x00")
    d.write(0, b"\x2c"), d.write(1, b"\x00\x00\xfc")           # blue at column 239 - 0
    d.select(False)
    img = d.image()
    assert img[0:6] == b"\xf8\x00\x07\xe0\x00\x00"            # column 0 of the panel is memory column 1
    assert d.memory[(240 + 239) * 2:(240 + 240) * 2] == b"\x00\x1f" and d.errors == 0 and d.frames == 2
    d.select(True)
    d.write(0, b"\x21"), d.write(0, b"\x36"), d.write(1, b"\x08")   # INVON on TN glass, BGR
    assert d.image()[0:2] == b"\xff\xe0"                        # red inverted (cyan) and BGR: yellow


@pytest.mark.parametrize("steps, problem", [
    ([("cs", False), (0, b"\x29")], "while CS was high"),
    ([("cs", False), ("cs", True), (1, b"\x00\x01")], "without a command"),
    ([(1, b"\x00\x01")], "2 bytes past the 1 parameter bytes of command 0x3a"),
    ([(0, b"\x2a"), (1, b"\x00\x01\x00"), ("cs", False)], "3 parameter bytes (takes 4)"),
    ([(0, b"\x2a"), (1, b"\x00\x09\x00\x01"), (0, b"\x00")], "CASET 9..1"),
    ([(0, b"\x3a"), (1, b"\x07")], "pixel format 0x07"),
    ([(0, b"\x2c"), (1, b"\x12\x34\x56"), ("cs", False)], "1 bytes into a pixel"),
    ([(0, b"\xee")], "unknown command 0xee"),
])
def test_st7789_malformed_streams_are_counted_not_raised(steps, problem):
    d = panels.ST7789Decoder()
    d.select(True)
    d.write(0, b"\x3a"), d.write(1, b"\x55")
    for level, data in steps:
        d.select(data) if level == "cs" else d.write(level, data)
    assert d.errors >= 1 and problem in d.problems[0], d.problems


def test_random_bytes_never_crash_a_decoder():
    rng = random.Random(21)
    for display in DISPLAYS.values():
        bus = panels.Bus(display)
        for _ in range(400):
            kind = rng.choice("IPSX")
            bus.feed(kind, bytes(rng.randrange(256) for _ in range(rng.randrange(12))))
        bus.decoder.image()
        assert bus.decoder.errors > 0 and len(bus.decoder.problems) <= panels.MAX_PROBLEMS
    recs, rest = panels.records(b"S\x00\x00\x00\x05abc")
    assert (recs, rest) == ([], b"S\x00\x00\x00\x05abc")            # a record still arriving
