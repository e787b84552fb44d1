# The link between two players' games (SPEC 11): the transport interface, the packets and the
# deterministic lockstep; the handshake that starts it is link_pairing.py. Pure logic over bytes: the
# radio and the sockets are adapters (link_espnow.py, link_udp.py), so this runs unchanged on the
# board, the MicroPython unix port and CPython (the desktop twin). The game on top of it is link_duel.py.
#
# A transport (an adapter) has, for play, where nothing may allocate:
#   send(data)            send the bytes-like `data` (<= MAX_PACKET bytes) to the peer, never blocking;
#                         a packet the network drops is simply lost (the lockstep resends)
#   recv_into(buf) -> n   the next packet from the peer copied into buf[:n] (buf holds MAX_PACKET + 1;
#                         0: an empty datagram; TOO_LONG: a longer one, not copied); NOTHING when none
#                         is waiting; REFUSED for a packet from anyone else (its sender in
#                         transport.refused_from)
# and, for pairing, before the peer is known (these may allocate):
#   send_to(addr, data), recv_from(buf) -> (n, addr) (addr None: nothing waiting; n as above),
#   set_peer(addr), name(addr), close(); `broadcast` is the address that reaches every station (None
#   where there is none).
#
# The link expects strangers: anyone on the network can send anything. Every field of every packet
# is range-checked here before it is used; a packet that fails is counted and dropped, never acted
# on, and a host waits on through refusals and strangers until one player accepts its game.
#
# Every packet: MAGIC, protocol version, type, session (4 bytes), payload, then the Fletcher-16
# checksum of all the bytes before it (2 bytes, big-endian). The first three bytes and the checksum
# keep their place in every protocol version, so any version can tell another version's packet (and
# REFUSE it) apart from line noise. The session is 0 in HELLO; the host draws it at random (30 bits)
# for its OFFER, and every packet after carries it, so a packet of anyone not in this game is
# dropped. Integers are big-endian; frames take 3 bytes (24 bits: 9 days at 20 frames a second).
# Protocol 2: the session grew from 1 byte to 4 (protocol 1 derived it from the host's nonce).
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

PROTOCOL = 2               # bump whenever a packet's layout or meaning changes
MAX_PACKET = const(250)    # ESP-NOW's limit, kept on every transport
TOO_LONG = const(251)      # recv_into: a datagram longer than MAX_PACKET (its bytes not copied)
HEAD = const(7)            # MAGIC, version, type, session(4)
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
NOTHING = const(-2)        # recv_into: no packet waiting

# Why a packet was refused during play (Lockstep.refusals counts each; the game never sees one).
BAD_PACKET = const(0)      # empty, too short or long, not ours, a bad checksum or a field out of range
UNKNOWN_PEER = const(1)    # from a sender that is not the peer
OLD_VERSION = const(2)     # another protocol version
OTHER_SESSION = const(3)   # from an earlier game (another session number)
REFUSAL_NAMES = ("corrupted", "unknown peer", "other protocol version", "other session")

KEY_NAMES = (None, "up", "right", "down", "left")           # the keys on the wire, as small ints
LAST_KEY = const(4)                                         # the highest key code (KEY_NAMES[4])
KEY_CODES = {None: 0, "up": 1, "right": 2, "down": 3, "left": 4, "w": 1, "d": 2, "s": 3, "a": 4}

RING = const(64)           # frames of inputs and state hashes kept (a power of two)
MASK = const(63)
MAX_KEYS = const(32)       # inputs one PLAY packet carries at most (the unacknowledged ones are fewer)
MAX_DELAY = const(12)      # the input delay, in frames, at most (the ring holds 2 * delay + 2 of them)
NO_FRAME = const(0xFFFFFF)
PLAY_BYTES = const(25)     # a PLAY packet without keys
HELLO_BYTES = const(13)    # the other packets' lengths, each exact
OFFER_BYTES = const(48)
ACCEPT_BYTES = const(41)
REFUSE_BYTES = const(43)
END_BYTES = const(13)
POLL_MAX = const(256)      # packets taken at most per poll: a flood (2,000 a second) is drained, and
                           # still cannot hold up a frame for long
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


HOST = "host"              # the roles of a handshake (link_pairing.Pairing)
JOIN = "join"
AUTO = "auto"


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
    # Of a packet's length (neither empty nor oversized), ours, and its checksum matches.
    if n < HEAD + 2 or n > MAX_PACKET or buf[0] != MAGIC:
        return False
    return fletcher16(buf, n - 2) == (buf[n - 2] << 8) | buf[n - 1]


def header(buf, version, kind, session):
    buf[0] = MAGIC
    buf[1] = version
    buf[2] = kind
    buf[3] = session >> 24              # a session is below 2**30: small ints on the board
    put24(buf, 4, session & 0xFFFFFF)


def is_session(buf, session):
    # Does the packet in buf carry this session? (no allocation)
    return buf[3] == session >> 24 and get24(buf, 4) == session & 0xFFFFFF


