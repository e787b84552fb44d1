"""The link's protocol (firmware/maze32_game/link.py, link_duel.py; SPEC 11) in one process, frame by frame on an
in-memory network (tests/drivers/link_memnet.py) that drops, duplicates and reorders packets on a
clock the test advances: the lockstep plays exactly the game a direct simulation plays, at any loss;
the link is lost after its bound on both sides; corrupted, foreign, old-version and stale packets are
refused with a message and change nothing; a desync is reported with its frame; the handshake
refuses another protocol version or another maze on both sides, saying why. The same protocol code
allocates nothing per frame on the MicroPython unix port (heap-locked)."""
import threading

import pytest

from maze32_game import duel
from maze32_game import link
from maze32_game import link_duel
import runtimes
from maze32_game import link_pairing
from link_memnet import MemLink, MemNet

from link_rigs import (DELAY, LEVEL, LOST_MS, SEED, SIZE, MEM_FRAME_MS as FRAME_MS, assert_same_game, play,
                       rounds_on)


@pytest.mark.parametrize("loss", [0, 1000, 3000])
def test_lockstep_plays_the_reference_game_at_any_loss(loss):
    net = MemNet(loss=loss, dup=1000, delay_ms=120, seed=11 + loss)
    rounds = rounds_on(net)
    messages, _ = play(net, rounds)
    assert_same_game(rounds, messages)
    if loss:
        assert min(r.ls.received for r in rounds) < max(r.ls.sent for r in rounds)


def test_the_other_side_ahead_is_caught_up():
    # Player 2 starts 10 frames late: it plays two frames a tick until it is level, and the game is
    # still the reference game.
    net = MemNet(seed=3)
    rounds = rounds_on(net)
    for _ in range(10):
        net.now += FRAME_MS
        rounds[0].tick(now=net.now)
    rounds[1].ls.moved = net.now
    messages, _ = play(net, rounds)
    assert_same_game(rounds, messages)


def test_packet_bytes_per_tick():
    # A PLAY packet is 22 bytes plus one per unacknowledged input: at 0% loss the inputs in flight are
    # the input delay's few (SPEC 11's redundancy costs a few bytes, not a packet).
    net = MemNet(seed=5)
    rounds = rounds_on(net)
    play(net, rounds)
    for r in rounds:
        per_packet = r.ls.bytes_sent / r.ls.sent
        assert link.PLAY_BYTES <= per_packet <= link.PLAY_BYTES + DELAY + 2
        assert r.ls.sent <= r.ls.frame + 10          # one packet a tick


def test_link_lost_on_both_sides_within_the_bound():
    net = MemNet(seed=7)
    rounds = rounds_on(net)
    cut = {}

    def cut_at_frame_40(net, rounds):
        if not net.cut and rounds[0].ls.frame >= 40:
            net.cut = True
            cut["at"] = net.now
    messages, at = play(net, rounds, each_frame=cut_at_frame_40)
    for m, t in zip(messages, at):
        assert m.startswith("link lost: nothing from the other player for 1.0 s (frame ")
        # the inputs already in hand play on for up to `delay` frames, then the stall counts
        assert LOST_MS <= t - cut["at"] <= LOST_MS + (DELAY + 2) * FRAME_MS


def test_refused_packets_leave_the_game_unaffected():
    # Into Player 1's inbox, every few frames: a copy of a real packet with one byte flipped, a valid
    # packet from a station that is not the peer, one of protocol version 0, one of another session.
    net = MemNet(loss=1000, seed=13)
    rounds = rounds_on(net)
    a = net.stations["A"]
    kinds = []

    def forge(net, rounds):
        ls = rounds[1].ls
        good = bytearray(bytes(ls.views[min(ls.made - ls.acked, link.MAX_KEYS)]))
        i = len(kinds) % 4
        pkt = bytearray(good)
        if i == 0:
            pkt[5] ^= 0x40                      # corrupted in flight: the checksum no longer matches
            src = "B"
        elif i == 1:
            src = "X"                           # someone else's packet
        elif i == 2:
            pkt[1] = 0                          # an old protocol version, checksum recomputed
            link.seal(pkt, len(pkt) - 2)
            src = "B"
        else:
            pkt[6] = 8                          # an earlier game's session (8, not 9)
            link.seal(pkt, len(pkt) - 2)
            src = "B"
        kinds.append(i)
        a.inbox.append((net.now, src, bytes(pkt)))
    messages, _ = play(net, rounds, each_frame=forge)
    assert_same_game(rounds, messages)
    refused = rounds[0].ls.refusals
    assert all(refused[k] >= kinds.count(k) - 1 for k in range(4)) and min(refused) > 0
    text = rounds[0].ls.refusal_text()
    assert text.startswith("refused %d corrupted, %d unknown peer, %d other protocol version, %d other session"
                           % tuple(refused))
    ls = rounds[0].ls
    for why, words in ((link.BAD_PACKET, "a corrupted packet (bad checksum, length or field)"),
                       (link.UNKNOWN_PEER, "a packet from station X, not the other player"),
                       (link.OLD_VERSION, "protocol version 0 (this side speaks 2)"),
                       (link.OTHER_SESSION, "a packet of another game (session 8)")):
        ls.last_refusal, ls.last_detail = why, {link.OLD_VERSION: 0, link.OTHER_SESSION: 8}.get(why, 0)
        ls.link.refused_from = "X"
        assert ls.refusal_text().endswith("last: " + words)
    assert "refused" in "\n".join(rounds[0].view(80, 24))          # on the screen's link line too


