# maze32 web: the browser twin. `build` writes a static page that runs the games in MicroPython's
# webassembly port (the npm package tests/wasm installs), `serve` serves such a page over HTTP on
# loopback. The page holds:
#   index.html, twin.js, canvas.js   the page and its scripts (host/webtwin/, package data)
#   micropython.mjs, micropython.wasm  the port, copied from the npm package as it is
#   lib.bin, lib.json                the library (maze32) and the games' modules (maze32_game) in the
#                                    bytecode flavour as .mpy files (mpy-cross), one blob and its
#                                    table of contents, so the page fetches two files, not forty
# The page's Python (host/webtwin/maze32_web.py, its records and ghosts web_keep.py) plays maze32_game.term's loops a frame at a time; the
# terminal's ANSI lines are drawn on a canvas by canvas.js. A level link is the page's address with
# #code=CODE (a Duel's maze) or #mode=NAME&seed=N (a game that a seed makes).
import json
import os
import re
import shutil
import stat
import tempfile
from pathlib import Path

from host import files
from host.errors import CliError
from host.paths import GAME, HOST, LIBRARY, WASM_PORT

PAGE = HOST / "webtwin"                          # the page's own files
PAGE_FILES = ("index.html", "twin.js", "canvas.js")
PAGE_PYTHON = ("maze32_web.py", "web_keep.py")  # the Python of the page, beside the games' modules
PORT_FILES = ("micropython.mjs", "micropython.wasm")
MARKER = "lib.json"                              # what makes a folder a page this command wrote
DEFAULT_PORT = 8032
URL_ENV = "MAZE32_WEB_URL"
# A module's imports of its siblings: `from maze32_game import a, b` or `from maze32_game.a import ...`.
_IMPORT = re.compile(r"^\s*from\s+maze32_game(?:\.(\w+))?\s+import\s+\(?([\w ,]+)", re.M)


def default_url(given=None):
    # Where level links point: --web-url, else $MAZE32_WEB_URL, else the page `maze32 web serve` serves
    # here (maze32_game/links.py's WEB_URL, the board's default, is the same; a test holds them equal).
    # Printable ASCII only (an IDN host in its xn-- form): a control character would reach the
    # terminal with every end screen, an escape sequence among them.
    url = given or os.environ.get(URL_ENV) or "http://127.0.0.1:%d/" % DEFAULT_PORT
    if not re.match(r"^https?://[\x21-\x22\x24-\x7e]+$", url):
        raise CliError("web url %r: give an http:// or https:// address of printable ASCII without a "
                       "#fragment" % url)
    return url


def level_link(base, code):
    # The page's link to a level code: the page's address with #code=CODE.
    return base + "#code=" + code


def port_folder(given=None):
    # The npm package's folder: --micropython DIR, else the checkout's tests/wasm/node_modules one.
    folder = Path(given) if given else WASM_PORT
    missing = [name for name in PORT_FILES if not (folder / name).is_file()]
    if missing:
        raise CliError("web build: no MicroPython webassembly port in %s (%s missing): run make setup, or "
                       "npm install @micropython/micropython-webassembly-pyscript and give --micropython "
                       "DIR" % (folder, ", ".join(missing)))
    return folder


def game_modules():
    # The modules of maze32_game the games need: games.py, term.py, links.py, records.py, ghost.py,
    # every game's modules that games.py names (view, buffers), and their imports of the package,
    # followed through. Not the board's menu, radio, display or buttons: the page has none of them.
    from maze32_game import games
    known = set(p.stem for p in GAME.glob("*.py"))
    wanted = ["games", "term", "links", "records", "ghost"] + [g.view for g in games.GAMES] + [g.buffers for g in games.GAMES if g.buffers]
    seen = set()
    while wanted:
        name = wanted.pop()
        if name in seen or name not in known:
            continue
        seen.add(name)
        for sub, names in _IMPORT.findall((GAME / (name + ".py")).read_text()):
            wanted += [sub] if sub else [n.split(" as ")[0].strip() for n in names.split(",")]
    return sorted(seen)


def page_folder(out):
    # The output folder: new, empty, or a page this command wrote before (rewritten whole).
    return files.output_folder(out, "web build", MARKER, "a page")


