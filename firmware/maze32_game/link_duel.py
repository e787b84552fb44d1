# Duel over a link (SPEC 5 and 11): two players, each on their own board or twin, in one game. The
# handshake (link_pairing.Pairing) agrees on the game and both generate it; then every frame each side plays
# the same Duel.tick on the same two keys (link.Lockstep), so both games stay equal without ever
# sending a position. Each player sees their own fogged view, the rival only in sight; the first out
# wins on both screens at the same frame. A LinkRound looks like a Duel round to a frontend: tick(key)
# once a frame -> the end message or None (after it, the round is over); view(cols, rows) -> the
# lines of my view, drawn by duel_view.DuelView like a bot Duel (the other player where the bot would
# be), plus a line about the link; `game` is what a display draws (screen.draw_duel): the Duel as I
# see it.
from binascii import unhexlify

from maze32_game import duel
from maze32_game import link
from maze32_game import link_pairing
from maze32_game.duel_view import DuelView
from maze32_game.link import KEY_CODES, KEY_NAMES
from maze32_game import term as tm
from maze32_game.term import BUMP_TICKS, fit, ticks_ms

CATCH_UP = 2                  # frames played at most per tick when the other side is ahead (else 1)
LINGER_MS = 1000              # after the end: how long to keep sending so the other side ends too
LINGER_PACKETS = 3            # ... and packets sent once it holds all our inputs


def state_hash(game):
    # 24 bits over everything a frame can change: each player's cell, key, compass, artifact, view
    # and steps, and the winner. Small ints only (below 2**29), no allocation.
    h = 0x5A17
    for pl in game.players:
        h = ((h << 5) ^ (h >> 19) ^ pl.cell) & 0xFFFFFF
        h = ((h << 5) ^ (h >> 19) ^ (pl.has_key + 2 * pl.has_compass + 4 * pl.boosted + 8 * pl.view)) & 0xFFFFFF
        h = ((h << 5) ^ (h >> 19) ^ (pl.steps & 0xFFFF)) & 0xFFFFFF
    w = game.winner
    return ((h << 5) ^ (h >> 19) ^ (3 if w is None else w)) & 0xFFFFFF


def maze_digest(game):
    # The maze hash of SPEC 3.7 as its 32 bytes, for the handshake.
    from maze32 import maze_hash
    return unhexlify(maze_hash(game.maze, game.ws))


class Maker:
    # What the handshake asks of the game: generate the host's (offer_game) or the offered one (make),
    # and give its maze hash. make_duel(seed, width, height) builds the Duel (tests pass a tampered one).
    def __init__(self, seed=None, size=None, make_duel=None):
        self.seed = seed
        self.size = size
        self.make_duel = make_duel or duel.Duel
        self.game = None

    def offer_game(self):
        self.game = self.make_duel(self.seed, self.size[0], self.size[1])
        return self.seed, self.size[0], self.size[1], maze_digest(self.game)

    def make(self, seed, width, height):
        self.game = self.make_duel(seed, width, height)
        return maze_digest(self.game)


class Perspective:
    # The game as player p sees it: players[0] is p, players[1] the rival (winner 0: p won). The views
    # (duel_view.DuelView, screen.draw_duel) draw Player 1's view of what they are given: given this, p's.
    def __init__(self, game, p):
        self.game = game
        self.p = p
        self.maze = game.maze
        self.players = (game.players[p], game.players[1 - p])

    def landmarks(self):
        return self.game.landmarks()

    def artifacts(self):
        return self.game.artifacts()

    def bearing(self, i):
        return self.game.bearing(self.p if i == 0 else 1 - self.p)

    @property
    def winner(self):
        w = self.game.winner
        return None if w is None else (0 if w == self.p else 1)


WIN = 1
LOST = 2
DESYNCED = 3
LEFT = 4


