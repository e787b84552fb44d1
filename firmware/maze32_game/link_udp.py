# The link's UDP adapter (link.py's transport): between two desktop twins, and between a twin and a
# virtual board (the MicroPython unix port). The same code on CPython and MicroPython; where they
# differ it asks the socket what it has. Either way the sender of every packet is compared with the
# peer here, so a packet from anyone else is refused by name (REFUSED, transport.refused_from).
#   - CPython: recvfrom_into a preallocated buffer.
#   - MicroPython: its sockets have no recvfrom_into, and readinto on a datagram socket joins every
#     datagram waiting into one buffer (the stream layer reads until the buffer is full), so it
#     cannot tell packets apart: recvfrom it is, which allocates the packet's bytes and address.
#     That is the unix port only (a virtual board); a board's radio is link_espnow.py, which does not.
import socket
import struct

from maze32_game.link import MAX_PACKET, NOTHING, REFUSED, TOO_LONG

DEFAULT_PORT = 3232


def address(host, port):
    # (host, port) as the socket functions take it: a tuple on CPython, a sockaddr on MicroPython.
    info = socket.getaddrinfo(host, port, socket.AF_INET, socket.SOCK_DGRAM)
    if not info:
        raise OSError("cannot resolve %s" % host)
    addr = info[0][-1]
    return addr if isinstance(addr, tuple) else bytes(addr)


def parse_address(text, default_host="127.0.0.1"):
    # "HOST:PORT", ":PORT" or "PORT" -> (host, port); ValueError names what is wrong.
    host, _, port = text.rpartition(":")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError("%r is not HOST:PORT (a port is 1..65535)" % text)
    return host or default_host, int(port)


class UdpLink:
    broadcast = None                    # pairing over UDP is by address: host and join

    def __init__(self, port=0, host="0.0.0.0", peer=None):
        # No SO_REUSEADDR: the port is this game's alone, so a second host on it fails here (EADDRINUSE)
        # instead of sharing the port and taking the other game's joiner.
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            s.bind(address(host, port))
        except OSError as e:
            s.close()
            raise e                     # (not a bare raise: the native emitter has none)
        s.setblocking(False)
        self.sock = s
        self.into = hasattr(s, "recvfrom_into")             # CPython; MicroPython: recvfrom
        self.peer = None
        self.refused_from = None
        if peer is not None:
            self.set_peer(peer)

    def port(self):
        # The local port (what a joiner dials): CPython says it; MicroPython's socket has no
        # getsockname, so there the caller must have bound a known port.
        try:
            return self.sock.getsockname()[1]
        except AttributeError:
            return None

    # -- play: no allocation --
    def send(self, data):
        try:
            self.sock.sendto(data, self.peer)
        except OSError:
            pass                        # the network refused it (no one listening yet): a lost packet

    def recv_into(self, buf):
        n, addr = self.recv_from(buf)
        if addr is None:
            return NOTHING
        if addr != self.peer:
            self.refused_from = addr
            return REFUSED
        return n

    # -- pairing --
    def send_to(self, addr, data):
        try:
            self.sock.sendto(data, addr)
        except OSError:
            pass

    def recv_from(self, buf):
        # -> (n, sender) with the packet in buf[:n] (buf: MAX_PACKET + 1 bytes; a longer datagram is
        # TOO_LONG, its rest dropped by the socket); (0, None) when none is waiting.
        try:
            if self.into:
                n, addr = self.sock.recvfrom_into(buf, MAX_PACKET + 1)
                return (TOO_LONG if n > MAX_PACKET else n), addr
            data, addr = self.sock.recvfrom(MAX_PACKET + 1)
        except OSError:                 # nothing waiting (EAGAIN), or an ICMP error: no packet
            return 0, None
        if len(data) > MAX_PACKET:
            return TOO_LONG, addr
        struct.pack_into("250s", buf, 0, data)     # data into buf, in C
        return len(data), addr

    def set_peer(self, addr):
        self.peer = addr

    def name(self, addr):
        if addr is None:
            return "nobody"
        if isinstance(addr, tuple):
            return "%s:%d" % (addr[0], addr[1])
        # a MicroPython sockaddr: family (2 bytes), port (2, big-endian), IPv4 address (4)
        return "%d.%d.%d.%d:%d" % (addr[4], addr[5], addr[6], addr[7], (addr[2] << 8) | addr[3])

    def close(self):
        self.sock.close()
