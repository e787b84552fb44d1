# The link between two players' games (SPEC 11): the transport interface, the packets, the handshake
# and the deterministic lockstep. Pure logic over bytes: the radio and the sockets are adapters
# (link_espnow.py, link_udp.py), so this runs unchanged on the board, the MicroPython unix port and
# CPython (the desktop twin). The game on top of it is link_duel.py.
#
# A transport (an adapter) has, for play, where nothing may allocate:
#   send(data)            send the bytes-like `data` (<= MAX_PACKET bytes) to the peer, never blocking;
#                         a packet the network drops is simply lost (the lockstep resends)
#   recv_into(buf) -> n   the next packet from the peer copied into buf[:n]; 0 when none is waiting;
#                         REFUSED for a packet from anyone else (its sender in transport.refused_from)
# and, for pairing, before the peer is known (these may allocate):
#   send_to(addr, data), recv_from(buf) -> (n, addr) (n = 0: nothing), set_peer(addr), name(addr),
#   close(); `broadcast` is the address that reaches every station (None where there is none).
#
# Every packet: MAGIC, protocol version, type, session, payload, then the Fletcher-16 checksum of all
# the bytes before it (2 bytes, big-endian). The first four bytes and the checksum keep their place in
# every protocol version, so any version can tell another version's packet (and REFUSE it) apart from
# line noise. Integers are big-endian; frames take 3 bytes (24 bits: 9 days at 20 frames a second).
#   HELLO   nonce(4)                              a player looking for a game (broadcast on ESP-NOW)
#   OFFER   seed(4) width height delay digest(32)   the host's game; the joiner generates it too
#   ACCEPT  digest(32)                            the joiner made the same maze: play starts
#   REFUSE  reason detail digest(32)              no game, and why (R_VERSION, R_MAZE, R_BUSY)
#   PLAY    frame(3) ack(3) first(3) count keys(count) hash_frame(3) hash(3)
#           frame: the sender's next frame to play; ack: the last frame of the receiver's inputs the
#           sender holds (all of them up to it); keys: the sender's inputs for frames first.. (every
#           one the receiver has not acknowledged yet: redundancy against loss); hash: the sender's
#           state hash after frame hash_frame (NO_FRAME: none yet)
#   END     reason frame(3)                       a player left (QUIT) or saw a desync at frame (DESYNC)
import time

try:
    from micropython import const
except ImportError:                     # CPython
    def const(x):
        return x

PROTOCOL = 1               # bump whenever a packet's layout or meaning changes
MAX_PACKET = const(250)    # ESP-NOW's limit, kept on every transport
MAGIC = const(0xD7)
HELLO = const(1)
OFFER = const(2)
ACCEPT = const(3)
REFUSE = const(4)
PLAY = const(5)
END = const(6)
R_VERSION = const(1)       # REFUSE reasons
R_MAZE = const(2)
R_BUSY = const(3)
QUIT = const(1)            # END reasons
DESYNC = const(2)
REFUSED = const(-1)        # recv_into: a packet from someone who is not the peer

# Why a packet was refused during play (Lockstep.refusals counts each; the game never sees one).
BAD_PACKET = const(0)      # too short, not ours, or a checksum that does not match (corrupted)
UNKNOWN_PEER = const(1)    # from a sender that is not the peer
OLD_VERSION = const(2)     # another protocol version
OTHER_SESSION = const(3)   # from an earlier game (another session number)
REFUSAL_NAMES = ("corrupted", "unknown peer", "other protocol version", "other session")

KEY_NAMES = (None, "up", "right", "down", "left")           # the keys on the wire, as small ints
KEY_CODES = {None: 0, "up": 1, "right": 2, "down": 3, "left": 4, "w": 1, "d": 2, "s": 3, "a": 4}

