# One side of a Duel over a link, a bot playing it, no terminal: a virtual board (the MicroPython
# unix port running firmware/maze32_game/link_duel.py over link_udp or link_espnow) or, with ARGS["twin"], the
# desktop twin (host/duel_link.scripted, CPython). Prints what the test compares, one fact a line:
#   ready            paired or about to pair
#   end MESSAGE      the end message the screen shows
#   me P             0: this side is Player 1 (the host), 1: Player 2
#   result WINNER END_FRAME FRAMES   (WINNER -1: none)
#   hashes H0 H1 ... every frame's state hash, in hex
#   refused TEXT     the packets refused during play, if any
#   clock MS         when the end message came (ms since the epoch, to compare with the test's clock)
import time

from maze32_game import duel

A = ARGS
trace = []


def now_ms():
    return time.time_ns() // 1000000


def make_duel(seed, width, height):
    game = duel.Duel(seed, width, height)
    if A.get("tamper_maze"):
        game.maze.cells[0] ^= 16               # a bit no generator sets: another maze hash
    if A.get("desync_at") is not None:
        tick = game.tick
        frames = [0]

        def tampered(k1=None, k2=None):
            if frames[0] == A["desync_at"]:
                game.players[0].steps += 1000  # this side's state drifts: the hashes stop matching
            frames[0] += 1
            return tick(k1, k2)
        game.tick = tampered
    return game


def report(game, message):
    print("end " + message)
    print("clock %d" % now_ms())
    if game is not None:
        g = game.duel
        print("me %d" % game.me)
        print("result %d %d %d" % (-1 if g.winner is None else g.winner, game.end_frame, game.ls.frame))
        print("hashes " + " ".join("%06x" % h for h in trace))
        refused = game.ls.refusal_text()
        if refused:
            print("refused " + refused)
        print("stats %d %d %d" % (game.ls.sent, game.ls.bytes_sent, game.ls.received))


if A.get("twin"):
    from host import duel_link
    kind = "host" if A["role"] == "host" else "join"
    game, message, _ = duel_link.scripted(
        kind, A["port"] if kind == "host" else A["peer"], A.get("seed"), tuple(A["size"]), A["bot"],
        A["frame_ms"], A["delay"], A["lost_ms"], A["timeout_ms"], trace=trace, make_duel=make_duel,
        version=A.get("version"), on_ready=lambda t: print("ready %d" % t.port()))
    report(game, message)
else:
    from maze32_game import link
    from maze32_game import link_duel
    if A["transport"] == "espnow":
        from maze32_game import link_espnow
        transport = link_espnow.EspNowLink()
        role = link.AUTO
    else:
        from maze32_game import link_udp
        if A["role"] == "host":
            transport = link_udp.UdpLink(A["port"], "127.0.0.1")
            role = link.HOST
        else:
            host, port = link_udp.parse_address(A["peer"])
            transport = link_udp.UdpLink(0, "127.0.0.1", link_udp.address(host, port))
            role = link.JOIN
    print("ready %d" % (A.get("port") or 0))
    bots = (duel.Bot(A["bot"], 0), duel.Bot(A["bot"], 1))

    def source(view):
        return bots[view._pl.index].choose(view)   # Player 1's bot or Player 2's, whoever hosts

    game = None
    try:
        game = link_duel.start(transport, role, A.get("seed"), tuple(A["size"]), A["delay"], A["lost_ms"],
                               A["timeout_ms"], source=source, trace=trace, make_duel=make_duel,
                               version=A.get("version", link.PROTOCOL))
    except link.LinkError as e:
        message = str(e)
    if game is not None:
        while True:
            start = now_ms()
            message = game.tick()
            if message:
                break
            left = A["frame_ms"] - (now_ms() - start)
            if left > 0:
                time.sleep_ms(left) if hasattr(time, "sleep_ms") else time.sleep(left / 1000)
    transport.close()
    report(game, message)
