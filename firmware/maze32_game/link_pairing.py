# The handshake of SPEC 11 (link.py's packets, over link.py's transport interface): who plays whom,
# and the game both generate, before link.Lockstep takes over. Pairing may allocate (it is not play).
from maze32_game.link import (ACCEPT, AUTO, DIGEST, HEAD, HELLO, HELLO_BYTES, HOST, JOIN, MAX_DELAY, MAX_PACKET, OFFER,
                  OFFER_BYTES, PLAY, POLL_MAX, PROTOCOL, R_BUSY, R_MAZE, R_VERSION, REFUSE, REFUSE_BYTES,
                  RESEND_MS, ACCEPT_BYTES, LinkError, Lockstep, Refused, hex8, is_intact, is_session, new_session,
                  packet, session_of, sleep_ms, ticks_diff, ticks_ms)


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


def read_offer(buf, n):
    # The OFFER in buf, or a string saying which field is out of range. (Width and height are the
    # generator's to judge: make() refuses a size it cannot build.)
    if n != OFFER_BYTES:
        return "an offer of %d bytes (not %d)" % (n, OFFER_BYTES)
    if buf[3] > 0x3F or not session_of(buf):
        return "an offer without a session"
    if not 1 <= buf[HEAD + 6] <= MAX_DELAY:
        return "an offer with input delay %d (1..%d)" % (buf[HEAD + 6], MAX_DELAY)
    seed = (buf[HEAD] << 24) | (buf[HEAD + 1] << 16) | (buf[HEAD + 2] << 8) | buf[HEAD + 3]
    return Offer(seed, buf[HEAD + 4], buf[HEAD + 5], buf[HEAD + 6], bytes(buf[HEAD + 7:HEAD + 7 + DIGEST]),
                 session_of(buf))


def nonce_bytes():
    import os
    return bytes(os.urandom(4))


REASONS = (R_VERSION, R_MAZE, R_BUSY)
NAMED = 16                 # players a host names in its log at most (a flood of hellos is not a log)


