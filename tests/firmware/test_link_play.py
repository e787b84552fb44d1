"""Duel over a link between processes (SPEC 11): two virtual boards (MicroPython unix port, the
firmware's link over UDP), two desktop twins (CPython, host/duel_link.py) and a twin against a
virtual board, each pair through a lossy relay on loopback that drops, duplicates and reorders
packets (0%, 10%, 30% loss) and, in the 10% runs, slips in corrupted, old-version, other-session and
foreign packets. Each side's bot plays to the end: both sides end in the same state at the same
frame with the same per-frame state hashes, and that is the game a direct simulation plays, whatever
the loss. At 100% loss both sides report "link lost" within the bound. The ESP-NOW adapter's own
code runs on the unix port against tests/standin/espnow.py, which carries its packets over UDP (no
radio exists here). The handshake refuses another maze or another protocol version on both sides,
saying why."""
import heapq
import os
import random
import select
import socket
import subprocess
import threading
import time

import pytest

from maze32_game import link
import runtimes
from support import ROOT, maze32

pytestmark = pytest.mark.slow            # the whole module: processes over a relay, real time

from link_rigs import (DELAY, FRAME_MS, LOST_MS, PAIRS, SEED, SIZE, assert_the_reference_game, cancel_hosting,
                       free_port, outcome,
                       side)


