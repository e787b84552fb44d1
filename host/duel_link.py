# The desktop twin's Duel over a link: `maze32 play --mode duel --host [PORT]` waits for a player on
# a UDP port and offers its game, `--join HOST:PORT` joins one (another twin, or a virtual board whose
# menu chose "Duel over radio"). The handshake, the lockstep and the game are the firmware's own
# (maze32_game's link.py, link_udp.py, link_duel.py), and so are the
# view (duel_view.py: the same picture as a bot Duel) and the loop (term.play); the terminal is
# host/play.py's (raw mode, the alternate screen restored on every way out, a Screen that rewrites
# only the lines that changed). scripted() is a headless session in which a bot plays this side (the
# tests).
import sys
import time

from host.errors import CliError

JOIN_TIMEOUT_MS = 10000                # how long a joiner says HELLO before giving up


def firmware():
    from maze32_game import link, link_duel, link_udp
    return link, link_udp, link_duel


def open_link(host_port=None, join=None, bind=None):
    # -> (transport, role, what to say while pairing); CliError for a bad address or a busy port.
    # A host listens on `bind` (default: every interface), its port its own (no sharing).
    import errno
    link, link_udp, _ = firmware()
    try:
        if join is not None:
            host, port = join_address(link_udp, join)
            peer = link_udp.address(host, port)
            return (link_udp.UdpLink(0, peer=peer), link.JOIN,
                    "joining the game at %s:%d" % (host, port))
        transport = link_udp.UdpLink(host_port, bind or "0.0.0.0")
        return (transport, link.HOST,
                "waiting for a player on UDP port %d%s (they run: maze32 play --mode duel --join "
                "THIS-HOST:%d)" % (transport.port(), " of %s" % bind if bind else "", transport.port()))
    except UnicodeError:                # a name no resolver can encode (a label over 63 characters)
        raise CliError("link: cannot listen on %r: not a host name or address" % bind if join is None
                       else "join: %r is not a host name or address" % join)
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            raise CliError("link: UDP port %d is already in use (another game hosts on it?)" % host_port)
        if join is None:
            raise CliError("link: cannot listen on %s:%d: %s" % (bind or "0.0.0.0", host_port or 0, e.strerror or e))
        raise CliError("join: %s: %s" % (join, e.strerror or e))      # the name that did not resolve


def join_address(link_udp, text):
    try:
        return link_udp.parse_address(text)
    except ValueError as e:
        raise CliError("join: %s" % e)


def timeout_for(role):
    link, _, _ = firmware()
    return JOIN_TIMEOUT_MS if role == link.JOIN else None


def run(host_port, join, seed, size, mode="duel", out=sys.stdout, bind=None, web_url=None):
    # The Duel over UDP in this terminal, on the alternate screen: pairing (q cancels), then the game
    # at 20 frames a second through term.play, as on the board (q leaves it, and the other side is
    # told); then its end screen until q, the terminal restored and the end message printed. Exit
    # status 0 after a game, 1 when none was played (refused, no answer, cancelled). A game played
    # prints its level code and link too, as a bot Duel's end screen shows them (web_url: the page's).
    from host import play
    from maze32_game import games, term
    game = games.by_name(mode)
    if game is None or not game.link:
        raise CliError("--host and --join play %s, not %s" % (
            " or ".join(["--mode " + g.name for g in games.linked()]), mode))
    link, link_udp, link_duel = firmware()
    if join is not None:
        join_address(link_udp, join)            # a bad address is an error before the terminal's
    fd = play.terminal_fd()
    transport, role, waiting = open_link(host_port, join, bind)
    terminal = play.Terminal(fd, out)
    rnd, message = None, ""
    try:
        with play.raw_terminal(fd, out, term.ENTER):
            try:
                rnd = link_duel.pair_on(terminal, transport, role, waiting, seed, size, timeout_for(role))
            except link.LinkError as e:
                message = str(e)
            if rnd is not None and not term.play(rnd, terminal):
                rnd.close()
                message = "quit"
            elif rnd is not None:
                # the end screen a bot Duel's and the board's radio Duel's are: the result, the level
                # code with its link below (links.show_link), until q
                from maze32_game import links
                links.show_link(rnd, web_url)
                term.end_screen(rnd, terminal, (("q", "quit"),))
    finally:
        transport.close()
    out.write((rnd.one_line() if rnd is not None and message != "quit" else message) + "\n")
    if rnd is not None and rnd.code:
        from maze32_game import links
        out.write("level code %s  level link %s\n" % (rnd.code, links.level_link(rnd, web_url)))
    out.flush()
    return 0 if rnd is not None else 1


def scripted(role, where, seed=None, size=(8, 8), bot_level=2, frame_ms=50, delay=3, lost_ms=3000,
             timeout_ms=10000, trace=None, make_duel=None, version=None, on_ready=None, on_frame=None,
             bind=None):
    # A Duel over UDP with a bot playing this side, no terminal: role "host" (where = the port to bind,
    # 0 for any) or "join" (where = "HOST:PORT"). -> (round or None, end message, transport).
    link, _, link_duel = firmware()
    from maze32_game import duel
    transport, role_name, _ = open_link(where if role == "host" else None, where if role == "join" else None, bind)
    if on_ready:
        on_ready(transport)
    try:
        bot = duel.Bot(bot_level, 0 if role_name == link.HOST else 1)
        try:
            game = link_duel.start(transport, role_name, seed, size, delay, lost_ms,
                                   timeout_ms if role_name == link.JOIN else timeout_ms * 3,
                                   source=bot.choose, trace=trace, make_duel=make_duel,
                                   version=link.PROTOCOL if version is None else version)
        except link.LinkError as e:
            return None, str(e), transport
        while True:
            start = time.monotonic()
            message = game.tick()
            if on_frame:
                on_frame(game)
            if message:
                return game, message, transport
            time.sleep(max(0.0, frame_ms / 1000 - (time.monotonic() - start)))
    finally:
        transport.close()
