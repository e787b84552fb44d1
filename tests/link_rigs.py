"""What the link's tests share (tests/firmware/test_link*.py): the in-memory rig (two LinkRounds on a
MemNet, ticked on the net's clock) and the process rig (a side running tests/drivers/link_play.py on
CPython or the unix port, its outcome, the reference game both must play)."""
import os
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

from maze32_game import duel
from maze32_game import link
from maze32_game import link_duel
import runtimes
from link_memnet import MemLink
from support import ROOT, link_reference

# -- in memory: one process, the net's clock ------------------------------------------------------
SEED, SIZE, LEVEL, DELAY, LOST_MS, MEM_FRAME_MS = 7, (12, 12), 2, 3, 1000, 50


REFERENCE = link_reference(SEED, SIZE, LEVEL, DELAY)


def rounds_on(net, make=None, lost_ms=LOST_MS, delay=DELAY):
    # Two LinkRounds wired through net, as the handshake would leave them (session 9).
    sides = (MemLink(net, "A"), MemLink(net, "B"))
    sides[0].set_peer("B")
    sides[1].set_peer("A")
    rounds = []
    for me, transport in enumerate(sides):
        game = (make or (lambda s, w, h, me: duel.Duel(s, w, h)))(SEED, SIZE[0], SIZE[1], me)
        ls = link.Lockstep(transport, me, 9, delay, lost_ms, trace=[], now=0)
        rounds.append(link_duel.LinkRound(game, ls, None, source=duel.Bot(LEVEL, me).choose))
    return rounds


def play(net, rounds, limit_ms=120000, each_frame=None):
    # Tick both sides every MEM_FRAME_MS of the net's clock (Player 2 half a frame later) until both end.
    # -> ([message, message], [the clock when each ended]).
    messages, at = [None, None], [None, None]
    while None in messages:
        assert net.now < limit_ms, "no end after %d ms: %r" % (limit_ms, messages)
        for i in (0, 1):
            net.now += MEM_FRAME_MS // 2
            if messages[i] is None:
                messages[i] = rounds[i].tick(now=net.now)
                if messages[i]:
                    at[i] = net.now
        if each_frame:
            each_frame(net, rounds)
    return messages, at


def assert_same_game(rounds, messages):
    winner, end, hashes = REFERENCE
    for r in rounds:
        assert r.duel.winner == winner and r.end_frame == end
        assert r.ls.trace == hashes                 # every frame's state, on both sides
    mine, theirs = (messages[winner], messages[1 - winner])
    assert mine == "you got out first at frame %d: you win!" % end
    assert theirs == "the other player got out first at frame %d" % end


# -- between processes: real time on loopback -------------------------------------------------------
FRAME_MS = 10                     # a fast clock: the lockstep does not care how long a frame lasts
EXPECTED = REFERENCE              # the same game, played by two processes


def cancel_hosting(term, seconds=3.0):
    # q while a twin's hosted Duel waits for its player (maze32 play --host): it says so and exits 1.
    term.send(b"q")
    assert "cancelled" in term.read(seconds), term.text()
    assert term.proc.wait(10) == 1


def free_port():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def side(runtime, role, tmp, port=None, peer=None, env=None, **extra):
    # One side, running tests/drivers/link_play.py: runtime "twin" (CPython, host/duel_link.py) or
    # "board" (the unix port, firmware/maze32_game/link_duel.py over link_udp or, with transport="espnow",
    # link_espnow on the stand-in).
    args = {"role": role, "port": port, "peer": peer, "seed": SEED, "size": SIZE, "bot": LEVEL,
            "frame_ms": FRAME_MS, "delay": DELAY, "lost_ms": LOST_MS, "timeout_ms": 8000,
            "transport": "udp", "twin": runtime == "twin"}
    args.update(extra)
    script = Path(tempfile.mkdtemp(dir=tmp)) / "side.py"
    script.write_text(runtimes.script_text("link_play.py", args))
    env = dict(os.environ, **(env or {}))
    if runtime == "twin":
        env["PYTHONPATH"] = os.pathsep.join(map(str, (ROOT / "shared", ROOT / "firmware", ROOT)))
        cmd = [sys.executable, "-u", str(script)]
    else:
        env["MICROPYPATH"] = ":".join(map(str, (runtimes.library("unix"), ROOT / "firmware",
                                                ROOT / "tests" / "standin")))
        cmd = [runtimes.micropython_binary(), "-X", "heapsize=4M", str(script)]
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def outcome(proc, timeout=60):
    out, err = proc.communicate(timeout=timeout)
    facts = {}
    for line in out.splitlines():
        word, _, rest = line.partition(" ")
        facts[word] = rest
    assert "end" in facts, "no end (exit %s):\n%s\n%s" % (proc.returncode, out[-2000:], err[-3000:])
    return facts


def assert_the_reference_game(host, joiner):
    winner, end, hashes = EXPECTED
    for facts in (host, joiner):
        assert facts["result"] == "%d %d %d" % (winner, end, end + 1), facts["end"]
        assert facts["hashes"].split() == ["%06x" % h for h in hashes]
    won, lost = (host, joiner) if winner == 0 else (joiner, host)
    assert won["end"] == "you got out first at frame %d: you win!" % end
    assert lost["end"] == "the other player got out first at frame %d" % end


PAIRS = {"boards": ("board", "board"), "twins": ("twin", "twin"), "twin-board": ("board", "twin")}
