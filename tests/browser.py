"""Test helpers: the browser twin in a real browser. Headless Chromium (Debian's chromium and
chromium-driver) driven by selenium; the page served by `maze32 web serve` itself; what the page
shows read from window.maze32 (twin.js keeps the canvas's text and the game's facts there)."""
import contextlib
import re
import shutil
import subprocess
import time

from support import MAZE32, ROOT

PAGE_PYTHON = ROOT / "host" / "webtwin" / "maze32_web.py"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
STATE = "return window.maze32 ? {ready: window.maze32.ready, error: window.maze32.error, " \
        "text: window.maze32.ready ? window.maze32.text() : '', link: window.maze32.link, " \
        "hash: window.maze32.hash, frames: window.maze32.frames, ticks: window.maze32.ticks, " \
        "playableMs: window.maze32.playableMs, busyMs: window.maze32.busyMs, worstMs: window.maze32.worstMs, " \
        "ghost: window.maze32.ghost, recordsNote: window.maze32.recordsNote} : null"
ARROWS = {(1, 0): "ARROW_RIGHT", (-1, 0): "ARROW_LEFT", (0, 1): "ARROW_DOWN", (0, -1): "ARROW_UP"}


def missing():
    # Why the browser tests cannot run here, or None.
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    if not CHROMIUM or not DRIVER:
        return "no headless Chromium (apt-get install chromium chromium-driver; .ci/run does it as root)"
    return None


@contextlib.contextmanager
def served(folder=None, env=None):
    # `maze32 web serve [folder] --port 0` (without a folder it builds the page first) -> its URL.
    cmd = [str(MAZE32), "web", "serve"] + ([str(folder)] if folder else []) + ["--port", "0"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = proc.stdout.readline()
        found = re.search(r"on (http://\S+/) ", line)
        if not found:
            raise AssertionError("web serve said %r, then: %s" % (line, proc.stderr.read() if proc.poll() else ""))
        yield found.group(1)
    finally:
        # Its pipes drained as it stops (a full one would hold it). Stopping on a signal is
        # test_web_hostile's to assert; here a server slow to stop on a loaded machine (one CI run
        # waited 30 s) is killed rather than failing the page's own test.
        proc.terminate()
        try:
            proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate(timeout=30)


@contextlib.contextmanager
def chromium(width=1100, height=700):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    options = Options()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=%d,%d" % (width, height)):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def state(driver):
    return driver.execute_script(STATE)


def wait_for(driver, predicate, timeout=30.0, what="the page"):
    # Poll the page's state until predicate(state) holds -> that state; an error on the page fails at once.
    end = time.monotonic() + timeout
    while True:
        s = state(driver)
        if s and s["error"]:
            raise AssertionError("the page stopped: %s" % s["error"])
        if s and s["ready"] and predicate(s):
            return s
        if time.monotonic() > end:
            raise AssertionError("%s: not within %.0f s; the page shows:\n%s" % (what, timeout, s and s["text"]))
        time.sleep(0.05)


def open_page(driver, url, timeout=60.0):
    driver.get(url)
    return wait_for(driver, lambda s: True, timeout, "the page becoming playable")


def press(driver, *keys, pause=0.08):
    # Keys typed one at a time (selenium's Keys names, or characters), `pause` s apart: slower than
    # the game's 20 ticks a second, so each one is played (term.Frames keeps at most two waiting).
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    for k in keys:
        ActionChains(driver).send_keys(getattr(Keys, k) if len(k) > 1 else k).perform()
        time.sleep(pause)


def resources(driver):
    # [(name, bytes transferred)] of the page's navigation and every resource it fetched.
    return driver.execute_script(
        "return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))"
        ".map(e => [e.name, e.transferSize])")


def page_module():
    # The page's Python (host/webtwin/maze32_web.py) loaded on CPython, its web_keep beside it as the
    # page's /lib holds it.
    import importlib.util
    import sys
    if str(PAGE_PYTHON.parent) not in sys.path:
        sys.path.insert(0, str(PAGE_PYTHON.parent))
    spec = importlib.util.spec_from_file_location("maze32_web", str(PAGE_PYTHON))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
