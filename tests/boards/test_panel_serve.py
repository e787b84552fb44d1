"""`maze32 board serve --panel`: the virtual board with a panel on its bus (host/virtual_panel.py), what
reaches the panel decoded (host/panels.py) into panel.png in the board's folder as frames arrive."""
import os
import shutil
import time

import pytest

from host import transport
from host.virtual_board import VirtualBoard
from maze32_game import games
from support import MAZE32, ROOT, maze32, one_line_error, read_png
from terminals import PtyProcess, served_board

YELLOW = (255, 255, 0)                        # the ST7789 driver's foreground, 0xFFE0
LIT = (0xD8, 0xF0, 0xFF)                      # an SSD1306 pixel lit, as panels.py paints it


def panel_png(path, ready=lambda png: True, wait=15.0):
    # The PNG (w, h, rows, text) once `ready` says so of it: it is replaced as frames arrive, each
    # time whole (never seen half written).
    end, png = time.monotonic() + wait, None
    while time.monotonic() < end:
        if path.exists():
            png = read_png(path.read_bytes())
            if ready(png):
                return png
        time.sleep(0.1)
    raise AssertionError("%s not as expected within %s s (last: %s)" % (path, wait, png and png[:2]))


@pytest.mark.parametrize("kind, scale, lit", [("ssd1306", 4, LIT), ("st7789", 2, YELLOW)])
def test_what_the_driver_draws_is_the_png(tmp_path, kind, scale, lit):
    # Only the display and its drivers on the board (its filesystem is the folder): open_display finds the
    # virtual panel where machine has no buses, and the rectangle drawn is the PNG's, pixel for pixel.
    game = tmp_path / "lib" / "maze32_game"
    game.mkdir(parents=True)
    for name in ("__init__.py", "display.py", "ssd1306.py", "st7789.py"):
        shutil.copy(ROOT / "firmware" / "maze32_game" / name, game)
    with VirtualBoard(tmp_path, panel=kind) as vb:
        with transport.connected(vb.url) as board:
            board.exec("from maze32_game import display\nd = display.open_display({})\nd.fill(d.bg)\n"
                       "d.rect(10, 5, 20, 12, d.fg)\nd.pixel(60, 40, d.fg)\nd.show()\n")
        width, height = (128, 64) if kind == "ssd1306" else (172, 320)
        outline = {(x, y) for x in range(10, 30) for y in (5, 16)} | {(x, y) for x in (10, 29) for y in range(5, 17)}
        drawn = outline | {(60, 40)}

        def shown(png):
            w, h, rows, _ = png
            assert (w, h) == (width * scale, height * scale)
            return {(x, y) for y in range(height) for x in range(width) if rows[y * scale + 1][x * scale + 1] == lit}
        png = panel_png(tmp_path / "panel.png", lambda png: shown(png) == drawn)
        assert vb.panel.png == tmp_path / "panel.png" and int(png[3]["Frames"]) >= 1
    assert not list(tmp_path.glob(".panel.png.part"))


def test_a_malformed_stream_is_told_and_the_panel_goes_on(tmp_path):
    # A driver of one's own that writes to the wrong address, then a right one: one line for the
    # first, the picture from the second.
    with VirtualBoard(tmp_path, panel="ssd1306") as vb:
        told = []
        vb.panel.note = told.append
        with transport.connected(vb.url) as board:
            board.exec("import virtual_panel as vp\nvp.served()\ni2c = vp.I2C(0)\n"
                       "i2c.writeto(0x3D, b'\\x80\\xaf')\ni2c.writeto(0x3C, b'\\x00\\xa5\\xaf')\n")
        panel_png(tmp_path / "panel.png", lambda png: png[2][0][0] == LIT)     # entire display on
        summary = vb.panel.summary()
    assert told == ["panel: write to address 0x3d, the panel is at 0x3c"]
    assert summary == "panel: 0 frames decoded, 1 problems in the stream"


def test_served_without_a_panel_the_board_has_none(tmp_path):
    # A folder once served with a panel, served again without: the bus module left in lib/ finds no
    # panel.json, so the game has no display (ImportError, as on a board without one).
    with VirtualBoard(tmp_path, panel="ssd1306"):
        pass
    with VirtualBoard(tmp_path) as vb:
        assert not (tmp_path / "panel.json").exists() and vb.panel is None
        with transport.connected(vb.url) as board:
            out = board.exec("try:\n import virtual_panel\n virtual_panel.served()\nexcept ImportError as e:\n"
                             " print('none:', e)\n")
    assert out.startswith("none: no virtual panel")


