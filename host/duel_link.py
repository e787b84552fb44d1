# The desktop twin's Duel over a link: `maze32 play --mode duel --host [PORT]` waits for a player on
# a UDP port and offers its game, `--join HOST:PORT` joins one (another twin, or a virtual board whose
# menu chose "Duel over radio"). The handshake, the lockstep and the game are the firmware's own
# (firmware/link.py, link_udp.py, link_duel.py, imported through paths.firmware); this file is the
# terminal around them (raw mode, the alternate screen, restored on every way out) and a headless
# session in which a bot plays this side (scripted(): the tests).
import os
import select
import sys
import time

from host import paths
from host.errors import CliError

FRAME_SECONDS = 1 / 20                 # 20 frames a second, as on the board
JOIN_TIMEOUT_MS = 10000                # how long a joiner says HELLO before giving up
CLEAR = "\x1b[H\x1b[2J"
ENTER = "\x1b[?1049h\x1b[?25l"          # the alternate screen, cursor hidden
LEAVE = "\x1b[0m\x1b[?25h\x1b[?1049l"   # attributes reset, cursor shown, the normal screen back


def firmware():
    link, link_udp, link_duel = paths.firmware("link", "link_udp", "link_duel")
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
        raise CliError("link: %s" % (e.strerror or e))


def join_address(link_udp, text):
    try:
        return link_udp.parse_address(text)
    except ValueError as e:
        raise CliError("join: %s" % e)


def timeout_for(role):
    link, _, _ = firmware()
    return JOIN_TIMEOUT_MS if role == link.JOIN else None


def typed(fd):
    # Everything typed since the last call, as text (console.read_keys decodes it); never blocks.
    data = b""
    while select.select([fd], [], [], 0)[0]:
        chunk = os.read(fd, 256)
        if not chunk:
            break
        data += chunk
    return data.decode("latin-1")


def terminal_size(out):
    try:
        cols, rows = os.get_terminal_size(out.fileno())
    except (OSError, ValueError):
        cols = rows = 0
    return cols or 80, rows or 24


def run(host_port, join, seed, size, mode="duel", out=sys.stdout, bind=None):
    # The Duel over UDP in this terminal, on the alternate screen: pairing (q cancels), then the game
    # at 20 frames a second (q leaves it, and the other side is told); the end stays a second, then
    # the terminal is restored and the end message printed. Exit status 0 after a game, 1 when none
    # was played (refused, no answer, cancelled).
    import termios
    import tty
    if mode != "duel":
        raise CliError("--host and --join play Duel (--mode duel), not %s" % mode)
    link, link_udp, _ = firmware()
    console, = paths.firmware("console")
    if join is not None:
        join_address(link_udp, join)            # a bad address is an error before the terminal's
    fd = sys.stdin.fileno()
    if not os.isatty(fd):
        raise CliError("play needs a terminal (stdin is not one)")
    transport, role, waiting = open_link(host_port, join, bind)
    saved = termios.tcgetattr(fd)
    rest = [""]
    said = [waiting, "", "q cancels"]

    def keys():
        key, quit_, rest[0] = console.read_keys(rest[0] + typed(fd))
        return key, quit_

    def show(lines):
        cols, _ = terminal_size(out)
        out.write(CLEAR + "\r\n".join(line[:cols - 1] for line in lines) + "\r\n")
        out.flush()

    def cancelled():
        show(said)
        return keys()[1]

    game, message = None, ""
    try:
        tty.setraw(fd)
        out.write(ENTER)
        try:
            game = start_game(transport, role, seed, size, timeout_for(role), cancelled, said.append)
        except link.LinkError as e:
            message = str(e)
        while game is not None:
            start = time.monotonic()
            key, quit_ = keys()
            if quit_:
                game.close()
                message = "quit"
                break
            message = game.tick(key)
            show(game.view(*terminal_size(out)))
            if message:
                time.sleep(1.0)
                break
            time.sleep(max(0.0, FRAME_SECONDS - (time.monotonic() - start)))
    finally:
        try:
            out.write(LEAVE)
            out.flush()
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
            transport.close()
    out.write((game.one_line() if game is not None and message != "quit" else message) + "\n")
    out.flush()
    return 0 if game is not None else 1


def start_game(transport, role, seed, size, timeout_ms, cancelled, log):
    _, _, link_duel = firmware()
    return link_duel.start(transport, role, seed, size, timeout_ms=timeout_ms, cancelled=cancelled, log=log)


def scripted(role, where, seed=None, size=(8, 8), bot_level=2, frame_ms=50, delay=3, lost_ms=3000,
             timeout_ms=10000, trace=None, make_duel=None, version=None, on_ready=None, on_frame=None,
             bind=None):
    # A Duel over UDP with a bot playing this side, no terminal: role "host" (where = the port to bind,
    # 0 for any) or "join" (where = "HOST:PORT"). -> (round or None, end message, transport).
    link, _, link_duel = firmware()
    import duel
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
