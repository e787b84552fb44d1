"""The link's cost (SPEC 11, SPEC 8): bytes on the air, board time per packet, memory.

1. Packet bytes per tick at 20 frames a second: both sides of a whole scripted Duel (each player a
   bot) in one process, on the in-memory network of the tests (tests/drivers/link_memnet.py), which
   delays each packet 0..40 ms (so reorders them) and, in the lossy rows, drops the given share and
   duplicates 10%, from a seeded generator; one PLAY packet per side per tick.
   Printed per loss rate: bytes per packet (mean, max), bytes a second each way, ticks stalled.
2. Board time per received packet: callgrind counts the x86-64 instructions of the MicroPython unix
   port running the link's work REPEAT times and 0 times (the same imports and setup), the difference
   over REPEAT divided by 67,000 (SPEC 8: good to perhaps +-40%) is the estimated ESP32-C6 ms.
     recv   one PLAY packet received: copied out of the transport, checksum, parse, acknowledgement,
            inputs, state-hash comparison (Lockstep.poll with one packet waiting)
     frame  the link's whole frame for one side: one packet received, the next input, both keys,
            the Duel's state hash, advance, one packet built and sent
   The transport is an in-memory wire that hands each packet over as the ESP-NOW adapter takes
   irecv's message (struct.pack_into, in C); sending is one slice copy (a radio's send is C code). Flavours: link.py
   as bytecode (a .py compiled on import, as deploy's bytecode flavour) and as native code (mpy-cross
   -X emit=native for x64, as deploy's native flavour is for rv32imc).
3. Memory: gc.mem_alloc() growth of importing link.py (compiled from source there; a board loads
   the .mpy deploy made) and of one Lockstep (its buffers and rings), on the unix port (64-bit) and
   the 32-bit webassembly port (the board's word size), and the growth over 1000 frames of both sides'
   link work after a warm-up (0: tests/firmware/test_link.py runs it inside heap_lock).

usage: python bench/link_bench.py [--sizes 16x16,32x32] [--seeds 0..4] [--repeat 2000] [--skip-callgrind]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "shared"))
sys.path.insert(0, str(ROOT / "firmware"))
sys.path.insert(0, str(ROOT / "tests" / "drivers"))
sys.path.insert(0, str(ROOT / "tests"))
from maze32_game import duel  # noqa: E402
from maze32_game import link  # noqa: E402
from maze32_game import link_duel  # noqa: E402
from link_memnet import MemLink, MemNet  # noqa: E402
import ranges  # noqa: E402  (bench/, the script's folder)

INSTRUCTIONS_PER_BOARD_MS = 67000
FRAME_MS = 50
DELAY = 3

# The callgrind workload, run on the unix port: setup, then REPEAT times the phase.
WORK = r'''
import gc
import struct

from maze32_game import duel
from maze32_game import link
from maze32_game import link_duel


class Wire:
    # What the other side sends lands in one of 8 preallocated slots; recv_into copies it out.
    def __init__(self):
        self.slots = [bytearray(link.MAX_PACKET) for _ in range(8)]
        self.lens = [0] * 8
        self.head = 0
        self.tail = 0
        self.other = None
        self.refused_from = None
        self.replay = -1               # >= 0: hand out this slot again and again (the recv phase)

    def send(self, data):
        # (a radio's send is C code: a slice copy stands in for it, not the interpreter's loop)
        o = self.other
        n = len(data)
        o.slots[o.tail & 7][0:n] = data
        o.lens[o.tail & 7] = n
        o.tail += 1

    def recv_into(self, buf):
        # as link_espnow.EspNowLink.recv_into copies irecv's message: struct.pack_into, in C
        if self.replay >= 0:
            k = self.replay
            self.replay = -1
        elif self.head == self.tail:
            return link.NOTHING
        else:
            k = self.head & 7
            self.head += 1
        struct.pack_into("250s", buf, 0, self.slots[k])
        return self.lens[k]


wa, wb = Wire(), Wire()
wa.other, wb.other = wb, wa
game = duel.Duel(7, 16, 16)
a = link.Lockstep(wa, 0, 5, 3, 1000, now=0)
b = link.Lockstep(wb, 1, 5, 3, 1000, now=0)


def frame(t):
    a.poll(t)
    if a.wants_input():
        a.put(t & 3)
    if a.ready():
        k = a.key_code(0) + a.key_code(1)
        a.advance(link_duel.state_hash(game) ^ k, t)
    a.send()
    b.poll(t)
    if b.wants_input():
        b.put((t >> 1) & 3)
    if b.ready():
        k = b.key_code(0) + b.key_code(1)
        b.advance(link_duel.state_hash(game) ^ k, t)
    b.send()


t = 0
while t < 50:                          # warm-up: both sides in steady lockstep, every path taken
    frame(t)
    t += 1
a.poll(t)                              # b's last packet, taken: it stays in its slot for replay
slot = (wa.head - 1) & 7
phase = ARGS["phase"]
gc.collect()
gc.disable()
i = 0
while i < ARGS["repeat"]:
    if phase == "recv":
        wa.replay = slot
        a.poll(t)
    else:
        frame(t)
        t += 1
    i += 1
print("done", a.frame, a.received, a.bytes_sent // a.sent)
'''

# Memory: the heap's growth from importing link.py, from one Lockstep (the mean of two), and over
# 1000 frames of both sides' link work after 20 frames of warm-up.
MEMORY = r'''
import gc
gc.collect()
m0 = gc.mem_alloc()
from maze32_game import link
gc.collect()
m1 = gc.mem_alloc()


class Wire:
    def __init__(self):
        self.buf = bytearray(link.MAX_PACKET)
        self.n = 0
        self.other = None
        self.refused_from = None

    def send(self, data):
        o = self.other
        n = len(data)
        i = 0
        while i < n:
            o.buf[i] = data[i]
            i += 1
        o.n = n

    def recv_into(self, buf):
        n = self.n
        if not n:
            return link.NOTHING
        self.n = 0
        i = 0
        while i < n:
            buf[i] = self.buf[i]
            i += 1
        return n


def frames(a, b, first, count):
    t = first
    while t < first + count:
        a.poll(t)
        b.poll(t)
        if a.wants_input():
            a.put(1)
        if b.wants_input():
            b.put(2)
        if a.ready():
            a.advance(t & 0xFFFF, t)
        if b.ready():
            b.advance(t & 0xFFFF, t)
        a.send()
        b.send()
        t += 1
    return t


wa, wb = Wire(), Wire()
wa.other, wb.other = wb, wa
gc.collect()
m2 = gc.mem_alloc()
a, b = link.Lockstep(wa, 0, 5, 3, 1000, now=0), link.Lockstep(wb, 1, 5, 3, 1000, now=0)
gc.collect()
m3 = gc.mem_alloc()
t = frames(a, b, 0, 20)
gc.collect()
m4 = gc.mem_alloc()
frames(a, b, t, 1000)
gc.collect()
m5 = gc.mem_alloc()
print("memory", m1 - m0, (m3 - m2) // 2, m5 - m4, a.frame)
'''


def bytes_per_tick(sizes, seeds, losses):
    # Whole games in one process; per loss rate: bytes a PLAY packet (mean, max), packets, stalls.
    print("packet bytes per tick (one PLAY packet per side per tick, %d frames a second, input delay %d)"
          % (1000 // FRAME_MS, DELAY))
    print("%-7s %5s %7s %9s %9s %9s %11s %9s" % ("size", "loss", "games", "frames", "mean B", "max B",
                                                "B/s each way", "stalled"))
    for w, h in sizes:
        for loss in losses:
            sizes_seen, frames, stalled, sent, nbytes = [], 0, 0, 0, 0
            for seed in seeds:
                net = MemNet(loss=int(loss * 10000), dup=1000 if loss else 0, delay_ms=40, seed=seed + 1)
                ends = [MemLink(net, "A"), MemLink(net, "B")]
                ends[0].set_peer("B")
                ends[1].set_peer("A")
                rounds = []
                for me in (0, 1):
                    ls = link.Lockstep(ends[me], me, 9, DELAY, 3000, now=0)
                    rounds.append(link_duel.LinkRound(duel.Duel(seed, w, h), ls, None,
                                                      source=duel.Bot(2, me).choose))
                # measure each packet as it leaves: wrap the transports' send
                for end in ends:
                    def send(data, end=end):
                        sizes_seen.append(len(data))
                        net.carry(end.name_, end.peer, data)
                    end.send = send
                done = [None, None]
                ticks = 0
                while None in done:
                    net.now += FRAME_MS
                    ticks += 1
                    for i in (0, 1):
                        if done[i] is None:
                            before = rounds[i].ls.frame
                            done[i] = rounds[i].tick(now=net.now)
                            if rounds[i].ls.frame == before and done[i] is None:
                                stalled += 1
                frames += rounds[0].ls.frame
                sent += sum(r.ls.sent for r in rounds)
                nbytes += sum(r.ls.bytes_sent for r in rounds)
            mean = nbytes / sent
            print("%-7s %4d%% %7d %9d %9.1f %9d %11.0f %8.1f%%" % (
                "%dx%d" % (w, h), round(loss * 100), len(seeds), frames, mean, max(sizes_seen),
                mean * 1000 / FRAME_MS, 100.0 * stalled / (2 * frames)))
    print("handshake: HELLO %d B, OFFER %d B, ACCEPT %d B, REFUSE %d B (resent every %d ms until answered);"
          " END %d B" % (link.HELLO_BYTES, link.OFFER_BYTES, link.ACCEPT_BYTES, link.REFUSE_BYTES, link.RESEND_MS,
                         link.END_BYTES))


def micropython():
    here = Path(sys.executable).parent / "micropython"
    return str(here) if here.exists() else shutil.which("micropython")


def instructions(phase, repeat, libdir):
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "work.py"
        script.write_text("ARGS = %r\n" % {"phase": phase, "repeat": repeat} + WORK)
        out = Path(tmp) / "callgrind.out"
        env = dict(os.environ, MICROPYPATH=":".join((libdir, str(ROOT / "shared"), str(ROOT / "firmware"))))
        proc = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=%s" % out, micropython(),
                               "-X", "heapsize=4M", str(script)], capture_output=True, text=True, env=env)
        if proc.returncode != 0 or "done" not in proc.stdout:
            raise SystemExit("callgrind run failed: %s %s" % (proc.stdout[-500:], proc.stderr[-1000:]))
        return int(re.search(r"refs:\s+([\d,]+)", proc.stderr).group(1).replace(",", ""))


def link_library(flavour, tmp):
    # maze32_game with its link.py as the flavour runs it: a folder whose copy of the package shadows
    # firmware/maze32_game on the path (a package is found whole, in one folder).
    folder = Path(tmp) / flavour
    game = folder / "maze32_game"
    shutil.copytree(ROOT / "firmware" / "maze32_game", game, ignore=shutil.ignore_patterns("__pycache__"))
    if flavour != "bytecode":
        mpy_cross = Path(sys.executable).parent / "mpy-cross"
        native = ["-march=x64", "-X", "emit=native"] if flavour == "native" else []
        subprocess.run([str(mpy_cross)] + native + ["-o", str(game / "link.mpy"), str(game / "link.py")],
                       check=True)
        (game / "link.py").unlink()
    return str(folder)


def board_time(repeat):
    print()
    print("board time (callgrind on the unix port, x86-64 instructions / %d = estimated ESP32-C6 ms; "
          "target <= 2 ms per packet)" % INSTRUCTIONS_PER_BOARD_MS)
    print("%-9s %-6s %14s %10s" % ("flavour", "phase", "instructions", "board ms"))
    with tempfile.TemporaryDirectory() as tmp:
        for flavour in ("bytecode", "native"):
            lib = link_library(flavour, tmp)
            for phase in ("recv", "frame"):
                n = (instructions(phase, repeat, lib) - instructions(phase, 0, lib)) / repeat
                if phase == "frame":
                    n /= 2                     # both sides ran: per side
                print("%-9s %-6s %14.0f %10.3f" % (flavour, phase, n, n / INSTRUCTIONS_PER_BOARD_MS))


def memory():
    print()
    print("memory (gc.mem_alloc growth, bytes): import link.py, one Lockstep, 1000 frames of link work "
          "(both sides)")
    for runtime, mpy, label in (("unix", False, "unix port (64-bit), .py"), ("unix", True, "unix port (64-bit), .mpy"),
                                ("wasm", False, "webassembly port (32-bit), .py")):
        try:
            out = run_memory(runtime, mpy)
        except (RuntimeError, OSError, subprocess.SubprocessError) as e:
            print("  %-32s not measured: %s" % (label, str(e).splitlines()[0]))
            continue
        _, imported, lockstep, growth, _ = out.split()
        print("  %-32s import %6s   Lockstep %6s   1000 frames %s" % (label, imported, lockstep, growth))


def run_memory(runtime, mpy=False):
    # MEMORY on the unix port or the webassembly port (Node.js), the library as tests/runtimes.py
    # builds it for that port, firmware/ beside it; mpy=True: link.py as deploy ships it, a bytecode
    # .mpy (mpy-cross), which a board loads without compiling.
    import runtimes
    lib = str(runtimes.library(runtime))
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "memory.py"
        script.write_text(MEMORY)
        if runtime == "unix":
            path = [lib, str(ROOT / "firmware")]
            if mpy:
                path.insert(0, link_library("bytecode-mpy", tmp))
            cmd = [micropython(), "-X", "heapsize=4M", str(script)]
            env = dict(os.environ, MICROPYPATH=":".join(path))
        else:
            cmd = ["node", str(runtimes.WASM_DIR / "run.mjs"), str(script), lib, str(ROOT / "firmware")]
            env = dict(os.environ)
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
    if proc.returncode != 0 or "memory" not in proc.stdout:
        raise RuntimeError((proc.stderr or proc.stdout or "no output").strip()[-300:])
    return proc.stdout.strip().splitlines()[-1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="16x16,32x32", type=ranges.sizes)
    ap.add_argument("--seeds", default="0..4", type=ranges.whole_range)
    ap.add_argument("--repeat", type=int, default=2000, help="link work repeated in the measured run")
    ap.add_argument("--skip-callgrind", action="store_true")
    args = ap.parse_args()
    bytes_per_tick(args.sizes, args.seeds, (0.0, 0.1, 0.3))
    if args.skip_callgrind:
        pass
    elif not shutil.which("valgrind"):
        print("\nboard time: valgrind is not installed (apt-get install valgrind)")
    else:
        board_time(args.repeat)
    memory()


if __name__ == "__main__":
    main()