def build(out, micropython=None):
    # Write the page into `out`. -> {"folder", "files": {name: size}, "modules": [paths in lib.bin], "bytes": total}.
    from host import package
    port = port_folder(micropython)
    out = page_folder(out)
    with tempfile.TemporaryDirectory() as tmp:
        lib = package.built("bytecode", None, LIBRARY, os.path.join(tmp, "lib"))
        game = Path(tmp) / "stage" / GAME.name                 # the package, only the games' modules
        game.mkdir(parents=True)
        for name in ["__init__"] + game_modules():
            shutil.copy(str(GAME / (name + ".py")), str(game / (name + ".py")))
        lib.update(package.built("bytecode", None, game, os.path.join(tmp, "game")))
        page = Path(tmp) / "stage" / "page"                    # the page's Python, a top-level module
        page.mkdir()
        for name in PAGE_PYTHON:
            shutil.copy(str(PAGE / name), str(page / name))
        for rel, data in package.built("bytecode", None, page, os.path.join(tmp, "page")).items():
            lib[rel.split("/", 1)[1]] = data                    # page/maze32_web.mpy -> maze32_web.mpy
    blob, table = bytearray(), {}
    for name in sorted(lib):
        table[name] = [len(blob), len(lib[name])]
        blob += lib[name]
    written = {}
    for name in PAGE_FILES:
        written[name] = (PAGE / name).read_bytes()
    for name in PORT_FILES:
        written[name] = (port / name).read_bytes()
    written["lib.bin"] = bytes(blob)
    written[MARKER] = (json.dumps({"files": table}, sort_keys=True, separators=(",", ":")) + "\n").encode()
    swap_in(out, written)
    return {"folder": str(out), "files": dict((n, len(d)) for n, d in sorted(written.items())),
            "modules": sorted(lib), "bytes": sum(len(d) for d in written.values())}


def swap_in(out, written):
    # Write the page's files into a new folder beside `out`, then put it in out's place in one rename
    # (both folders exchanged where the system can, else two renames): a reader of the folder sees the
    # old page or the new one, never half of each; a build that fails leaves the old page as it was.
    real = Path(os.path.realpath(str(out)))              # a symlink to the page: its target is replaced
    try:
        new = Path(tempfile.mkdtemp(prefix="." + real.name + ".", suffix=".new", dir=str(real.parent)))
    except OSError:              # a folder of one's own in a folder one cannot write: written in place
        for name, data in written.items():
            files.write_file(str(out / name), data)
        return
    try:
        os.chmod(str(new), stat.S_IMODE(real.stat().st_mode))   # mkdtemp's 0700 would hide the page
        for name, data in written.items():
            files.write_file(str(new / name), data)
        if _exchange(new, real):
            shutil.rmtree(str(new), ignore_errors=True)       # the old page, now at the new one's name
        else:
            old = new.with_suffix(".old")
            os.rename(str(real), str(old))
            try:
                os.rename(str(new), str(real))
            except OSError:
                os.rename(str(old), str(real))               # the old page back in its place
                raise
            shutil.rmtree(str(old), ignore_errors=True)
    except OSError as e:
        raise CliError("web build: cannot replace %s (%s)" % (out, e.strerror or e))
    finally:
        shutil.rmtree(str(new), ignore_errors=True)


def _exchange(a, b):
    # Linux's renameat2(RENAME_EXCHANGE): the two folders trade names atomically. False where the C
    # library or the file system has no such call (then the caller renames twice).
    import ctypes
    import errno
    rename2 = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None)
    if rename2 is None:
        return False
    at_fdcwd, rename_exchange = -100, 2
    if rename2(at_fdcwd, os.fsencode(str(a)), at_fdcwd, os.fsencode(str(b)), rename_exchange) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(err, os.strerror(err))


# -- serving ----------------------------------------------------------------------------------------
def served_folder(folder):
    # A folder to serve: one `web build` wrote.
    folder = Path(folder)
    if not folder.is_dir():
        raise CliError("web serve: %s is not a folder (build the page first: maze32 web build -o DIR)" % folder)
    if not (folder / MARKER).is_file() or not (folder / "index.html").is_file():
        raise CliError("web serve: %s holds no page of maze32 web build (no index.html and %s)" % (folder, MARKER))
    return folder