class Relay(threading.Thread):
    # Between a joiner (whoever writes to it) and the host at host_port: each datagram, either way,
    # is dropped with probability `loss`, sent twice with probability `dup`, and held back up to
    # `jitter_ms` (so later ones overtake it). hostile=True also slips in, now and then, a corrupted
    # copy, a copy of protocol version 0, a copy of another session (checksums recomputed) and a copy
    # sent from another socket (a foreign peer). After cut_after PLAY packets nothing gets through.
    def __init__(self, host_port, loss, dup=0.1, jitter_ms=30, seed=1, hostile=False, cut_after=None):
        super().__init__(daemon=True)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.stranger = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.stranger.bind(("127.0.0.1", 0))
        self.host = ("127.0.0.1", host_port)
        self.client = None
        self.loss, self.dup, self.jitter = loss, dup, jitter_ms / 1000
        self.rng = random.Random(seed)
        self.hostile = hostile
        self.cut_after = cut_after
        self.cut_at = None                 # time.time() when the link was cut
        self.plays = 0
        self.towards = {}                  # PLAY packets so far, by destination
        self.queue = []
        self.n = 0
        self.stop = threading.Event()
        self.dropped = self.forged = 0

    def run(self):
        while not self.stop.is_set():
            wait = 0.005
            if self.queue:
                wait = max(0.0, min(wait, self.queue[0][0] - time.monotonic()))
            if select.select([self.sock], [], [], wait)[0]:
                data, addr = self.sock.recvfrom(4096)
                if addr == self.host:
                    dest = self.client
                else:
                    self.client, dest = addr, self.host
                if dest is not None:
                    self.route(data, dest)
            while self.queue and self.queue[0][0] <= time.monotonic():
                _, _, sock, data, dest = heapq.heappop(self.queue)
                sock.sendto(data, dest)

    def later(self, data, dest, sock=None):
        self.n += 1
        delay = self.rng.uniform(0, self.jitter) if self.rng.random() < 0.5 else 0
        heapq.heappush(self.queue, (time.monotonic() + delay, self.n, sock or self.sock, data, dest))

    def route(self, data, dest):
        if len(data) > 2 and data[2] == link.PLAY:
            self.plays += 1
            if self.cut_after is not None and self.plays == self.cut_after:
                self.cut_at = time.time()
        if self.cut_at is not None or self.rng.random() < self.loss:
            self.dropped += 1
            return
        for _ in range(2 if self.rng.random() < self.dup else 1):
            self.later(data, dest)
        if self.hostile and len(data) > 6 and data[2] == link.PLAY:
            k = self.towards[dest] = self.towards.get(dest, 0) + 1
            if k % 5 == 0:
                self.forge(data, dest, k // 5 % 4)       # each kind in turn, to each side

    def forge(self, data, dest, kind):
        bad = bytearray(data)
        if kind == 0:
            bad[5] ^= 0x10                                   # corrupted: the checksum fails
        elif kind == 1:
            bad[1] = 0                                       # an old protocol version
        elif kind == 2:
            bad[6] = (bad[6] + 1) & 255                      # an earlier game's session
        if kind in (1, 2):
            link.seal(bad, len(bad) - 2)
        self.forged += 1
        self.later(bytes(bad), dest, self.stranger if kind == 3 else None)   # 3: a foreign sender

    def close(self):
        self.stop.set()
        self.join(5)
        self.sock.close()
        self.stranger.close()


def duel_through_relay(tmp, runtimes_, loss, **relay_options):
    host_port = free_port()
    relay = Relay(host_port, loss, seed=int(loss * 100) + 1, **relay_options)
    relay.start()
    try:
        host = side(runtimes_[0], "host", tmp, port=host_port)
        joiner = side(runtimes_[1], "join", tmp, peer="127.0.0.1:%d" % relay.port)
        return outcome(host), outcome(joiner), relay
    finally:
        relay.close()


@pytest.mark.parametrize("loss", [0, 0.1, 0.3], ids=["0%", "10%", "30%"])
@pytest.mark.parametrize("pair", ["boards", "twins"])
def test_a_duel_through_a_lossy_relay_ends_the_same_on_both_sides(pair, loss, tmp_path):
    host, joiner, relay = duel_through_relay(tmp_path, PAIRS[pair], loss, hostile=loss == 0.1)
    assert_the_reference_game(host, joiner)
    if loss:
        assert relay.dropped > 0
    if relay.forged:
        # Every kind of bad packet reached both sides, was refused by name, and changed nothing.
        for facts in (host, joiner):
            text = facts["refused"]
            for words in ("corrupted", "unknown peer", "other protocol version", "other session"):
                assert words in text, (words, text)


def test_a_twin_duels_a_virtual_board(tmp_path):
    # The board hosts (as its menu's "Duel over radio" does where there is no radio), the twin joins.
    host, joiner, _ = duel_through_relay(tmp_path, PAIRS["twin-board"], 0.1)
    assert_the_reference_game(host, joiner)


@pytest.mark.parametrize("pair", ["boards", "twins"])
def test_at_total_loss_both_sides_report_link_lost_within_the_bound(pair, tmp_path):
    host, joiner, relay = duel_through_relay(tmp_path, PAIRS[pair], 0, cut_after=60)
    assert relay.cut_at is not None
    for facts in (host, joiner):
        assert facts["end"].startswith("link lost: nothing from the other player for 1.0 s (frame ")
        after = int(facts["clock"]) - relay.cut_at * 1000
        # the inputs in hand play on for up to the input delay, then LOST_MS of stall; slack for load
        assert LOST_MS - 300 <= after <= LOST_MS + DELAY * FRAME_MS + 1000, after


def test_the_espnow_adapter_on_the_standin(tmp_path):
    # Two virtual boards pair as two boards do (broadcast HELLO, the higher nonce hosts) through
    # firmware/maze32_game/link_espnow.py on the stand-in espnow module; a third station slips in packets from an
    # unknown MAC, corrupted ones, one of protocol version 0, one of another session.
    ports = [free_port(), free_port()]
    air = ",".join(map(str, ports))
    procs = [side("board", "auto", tmp_path, transport="espnow",
                  env={"MAZE32_ESPNOW_PORT": str(p), "MAZE32_ESPNOW_AIR": air}) for p in ports]
    stranger = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    macs = [bytes([2, 0, 0, 0, p >> 8, p & 255]) for p in ports]
    try:
        time.sleep(1.0)                                   # paired and playing by now
        for i in range(40):
            to = ports[i % 2]
            # a PLAY packet that carries nothing (no inputs, no hash), of session 1 or 2: if that
            # happened to be the game's session it would be taken, harmlessly; else refused
            empty = bytes(10) + b"\xff\xff\xff" + bytes(3)
            fake = bytearray(link.packet(link.PROTOCOL, link.PLAY, 1 + i // 8 % 2, empty))
            kind = i // 2 % 4
            if kind == 0:
                sender = bytes([2, 0, 0, 0, 0xBE, 0xEF])       # a board nobody paired with
            else:
                sender = macs[1 - i % 2]                       # as if from the peer ...
                if kind == 1:
                    fake[6] ^= 0x20                            # ... corrupted in the air
                elif kind == 2:
                    fake[1] = 0                                # ... an older protocol
                    link.seal(fake, len(fake) - 2)
            stranger.sendto(sender + bytes(fake), ("127.0.0.1", to))
            time.sleep(0.02)
        a, b = outcome(procs[0]), outcome(procs[1])
    finally:
        stranger.close()
        for p in procs:
            if p.poll() is None:
                p.kill()
    host, joiner = (a, b) if a["me"] == "0" else (b, a)
    assert (host["me"], joiner["me"]) == ("0", "1")
    assert_the_reference_game(host, joiner)
    for facts in (a, b):
        for words in ("corrupted", "unknown peer", "other protocol version", "other session"):
            assert words in facts["refused"], (words, facts["refused"])


@pytest.mark.parametrize("pair", ["twin-board", "boards"])
def test_the_handshake_refuses_another_maze_and_the_host_waits_on(pair, tmp_path):
    # The joiner stops with the mismatch; the host waits on (it could still get a player) and, at
    # its timeout, names who refused and why.
    host_port = free_port()
    host = side(PAIRS[pair][0], "host", tmp_path, port=host_port, timeout_ms=2000)
    joiner = side(PAIRS[pair][1], "join", tmp_path, peer="127.0.0.1:%d" % host_port, tamper_maze=True)
    h, j = outcome(host), outcome(joiner)
    assert j["end"].startswith("refused: maze hash mismatch for seed 7 at 12x12: this side made ")
    assert h["end"].startswith("no player joined within ")
    assert " (last: 127.0.0.1:" in h["end"] and " refused the game: maze hash mismatch for seed 7 at 12x12: " in h["end"]
    for facts in (h, j):
        assert facts["end"].endswith("(a different generator version or settings)") or \
            facts["end"].endswith("(a different generator version or settings))")
        assert "result" not in facts                      # no game was played


def test_the_handshake_refuses_another_protocol_version_and_the_host_waits_on(tmp_path):
    host_port = free_port()
    host = side("twin", "host", tmp_path, port=host_port, timeout_ms=1000)
    joiner = side("board", "join", tmp_path, peer="127.0.0.1:%d" % host_port, version=0)
    h, j = outcome(host), outcome(joiner)
    assert h["end"].startswith("no player joined within 3.0 s (last: 127.0.0.1:")
    assert h["end"].endswith(" speaks link protocol 0, this side 2: refused)")
    assert j["end"] == "refused by the other side: it speaks link protocol 2, this side 0"


def test_maze32_play_hosts_a_duel_in_the_terminal(tmp_path):
    # `maze32 play --mode duel --host PORT` in a real pseudo-terminal, a virtual board's bot joining:
    # the twin's player stands still, so the board's bot gets out first, on both screens.
    from terminals import MAZE32, PtyProcess
    port = free_port()
    twin = PtyProcess([MAZE32, "play", "--mode", "duel", "--host", str(port), "--seed", "7", "--size", "8x8"])
    try:
        assert "waiting for a player on UDP port %d" % port in twin.read(3.0)
        board = side("board", "join", tmp_path, peer="127.0.0.1:%d" % port, size=(8, 8), frame_ms=50)
        deadline = time.monotonic() + 60
        while board.poll() is None and time.monotonic() < deadline:
            twin.read(0.2)                                # keep reading: a full terminal would stall it
        facts = outcome(board)
        assert facts["me"] == "1" and facts["end"].startswith("you got out first at frame ")
        frame = facts["end"].split()[6].rstrip(":")
        screen = twin.read(3.0)
        assert "you are Player 1" in screen and "link  Player 1  frame" in screen
        assert "the other player got out first at frame %s" % frame in screen
        # Drawn like a bot Duel (box-drawing walls, the status line) by term.Screen, which clears
        # the screen once and then rewrites only the lines that change, never a frame at a time.
        assert "duel  key " in screen and "┌" in screen and screen.count("\x1b[2J") <= 2
        # Its end screen, as a bot Duel's: the result, the level code and its link, q to quit.
        code = maze32("code", "--seed", "7", "--size", "8x8").stdout.split()[0]
        assert twin.wait_for("q  quit", 5.0), twin.text()
        assert "level link  http://127.0.0.1:8032/#code=" + code in twin.text(), twin.text()
        twin.send(b"q")
        screen += twin.read(3.0)
        assert twin.proc.wait(10) == 0
        # After the game, its level code and level link, printed on the shell too.
        assert "level code %s  level link http://127.0.0.1:8032/#code=%s" % (code, code) in screen
    finally:
        twin.close()


def test_maze32_play_waiting_for_a_player_quits_on_q():
    from terminals import MAZE32, PtyProcess
    port = free_port()
    twin = PtyProcess([MAZE32, "play", "--mode", "duel", "--host", str(port), "--bind", "127.0.0.1"])
    try:
        assert "q cancels" in twin.read(3.0)
        # what the other player runs, whole on 80 columns (wrapped at spaces, never cut)
        shown = " ".join(line.strip() for line in twin.text().splitlines() if line.strip())
        assert ("waiting for a player on UDP port %d of 127.0.0.1 (they run: maze32 play --mode duel --join "
                "THIS-HOST:%d) q cancels" % (port, port)) in shown, twin.text()
        cancel_hosting(twin, 2.0)
    finally:
        twin.close()


def test_the_board_menus_duel_over_radio_and_quitting_tells_the_other_board(tmp_path):
    # link_duel.play_radio, the hook for firmware/maze32_game/app.py's menu, on a virtual board with the stand-in
    # radio: it pairs with another board (broadcast HELLO), plays through term.play, and its player
    # quits with q after 40 frames: the other board shows why.
    ports = [free_port(), free_port()]
    air = ",".join(map(str, ports))
    env = dict(os.environ, MAZE32_ESPNOW_AIR=air, MAZE32_ESPNOW_PORT=str(ports[0]),
               MICROPYPATH=":".join(map(str, (runtimes.library("unix"), ROOT / "firmware",
                                              ROOT / "tests" / "standin"))))
    script = tmp_path / "radio.py"
    script.write_text(runtimes.script_text("link_radio.py", {"seed": SEED, "size": SIZE, "quit_after": 40}))
    menu = subprocess.Popen([runtimes.micropython_binary(), "-X", "heapsize=4M", str(script)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    other = side("board", "auto", tmp_path, transport="espnow", frame_ms=50,
                 env={"MAZE32_ESPNOW_PORT": str(ports[1]), "MAZE32_ESPNOW_AIR": air})
    out, err = menu.communicate(timeout=60)
    facts = outcome(other)
    assert menu.returncode == 0, err[-2000:]
    assert out.startswith("menu quit  (")
    assert "shown link  Player" in out
    assert facts["end"].startswith("the other player left at frame ")


def test_a_virtual_board_without_radio_hosts_the_twin_over_udp(tmp_path):
    # Where there is no espnow (the unix port), play_radio hosts on UDP: a twin joins; its bot gets
    # out first while the board's player stands still; the board's end screen, m, the menu's line.
    port = free_port()
    env = dict(os.environ, MICROPYPATH=":".join(map(str, (runtimes.library("unix"), ROOT / "firmware"))))
    script = tmp_path / "radio.py"
    script.write_text(runtimes.script_text("link_radio.py", {"seed": SEED, "size": (8, 8),
                                                            "quit_after": 10 ** 6, "udp_port": port}))
    board = subprocess.Popen([runtimes.micropython_binary(), "-X", "heapsize=4M", str(script)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    twin = side("twin", "join", tmp_path, peer="127.0.0.1:%d" % port, frame_ms=50)
    facts = outcome(twin)
    out, err = board.communicate(timeout=60)
    assert board.returncode == 0, err[-2000:]
    assert facts["me"] == "1" and facts["end"].startswith("you got out first at frame ")
    frame = facts["end"].split()[6].rstrip(":")
    assert out.startswith("menu the other player got out first at frame %s  (" % frame)
    # The board's end screen: the level code and, below it, its level link (a bot Duel's rows).
    code = maze32("code", "--seed", str(SEED), "--size", "8x8").stdout.split()[0]
    shown = [line[len("shown "):].strip() for line in out.splitlines() if line.startswith("shown ")]
    i = shown.index("level link  http://127.0.0.1:8032/#code=" + code)
    assert shown[i - 1].startswith("level code  %s   seed %d, 8x8" % (code, SEED))