class Pairing:
    # The handshake of SPEC 11 over a transport, for one of three roles:
    #   HOST answers every HELLO with its OFFER, and starts with the first player who ACCEPTs the same
    #        maze (or, its ACCEPT lost, plays in its session): refusals, strangers, other versions and
    #        other mazes are logged and waited through, never a reason to stop;
    #   JOIN says HELLO to the peer already set on the transport, generates what is offered, compares
    #        the hashes and ACCEPTs (or REFUSEs, and stops);
    #   AUTO (two boards over ESP-NOW) broadcasts HELLO with a random nonce; of two players who hear each
    #        other the higher nonce offers (as HOST), the lower answers (as JOIN).
    # `game` provides offer_game() -> (seed, width, height, digest) for hosting and
    # make(seed, width, height) -> digest for joining (each generates the maze). run() returns
    # (Lockstep, Offer) or raises Refused / LinkError with the reason, after telling the other side.
    # Packets that fail a check are counted (ignored) and the last one's kind kept for the messages.
    def __init__(self, transport, role, game, delay=3, lost_ms=3000, timeout_ms=None, version=PROTOCOL,
                 cancelled=None, trace=None, log=None):
        if not 1 <= delay <= MAX_DELAY:
            raise ValueError("input delay: 1..%d frames, got %r" % (MAX_DELAY, delay))
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
        self.buf = bytearray(MAX_PACKET + 1)
        self.nonce = nonce_bytes()
        self.session = new_session()
        self.offer = None                   # this side's own game (HOST, AUTO)
        self.offer_packet = None
        self.peer = None
        self.ignored = 0                    # packets dropped by a check
        self.last_ignored = None            # the last one: (what, sender)
        self.event = None                   # the last thing a host waited through, for the timeout
        self.named = []                     # players offered the game, the first NAMED
        self.refused_to = []                # players of another version refused, the first NAMED
        self.answered = {}                  # player -> when its last HELLO was answered

    def say(self, text):
        if self.log:
            self.log(text)

    def ignore(self, what, addr):
        self.ignored += 1
        self.last_ignored = (what, addr)

    def note(self, text):
        # Something a host waits through: logged, and kept for the timeout's message.
        self.event = text
        self.say(text)

    def hello(self):
        return packet(self.version, HELLO, 0, self.nonce)

    def refuse(self, addr, reason, digest=None, session=0):
        # REFUSE, three times (a lost one leaves the other side to time out, still with a message).
        data = packet(self.version, REFUSE, session, bytes([reason, self.version]) + (digest or bytes(DIGEST)))
        for _ in range(3):
            self.link.send_to(addr, data)

    def make_offer(self):
        seed, width, height, digest = self.game.offer_game()
        self.offer = Offer(seed, width, height, self.delay, digest, self.session)
        self.offer_packet = packet(self.version, OFFER, self.session, self.offer.payload())

    def lockstep(self, me, session):
        return Lockstep(self.link, me, session, self.delay, self.lost_ms, self.version, self.trace)

    def run(self):
        start = ticks_ms()
        last_sent = None
        buf = self.buf
        if self.role == JOIN:
            self.peer = self.link.peer
        else:
            self.make_offer()
        if self.role == HOST:
            self.say("offering %s" % self.offer.describe())
        while True:
            if self.cancelled and self.cancelled():
                raise LinkError("cancelled")
            now = ticks_ms()
            taken = 0
            n, addr = self.link.recv_from(buf)
            while addr is not None:
                done = self.take(buf, n, addr)
                if done:
                    return done
                taken += 1
                if taken >= POLL_MAX:
                    break                     # a flood: on to the resends, the clock and q
                n, addr = self.link.recv_from(buf)
            if last_sent is None or ticks_diff(now, last_sent) >= RESEND_MS:
                last_sent = now
                self.resend()
            if self.timeout_ms is not None and ticks_diff(now, start) >= self.timeout_ms:
                raise LinkError(self.timed_out())
            sleep_ms(5)

    def timed_out(self):
        seconds = self.timeout_ms / 1000
        if self.role == JOIN:
            text = "no answer from %s within %.1f s" % (self.link.name(self.peer), seconds)
        elif self.role == HOST:
            text = "no player joined within %.1f s" % seconds
        else:
            text = "no other player answered within %.1f s" % seconds
        if self.event:
            text += " (last: %s)" % self.event
        elif self.last_ignored:
            text += " (%d packets ignored; last: %s from %s)" % (
                self.ignored, self.last_ignored[0], self.link.name(self.last_ignored[1]))
        return text

    def resend(self):
        if self.role == JOIN:
            self.link.send_to(self.peer, self.hello())
        elif self.role == AUTO and self.link.broadcast is not None:
            self.link.send_to(self.link.broadcast, self.hello())
        # HOST: each HELLO is answered with the OFFER; a joiner says HELLO until it has one

    def take(self, buf, n, addr):
        # One handshake packet -> (Lockstep, Offer) when play starts, else None.
        if n < 0 or not is_intact(buf, n):
            return self.ignore("a corrupted, empty or oversized packet", addr)
        if self.peer is not None and addr != self.peer:
            return self.ignore("a packet", addr)        # someone else, while we pair with the peer
        kind = buf[2]
        if buf[1] != self.version:
            return self.other_version(buf, kind, addr)
        if kind == HELLO:
            return self.hello_from(buf, n, addr)
        if kind == OFFER:
            if self.role == HOST:
                return self.ignore("an offer", addr)
            return self.answer(buf, n, addr)
        if kind == REFUSE:
            return self.refused(buf, n, addr)
        if self.role == JOIN or not is_session(buf, self.session):
            return self.ignore("a packet of no game here", addr)
        if kind == ACCEPT and n == ACCEPT_BYTES:
            theirs = bytes(buf[HEAD:HEAD + DIGEST])
            if theirs != self.offer.digest:
                self.refuse(addr, R_MAZE, self.offer.digest, self.session)
                return self.note("%s made another maze: %s" % (
                    self.link.name(addr), self.mismatch(self.offer.digest, theirs, self.offer)[len("refused: "):]))
            return self.pair(addr)
        if kind == PLAY:
            return self.pair(addr)              # the joiner plays: it accepted (its ACCEPT was lost)
        return self.ignore("a packet of no game here", addr)

    def other_version(self, buf, kind, addr):
        # A packet of another protocol version (byte 1, in its place in every version).
        theirs = buf[1]
        if self.role == JOIN and kind == REFUSE:
            raise Refused("refused by the other side: it speaks link protocol %d, this side %d"
                          % (theirs, self.version))
        if self.role == JOIN and kind == OFFER:
            self.refuse(addr, R_VERSION)
            raise Refused("refused: the other side speaks link protocol %d, this side %d" % (theirs, self.version))
        if self.role != JOIN and kind == HELLO:
            if addr in self.refused_to or len(self.refused_to) >= NAMED:
                return self.ignore("a hello of link protocol %d" % theirs, addr)
            self.refused_to.append(addr)        # refused once: its next hellos are only counted
            self.refuse(addr, R_VERSION)
            return self.note("%s speaks link protocol %d, this side %d: refused"
                             % (self.link.name(addr), theirs, self.version))
        return self.ignore("a packet of link protocol %d" % theirs, addr)

    def hello_from(self, buf, n, addr):
        if n != HELLO_BYTES or self.role == JOIN:
            return self.ignore("a hello", addr)
        if self.role == AUTO:
            theirs = bytes(buf[HEAD:HEAD + 4])
            if theirs == self.nonce:
                self.nonce = nonce_bytes()      # the same draw on both: draw again
                return None
            if self.nonce < theirs:
                return None                     # they offer, we answer
        now = ticks_ms()
        if ticks_diff(now, self.answered.get(addr, now - RESEND_MS)) < RESEND_MS // 2:
            return None                         # answered just now: a flood of hellos is not answered
        if len(self.answered) >= 4 * NAMED:
            self.answered = {}
        self.answered[addr] = now
        if addr not in self.named and len(self.named) < NAMED:
            self.named.append(addr)
            self.say("offering %s to %s" % (self.offer.describe(), self.link.name(addr)))
        self.link.send_to(addr, self.offer_packet)
        return None

    def pair(self, addr):
        self.peer = addr
        self.link.set_peer(addr)
        self.say("%s joined" % self.link.name(addr))
        return self.lockstep(0, self.session), self.offer

    def answer(self, buf, n, addr):
        offer = read_offer(buf, n)
        if isinstance(offer, str):
            return self.ignore(offer, addr)
        self.say("offered %s by %s" % (offer.describe(), self.link.name(addr)))
        try:
            mine = self.game.make(offer.seed, offer.width, offer.height)
        except (ValueError, RuntimeError) as e:
            self.refuse(addr, R_BUSY, None, offer.session)
            raise Refused("refused: cannot make the offered maze (%s): %s" % (offer.describe(), e))
        if mine != offer.digest:
            self.refuse(addr, R_MAZE, mine, offer.session)
            raise Refused(self.mismatch(mine, offer.digest, offer))
        accept = packet(self.version, ACCEPT, offer.session, mine)
        self.link.send_to(addr, accept)
        self.peer = addr
        self.link.set_peer(addr)
        self.delay = offer.delay
        ls = self.lockstep(1, offer.session)
        ls.reply = accept
        return ls, offer

    def refused(self, buf, n, addr):
        # A REFUSE of this version: the joiner stops on its host's; a host (or AUTO) takes one only
        # from a player it offered the game (its session), notes why, and waits on.
        if n != REFUSE_BYTES or buf[HEAD] not in REASONS:
            return self.ignore("a malformed refusal", addr)
        reason, detail = buf[HEAD], buf[HEAD + 1]
        if self.role == JOIN:
            if reason == R_VERSION:
                raise Refused("refused by the other side: it speaks link protocol %d, this side %d"
                              % (detail, self.version))
            return self.ignore("a refusal of a game not offered", addr)
        if not is_session(buf, self.session):
            return self.ignore("a refusal of a game not offered", addr)
        who = self.link.name(addr)
        if reason == R_MAZE:
            theirs = bytes(buf[HEAD + 2:HEAD + 2 + DIGEST])
            return self.note("%s refused the game: %s" % (
                who, self.mismatch(self.offer.digest, theirs, self.offer)[len("refused: "):]))
        if reason == R_BUSY:
            return self.note("%s refused the game: it cannot play it" % who)
        return self.note("%s refused the game: it speaks link protocol %d" % (who, detail))

    def mismatch(self, mine, theirs, offer):
        return ("refused: maze hash mismatch for %s: this side made %s..., the other side %s... "
                "(a different generator version or settings)" % (offer.describe(), hex8(mine), hex8(theirs)))