def test_a_linked_duel_is_drawn_like_a_bot_duel():
    # The same view (duel_view.DuelView): at the start Player 1's linked screen is a bot Duel's of the
    # same maze, line for line (box-drawing walls, fog, colours, the status line), with the link's
    # line below; Player 2 sees their own side, themselves in Player 1's cyan, the same way.
    from maze32_game.duel_view import DuelRound
    rounds = rounds_on(MemNet())
    linked = rounds[0].view(80, 24)
    bot = DuelRound(SEED, SIZE[0], SIZE[1], LEVEL).view(80, 23)     # one line fewer: the same window
    assert linked[1:-3] == bot[1:-2] and linked[-2] == bot[-1] and linked[-1].startswith("link  Player 1  frame 0")
    assert "cannot pause" in linked[-3] and "p pause" in bot[-2]     # lockstep: no pause over a link
    assert "┌" in "".join(linked) and "+-" not in "".join(linked) and "\x1b[0;1;36m@" in "".join(linked)
    other = rounds[1].view(80, 24)
    me = rounds[1].duel.players[1]
    assert "\x1b[0;1;36m@" in "".join(other) and other[-2].startswith("duel  key no  no compass yet  view %d" % me.view)
    assert other[1:-2] != linked[1:-2]                              # their own side of the maze


def test_a_desync_is_reported_with_its_frame_on_both_sides():
    def make(seed, w, h, me):
        game = duel.Duel(seed, w, h)
        if me == 1:
            tick, n = game.tick, [0]

            def drifting(k1=None, k2=None):
                if n[0] == 30:
                    game.players[1].steps += 1      # this side's state drifts at frame 30
                n[0] += 1
                return tick(k1, k2)
            game.tick = drifting
        return game
    net = MemNet(seed=17)
    rounds = rounds_on(net, make)
    messages, _ = play(net, rounds)
    frames = set()
    for m in messages:
        assert m.startswith("desync at frame ") and m.endswith("(state hashes do not match)")
        frames.add(int(m.split()[3].rstrip(":")))
    assert frames == {30}


def test_a_player_who_leaves_is_reported():
    net = MemNet(seed=19)
    rounds = rounds_on(net)
    for _ in range(20):
        net.now += FRAME_MS
        for r in rounds:
            r.tick(now=net.now)
    rounds[0].close()
    net.now += FRAME_MS
    assert rounds[1].tick(now=net.now) == "the other player left at frame %d" % rounds[0].ls.frame


