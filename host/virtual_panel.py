# The virtual board's panel bus. This module runs on MicroPython (the unix port), not on the host:
# host/virtual_board.py copies it into the board's lib/ when served with --panel, with panel.json
# beside it naming the panel (a profile's display entry) and the loopback port where the host reads
# the bus. display.open_display() takes its Pin, I2C and SPI where machine has none, so the game's own
# drivers run unchanged and what they put on the bus reaches host/panels.py's decoder. The tests use
# the same bus, writing to a file (the only stand-in for hardware in the panel tests).
#
# The wire: records of a kind byte, a 4-byte big-endian length and that many bytes:
#   I  address, then the bytes of one I2C write
#   S  the bytes of one SPI write
#   P  pin number, level: an output pin set (CS and DC among them)
# A sink that fails (the host gone) unplugs the panel, never stops the game.
import json


class Wire:
    def __init__(self, sink):
        self.sink = sink

    def record(self, kind, head, data=b""):
        if self.sink is None:
            return
        n = len(head) + len(data)
        try:
            self.sink.write(bytes((kind, (n >> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255)) + head)
            if data:
                self.sink.write(data)
        except OSError:
            self.sink = None


def connect(port):
    import socket
    s = socket.socket()
    s.connect(socket.getaddrinfo("127.0.0.1", port)[0][-1])
    return s


WIRE = Wire(None)             # to the host, connected by the first bus made (it listens by then)
_served = None


def served():
    # The panel the board is served with (panel.json's display entry); ImportError without one.
    global _served
    if _served is None:
        try:
            with open("panel.json") as f:
                _served = json.load(f)
        except (OSError, ValueError):
            raise ImportError("no virtual panel (the board is served without --panel)")
    return _served["display"]


def _wire():
    if WIRE.sink is None and _served and "port" in _served:
        try:
            WIRE.sink = connect(_served["port"])
        except OSError:
            pass
    return WIRE


class Pin:
    OUT, IN, PULL_UP = 1, 0, 1

    def __init__(self, number, mode=None, pull=None, wire=None):
        self.number, self.level = number, 0
        self.wire = wire or _wire()

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v
        self.wire.record(ord("P"), bytes((self.number, 1 if v else 0)))


class I2C:
    def __init__(self, bus=0, scl=None, sda=None, freq=400000, wire=None):
        self.wire = wire or _wire()

    def writeto(self, addr, data):
        self.wire.record(ord("I"), bytes((addr,)), data)

    def writevto(self, addr, parts):
        self.wire.record(ord("I"), bytes((addr,)), b"".join([bytes(p) for p in parts]))


class SPI:
    def __init__(self, bus=1, baudrate=0, sck=None, mosi=None, miso=None, wire=None):
        self.wire = wire or _wire()

    def write(self, data):
        self.wire.record(ord("S"), b"", data)