class LinkRound:
    # source: None for the keys given to tick (a person), or a function of this player's
    # duel.PlayerView returning a key (a bot, or a test's script), asked once per frame played.
    name = "duel"
    can_pause = False                   # lockstep: one side cannot stop the other (term.play)
    title = "Duel over a link"
    goal = "get your key, then your exit, before the other player"

    def __init__(self, game, lockstep, offer, source=None):
        self.duel = game
        self.ls = lockstep
        self.offer = offer
        self.me = lockstep.me
        self.game = Perspective(game, self.me)
        self.player_view = duel.PlayerView(game, self.me)
        self.source = source
        self.pending = None             # the last key typed, until it becomes an input
        self.outcome = 0                # WIN, LOST, DESYNCED or LEFT once the game is over
        self.message = None
        self.winner = None
        self.end_frame = -1             # the frame that decided it
        self.ended_at = 0
        self.after = 0                  # packets sent after the other side held all our inputs
        self.now = lockstep.moved       # the clock at the last tick
        self.drawn = DuelView(self.game, "R")
        self.bump = 0                   # frames a bump into a wall still shows

    def next_code(self):
        if self.source is not None:
            key = self.source(self.player_view)
        else:
            key = self.pending
            self.pending = None
        return KEY_CODES.get(key, 0)

    def tick(self, key=None, now=None):
        now = ticks_ms() if now is None else now
        self.now = now
        ls = self.ls
        ls.poll(now)
        if key is not None:
            self.pending = key
        if not self.outcome:
            self.play(now)
        if self.outcome:
            return self.linger(now)
        ls.send()
        return None

    def play(self, now):
        ls, game = self.ls, self.duel
        steps = 0
        while ls.desync < 0 and (not steps or (steps < CATCH_UP and ls.peer_frame > ls.frame)):
            if ls.wants_input():
                ls.put(self.next_code())
            if not ls.ready():
                break
            mine = game.players[self.me]
            before = mine.steps
            winner = game.tick(KEY_NAMES[ls.key_code(0)], KEY_NAMES[ls.key_code(1)])
            ls.advance(state_hash(game), now)
            steps += 1
            if self.bump:
                self.bump -= 1
            if ls.key_code(self.me) and mine.steps == before and winner is None:
                self.bump = BUMP_TICKS
            if winner is not None:
                self.over(WIN, ls.frame - 1, now)
                self.winner = winner
                return
        if ls.desync >= 0:
            self.over(DESYNCED, ls.desync, now)
        elif ls.ended == link.QUIT:
            self.over(LEFT, ls.end_frame, now)
        elif ls.ended == link.DESYNC:
            self.over(DESYNCED, ls.end_frame, now)
        elif not steps and ls.is_lost(now):
            self.over(LOST, ls.frame, now)

    def over(self, outcome, frame, now):
        self.outcome = outcome
        self.end_frame = frame
        self.ended_at = now
        self.ls.back = 0                # the last hash sent is the final state's

    def linger(self, now):
        # After the end: a win keeps sending until the other side holds our inputs up to the deciding
        # frame (it needs them to reach it), a desync tells the other side; then the message.
        ls = self.ls
        waited = tm.ticks_diff(now, self.ended_at)
        if self.outcome == WIN:
            ls.send()
            if ls.acked >= self.end_frame:
                self.after += 1
            if self.after < LINGER_PACKETS and waited < LINGER_MS:
                return None
        elif self.outcome == DESYNCED and ls.ended != link.DESYNC:
            ls.send_end(link.DESYNC, self.end_frame)
            self.after += 1
            if self.after < LINGER_PACKETS:
                return None
        return self.end_message()

    def end_message(self):
        if self.message is None:
            f = self.end_frame
            if self.outcome == WIN:
                if self.winner == self.me:
                    self.message = "you got out first at frame %d: you win!" % f
                else:
                    self.message = "the other player got out first at frame %d" % f
            elif self.outcome == LOST:
                self.message = ("link lost: nothing from the other player for %.1f s (frame %d)"
                                % (self.ls.lost_ms / 1000, f))
            elif self.outcome == DESYNCED:
                self.message = ("desync at frame %d: the two games differ (state hashes do not match)" % f)
            else:
                self.message = "the other player left at frame %d" % f
        return self.message

    def close(self):
        # Leaving before the end (q): tell the other side, so it shows why instead of "link lost".
        if not self.outcome:
            for _ in range(3):
                self.ls.send_end(link.QUIT, self.ls.frame)

    def link_line(self):
        ls = self.ls
        now = self.now
        text = "link  Player %d  frame %d" % (self.me + 1, ls.frame)
        stall = ls.stalled_ms(now)
        if not self.outcome and stall >= 250:
            text += "  waiting for the other player %.1f s" % (stall / 1000)
        refused = ls.refusal_text()
        if refused:
            text += "  (" + refused + ")"
        return text

    def header(self, cols=80):
        m = self.duel.maze
        return fit("maze32 duel over a link  seed %d  %dx%d  you are Player %d" % (
            self.offer.seed if self.offer else 0, m.width, m.height, self.me + 1), cols)

    def view(self, cols=80, rows=24):
        # My view, as a bot Duel's (header, the maze around me, status), and the link's line below.
        return self.drawn.frame(cols, rows, self.header(cols), self.ls.frame, self.message, self.bump,
                                [fit(self.link_line(), cols)])

    def legend(self):
        return self.drawn.legend()

    @property
    def code(self):
        # The level code of the maze played (a bot Duel's, so either player can play it again alone);
        # made when asked (the end screen, links.py), not during the game.
        if self.offer is None:
            return None
        from maze32 import levelcode, maze_hash
        m = self.duel.maze
        return levelcode.encode(m.width, m.height, self.offer.seed, maze_hash(m, self.duel.ws))

    def summary(self):
        # (title, [(label, value)]) for an end screen; the level code as a bot Duel's end screen has
        # it (links.show_link adds the level link below).
        me, rival = self.duel.players[self.me], self.duel.players[1 - self.me]
        rows = [
            ("frames", "%d at 20 a second" % self.ls.frame),
            ("steps", "you %d, the other player %d" % (me.steps, rival.steps)),
            ("link", "%d packets sent, %d received, %d bytes a packet" % (
                self.ls.sent, self.ls.received, self.ls.bytes_sent // max(1, self.ls.sent))),
        ]
        code = self.code
        if code:
            m = self.duel.maze
            rows.append(("level code", "%s   seed %d, %dx%d (maze32 play --code plays it alone)" % (
                code, self.offer.seed, m.width, m.height)))
        return self.message or "quit", rows

    def one_line(self):
        return "%s  (%d frames, %d steps)" % (self.message or "quit", self.ls.frame,
                                              self.duel.players[self.me].steps)


def start(transport, role, seed=None, size=None, delay=3, lost_ms=3000, timeout_ms=None, cancelled=None,
          source=None, trace=None, log=None, make_duel=None, version=link.PROTOCOL):
    # Pair over the transport (link_pairing.Pairing in `role`), both generate, compare hashes: a LinkRound
    # ready to play, or link.Refused / link.LinkError saying why not.
    maker = Maker(seed, size, make_duel)
    pairing = link_pairing.Pairing(transport, role, maker, delay, lost_ms, timeout_ms, version, cancelled, trace, log)
    lockstep, offer = pairing.run()
    return LinkRound(maker.game, lockstep, offer, source)


# -- the board's menu: "Duel over radio" ----------------------------------------------------------
def open_radio(udp_port=None):
    # -> (transport, role, what to show while pairing). ESP-NOW between boards, where the firmware
    # has it; elsewhere (the unix port: a virtual board) UDP on udp_port (link_udp.DEFAULT_PORT) as the
    # host, for a twin's `maze32 play --mode duel --join HOST:PORT`.
    try:
        from maze32_game import link_espnow
    except ImportError:
        from maze32_game import link_udp
        port = udp_port or link_udp.DEFAULT_PORT
        return (link_udp.UdpLink(port), link.HOST,
                "no radio here: waiting on UDP port %d for maze32 play --mode duel --join HOST:%d" % (port, port))
    return (link_espnow.EspNowLink(), link.AUTO,
            "looking for another board on channel %d" % link_espnow.CHANNEL)


def pair_on(term, transport, role, waiting, seed=None, size=None, timeout_ms=None):
    # start() with the pairing on a terminal (term.py's): what it has said so far, and q cancels.
    # -> a LinkRound, or link.LinkError. The board's menu and the twin's --host/--join both pair here.
    said = [waiting, "", "q cancels"]

    def cancelled():
        cols, rows = term.size()
        term.show([part for line in said for part in tm.wrap(line, cols)])   # wrapped: what to run is whole
        keys, term.pending = tm.split_keys(tm.take(term))
        for k in keys:
            if k in tm.QUIT:
                return True
        return False
    return start(transport, role, seed, size, timeout_ms=timeout_ms, cancelled=cancelled, log=said.append)


def play_radio(term, seed, size, udp_port=None):
    # The menu's "Duel over radio" on a board (firmware/maze32_game/app.py): pair with the other board (q
    # cancels), play with term.play like any round (the display draws rnd.game, my view), then the
    # end screen. -> one line for the menu.
    try:
        transport, role, waiting = open_radio(udp_port)
    except OSError as e:
        return "no radio: %s" % e
    try:
        try:
            rnd = pair_on(term, transport, role, waiting, seed, size)
        except link.LinkError as e:
            return str(e)
        if not tm.play(rnd, term):
            rnd.close()                 # q: the other side is told, and shows "the other player left"
            return rnd.one_line()
        from maze32_game.links import show_link         # only now, as after a bot Duel (links.py)
        show_link(rnd)
        tm.end_screen(rnd, term, (("m", "back to the menu"),))
        return rnd.one_line()
    finally:
        transport.close()