RING = const(64)           # frames of inputs and state hashes kept (a power of two)
MASK = const(63)
MAX_KEYS = const(32)       # inputs one PLAY packet carries at most (the unacknowledged ones are fewer)
MAX_DELAY = const(12)      # the input delay, in frames, at most (the ring holds 2 * delay + 2 of them)
NO_FRAME = const(0xFFFFFF)
PLAY_BYTES = const(22)     # a PLAY packet without keys
RESEND_MS = const(100)     # the handshake's resend period
DIGEST = const(32)         # a maze hash on the wire: SHA-256's 32 bytes


def ticks_ms():
    return time.ticks_ms() if hasattr(time, "ticks_ms") else int(time.monotonic() * 1000)


def ticks_diff(a, b):
    return time.ticks_diff(a, b) if hasattr(time, "ticks_diff") else a - b


def sleep_ms(ms):
    if hasattr(time, "sleep_ms"):
        time.sleep_ms(ms)
    else:
        time.sleep(ms / 1000)


class LinkError(Exception):
    # The link cannot go on (no answer, lost, cancelled); str() is the message to show.
    pass


class Refused(LinkError):
    # The handshake refused to start a game: a protocol version or a maze hash that differs.
    pass


# -- packets --------------------------------------------------------------------------------------
def put24(buf, i, v):
    buf[i] = (v >> 16) & 255
    buf[i + 1] = (v >> 8) & 255
    buf[i + 2] = v & 255


def get24(buf, i):
    return (buf[i] << 16) | (buf[i + 1] << 8) | buf[i + 2]


def fletcher16(buf, n):
    # Fletcher-16 of buf[:n]: the two running sums are reduced mod 255 once at the end (the same
    # value; below 2**30 for any n <= 250, so no long int on the board).
    a = 0
    b = 0
    i = 0
    while i < n:
        a += buf[i]
        b += a
        i += 1
    return ((b % 255) << 8) | (a % 255)


def seal(buf, n):
    # Write the checksum of buf[:n] after it; returns the packet's length.
    c = fletcher16(buf, n)
    buf[n] = c >> 8
    buf[n + 1] = c & 255
    return n + 2


def is_intact(buf, n):
    # Long enough, ours, and its checksum matches.
    if n < 6 or buf[0] != MAGIC:
        return False
    return fletcher16(buf, n - 2) == (buf[n - 2] << 8) | buf[n - 1]


def header(buf, version, kind, session):
    buf[0] = MAGIC
    buf[1] = version
    buf[2] = kind
    buf[3] = session


def packet(version, kind, session, payload):
    # A handshake packet as bytes (allocates: pairing only).
    buf = bytearray(4 + len(payload) + 2)
    header(buf, version, kind, session)
    buf[4:4 + len(payload)] = payload
    seal(buf, 4 + len(payload))
    return bytes(buf)


def hex8(digest):
    # The first 8 bytes of a digest as 16 hex digits, for messages.
    return "".join("%02x" % b for b in digest[:8])


