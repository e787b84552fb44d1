"""The link expects strangers (firmware/maze32_game/link.py; SPEC 11), on the in-memory network of test_link.py.

One datagram must not crash a side: a REFUSE "maze" before any offer, a PLAY key code >= 5, an OFFER
with input delay 0, 13 or 255. A waiting host waits through refusals, other versions and strangers'
hellos, pairs with exactly the player who accepts, and says who joined. Empty and oversized datagrams
are dropped without ending a poll (zero-length ones at 200/s used to end a game as "link lost").
Then the fuzz: thousands of random and mutated datagrams at both sides, while they pair and while
they play, and the game still ends exactly as the reference game; and the flood: a stranger's 2,000
packets a second during a game, which still ends in as many ticks as without it.
"""
import random
import threading

import pytest

from maze32_game import duel  # noqa: E402
from maze32_game import link  # noqa: E402
from maze32_game import link_pairing  # noqa: E402
from maze32_game import link_duel  # noqa: E402
from link_memnet import MemLink, MemNet  # noqa: E402
from link_rigs import MEM_FRAME_MS as FRAME_MS, LEVEL, SEED, SIZE, assert_same_game, play, rounds_on

STATS = {"datagrams": 0, "tracebacks": 0, "hangs": 0, "false_accepts": 0}


def forged(kind, payload, session=0, version=link.PROTOCOL):
    return link.packet(version, kind, session, payload)


def offer_payload(delay=3, seed=SEED, size=SIZE):
    digest = link_duel.maze_digest(duel.Duel(seed, *size))
    return bytes([0, 0, 0, seed, size[0], size[1], delay]) + digest


# -- pairing with strangers about ----------------------------------------------------------------
def pair(net, before=(), during=None, timeout_ms=4000, joiner=True):
    # A HOST "A" and (if joiner) a JOIN "B" pair over net; `before` datagrams (src, dst, bytes) are
    # waiting in the inboxes before either starts, during(net) runs alongside until both are done.
    # -> ([result A, result B], [makers], [logs]).
    a, b = MemLink(net, "A"), MemLink(net, "B")
    b.set_peer("A")
    for src, dst, data in before:
        net.stations[dst].inbox.append((0, src, data))
    results, logs = [None, None], [[], []]
    makers = [link_duel.Maker(SEED, SIZE), link_duel.Maker()]

    def side(i, transport, role):
        try:
            results[i] = link_pairing.Pairing(transport, role, makers[i], timeout_ms=timeout_ms,
                                      log=logs[i].append).run()
        except link.LinkError as e:
            results[i] = e
        except Exception as e:                       # a traceback: counted, and the test fails
            STATS["tracebacks"] += 1
            results[i] = e
    threads = [threading.Thread(target=side, args=(0, a, link.HOST))]
    if joiner:
        threads.append(threading.Thread(target=side, args=(1, b, link.JOIN)))
    for t in threads:
        t.start()
    stop = threading.Event()
    if during:
        noise = threading.Thread(target=lambda: during(net, stop))
        noise.start()
    for t in threads:
        t.join(15)
        if t.is_alive():
            STATS["hangs"] += 1
    stop.set()
    if during:
        noise.join(5)
    return results, makers, logs


def assert_paired(results, logs):
    for r in results:
        assert isinstance(r, tuple), r
    (ls_a, offer_a), (ls_b, offer_b) = results
    assert ls_a.link.peer == "B" and ls_b.link.peer == "A"
    assert ls_a.session == ls_b.session == offer_a.session and offer_a.digest == offer_b.digest
    assert "station B joined" in logs[0]


STRANGERS = {
    "a REFUSE 'maze' before any offer": ("X", "A", forged(link.REFUSE, bytes([link.R_MAZE, 2]) + bytes(32))),
    "a REFUSE 'version'": ("X", "A", forged(link.REFUSE, bytes([link.R_VERSION, 1]) + bytes(32))),
    "a REFUSE of an unknown reason": ("X", "A", forged(link.REFUSE, bytes([200, 2]) + bytes(32))),
    "a HELLO of protocol 1": ("X", "A", forged(link.HELLO, b"abcd", version=1)),
    "a HELLO of protocol 3": ("X", "A", forged(link.HELLO, b"abcd", version=3)),
    "a stranger's HELLO that claims the host": ("X", "A", forged(link.HELLO, b"abcd")),
    "an ACCEPT of no session": ("X", "A", forged(link.ACCEPT, bytes(32))),
    "a PLAY of no session": ("X", "A", forged(link.PLAY, bytes(10) + b"\xff\xff\xff" + bytes(3))),
    "an OFFER with input delay 0": ("A", "B", forged(link.OFFER, offer_payload(0), 77)),
    "an OFFER with input delay 13": ("A", "B", forged(link.OFFER, offer_payload(13), 77)),
    "an OFFER with input delay 255": ("A", "B", forged(link.OFFER, offer_payload(255), 77)),
    "an OFFER without a session": ("A", "B", forged(link.OFFER, offer_payload(3), 0)),
    "a REFUSE 'maze' at the joiner": ("A", "B", forged(link.REFUSE, bytes([link.R_MAZE, 2]) + bytes(32))),
    "an empty datagram": ("X", "A", b""),
    "an oversized datagram": ("X", "A", bytes(300)),
    "an empty datagram at the joiner": ("A", "B", b""),
}


