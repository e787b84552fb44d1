# The board's display: its driver, on its bus, from the board profile. The drivers (ssd1306.py,
# st7789.py, one module each, only the one the board has ever loaded: a board's RAM) are the
# project's own with micropython-lib's ssd1306 interface: a framebuf.FrameBuffer (the games draw into
# it, screen.py) with width, height and show() to send it to the panel, plus poweroff(), poweron(),
# invert() and, on the OLED, contrast(). So a driver of one's own with that interface (such as
# micropython-lib's ssd1306.SSD1306_I2C) can be handed to the game instead: app.main(display=...).
# host/panels.py decodes what the drivers send, which is how the tests judge them.


def open_display(profile):
    # The profile's display on its real bus (machine.I2C, machine.SPI, machine.Pin), or None when the
    # profile has none. Where machine has no buses (the unix port), the virtual board's panel when it
    # is served with one (virtual_panel, written by host/virtual_board.py: its display and a bus that
    # hands the bytes to the host); ImportError when there is neither.
    try:
        from machine import Pin, I2C, SPI
        d = profile.get("display")
    except ImportError:
        from virtual_panel import Pin, I2C, SPI, served
        d = served()
    if not d:
        return None
    pins = d["pins"]
    if d["kind"] == "ssd1306":
        from maze32_game.ssd1306 import SSD1306_I2C
        return SSD1306_I2C(d["width"], d["height"], I2C(0, sda=Pin(pins["sda"]), scl=Pin(pins["scl"])),
                           d.get("address", 60))
    from maze32_game.st7789 import ST7789
    spi = SPI(1, baudrate=40000000, sck=Pin(pins["sclk"]), mosi=Pin(pins["mosi"]))
    out = lambda n: Pin(pins[n], Pin.OUT) if n in pins else None   # noqa: E731
    return ST7789(spi, out("cs"), out("dc"), out("rst"), out("bl"), d["width"], d["height"])
