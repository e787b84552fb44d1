# The link's ESP-NOW adapter (link.py's transport), between two boards: the STA interface active on
# one fixed channel (both boards must share it), peers by MAC address, send(..., sync=False) (a
# link-level ACK is not delivery: the lockstep acknowledges itself), irecv into the module's own
# reused buffers, messages of at most 250 bytes.
# On the MicroPython unix port there is no radio and no `network` module: the tests run this same
# file against tests/standin/espnow.py, a stand-in that carries the packets over UDP on loopback.
import struct

import espnow

from maze32_game.link import MAX_PACKET, NOTHING, REFUSED, TOO_LONG

_COPY = "250s"                       # struct.pack_into(_COPY, buf, 0, msg): msg into buf (zero-padded)

CHANNEL = 1                          # the Wi-Fi channel both boards use, set at boot of the link
BROADCAST = b"\xff\xff\xff\xff\xff\xff"


def start_sta(channel):
    # The STA interface must be active for ESP-NOW; not connected to any access point, so it stays
    # on the channel set here. None where the port has no WLAN (the unix port).
    try:
        import network
    except ImportError:
        return None
    sta = network.WLAN(network.STA_IF)
    sta.active(True)
    try:
        sta.disconnect()
    except OSError:
        pass
    try:
        sta.config(channel=channel)
    except (ValueError, OSError):
        pass                             # a firmware that cannot set it: an idle STA sits on channel 1
    return sta


class EspNowLink:
    broadcast = BROADCAST

    def __init__(self, channel=CHANNEL):
        self.sta = start_sta(channel)
        e = espnow.ESPNow()
        e.active(True)
        self.espnow = e
        self.peer = None
        self.refused_from = None
        self.registered = []
        self.add(BROADCAST)

    def add(self, mac):
        if mac in self.registered:
            return
        try:
            self.espnow.add_peer(mac)
        except OSError:
            pass                         # already registered (ESP_ERR_ESPNOW_EXIST)
        self.registered.append(mac)

    # -- play: no allocation --
    def send(self, data):
        try:
            self.espnow.send(self.peer, data, False)
        except OSError:
            pass                         # ESP_ERR_ESPNOW_NO_MEM (queue full): a lost packet

    def recv_into(self, buf):
        mac, msg = self.espnow.irecv(0)
        if msg is None:
            return NOTHING
        if mac != self.peer:
            self.refused_from = mac
            return REFUSED
        n = len(msg)
        if n > MAX_PACKET:
            return TOO_LONG                    # not from a radio (250 bytes at most): dropped
        struct.pack_into(_COPY, buf, 0, msg)   # in C, allocating nothing (buf[0:n] = msg makes a slice)
        return n

    # -- pairing --
    def send_to(self, mac, data):
        self.add(mac)
        try:
            self.espnow.send(mac, data, False)
        except OSError:
            pass

    def recv_from(self, buf):
        mac, msg = self.espnow.irecv(0)
        if msg is None:
            return 0, None
        if len(msg) > MAX_PACKET:
            return TOO_LONG, bytes(mac)
        struct.pack_into(_COPY, buf, 0, msg)
        return len(msg), bytes(mac)

    def set_peer(self, mac):
        self.add(mac)
        self.peer = bytes(mac)

    def name(self, mac):
        if mac is None:
            return "nobody"
        return ":".join("%02x" % b for b in mac)

    def close(self):
        for mac in self.registered:
            try:
                self.espnow.del_peer(mac)
            except OSError:
                pass
        self.espnow.active(False)