@pytest.mark.parametrize("what", sorted(STRANGERS))
def test_one_strangers_datagram_changes_nothing(what):
    # Waiting in the host's (or the joiner's) inbox before anyone starts: the two still pair.
    results, _, logs = pair(MemNet(), before=[STRANGERS[what]] * 3)
    STATS["datagrams"] += 3
    assert_paired(results, logs)


def test_a_waiting_host_with_no_player_waits_through_strangers_and_names_them():
    before = [STRANGERS["a stranger's HELLO that claims the host"], STRANGERS["a HELLO of protocol 1"],
              STRANGERS["a REFUSE 'maze' before any offer"]]
    results, _, logs = pair(MemNet(), before=before, timeout_ms=500, joiner=False)
    assert type(results[0]) is link.LinkError
    assert str(results[0]) == ("no player joined within 0.5 s (last: station X speaks link protocol 1, "
                               "this side 2: refused)")
    assert "offering seed 7 at 12x12 to station X" in logs[0]


def test_a_play_key_code_out_of_range_is_dropped_in_play():
    # From the peer itself, with the game's session and a good checksum: refused, and the game is the
    # reference game (link_duel's KEY_NAMES never sees a code it has no name for).
    net = MemNet(seed=23)
    rounds = rounds_on(net)

    def bad_keys(net, rounds):
        ls = rounds[1].ls
        pkt = bytearray(bytes(ls.views[0]))
        pkt[16] = 3                                      # three inputs for frames ls.got+1..
        pkt[13:16] = bytes([(rounds[0].ls.got + 1) >> 16 & 255, (rounds[0].ls.got + 1) >> 8 & 255,
                            (rounds[0].ls.got + 1) & 255])
        pkt[17:17] = bytes([5, 200, 255])
        link.seal(pkt, len(pkt) - 2)
        net.stations["A"].inbox.append((net.now, "B", bytes(pkt)))
    messages, _ = play(net, rounds, each_frame=bad_keys)
    assert_same_game(rounds, messages)
    assert rounds[0].ls.refusals[link.BAD_PACKET] > 10


@pytest.mark.parametrize("per_second", [50, 200, 2000])
def test_empty_datagrams_from_anyone_do_not_slow_the_game(per_second):
    # Zero-length datagrams from a stranger and, spoofed, from the peer, into both sides.
    clean = MemNet(seed=29)
    clean_rounds = rounds_on(clean)
    play(clean, clean_rounds)
    net = MemNet(seed=29)
    rounds = rounds_on(net)
    per_tick = per_second * FRAME_MS // 1000 or 1     # play() ticks each side once a FRAME_MS

    def empties(net, rounds):
        for dst, peer in (("A", "B"), ("B", "A")):
            for i in range(per_tick):
                net.stations[dst].inbox.append((net.now, "X" if i % 2 else peer, b""))
    messages, _ = play(net, rounds, each_frame=empties)
    assert_same_game(rounds, messages)
    for r, c in zip(rounds, clean_rounds):
        assert r.ls.sent <= c.ls.sent + 2          # ticks: one packet a tick; the pace of the clean game