def test_checksum_catches_every_single_bit_error():
    net = MemNet()
    r = rounds_on(net)[0]
    r.ls.put(2)
    r.ls.send()
    pkt = bytearray(net.stations["B"].inbox[0][2])
    assert link.is_intact(pkt, len(pkt))
    for i in range(len(pkt) * 8):
        bad = bytearray(pkt)
        bad[i // 8] ^= 1 << (i % 8)
        assert not link.is_intact(bad, len(bad)) or bad[0] != link.MAGIC
    # Fletcher-16 (RFC 1146), each sum reduced mod 255 at every step, as the textbook writes it.
    a = b = 0
    for byte in pkt[:-2]:
        a = (a + byte) % 255
        b = (b + a) % 255
    assert link.fletcher16(pkt, len(pkt) - 2) == (b << 8) | a


# -- the handshake, two Pairings in two threads over the in-memory network -----------------------
def handshake(make_b=None, version_b=link.PROTOCOL, roles=(link.HOST, link.JOIN), timeout_ms=3000):
    net = MemNet()
    a, b = MemLink(net, "A"), MemLink(net, "B")
    if roles[1] == link.JOIN:
        b.set_peer("A")
    results = [None, None]

    def side(i, transport, role, maker, version):
        try:
            results[i] = link_pairing.Pairing(transport, role, maker, timeout_ms=timeout_ms, version=version).run()
        except link.LinkError as e:
            results[i] = e
    threads = [threading.Thread(target=side, args=(0, a, roles[0], link_duel.Maker(SEED, SIZE), link.PROTOCOL)),
               threading.Thread(target=side, args=(1, b, roles[1], link_duel.Maker(SEED + 1, SIZE, make_b),
                                                  version_b))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    return results


def test_handshake_agrees_on_the_hosts_game():
    results = handshake()
    (ls_a, offer_a), (ls_b, offer_b) = results
    assert (ls_a.me, ls_b.me) == (0, 1) and ls_a.session == ls_b.session
    assert offer_b.seed == SEED and (offer_b.width, offer_b.height) == SIZE
    assert offer_a.digest == offer_b.digest == link_duel.maze_digest(duel.Duel(SEED, *SIZE))


def test_two_boards_pick_one_host():
    (ls_a, offer_a), (ls_b, offer_b) = handshake(roles=(link.AUTO, link.AUTO))
    assert sorted((ls_a.me, ls_b.me)) == [0, 1] and offer_a.digest == offer_b.digest


def test_handshake_refuses_another_maze_and_the_host_waits_on():
    # The joiner made another maze: it refuses and stops; the host notes who refused and why, and
    # waits on for another player (here until its timeout, which names that refusal).
    def tampered(seed, w, h):
        game = duel.Duel(seed, w, h)
        game.maze.cells[0] ^= 16
        return game
    host, joiner = handshake(make_b=tampered)
    assert isinstance(joiner, link.Refused) and type(host) is link.LinkError
    assert str(joiner).startswith("refused: maze hash mismatch for seed 7 at 12x12: this side made ")
    assert str(host).startswith("no player joined within 3.0 s (last: station B refused the game: maze hash "
                                "mismatch for seed 7 at 12x12: this side made ")
    assert "(a different generator version or settings)" in str(host)


def test_handshake_refuses_another_protocol_version_and_the_host_waits_on():
    host, joiner = handshake(version_b=0)
    assert str(host) == ("no player joined within 3.0 s (last: station B speaks link protocol 0, this side 2: "
                         "refused)")
    assert str(joiner) == "refused by the other side: it speaks link protocol 2, this side 0"


def test_a_joiner_without_a_host_gives_up_saying_so():
    net = MemNet()
    b = MemLink(net, "B")
    b.set_peer("A")
    with pytest.raises(link.LinkError, match=r"^no answer from station A within 0.3 s$"):
        link_pairing.Pairing(b, link.JOIN, link_duel.Maker(), timeout_ms=300).run()


def test_protocol_allocates_nothing_per_frame_on_the_unix_port():
    # Poll, inputs, state hash, advance and send of two lockstepped sides, 300 frames inside
    # micropython.heap_lock(), over a transport that copies into preallocated buffers.
    out = runtimes.run("unix", "link_heaplock.py", {"frames": 300}, firmware=True, timeout=120)
    assert out.split() == ["frames", "300", "locked", "ok"]


def test_a_linked_duel_cannot_pause_so_it_plays_on_behind_a_small_terminal():
    # Lockstep: one side cannot stop the other. term.play gives a LinkRound no start screen and no
    # pause; a too-small terminal shows the notice while both games go on.
    from maze32_game import term as tm
    rounds = rounds_on(MemNet())
    shown = []

    class Small:
        pending = ""

        def typed(self):
            rounds[1].tick()                        # the other side plays along, a frame each
            return "q" if len(shown) >= 60 else ("p" if len(shown) == 5 else "")

        def size(self):
            return (30, 10)

        def show(self, lines):
            shown.append("\n".join(lines))

        def now_ms(self):
            return tm.ticks_ms()

        def sleep_ms(self, ms):
            tm.sleep_ms(ms)

        def button(self):
            return None

        def draw(self, rnd):
            pass
    assert tm.play(rounds[0], Small()) is False
    assert all("terminal too small" in s for s in shown)
    assert rounds[0].ls.frame > 20 and rounds[1].ls.frame > 20
