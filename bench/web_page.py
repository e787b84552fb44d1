"""The browser twin in headless Chromium: what the page weighs, how long a level link takes to become
playable, and the frames a second of its frame loop while a game runs.

Each run is a fresh browser (no cache) opening a level link of the page `maze32 web serve` serves
on loopback: bytes transferred are the navigation's and every resource's (Resource Timing), the
time to playable is from the navigation's start to the first frame drawn, and over --seconds of
play (a key every 100 ms) the frames drawn and game ticks per second and the page's time per frame
in the game's Python (the mean, and the longest frame), for a Duel and for Explore walking east
(the page making new chunks of its world as it goes), and a ghost link of that Duel (its replay
checked and played through before the race opens). Also the page's weight gzipped, what a static
host that compresses would send. Wall-clock figures: read them as estimates on a quiet machine.

usage: python bench/web_page.py [--runs 3] [--seconds 5] [--code 1SG0-0000-7RBJR]
"""
import argparse
import gzip
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "firmware"), str(ROOT / "shared")]
import browser  # noqa: E402
from support import maze32  # noqa: E402
from terminals import route  # noqa: E402

DIRECTION = {(0, -1): "up", (1, 0): "right", (0, 1): "down", (-1, 0): "left"}


def ghost_text(code):
    # The replay of a run along the level's shortest route, a move every 3 frames (ghost.py's text).
    from host import twin
    from maze32_game import ghost
    level = twin.from_code(code)
    moves = bytearray()
    steps = route(level.seed, level.cfg.width)
    for step in steps:
        ghost.add_move(moves, 3, DIRECTION[step])
    return ghost.Replay(code, 3 * len(steps), moves).text()


def one_run(url, seconds, keys):
    with browser.chromium() as driver:
        s = browser.open_page(driver, url)
        transferred = sum(size for _, size in browser.resources(driver))
        browser.press(driver, "x")
        start, first = time.monotonic(), browser.state(driver)
        i = 0
        while time.monotonic() - start < seconds:
            browser.press(driver, keys[i % len(keys)], pause=0.1)
            i += 1
        last, took = browser.state(driver), time.monotonic() - start
        frames = last["frames"] - first["frames"]
        return {"bytes": transferred, "playable_ms": s["playableMs"], "fps": frames / took,
                "ticks": (last["ticks"] - first["ticks"]) / took,
                "busy_ms": (last["busyMs"] - first["busyMs"]) / max(1, frames), "worst_ms": last["worstMs"]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--code", default="1SG0-0000-7RBJR", help="the level link's code (a 32x32 Duel)")
    args = parser.parse_args()
    reason = browser.missing()
    if reason:
        raise SystemExit("web_page: " + reason)
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "page"
        proc = maze32("web", "build", "-o", str(page))
        if proc.returncode:
            raise SystemExit(proc.stderr)
        sizes = dict((p.name, (p.stat().st_size, len(gzip.compress(p.read_bytes(), 9)))) for p in page.iterdir())
        with browser.served(page) as url:
            runs = [one_run(url + "#code=" + args.code, args.seconds,
                            ["ARROW_RIGHT", "ARROW_DOWN", "ARROW_LEFT", "ARROW_UP"]) for _ in range(args.runs)]
            # Explore walking east: new chunks of the world made in the page as it goes.
            walks = [one_run(url + "#mode=explore&seed=7", args.seconds, ["ARROW_RIGHT"]) for _ in range(args.runs)]
            text = ghost_text(args.code)
            races = [one_run(url + "#ghost=" + text, 1.0, ["ARROW_RIGHT"]) for _ in range(args.runs)]
    print("the page: %d files, %s bytes, %s gzipped" % (len(sizes), "{:,}".format(sum(a for a, _ in sizes.values())),
                                                          "{:,}".format(sum(b for _, b in sizes.values()))))
    for name, (raw, packed) in sorted(sizes.items()):
        print("  %-18s %9s bytes, %9s gzipped" % (name, "{:,}".format(raw), "{:,}".format(packed)))
    show("headless Chromium, %d fresh runs of #code=%s" % (len(runs), args.code), runs)
    show("Explore seed 7 walking east (new chunks of the world as it goes)", walks)
    show("a ghost link of #code=%s (%d characters of replay)" % (args.code, len(text)), races)


def show(title, runs):
    med = lambda key: statistics.median(r[key] for r in runs)      # noqa: E731
    print(title + ", median:")
    print("  transferred        %9s bytes" % "{:,}".format(int(med("bytes"))))
    print("  link to playable   %9.0f ms  (each run: %s)" % (med("playable_ms"), ", ".join(
        "%.0f" % r["playable_ms"] for r in runs)))
    print("  frames a second    %9.1f     (game ticks %.1f a second)" % (med("fps"), med("ticks")))
    print("  Python per frame   %9.2f ms  (of the 33.3 ms a frame has; the longest %.1f ms)" % (
        med("busy_ms"), med("worst_ms")))


if __name__ == "__main__":
    main()