# -- the fuzz --------------------------------------------------------------------------------------
class Fuzz:
    # Hostile datagrams from what the sides really sent: random bytes, empty and oversized ones,
    # copies mutated and resealed (a stranger's, or spoofed as the peer's with a field out of range).
    def __init__(self, net, seed):
        self.net = net
        self.rng = random.Random(seed)
        self.seen = []
        carry = net.carry

        def recording(src, dst, data):
            if len(self.seen) < 400:
                self.seen.append(bytes(data))
            elif self.rng.random() < 0.05:
                self.seen[self.rng.randrange(400)] = bytes(data)
            carry(src, dst, data)
        net.carry = recording
        self.sent = 0

    def datagram(self, playing):
        rng = self.rng
        r = rng.random()
        if r < 0.25 or not self.seen:
            return rng.choice("XYB"), bytes(rng.randrange(256) for _ in range(rng.choice((0, 1, 9, 25, 48, 251, 300))))
        base = bytearray(rng.choice(self.seen))
        if r < 0.7:                                  # a stranger's copy, mutated and resealed
            for _ in range(rng.randrange(1, 4)):
                base[rng.randrange(1, len(base) - 2)] = rng.randrange(256)
            if not playing:
                base[6] ^= 1 + rng.randrange(255)    # another session: pairing would be first come
            link.seal(base, len(base) - 2)
            return rng.choice("XY"), bytes(base)
        # spoofed as the peer, sealed, one field out of range: never taken
        kind = base[2]
        if kind == link.PLAY and len(base) > link.PLAY_BYTES:
            base[17 + rng.randrange(base[16])] = rng.randrange(5, 256)
        elif kind == link.PLAY:
            base[16] = rng.randrange(33, 256)
        elif kind == link.END:
            base[7] = rng.choice((0, 3, 4, 255))
        elif kind == link.OFFER:
            base[13] = rng.choice((0, 13, 255))
        elif kind == link.REFUSE:
            base[7] = rng.choice((0, 4, 99, 255))
        else:
            base = base[:-3] + base[-2:]             # one byte short
        link.seal(base, len(base) - 2)
        return None, bytes(base)

    def batch(self, count, playing):
        # -> [(src, dst, datagram)], each datagram to both sides (spoofed ones as the other side's).
        out = []
        for _ in range(count):
            src, data = self.datagram(playing)
            for dst, peer in (("A", "B"), ("B", "A")):
                out.append((src or peer, dst, data))
        self.sent += len(out)
        return out

    def inject(self, count, playing):
        for src, dst, data in self.batch(count, playing):
            self.net.stations[dst].inbox.append((self.net.now, src, data))


def test_thousands_of_hostile_datagrams_at_both_sides_then_the_reference_game():
    net = MemNet(seed=31)
    fuzz = Fuzz(net, 4242)
    for data in (forged(link.HELLO, b"wxyz"), forged(link.OFFER, offer_payload(), 99)):
        fuzz.seen.append(data)
    before = fuzz.batch(1000, playing=False)          # waiting for them as the sides start

    def during(net, stop):
        while not stop.is_set():
            fuzz.inject(20, playing=False)
            stop.wait(0.002)
    results, makers, logs = pair(net, before=before, during=during)
    assert_paired(results, logs)
    pairing_sent = fuzz.sent
    rounds = []
    for (ls, offer), maker in zip(results, makers):
        ls.moved = net.now = 0
        ls.trace = []
        rounds.append(link_duel.LinkRound(maker.game, ls, offer, source=duel.Bot(LEVEL, ls.me).choose))
    try:
        messages, _ = play(net, rounds, each_frame=lambda net, rounds: fuzz.inject(12, playing=True))
    except AssertionError:
        STATS["hangs"] += 1
        raise
    STATS["datagrams"] += fuzz.sent
    try:
        assert_same_game(rounds, messages)
    except AssertionError:
        STATS["false_accepts"] += 1
        raise
    refused = [sum(r.ls.refusals) for r in rounds]
    print("\nlink fuzz: %d hostile datagrams (%d while pairing), %s refused in play, 0 tracebacks"
          % (fuzz.sent, pairing_sent, refused))
    assert fuzz.sent >= 5000 and min(refused) > 1000


def test_a_strangers_flood_during_a_game_leaves_its_pace():
    # 2,000 packets a second at both sides (100 a tick of 50 ms): copies of the game's own packets,
    # random ones, empty and oversized ones. The game ends as the reference game, and in as many ticks.
    clean = MemNet(seed=37)
    clean_rounds = rounds_on(clean)
    play(clean, clean_rounds)
    net = MemNet(seed=37)
    rounds = rounds_on(net)
    fuzz = Fuzz(net, 77)
    per_tick = 2000 * FRAME_MS // 1000              # play() ticks each side once a FRAME_MS

    def flood(net, rounds):
        for _ in range(per_tick):
            src, data = fuzz.datagram(True)
            for dst in ("A", "B"):
                net.stations[dst].inbox.append((net.now, src or "X", data))
    messages, _ = play(net, rounds, each_frame=flood)
    assert_same_game(rounds, messages)
    for r, c in zip(rounds, clean_rounds):
        assert r.ls.sent <= c.ls.sent + 2
        assert sum(r.ls.refusals) > 50 * r.ls.frame


def test_summary_of_the_link_fuzz():
    if STATS["datagrams"] < 5000:
        pytest.skip("the fuzz did not run")
    print("\nlink, hostile: %(datagrams)d datagrams, %(tracebacks)d tracebacks, %(hangs)d hangs, "
          "%(false_accepts)d false acceptances" % STATS)
    assert STATS["tracebacks"] == STATS["hangs"] == STATS["false_accepts"] == 0
