"""`maze32 web serve` against strangers on its socket: a path that leaves the page, a NUL in the path, a
foreign Host (DNS rebinding), a connection that stalls (slowloris), breaks mid-reply or comes past the
limit. Each is answered or dropped and counted; the server serves the page after it, and nothing is
printed on its terminal. The server runs in this process (web.server, as web serve makes it) with a
short stall limit, over a folder of the page's two marker files and one large file. And level links
of thousands of characters, for the page's Python (host/webtwin/maze32_web.py) on CPython."""
import os
import signal
import socket
import struct
import subprocess
import threading

import pytest

import browser
from host import web
from support import MAZE32, maze32, one_line_error

BIG = 4 << 20                     # more than the socket buffers hold: a reset lands mid-reply


@pytest.fixture
def served(tmp_path, capfd):
    (tmp_path / "index.html").write_text("<html>twin.js</html>")
    (tmp_path / web.MARKER).write_text("{}")
    (tmp_path / "lib.bin").write_bytes(b"\x55" * BIG)
    (tmp_path.parent / "secret.txt").write_text("not the page's")
    httpd = web.server(tmp_path, "127.0.0.1", 0, timeout=0.5)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(10)
    out, err = capfd.readouterr()
    assert "Traceback" not in out + err and "Exception" not in out + err, err[-800:]


def ask(httpd, request):
    # One raw request -> the status line of the answer ('' if the server closed without one).
    with socket.create_connection(httpd.server_address[:2], timeout=30) as s:
        s.sendall(request)
        answer = b""
        while b"\r\n" not in answer:
            chunk = s.recv(4096)
            if not chunk:
                break
            answer += chunk
    return answer.split(b"\r\n")[0].decode("latin-1")


def get(path, host=None):
    return ("GET %s HTTP/1.1\r\n%sConnection: close\r\n\r\n" % (path, "Host: %s\r\n" % host if host else "")).encode()


def test_a_path_out_of_the_page_or_with_a_nul_is_refused_with_a_status(served):
    for path in ("/../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt", "//../secret.txt"):
        assert " 404 " in ask(served, get(path)), path
    for path in ("/%00", "/index.html%00.png"):
        assert " 400 " in ask(served, get(path)), path        # was: ValueError, a traceback, no answer
    assert " 200 " in ask(served, get("/"))


def test_a_foreign_host_is_refused_on_loopback(served):
    port = served.server_address[1]
    for host in ("evil.example", "evil.example:%d" % port, "127.0.0.1.evil.example", "localhost.evil"):
        assert " 421 " in ask(served, get("/", host)), host
    for host in ("127.0.0.1:%d" % port, "localhost:%d" % port, "LOCALHOST", "[::1]:%d" % port):
        assert " 200 " in ask(served, get("/", host)), host
    assert web.is_loopback("127.0.0.1") and web.is_loopback("::1") and not web.is_loopback("0.0.0.0")


def test_a_stalled_request_is_closed_and_counted(served):
    with socket.create_connection(served.server_address[:2], timeout=30) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n")         # and never the blank line
        assert s.recv(100) == b""                                    # was: held open for ever
    assert served.dropped == 1
    assert " 200 " in ask(served, get("/"))


def test_a_connection_reset_mid_reply_is_counted_not_printed(served):
    with socket.create_connection(served.server_address[:2], timeout=30) as s:
        s.sendall(get("/lib.bin"))
        assert s.recv(100).startswith(b"HTTP/1.0 200")
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))   # close as RST
    for _ in range(200):                  # the reply's thread meets the reset when it next writes
        if served.dropped:
            break
        threading.Event().wait(0.05)
    assert served.dropped == 1


def test_connections_past_the_limit_are_closed_at_once(served):
    idle = [socket.create_connection(served.server_address[:2], timeout=30)
            for _ in range(web.MAX_CONNECTIONS + 3)]
    try:
        # The three past the limit are closed unread (the others wait for their requests, then time out).
        for s in idle[-3:]:
            assert s.recv(10) == b""
    finally:
        for s in idle:
            s.close()
    # Every slot back before the next request: a handler thread frees its slot when it meets its closed
    # connection, and on a loaded machine the next connection could be accepted before any did.
    for _ in range(web.MAX_CONNECTIONS):
        assert served.slots.acquire(timeout=30)
    for _ in range(web.MAX_CONNECTIONS):
        served.slots.release()
    assert " 200 " in ask(served, get("/"))
    assert served.dropped >= 3


@pytest.mark.parametrize("fragment, said", [
    ("#mode=explore&seed=" + "9" * 5000, "level link: seed '%s'...: give a number 0..4294967295" % ("9" * 24)),
    ("#mode=deeper&seed=7&depth=" + "1" * 100000, "level link: depth '%s'...: give a number 1..255" % ("1" * 24)),
    ("#mode=" + "x" * 100000 + "&seed=1", "level link: no game '%s'... (the games: " % ("x" * 24)),
])
def test_a_level_link_of_thousands_of_characters_is_named_in_one_short_line(fragment, said):
    # (was: the whole value in the menu's message, thousands of lines; a seed of 5000 digits CPython's
    # own error about integer string conversion)
    twin = browser.page_module().Twin("http://page/", 1)
    problem = twin.open(fragment)
    assert problem.startswith(said) and len(problem) < 120, problem[:200]
    assert len(twin.menu_lines(100, 30)) < 30


@pytest.mark.parametrize("signum", [signal.SIGTERM, pytest.param(signal.SIGHUP, marks=pytest.mark.slow)])
def test_a_server_stopped_by_a_signal_takes_the_page_it_built_with_it(tmp_path, signum):
    # web serve without DIR builds the page into a temporary folder; SIGTERM, or the terminal closed,
    # removes it as Ctrl-C does (was: the process killed outright, the page left behind each time).
    env = dict(os.environ, TMPDIR=str(tmp_path))
    proc = subprocess.Popen([MAZE32, "web", "serve", "--port", "0"], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = proc.stdout.readline()
        assert line.startswith("serving %s" % tmp_path), line + proc.stderr.read()
        assert [p.name[:11] for p in tmp_path.iterdir()] == ["maze32-web-"]
    finally:
        proc.send_signal(signum)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signum and "Traceback" not in err, err
    assert list(tmp_path.iterdir()) == []


def test_an_empty_bind_is_refused_not_every_interface(tmp_path):
    # --bind "" (an unset variable) was socket's every interface, the page shared with the network.
    (tmp_path / "index.html").write_text("<html></html>")
    (tmp_path / web.MARKER).write_text("{}")
    for bind in ("", " "):
        one_line_error(maze32("web", "serve", str(tmp_path), "--bind", bind, "--port", "0", timeout=60), 2,
                       "--bind %r is no address" % bind)


@pytest.mark.parametrize("url", ["http://x/\x1b[2J", "http://x/\x07", "http://x/\x7f", "http://exämple.org/",
                                 "http://x/#code=1"])
def test_a_web_url_with_a_control_character_is_refused(url):
    # (was: taken, and printed with every level link: an escape sequence to the terminal)
    one_line_error(maze32("code", "--seed", "7", "--web-url", url), 2, "web url", "printable ASCII")
    one_line_error(maze32("code", "--seed", "7", env={web.URL_ENV: url}), 2, "web url", "printable ASCII")
