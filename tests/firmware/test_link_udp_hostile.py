"""The link over UDP among strangers, in real processes (tests/drivers/link_play.py, as test_link_play.py
runs them): a stranger's flood of 2,000 datagrams a second (empty, oversized, random, and packets of
the right shape and another session) at both sides during a game leaves the game and its pace, by
frames played per packet sent; a second `maze32 play --host` on a port already hosted is a one-line
error, not a second host sharing the port; `--bind 127.0.0.1` keeps the game to this machine."""
import random
import socket
import threading
import time

import pytest

from terminals import MAZE32, PtyProcess
pytestmark = pytest.mark.slow            # processes and a flood in real time

from link_rigs import EXPECTED, PAIRS, assert_the_reference_game, cancel_hosting, free_port, outcome, side

from maze32_game import link  # noqa: E402


class Flood(threading.Thread):
    # From one stranger's socket, `rate` datagrams a second in all, spread over `targets` (ports).
    def __init__(self, rate, seed=5):
        super().__init__(daemon=True)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.rng = random.Random(seed)
        self.rate = rate
        self.targets = []
        self.sent = 0
        self.stop = threading.Event()

    def datagram(self):
        rng = self.rng
        kind = rng.randrange(5)
        if kind == 0:
            return b""
        if kind == 1:
            return bytes(rng.randrange(256) for _ in range(rng.choice((251, 300, 1400))))
        if kind == 2:
            return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60)))
        session = rng.randrange(1, 1 << 30)
        if kind == 3:                      # a PLAY of the right shape: inputs, a hash, another session
            payload = bytes([0, 0, 5, 0, 0, 4, 0, 0, 3, 2, 1, 2]) + bytes([0, 0, 2, 1, 2, 3])
            return link.packet(link.PROTOCOL, link.PLAY, session, payload)
        return link.packet(link.PROTOCOL, rng.choice((link.HELLO, link.END, link.REFUSE)), session,
                           bytes(rng.choice((4, 4, 34))))

    def run(self):
        start = time.monotonic()
        while not self.stop.is_set():
            due = int((time.monotonic() - start) * self.rate)
            while self.sent < due and self.targets:
                port = self.targets[self.sent % len(self.targets)]
                try:
                    self.sock.sendto(self.datagram(), ("127.0.0.1", port))
                except OSError:
                    pass
                self.sent += 1
            self.stop.wait(0.002)

    def close(self):
        self.stop.set()
        self.join(5)
        self.sock.close()


def ready_port(proc):
    line = proc.stdout.readline()
    assert line.startswith("ready "), line
    return int(line.split()[1])


@pytest.mark.parametrize("pair", ["twins", "boards"])
def test_a_strangers_flood_during_a_game_leaves_it_and_its_pace(pair, tmp_path):
    host_port = free_port()
    flood = Flood(2000)
    flood.start()
    try:
        host = side(PAIRS[pair][0], "host", tmp_path, port=host_port)
        ready_port(host)
        flood.targets.append(host_port)
        joiner = side(PAIRS[pair][1], "join", tmp_path, peer="127.0.0.1:%d" % host_port)
        port = ready_port(joiner)
        if port:
            flood.targets.append(port)     # a twin says its port; a board joiner binds any
        h, j = outcome(host), outcome(joiner)
    finally:
        flood.close()
    assert flood.sent > 1000
    assert_the_reference_game(h, j)
    frames = EXPECTED[1] + 1
    for facts, flooded in ((h, True), (j, bool(port))):
        if flooded:
            assert "unknown peer" in facts["refused"], facts      # by address, before any content
        sent = int(facts["stats"].split()[0])
        print("\nflood %s: %d datagrams; %d ticks for %d frames; %s" % (pair, flood.sent, sent, frames,
                                                                    facts.get("refused", "")[:80]))
        # one packet a tick: ticks beyond the frames played are stalls; a flood that held up the
        # frame loop would show as many more ticks than frames
        assert sent <= frames * 1.25 + 20, (sent, frames)


def test_a_second_host_on_a_hosted_port_is_a_one_line_error():
    port = free_port()
    first = PtyProcess([MAZE32, "play", "--mode", "duel", "--host", str(port)])
    try:
        assert "waiting for a player on UDP port %d" % port in first.read(3.0)
        second = PtyProcess([MAZE32, "play", "--mode", "duel", "--host", str(port)])
        try:
            assert second.proc.wait(20) == 2
            text = second.read(1.0)
            assert "maze32: link: UDP port %d is already in use (another game hosts on it?)" % port in text
            assert "Traceback" not in text
        finally:
            second.close()
        first.read(0.5)                                  # its screen, drained (a full terminal stalls it)
        cancel_hosting(first)
    finally:
        first.close()


def test_bind_keeps_a_hosted_game_to_one_address(tmp_path):
    port = free_port()
    twin = PtyProcess([MAZE32, "play", "--mode", "duel", "--host", str(port), "--bind", "127.0.0.1",
                       "--seed", "7", "--size", "8x8"])
    try:
        assert "waiting for a player on UDP port %d of 127.0.0.1" % port in twin.read(3.0)
        other = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        other.bind(("127.0.0.2", port))                # free there: the game listens on 127.0.0.1 only
        other.close()
        board = side("board", "join", tmp_path, peer="127.0.0.1:%d" % port, size=(8, 8), frame_ms=50)
        deadline = time.monotonic() + 60
        while board.poll() is None and time.monotonic() < deadline:
            twin.read(0.2)
        facts = outcome(board)
        assert facts["end"].startswith("you got out first at frame ")
        assert twin.wait_for("q  quit", 10.0), twin.text()         # its end screen
        twin.send(b"q")
        assert twin.proc.wait(10) == 0
    finally:
        twin.close()


@pytest.mark.parametrize("args,words", [
    (["--host", "3233", "--bind", "10.255.255.1"], "maze32: link: cannot listen on 10.255.255.1:"),
    (["--host", "3232", "--bind", "nowhere.invalid"], "maze32: link: cannot listen on nowhere.invalid:3232: "),
    (["--join", "127.0.0.1:3232", "--bind", "127.0.0.1"], "maze32: --bind goes with --host"),
    (["--host", "3233", "--bind", ""], "maze32: --bind: give an address"),
    (["--host", "3233", "--bind", "a" * 300], "maze32: link: cannot listen on 'aaaa"),
    (["--join", "%s:3232" % ("b" * 300)], "maze32: join: 'bbbb"),
    (["--join", "nowhere.invalid:3232"], "maze32: join: nowhere.invalid:3232: "),      # was: "link: Name or ..."
])
def test_a_bad_bind_is_a_one_line_error(args, words):
    term = PtyProcess([MAZE32, "play", "--mode", "duel", *args])
    try:
        code = term.proc.wait(20)
        text = term.read(1.0)
        assert code == 2 and words in text and "Traceback" not in text, text
    finally:
        term.close()