# A stranger's connection may hold a thread this long while it sends its request or reads the reply
# (a slowloris would otherwise hold one for ever), and this many at once are served; more are closed
# at once, unread. What the page fetches (three scripts, the port, the blob) is a handful.
REQUEST_TIMEOUT = 10
MAX_CONNECTIONS = 32
# The names by which a browser on this machine reaches a loopback server. Another Host on a loopback
# server is a page of another site whose name was made to resolve here (DNS rebinding): refused.
_LOOPBACK_HOST = re.compile(r"^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?$", re.I)


def is_loopback(bind):
    return bind == "localhost" or bind == "::1" or bind.startswith("127.")


def server(folder, bind, port, timeout=REQUEST_TIMEOUT):
    # An HTTP server of the folder's files (not yet serving): the page's types, no caching (a page
    # rebuilt is the page served), requests not logged. A busy port or a bad address is bad input.
    # A connection that breaks or stalls, or one past MAX_CONNECTIONS, is dropped and counted
    # (httpd.dropped), never a traceback on this terminal; a request no file answers gets its error.
    import errno
    import http.server
    import socket
    import threading
    import urllib.parse

    if not bind.strip():        # socket's word for every interface, given by an empty variable
        raise CliError("web serve: --bind %r is no address (127.0.0.1: this machine only; 0.0.0.0: every "
                       "interface)" % bind)
    loopback = is_loopback(bind)

    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                              **{".wasm": "application/wasm", ".mjs": "text/javascript",
                                 ".js": "text/javascript", ".bin": "application/octet-stream"})

        def __init__(self, *args, **kwargs):
            self.timeout = timeout
            super().__init__(*args, directory=str(folder), **kwargs)

        def parse_request(self):
            if not super().parse_request():
                return False
            host = self.headers.get("Host")
            if loopback and host is not None and not _LOOPBACK_HOST.match(host):
                self.send_error(421, "this server answers to its loopback address only")
                return False
            return True

        def send_head(self):
            # A NUL in the path would reach open() as a ValueError; no file of a page is so named.
            if "\0" in urllib.parse.unquote(self.path):
                self.send_error(400, "a NUL byte in the path")
                return None
            return super().send_head()

        def end_headers(self):
            self.send_header("Cache-Control", "no-cache")
            super().end_headers()

        def log_message(self, format, *args):
            pass

        def log_error(self, format, *args):
            if format.startswith("Request timed out"):      # http.server's word for a stalled request
                self.server.drop()

    class Server(http.server.ThreadingHTTPServer):
        dropped = 0                                  # connections closed unserved, broken or timed out
        request_queue_size = 2 * MAX_CONNECTIONS     # a burst is accepted (and counted), not left to SYN retries

        def __init__(self, *args):
            self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
            self.counting = threading.Lock()
            super().__init__(*args)

        def drop(self):
            with self.counting:
                self.dropped += 1

        def process_request(self, request, client_address):
            if not self.slots.acquire(blocking=False):
                self.drop()
                self.shutdown_request(request)
                return
            try:
                super().process_request(request, client_address)
            except BaseException:                    # no thread for it: its slot is free again
                self.slots.release()
                raise

        def process_request_thread(self, request, client_address):
            try:
                super().process_request_thread(request, client_address)
            finally:
                self.slots.release()

        def handle_error(self, request, client_address):
            self.drop()

    try:
        return Server((bind, port), Handler)
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            raise CliError("web serve: port %d on %s is in use (give another with --port, or --port 0 for "
                           "any free one)" % (port, bind))
        if isinstance(e, socket.gaierror) or e.errno == errno.EADDRNOTAVAIL:
            raise CliError("web serve: %s is not an address of this machine" % bind)
        if e.errno == errno.EACCES:
            raise CliError("web serve: port %d needs privileges here (take one above 1023)" % port)
        raise CliError("web serve: cannot listen on %s port %d (%s)" % (bind, port, e.strerror or e))


def url_of(httpd):
    host, port = httpd.server_address[:2]
    return "http://%s:%d/" % ("[%s]" % host if ":" in host else host, port)