def session_of(buf):
    # The session a packet carries, for messages (its top two bits dropped: a small int).
    return ((buf[3] & 0x3F) << 24) | get24(buf, 4)


def new_session():
    # A host's session: 30 random bits, never 0 (HELLO's).
    import os
    b = os.urandom(4)
    return (((b[0] & 0x3F) << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) or 1


def packet(version, kind, session, payload):
    # A handshake packet as bytes (allocates: pairing only).
    buf = bytearray(HEAD + len(payload) + 2)
    header(buf, version, kind, session)
    buf[HEAD:HEAD + len(payload)] = payload
    seal(buf, HEAD + len(payload))
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
        self.rx = bytearray(MAX_PACKET + 1)     # one more: an oversized datagram shows as TOO_LONG
        self.tx = bytearray(MAX_PACKET)
        self.end_tx = bytearray(END_BYTES)
        view = memoryview(self.tx)
        self.views = [view[:PLAY_BYTES + k] for k in range(MAX_KEYS + 1)]   # sent whole: no slicing

    # -- receiving --
    def poll(self, now):
        # Take every packet waiting, up to POLL_MAX (empty, oversized and foreign ones are counted and
        # passed over: only NOTHING ends the poll early).
        rx = self.rx
        i = 0
        while i < POLL_MAX:
            i += 1
            n = self.link.recv_into(rx)
            if n == NOTHING:
                return
            if n == REFUSED:
                self.refuse(UNKNOWN_PEER, 0)
            elif n < 0 or not is_intact(rx, n):
                self.refuse(BAD_PACKET, 0)
            elif rx[1] != self.version:
                self.refuse(OLD_VERSION, rx[1])
            elif not is_session(rx, self.session):
                if rx[2] == PLAY or rx[2] == END:
                    self.refuse(OTHER_SESSION, session_of(rx))
                # a late HELLO (session 0) needs no answer
            elif rx[2] == PLAY:
                self.take_play(rx, n)
            elif rx[2] == END:
                if n == END_BYTES and (rx[HEAD] == QUIT or rx[HEAD] == DESYNC):
                    self.ended = rx[HEAD]
                    self.end_frame = get24(rx, HEAD + 1)
                else:
                    self.refuse(BAD_PACKET, 0)
            elif rx[2] == OFFER and self.reply is not None:
                self.link.send(self.reply)        # the host missed our ACCEPT
            # anything else of this game (a late ACCEPT or OFFER) needs no answer

    def refuse(self, why, detail):
        self.refusals[why] += 1
        self.last_refusal = why
        self.last_detail = detail

    def take_play(self, rx, n):
        count = rx[16]
        if n != PLAY_BYTES + count or count > MAX_KEYS:
            self.refuse(BAD_PACKET, 0)
            return
        i = 17
        while i < 17 + count:
            if rx[i] > LAST_KEY:              # a key code no side sends (KEY_NAMES has 5)
                self.refuse(BAD_PACKET, 0)
                return
            i += 1
        self.received += 1
        frame = get24(rx, 7)
        if frame > self.peer_frame:
            self.peer_frame = frame
        ack = get24(rx, 10)
        if ack > self.made:
            ack = self.made                   # cannot hold what was never sent
        if ack > self.acked:
            self.acked = ack
        first = get24(rx, 13)
        last = first + count - 1
        if last >= self.frame + RING:
            last = self.frame + RING - 1      # beyond the ring: never sent by a peer in lockstep
        got = self.got
        if first <= got + 1 and last > got:   # new inputs, contiguous with what we hold
            theirs = self.theirs
            f = got + 1
            while f <= last:
                theirs[f & MASK] = rx[17 + f - first]
                f += 1
            self.got = last
        hf = get24(rx, 17 + count)
        if hf == NO_FRAME:
            return
        h = get24(rx, 20 + count)
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
        put24(tx, 7, self.frame)
        put24(tx, 10, self.got)
        put24(tx, 13, first)
        tx[16] = count
        mine = self.mine
        i = 0
        while i < count:
            tx[17 + i] = mine[(first + i) & MASK]
            i += 1
        hf = self.frame - 1 - self.back
        if hf < 0:
            put24(tx, 17 + count, NO_FRAME)
            put24(tx, 20 + count, 0)
        else:
            put24(tx, 17 + count, hf)
            put24(tx, 20 + count, self.hashes[hf & MASK])
        n = seal(tx, PLAY_BYTES - 2 + count)
        self.link.send(self.views[count])
        self.sent += 1
        self.bytes_sent += n

    def send_end(self, reason, frame):
        buf = self.end_tx
        header(buf, self.version, END, self.session)
        buf[HEAD] = reason
        put24(buf, HEAD + 1, frame)
        seal(buf, HEAD + 4)
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
            last = "a corrupted packet (bad checksum, length or field)"
        elif self.last_refusal == OTHER_SESSION:
            last = "a packet of another game (session %d)" % self.last_detail
        return "refused %s; last: %s" % (", ".join(parts), last)