# -- the lockstep ---------------------------------------------------------------------------------
class Lockstep:
    # Both sides play the same frames on the same inputs. Input delay: the key a side reads before
    # frame f is its input for frame f + delay (frames 0..delay-1 have no input), so it travels while
    # those frames play. A frame is played only when both inputs are there; otherwise the side stalls,
    # and after lost_ms without progress the link is lost. Everything per frame (poll, put, advance,
    # send) works in buffers made here, once: nothing allocates.
    def __init__(self, transport, me, session, delay=3, lost_ms=3000, version=PROTOCOL, trace=None,
                 now=None):
        if not 1 <= delay <= MAX_DELAY:
            raise ValueError("input delay: 1..%d frames, got %r" % (MAX_DELAY, delay))
        self.link = transport
        self.me = me                        # 0: Player 1 (the host), 1: Player 2
        self.session = session
        self.delay = delay
        self.lost_ms = lost_ms
        self.version = version
        self.trace = trace                  # a list to append each frame's state hash to (tests), or None
        self.frame = 0                      # the next frame to play
        self.made = delay - 1               # my inputs exist up to this frame
        self.got = delay - 1                # the peer's inputs, all of them up to this frame
        self.acked = delay - 1              # the peer holds my inputs up to this frame
        self.mine = bytearray(RING)         # key codes by frame & MASK
        self.theirs = bytearray(RING)
        self.hashes = [0] * RING            # my state hash after each frame
        self.their_hash = [0] * RING        # the peer's, for frames I have not played yet
        self.their_frame = [-1] * RING
        self.back = delay                   # PLAY carries the hash of frame - 1 - back
        self.desync = -1                    # the first frame whose hashes differ, once seen
        self.ended = 0                      # the peer's END reason (QUIT, DESYNC), once received
        self.end_frame = 0
        self.refusals = [0, 0, 0, 0]        # packets refused, by BAD_PACKET..OTHER_SESSION
        self.last_refusal = -1
        self.last_detail = 0                # the refused packet's version, or session
        self.peer_frame = 0                 # the peer's next frame to play, as last heard
        self.received = 0                   # PLAY packets taken
        self.sent = 0
        self.bytes_sent = 0
        self.reply = None                   # the joiner's ACCEPT, sent again if the host resends OFFER
        self.moved = ticks_ms() if now is None else now     # when the last frame was played
        self.rx = bytearray(MAX_PACKET)
        self.tx = bytearray(MAX_PACKET)
        self.end_tx = bytearray(10)
        view = memoryview(self.tx)
        self.views = [view[:PLAY_BYTES + k] for k in range(MAX_KEYS + 1)]   # sent whole: no slicing

    # -- receiving --
    def poll(self, now):
        # Take every packet waiting (at most 16: a flood cannot hold up the frame).
        rx = self.rx
        i = 0
        while i < 16:
            i += 1
            n = self.link.recv_into(rx)
            if n == 0:
                return
            if n < 0:
                self.refuse(UNKNOWN_PEER, 0)
            elif not is_intact(rx, n):
                self.refuse(BAD_PACKET, 0)
            elif rx[1] != self.version:
                self.refuse(OLD_VERSION, rx[1])
            elif rx[2] == PLAY and rx[3] == self.session:
                self.take_play(rx, n)
            elif rx[2] == END and rx[3] == self.session and n == 10:
                self.ended = rx[4]
                self.end_frame = get24(rx, 5)
            elif rx[2] == OFFER and rx[3] == self.session and self.reply is not None:
                self.link.send(self.reply)        # the host missed our ACCEPT
            elif rx[2] == PLAY or rx[2] == END:
                self.refuse(OTHER_SESSION, rx[3])
            # anything else (a late HELLO, ACCEPT or OFFER of this game) needs no answer

    def refuse(self, why, detail):
        self.refusals[why] += 1
        self.last_refusal = why
        self.last_detail = detail

    def take_play(self, rx, n):
        count = rx[13]
        if n != PLAY_BYTES + count or count > MAX_KEYS:
            self.refuse(BAD_PACKET, 0)
            return
        self.received += 1
        frame = get24(rx, 4)
        if frame > self.peer_frame:
            self.peer_frame = frame
        ack = get24(rx, 7)
        if ack > self.made:
            ack = self.made                   # cannot hold what was never sent
        if ack > self.acked:
            self.acked = ack
        first = get24(rx, 10)
        last = first + count - 1
        if last >= self.frame + RING:
            last = self.frame + RING - 1      # beyond the ring: never sent by a peer in lockstep
        got = self.got
        if first <= got + 1 and last > got:   # new inputs, contiguous with what we hold
            theirs = self.theirs
            f = got + 1
            while f <= last:
                theirs[f & MASK] = rx[14 + f - first]
                f += 1
            self.got = last
        hf = get24(rx, 14 + count)
        if hf == NO_FRAME:
            return
        h = get24(rx, 17 + count)
        if hf < self.frame:                   # a frame played here: compare now
            if self.frame - hf <= RING and self.hashes[hf & MASK] != h:
                self.see_desync(hf)
        elif hf < self.frame + RING:          # not played yet: compare when it is
            self.their_hash[hf & MASK] = h
            self.their_frame[hf & MASK] = hf

    def see_desync(self, f):
        if self.desync < 0 or f < self.desync:
            self.desync = f

    # -- playing --
    def wants_input(self):
        # Is my input for frame + delay still to be made? (one per frame played)
        return self.made < self.frame + self.delay

    def put(self, code):
        self.made += 1
        self.mine[self.made & MASK] = code

    def ready(self):
        # Are both inputs of the next frame here?
        return self.got >= self.frame and self.made >= self.frame

    def key_code(self, player):
        # Player 1's (0) or Player 2's (1) key code for the next frame (a tuple of both would allocate).
        if player == self.me:
            return self.mine[self.frame & MASK]
        return self.theirs[self.frame & MASK]

    def advance(self, h, now):
        # The next frame was played; h is the state hash after it.
        f = self.frame
        i = f & MASK
        self.hashes[i] = h
        if self.their_frame[i] == f and self.their_hash[i] != h:
            self.see_desync(f)
        self.frame = f + 1
        self.moved = now
        if self.trace is not None:
            self.trace.append(h)

    def stalled_ms(self, now):
        return ticks_diff(now, self.moved)

    def is_lost(self, now):
        return ticks_diff(now, self.moved) >= self.lost_ms

    # -- sending --
    def send(self):
        # One PLAY packet: every input the peer has not acknowledged, our acknowledgement, a hash.
        tx = self.tx
        first = self.acked + 1
        count = self.made - self.acked
        if count > MAX_KEYS:
            count = MAX_KEYS
        header(tx, self.version, PLAY, self.session)
        put24(tx, 4, self.frame)
        put24(tx, 7, self.got)
        put24(tx, 10, first)
        tx[13] = count
        mine = self.mine
        i = 0
        while i < count:
            tx[14 + i] = mine[(first + i) & MASK]
            i += 1
        hf = self.frame - 1 - self.back
        if hf < 0:
            put24(tx, 14 + count, NO_FRAME)
            put24(tx, 17 + count, 0)
        else:
            put24(tx, 14 + count, hf)
            put24(tx, 17 + count, self.hashes[hf & MASK])
        n = seal(tx, PLAY_BYTES - 2 + count)
        self.link.send(self.views[count])
        self.sent += 1
        self.bytes_sent += n

    def send_end(self, reason, frame):
        buf = self.end_tx
        header(buf, self.version, END, self.session)
        buf[4] = reason
        put24(buf, 5, frame)
        seal(buf, 8)
        self.link.send(buf)

    def refusal_text(self):
        # The packets refused so far, for the status line and the logs ("" when none).
        if self.last_refusal < 0:
            return ""
        parts = ["%d %s" % (self.refusals[i], REFUSAL_NAMES[i]) for i in range(4) if self.refusals[i]]
        last = REFUSAL_NAMES[self.last_refusal]
        if self.last_refusal == OLD_VERSION:
            last = "protocol version %d (this side speaks %d)" % (self.last_detail, self.version)
        elif self.last_refusal == UNKNOWN_PEER:
            last = "a packet from %s, not the other player" % self.link.name(self.link.refused_from)
        elif self.last_refusal == BAD_PACKET:
            last = "a corrupted packet (bad checksum or length)"
        elif self.last_refusal == OTHER_SESSION:
            last = "a packet of another game (session %d)" % self.last_detail
        return "refused %s; last: %s" % (", ".join(parts), last)