def test_panel_is_for_the_virtual_board():
    assert "--panel is for the virtual board" in one_line_error(maze32("board", "serve", "--riscv", "--panel",
                                                                       "st7789"))
    assert "invalid choice" in maze32("board", "serve", "--panel", "ili9341").stderr


def tiles_of(rows, n):
    # The panel's n x n Deeper tiles from the PNG (10 px cells, 2 PNG px a panel px): "#" a hedge
    # (filled to its corner), "@" the player (a square inset by one: its left middle lit, unlike a
    # ghost's cross), "." the rest (floor, the hatch's outline, a ghost).
    def at(tx, ty, x, y):
        return rows[(ty * 10 + y) * 2][(tx * 10 + x) * 2] == YELLOW
    return ["".join("#" if at(tx, ty, 0, 0) else "@" if at(tx, ty, 2, 5) else "." for tx in range(n))
            for ty in range(n)]


@pytest.mark.slow
def test_deeper_from_the_menu_reaches_the_st7789_as_the_terminal_shows_it(tmp_path):
    # Deployed, served with the Waveshare's ST7789, Deeper from the board's menu over `maze32 play
    # --port`: after each move the PNG's tiles are the terminal's (its ghosts move on their own, so
    # they are not compared; the panel and the terminal get each frame one after the other).
    board = tmp_path / "board"
    assert maze32("deploy", board=board).returncode == 0
    env = dict(os.environ, MAZE32_VIRTUAL_BOARD=str(board))
    with served_board(env, "--panel", "st7789") as url:
        term = PtyProcess([MAZE32, "play", "--port", url], env=env)
        try:
            assert term.wait_for("maze32 on", 20), term.text()
            term.send(games.by_name("deeper").key.encode())
            assert term.start(60), term.screen[-600:]
            assert term.wait_for("deeper  depth 1", 20), term.text()
            for key in (b"", b"d", b"s"):
                term.send(key)
                end, panel, text = time.monotonic() + 10, None, None
                while time.monotonic() < end:
                    term.read(0.3)
                    grid = [line[:14] for line in term.text().splitlines() if line.startswith("\u2588\u2588")][:7]
                    text = ["".join("#" if g == "\u2588\u2588" else "@" if g[0] == "@" else "."
                                    for g in (line[i:i + 2] for i in range(0, 14, 2))) for line in grid]
                    panel = tiles_of(panel_png(board / "panel.png")[2], 7)
                    if panel == text:
                        break
                assert panel == text, (panel, text)
            term.send(b"q")
            assert term.wait_for("quit  time", 20), term.text()
        finally:
            term.close()


def test_a_stranger_claiming_a_huge_record_is_dropped_and_the_panel_serves_on(tmp_path):
    # On the panel's loopback port, a record that claims a gigabyte: the connection is dropped at once
    # with one line (was: every byte kept and copied again at each read, the server's memory and CPU
    # without bound); the board's next connection draws as before.
    import socket
    from host import panels
    from host.panel_server import PanelServer
    ps = PanelServer(tmp_path, "ssd1306")
    told = []
    ps.note = told.append
    try:
        with socket.create_connection(("127.0.0.1", ps.port), timeout=30) as s:
            s.sendall(b"S" + (1 << 30).to_bytes(4, "big") + bytes(1000))
            assert s.recv(10) == b""                                  # closed by the server
        assert told == ["panel: a record of %d bytes (at most %d): the connection dropped"
                        % (1 << 30, panels.MAX_RECORD)]
        with socket.create_connection(("127.0.0.1", ps.port), timeout=30) as s:
            s.sendall(b"I\x00\x00\x00\x04\x3c\x00\xa5\xaf")          # entire display on
            panel_png(tmp_path / "panel.png", lambda png: png[2][0][0] == LIT)
    finally:
        ps.stop()


def test_a_silent_connection_does_not_keep_the_boards_from_being_read(tmp_path):
    # A stranger connects to the panel's port first and says nothing: the board's connection is read
    # all the same (was: queued behind it, its writes blocked after 2.7 MB, and with them its game).
    import socket
    from host.panel_server import PanelServer
    ps = PanelServer(tmp_path, "ssd1306")
    try:
        with socket.create_connection(("127.0.0.1", ps.port), timeout=30) as stranger, \
                socket.create_connection(("127.0.0.1", ps.port), timeout=30) as board:
            stranger.sendall(b"")
            board.sendall(b"I\x00\x00\x00\x04\x3c\x00\xa5\xaf")          # entire display on
            panel_png(tmp_path / "panel.png", lambda png: png[2][0][0] == LIT)
    finally:
        ps.stop()
