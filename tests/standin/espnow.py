# A STAND-IN for MicroPython's `espnow` module, for the MicroPython unix port, which has no radio.
# Nothing here is ESP-NOW: no radio exists on these machines. It is the project's only stand-in, and
# it exists so that firmware/maze32_game/link_espnow.py (the ESP-NOW adapter, unchanged) runs in the tests: it
# offers the calls that adapter makes (ESPNow(), active, add_peer, del_peer, send(mac, msg, sync),
# irecv(timeout_ms) with reused buffers, MAX_DATA_LEN) and carries their packets over UDP on loopback.
#
# Each station binds the UDP port in $MAZE32_ESPNOW_PORT; its MAC is 02:00:00:00:PH:PL (a locally
# administered address made of the port). A datagram is the sender's MAC (6 bytes), then the message.
# Sending to a MAC goes to the port inside it; to ff:ff:ff:ff:ff:ff, to every other port listed in
# $MAZE32_ESPNOW_AIR (comma-separated): the stations within range. Like the real module, sending
# needs add_peer first and messages are at most 250 bytes; receiving from any station needs nothing.
import os
import select
import socket

MAX_DATA_LEN = 250
ETH_ALEN = 6
BROADCAST = b"\xff\xff\xff\xff\xff\xff"


def mac_of(port):
    return bytes([2, 0, 0, 0, (port >> 8) & 255, port & 255])


def _address(port):
    return socket.getaddrinfo("127.0.0.1", port, socket.AF_INET, socket.SOCK_DGRAM)[0][-1]


_station = None


def ESPNow():
    # A singleton, as espnow.ESPNow() is.
    global _station
    if _station is None:
        _station = Station()
    return _station


class Station:
    def __init__(self):
        self.port = int(os.getenv("MAZE32_ESPNOW_PORT"))
        self.air = [int(p) for p in (os.getenv("MAZE32_ESPNOW_AIR") or "").split(",") if p]
        self.mac = mac_of(self.port)
        self.peers = []
        self.on = False
        self.sock = None
        self._data = [None, None]
        self._none = (None, None)

    def active(self, flag=None):
        if flag is None:
            return self.on
        if flag and not self.on:
            self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            self.sock.bind(_address(self.port))
            self.sock.setblocking(False)
        elif not flag and self.on:
            self.sock.close()
            self.sock = None
        self.on = bool(flag)
        return self.on

    def config(self, *args, **kwargs):
        return None

    def add_peer(self, mac, *args, **kwargs):
        if len(mac) != ETH_ALEN:
            raise ValueError("invalid peer MAC address")
        if bytes(mac) in self.peers:
            raise OSError(-12395, "ESP_ERR_ESPNOW_EXIST")
        self.peers.append(bytes(mac))

    def del_peer(self, mac):
        if bytes(mac) not in self.peers:
            raise OSError(-12393, "ESP_ERR_ESPNOW_NOT_FOUND")
        self.peers.remove(bytes(mac))

    def get_peers(self):
        return tuple((m, b"", 0, 0, False) for m in self.peers)

    def send(self, mac, msg, sync=True):
        if not self.on:
            raise OSError(-12395 + 100, "ESP_ERR_ESPNOW_NOT_INIT")
        if len(msg) > MAX_DATA_LEN:
            raise ValueError("msg too long")
        mac = bytes(mac)
        if mac not in self.peers:
            raise OSError(-12393, "ESP_ERR_ESPNOW_NOT_FOUND")
        data = self.mac + bytes(msg)
        ports = [p for p in self.air if p != self.port] if mac == BROADCAST else [(mac[4] << 8) | mac[5]]
        for p in ports:
            try:
                self.sock.sendto(data, _address(p))
            except OSError:
                pass                    # no station there: the air carries it nowhere
        return True                     # sync=False: no wait for the link-level ACK

    def any(self):
        p = select.poll()
        p.register(self.sock, select.POLLIN)
        return bool(p.poll(0))

    def irecv(self, timeout_ms=None):
        if not self.on:
            raise OSError(-12395 + 100, "ESP_ERR_ESPNOW_NOT_INIT")
        if timeout_ms and not self.any():
            p = select.poll()
            p.register(self.sock, select.POLLIN)
            p.poll(timeout_ms)
        try:
            data = self.sock.recv(ETH_ALEN + MAX_DATA_LEN)
        except OSError:
            return self._none
        if len(data) < ETH_ALEN:
            return self._none
        self._data[0] = data[:ETH_ALEN]
        self._data[1] = data[ETH_ALEN:]
        return self._data

    def recv(self, timeout_ms=None):
        mac, msg = self.irecv(timeout_ms)
        return (None, None) if msg is None else (bytes(mac), bytes(msg))