# -- the handshake --------------------------------------------------------------------------------
class Offer:
    # The host's game: what both sides generate, and the host's maze hash (32 bytes).
    def __init__(self, seed, width, height, delay, digest, session):
        self.seed = seed
        self.width = width
        self.height = height
        self.delay = delay
        self.digest = digest
        self.session = session

    def payload(self):
        s = self.seed
        return bytes([(s >> 24) & 255, (s >> 16) & 255, (s >> 8) & 255, s & 255,
                      self.width, self.height, self.delay]) + self.digest

    def describe(self):
        return "seed %d at %dx%d" % (self.seed, self.width, self.height)


def read_offer(buf, n, session):
    if n != 4 + 7 + DIGEST + 2:
        return None
    seed = (buf[4] << 24) | (buf[5] << 16) | (buf[6] << 8) | buf[7]
    return Offer(seed, buf[8], buf[9], buf[10], bytes(buf[11:11 + DIGEST]), session)


def nonce_bytes():
    import os
    return bytes(os.urandom(4))


HOST = "host"
JOIN = "join"
AUTO = "auto"


class Pairing:
    # The handshake of SPEC 11 over a transport, for one of three roles:
    #   HOST waits for a HELLO, offers its game, and starts when the joiner ACCEPTs the same maze;
    #   JOIN says HELLO to the peer already set on the transport, generates what is offered, compares
    #        the hashes and ACCEPTs (or REFUSEs);
    #   AUTO (two boards over ESP-NOW) broadcasts HELLO with a random nonce; of two players who hear each
    #        other the higher nonce hosts.
    # `game` provides offer_game() -> (seed, width, height, digest) for hosting and
    # make(seed, width, height) -> digest for joining (each generates the maze). run() returns
    # (Lockstep, Offer) or raises Refused / LinkError with the reason, after telling the other side.
    def __init__(self, transport, role, game, delay=3, lost_ms=3000, timeout_ms=None, version=PROTOCOL,
                 cancelled=None, trace=None, log=None):
        self.link = transport
        self.role = role
        self.game = game
        self.delay = delay
        self.lost_ms = lost_ms
        self.timeout_ms = timeout_ms
        self.version = version
        self.cancelled = cancelled
        self.trace = trace
        self.log = log
        self.buf = bytearray(MAX_PACKET)
        self.nonce = nonce_bytes()
        self.offer = None
        self.offer_packet = None
        self.peer = None

    def say(self, text):
        if self.log:
            self.log(text)

    def hello(self):
        return packet(self.version, HELLO, 0, self.nonce)

    def refuse(self, addr, reason, digest=None, detail=None):
        # REFUSE, three times (a lost one leaves the other side to time out, still with a message).
        data = packet(self.version, REFUSE, self.offer.session if self.offer else 0,
                      bytes([reason, self.version if detail is None else detail]) + (digest or bytes(DIGEST)))
        for _ in range(3):
            self.link.send_to(addr, data)

    def become_host(self, addr):
        self.peer = addr
        self.link.set_peer(addr)
        if self.offer is None:
            seed, width, height, digest = self.game.offer_game()
            session = 1 + (self.nonce[0] ^ self.nonce[3]) % 255
            self.offer = Offer(seed, width, height, self.delay, digest, session)
            self.offer_packet = packet(self.version, OFFER, session, self.offer.payload())
        self.role = HOST
        self.say("offering %s to %s" % (self.offer.describe(), self.link.name(addr)))

    def become_joiner(self, addr):
        self.peer = addr
        self.link.set_peer(addr)
        self.role = JOIN

    def lockstep(self, me, session):
        return Lockstep(self.link, me, session, self.delay, self.lost_ms, self.version, self.trace)

    def run(self):
        start = ticks_ms()
        last_sent = None
        buf = self.buf
        if self.role == JOIN:
            self.peer = self.link.peer
        while True:
            if self.cancelled and self.cancelled():
                raise LinkError("cancelled")
            now = ticks_ms()
            n, addr = self.link.recv_from(buf)
            while n:
                done = self.take(buf, n, addr)
                if done:
                    return done
                n, addr = self.link.recv_from(buf)
            if last_sent is None or ticks_diff(now, last_sent) >= RESEND_MS:
                last_sent = now
                self.resend()
            if self.timeout_ms is not None and ticks_diff(now, start) >= self.timeout_ms:
                if self.role == HOST and self.peer is None:
                    raise LinkError("no player joined within %.1f s" % (self.timeout_ms / 1000))
                if self.peer is None:
                    raise LinkError("no other player answered within %.1f s" % (self.timeout_ms / 1000))
                raise LinkError("no answer from %s within %.1f s" % (self.link.name(self.peer),
                                                                      self.timeout_ms / 1000))
            sleep_ms(5)

    def resend(self):
        if self.role == HOST:
            if self.peer is not None:
                self.link.send_to(self.peer, self.offer_packet)
        elif self.role == JOIN:
            self.link.send_to(self.peer, self.hello())
        elif self.link.broadcast is not None:
            self.link.send_to(self.link.broadcast, self.hello())

    def take(self, buf, n, addr):
        # One handshake packet -> (Lockstep, Offer) when play starts, else None.
        if not is_intact(buf, n):
            return None                       # noise or a corrupted packet: the resends cover it
        kind = buf[2]
        if self.peer is not None and addr != self.peer:
            return None                       # someone else, while we pair with the peer
        if kind == REFUSE:
            return self.refused(buf, n)
        if buf[1] != self.version:
            self.refuse(addr, R_VERSION)
            raise Refused("refused: the other side speaks link protocol %d, this side %d"
                          % (buf[1], self.version))
        if kind == HELLO and n == 10:
            if self.role == AUTO:
                theirs = bytes(buf[4:8])
                if theirs == self.nonce:
                    self.nonce = nonce_bytes()    # the same draw on both: draw again
                elif self.nonce > theirs:
                    self.become_host(addr)
                    self.resend()
                else:
                    self.become_joiner(addr)
                    self.resend()
            elif self.role == HOST:
                if self.peer is None:
                    self.become_host(addr)
                self.resend()
            return None
        if kind == OFFER and self.role in (JOIN, AUTO):
            if self.role == AUTO:
                self.become_joiner(addr)
            return self.answer(buf, n, addr)
        if self.role == HOST and self.peer is not None and buf[3] == self.offer.session:
            if kind == ACCEPT and n == 4 + DIGEST + 2:
                theirs = bytes(buf[4:4 + DIGEST])
                if theirs != self.offer.digest:
                    self.refuse(addr, R_MAZE, self.offer.digest)
                    raise Refused(self.mismatch(self.offer.digest, theirs))
                return self.lockstep(0, self.offer.session), self.offer
            if kind == PLAY:
                # The joiner plays: it accepted (its ACCEPT was lost). It checked the hashes.
                return self.lockstep(0, self.offer.session), self.offer
        return None

    def answer(self, buf, n, addr):
        offer = read_offer(buf, n, buf[3])
        if offer is None:
            return None
        self.say("offered %s by %s" % (offer.describe(), self.link.name(addr)))
        self.offer = offer
        try:
            mine = self.game.make(offer.seed, offer.width, offer.height)
        except (ValueError, RuntimeError) as e:
            self.refuse(addr, R_BUSY)
            raise Refused("refused: cannot make the offered maze (%s): %s" % (offer.describe(), e))
        if mine != offer.digest:
            self.refuse(addr, R_MAZE, mine)
            raise Refused(self.mismatch(mine, offer.digest, offer))
        accept = packet(self.version, ACCEPT, offer.session, mine)
        self.link.send_to(addr, accept)
        self.delay = offer.delay
        ls = self.lockstep(1, offer.session)
        ls.reply = accept
        return ls, offer

    def refused(self, buf, n):
        if n != 4 + 2 + DIGEST + 2:
            return None
        reason, detail = buf[4], buf[5]
        if reason == R_VERSION:
            raise Refused("refused by the other side: it speaks link protocol %d, this side %d"
                          % (detail, self.version))
        if reason == R_MAZE:
            theirs = bytes(buf[6:6 + DIGEST])
            mine = self.offer.digest if self.offer else bytes(DIGEST)
            raise Refused("refused by the other side: " + self.mismatch(mine, theirs)[len("refused: "):])
        raise Refused("refused by the other side: it cannot play this game")

    def mismatch(self, mine, theirs, offer=None):
        offer = offer or self.offer
        return ("refused: maze hash mismatch for %s: this side made %s..., the other side %s... "
                "(a different generator version or settings)" % (offer.describe(), hex8(mine), hex8(theirs)))
