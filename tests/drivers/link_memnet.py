# An in-memory network for the link's tests (tests/firmware/test_link.py on CPython, link_heaplock.py on the
# MicroPython unix port): transports with link.py's interface whose packets travel through a
# deterministic medium that drops, duplicates and delays (so reorders) them from a seeded generator,
# on a clock the test advances. Nothing here is a radio or a socket; it lets one process play both
# sides of a link frame by frame, exactly and quickly.


class Rand:
    # xorshift32 on small steps (the same on every runtime): random() -> 0..9999.
    def __init__(self, seed):
        self.s = seed or 1

    def below(self, n):
        s = self.s
        s ^= (s << 13) & 0xFFFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0xFFFFFFFF
        self.s = s
        return s % n


class MemNet:
    def __init__(self, loss=0, dup=0, delay_ms=0, seed=1):
        self.loss = loss                # per 10000
        self.dup = dup                  # per 10000
        self.delay_ms = delay_ms        # each packet takes 0..delay_ms (later ones may overtake)
        self.rand = Rand(seed)
        self.now = 0
        self.stations = {}
        self.cut = False                # True: every packet is lost (100%)
        self.carried = 0

    def attach(self, link):
        self.stations[link.name_] = link

    def carry(self, src, dst, data):
        if self.cut or (self.loss and self.rand.below(10000) < self.loss):
            return
        copies = 2 if self.dup and self.rand.below(10000) < self.dup else 1
        targets = [s for s in self.stations if s != src] if dst == "*" else [dst]
        for _ in range(copies):
            for t in targets:
                if t in self.stations:
                    due = self.now + (self.rand.below(self.delay_ms + 1) if self.delay_ms else 0)
                    self.stations[t].inbox.append((due, src, bytes(data)))
                    self.carried += 1


class MemLink:
    broadcast = "*"

    def __init__(self, net, name):
        self.net = net
        self.name_ = name
        self.inbox = []
        self.peer = None
        self.refused_from = None
        net.attach(self)

    def next_due(self):
        # The first packet whose time has come (the inbox is in sending order; delays reorder).
        now = self.net.now
        for i in range(len(self.inbox)):
            if self.inbox[i][0] <= now:
                return self.inbox.pop(i)
        return None

    def send(self, data):
        self.net.carry(self.name_, self.peer, data)

    def recv_into(self, buf):
        n, src = self.recv_from(buf)
        if src is None:
            return -2                       # link.NOTHING
        if src != self.peer:
            self.refused_from = src
            return -1                       # link.REFUSED
        return n

    def send_to(self, addr, data):
        self.net.carry(self.name_, addr, data)

    def recv_from(self, buf):
        # As the sockets do: (0, None) when nothing is due; a datagram longer than buf's 251 bytes is
        # 251 (link.TOO_LONG), the rest dropped.
        item = self.next_due()
        if item is None:
            return 0, None
        data = item[2]
        n = min(len(data), len(buf))
        for i in range(n):
            buf[i] = data[i]
        return (251 if len(data) > 250 else len(data)), item[1]

    def set_peer(self, addr):
        self.peer = addr

    def name(self, addr):
        return "station %s" % addr

    def close(self):
        pass
