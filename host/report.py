# What the commands print: rich tables and lines for people, or the same document as JSON (--json).
# Every report works from a plain document (dicts and lists), so --json and the tables never disagree.
import contextlib
import functools
import json

from maze32 import CHECK_NAMES

PLAYERS = ("Player 1", "Player 2")


# rich is imported when a report is drawn for people, not at import: --json and the commands that
# print nothing of it start without it (about 70 ms of every such command's CPU).
@functools.lru_cache(maxsize=None)
def _console_class():
    from rich.console import Console

    class _Console(Console):
        # rich exits with status 1 when stdout's reader goes away, which would read as "a check
        # failed"; raise instead, so that cli.main ends the command quietly with 141, as for any other
        # output.
        def on_broken_pipe(self):
            self.quiet = True
            raise BrokenPipeError
    return _Console


def console():
    return _console_class()(highlight=False)


def table(**kw):
    from rich.table import Table
    return Table(**kw)


def grid(**kw):
    from rich.table import Table
    return Table.grid(**kw)


def publish(doc, show, as_json=False, output=None):
    # The one way a command reports: JSON on stdout with --json, else show(console, doc); and the JSON
    # to -o FILE when given.
    from host import files
    if as_json:
        print(json.dumps(doc, indent=1))
    else:
        show(console(), doc)
    if output is not None:
        files.write_json(output, doc)


@contextlib.contextmanager
def progress(label, total=None):
    # A transient progress bar on stderr (stdout stays clean for --json); yields advance(n=1, text=None).
    from rich.console import Console
    from rich.progress import Progress
    err = Console(stderr=True)
    with Progress(console=err, transient=True, disable=not err.is_terminal) as bar:   # nothing in a log
        task = bar.add_task(label, total=total)

        def advance(n=1, text=None):
            bar.update(task, advance=n, description=text or label)
        yield advance


def show_validation(out, doc):
    # validate: a maze32/1 document, or the failure document of a generation that gave up.
    if doc.get("generated") is False:
        show_failure(out, doc)
    else:
        show_maze(out, doc, "seed %d" % doc["requested_seed"])


def show_maze(out, doc, title):
    # doc: a maze32/1 document (codec.to_dict).
    m = doc["metrics"]
    head = grid(padding=(0, 2))
    head.add_column(style="bold")
    head.add_column()
    head.add_row("maze", title)
    head.add_row("size", "%d x %d" % (doc["width"], doc["height"]))
    head.add_row("seed", "%d requested, %d candidate, %d attempt%s" % (
        doc["requested_seed"], doc["candidate_seed"], doc["attempts"],
        "" if doc["attempts"] == 1 else "s"))
    head.add_row("hash", doc["hash"])
    head.add_row("topology", "%d edges, cyclomatic number %d, %d dead ends, %d half crossings, "
                 "%d cells reachable" % (m["edges"], m["cyclomatic"], m["dead_ends"],
                                         m["half_crossings"], m["reachable"]))
    out.print(head)
    out.print(player_table(doc))
    out.print(check_line(doc["checks"]))


def player_table(doc):
    p = doc["placements"]
    t = table(title="placements (x, y) and route distances", title_justify="left")
    t.add_column("")
    for name in PLAYERS:
        t.add_column(name, justify="right")

    def xy(v):
        return "(%d, %d)" % (v[0], v[1])

    for name in ("start", "exit", "key", "compass"):
        t.add_row(name, xy(p[name][0]), xy(p[name][1]))
    for kind in ("landmarks", "artifacts"):
        for i, pair in enumerate(p[kind]):
            t.add_row("%s %d" % (kind[:-1], i + 1), xy(pair[0]), xy(pair[1]))
    players = doc["metrics"]["players"]
    for label, field in (("start -> key", "start_key"), ("key -> exit", "key_exit"),
                         ("start -> exit", "start_exit"), ("start -> compass", "start_compass"),
                         ("solution length", "solution"),
                         ("edge-disjoint routes to exit", "disjoint_routes"),
                         ("bridges on the solution", "route_bridges"),
                         ("decision points on it", "route_decisions")):
        t.add_row(label, *[str(pl[field]) for pl in players])
    for kind, field in (("landmark", "start_landmarks"), ("artifact", "start_artifacts")):
        for i in range(len(players[0][field])):
            t.add_row("start -> %s %d" % (kind, i + 1),
                      *[" / ".join(str(d) for d in pl[field][i]) for pl in players])
    return t


def check_line(checks, order=CHECK_NAMES):
    # Every check, ok or FAIL: in `order` (the maze's checks), or in the document's order when None.
    names = list(checks) if order is None else [name for name in order if name in checks]
    return "checks: " + ", ".join(("[green]ok[/] " if checks[name] else "[bold red]FAIL[/] ") + name
                                  for name in names)


def show_failure(out, doc):
    # Diagnostic of a generation that used up max_attempts (Result.document()): which checks failed.
    out.print("[bold red]generation failed[/] for seed %d at %dx%d after %d attempts" % (
        doc["seed"], doc["width"], doc["height"], doc["attempts"]))
    t = table(title="failed attempts by reason", title_justify="left")
    t.add_column("reason")
    t.add_column("attempts", justify="right")
    for name, count in doc["failures"].items():
        t.add_row("placement (no cell satisfied a rule)" if name == "placement" else name, str(count))
    out.print(t)


def show_check(out, doc):
    # The verdict of check_file (a maze's or a world's): failed checks and false claims (mazes record
    # claims, worlds do not), or that everything holds.
    from rich.markup import escape
    from host.files import shown
    name = escape(shown(doc["file"]))
    if doc["failed"]:
        out.print("[bold red]invalid[/] %s: failed %s" % (name, ", ".join(doc["failed"])))
    if doc.get("false_claims"):
        out.print(("false claims:" if doc["failed"] else "[bold red]invalid[/] %s: false claims:" % name))
        for line in doc["false_claims"]:
            out.print("  " + escape(line))
    if doc["valid"]:
        out.print("[green]valid[/] %s: all %d checks hold%s" % (
            name, doc["checks"], " and every recorded claim is true" if "false_claims" in doc else ""))


def show_code(out, doc):
    # The code, and beside it the link that opens its level in the browser twin.
    out.print("%s  %s" % (doc["code"], doc["link"]), highlight=False, soft_wrap=True)


def show_web_build(out, page):
    out.print("wrote the page to %s: %d files, %s bytes (the port %s, the library and the games %s)" % (
        page["folder"], len(page["files"]), "{:,}".format(page["bytes"]),
        "{:,}".format(page["files"]["micropython.wasm"] + page["files"]["micropython.mjs"]),
        "{:,}".format(page["files"]["lib.bin"])), highlight=False, soft_wrap=True)
    out.print("serve it with: maze32 web serve %s   (or any static web server)" % page["folder"], highlight=False,
              soft_wrap=True)


def show_hedge(out, doc):
    from host import render_hedge
    out.print(render_hedge.terminal_text(doc), end="", soft_wrap=True)
    out.print("level %d (%dx%d), seed %d, %d ghosts, hash %s" % (
        doc["level"], doc["side"], doc["side"], doc["seed"], len(doc["ghosts"]), doc["hash"][:16]))
    out.print(render_hedge.checks_line(doc), soft_wrap=True)


# -- sweep ----------------------------------------------------------------------------------------
def show_sweep(out, doc):
    # Per size: min/median/p95/max of every metric, histograms, failing seeds, shared mazes, drift.
    for label, summary in doc["sizes"].items():
        t = table(title="%s: %d seeds, %d valid" % (label, summary["seeds"], summary["valid"]),
                  title_justify="left")
        for col in ("metric", "min", "median", "p95", "max"):
            t.add_column(col, justify="right" if col != "metric" else "left")
        for name, st in summary["metrics"].items():
            t.add_row(name, *("%g" % st[k] for k in ("min", "median", "p95", "max")))
        out.print(t)
        for name, bins in summary["histograms"].items():
            out.print(histogram_text(name, bins))
        for f in summary["failures"]:
            out.print("[bold red]seed %d failed[/]: %s" % (f["seed"], ", ".join(f["failed"])))
        if summary["duplicates"]:
            out.print("mazes shared by several seeds: %s" % "; ".join(
                ", ".join(map(str, seeds)) for seeds in summary["duplicates"]))
        if "drifted" in summary:
            for line in summary["drifted"]:
                out.print("[bold yellow]drift[/] %s %s" % (label, line))
            if not summary["drifted"]:
                out.print("[green]%s: every metric within its bands[/]" % label)


# -- worlds ---------------------------------------------------------------------------------------
def show_world(out, doc):
    # world validate's document (worlds.validation): the world's facts, metrics, checks.
    head = grid(padding=(0, 2))
    head.add_column(style="bold")
    head.add_column()
    head.add_row("world", "seed %d, depth %d: %s%s" % (doc["seed"], doc["depth"], doc["kind"],
                                                       " (%s)" % doc["strategy"] if doc["kind"] == "dungeon" else ""))
    head.add_row("size", "%d x %d tiles, %d chunks of %d x %d" % (doc["size"][0], doc["size"][1], doc["chunks"],
                                                               doc["chunk"], doc["chunk"]))
    head.add_row("hash", doc["hash"])
    m = doc["metrics"]
    head.add_row("spawn, stairs", "(%d, %d), (%d, %d); route %s tiles" % (
        doc["spawn"][0], doc["spawn"][1], doc["stairs"][0], doc["stairs"][1],
        "-" if m["spawn_to_stairs"] is None else m["spawn_to_stairs"]))
    head.add_row("structure", "%.1f%% open, largest dry region %.1f%%, %d rooms, %d pools" % (
        100 * m["open_fraction"], 100 * m["largest_region_share"], m["rooms"], m["pools"]))
    head.add_row("materials", ", ".join("%s %d" % kv for kv in m["materials"].items()))
    head.add_row("built in", "%.2f s" % doc["seconds"])
    out.print(head)
    out.print(check_line(doc["checks"], order=None))


def show_world_sweep(out, doc):
    # world sweep's document (worlds.sweep): per depth, the spread of every metric; failing seeds.
    t = table(title="worlds %d x %d, seeds %d..%d" % (doc["size"][0], doc["size"][1], doc["seeds"][0],
                                                       doc["seeds"][1]), title_justify="left")
    for col in ("depth", "kind", "valid", "metric", "min", "median", "p95", "max"):
        t.add_column(col, justify="left" if col in ("kind", "metric") else "right")
    for depth, d in doc["depths"].items():
        first = True
        for name, st in d["metrics"].items():
            cells = ["-" if st[k] is None else ("%.3f" % st[k] if isinstance(st[k], float) else str(st[k]))
                     for k in ("min", "median", "p95", "max")]
            t.add_row(depth if first else "", d["kind"] if first else "",
                      "%d/%d" % (d["valid"], d["worlds"]) if first else "", name, *cells)
            first = False
        t.add_section()
    out.print(t)
    for depth, d in doc["depths"].items():
        for f in d["failures"]:
            out.print("[bold red]depth %s seed %d failed[/]: %s" % (depth, f["seed"], ", ".join(f["failed"])))


def warn(message):
    # A notice that does not stop the command (a damaged cache entry regenerated): one line on stderr.
    import sys
    sys.stderr.write("maze32: %s\n" % message)


# -- boards ---------------------------------------------------------------------------------------
def show_boards(out, profiles):
    t = table(title="board profiles", title_justify="left")
    t.add_column("name", no_wrap=True, min_width=max(len(n) for n in profiles))
    for col in ("title", "display", "LED", "buttons"):
        t.add_column(col)
    for name, p in profiles.items():
        d = p.get("display")
        t.add_row(name, p["title"], "%s %dx%d" % (d["kind"], d["width"], d["height"]) if d else "-",
                  ", ".join("%s GPIO%d" % (led["kind"], led["pin"]) for led in p.get("leds", [])),
                  ", ".join("%s GPIO%d" % (b["name"], b["pin"]) for b in p.get("buttons", [])))
    out.print(t)


def show_deploy(out, result, port, board):
    v, sub, arch = result["mpy"]
    out.print("deployed to %s: .mpy v%d.%d %s, %s flavour" % (       # two lines: each fits 80 columns
        port or "the virtual board", v, sub, arch or "(no native arch)", result["emit"]))
    out.print("board profile %s; copied %d, unchanged %d, removed %d" % (
        board, len(result["copied"]), len(result["skipped"]), len(result["removed"])))
    for note in result.get("notes", ()):
        out.print("note: %s" % note, highlight=False, soft_wrap=True)
    for path in result["copied"]:
        out.print("  + %s" % path)
    for path in result["removed"]:
        out.print("  - %s" % path)


def show_package(out, index, folder):
    # maze32 package: one line a package and .mpy version, then how to serve and install.
    for p in index["packages"]:
        out.print("  %-22s %s  .mpy %s" % (p["name"], p["version"], ", ".join(sorted(p["versions"]))),
                  highlight=False)
    out.print("wrote the mip index to %s; serve it (python3 -m http.server -d %s) and:" % (folder, folder),
              highlight=False, soft_wrap=True)
    out.print("  mpremote mip install --index http://HOST:PORT maze32-game   (or maze32-game-rv32imc "
              "on an ESP32-C6)", highlight=False, soft_wrap=True)


def show_time(out, doc):
    t = table(title="generate + validate on %s, %s flavour (best of %d per seed)" % (
        "the virtual board" if doc["port"] == "virtual" else doc["port"], doc["flavour"], doc["repeat"]), title_justify="left")
    for col in ("size", "seeds", "min us", "mean us", "median us", "p95 us", "max us", "heap growth"):
        t.add_column(col, justify="right")
    for row in doc["sizes"]:
        t.add_row(row["size"], str(row["seeds"]), str(row["min_us"]), str(row["mean_us"]),
                  str(row["median_us"]), str(row["p95_us"]), str(row["max_us"]), str(row["heap_growth"]))
    out.print(t)
    if all("instructions" in row for row in doc["sizes"]):
        # The RISC-V board: its clock counts RV32 instructions, the primary figure of SPEC 8.
        t = table(title="RV32 instructions per maze (the RISC-V board's clock; mean includes every "
                  "retry) and SPEC 8's ESP32-C6 estimate at 160 MHz, CPI 1.0..2.5", title_justify="left")
        for col in ("size", "mean", "p95", "max", "C6 ms (midpoint)"):
            t.add_column(col, justify="right")
        for row in doc["sizes"]:
            n = row["instructions"]
            low, mid, high = row["c6_ms"]
            t.add_row(row["size"], "{:,}".format(n["mean"]), "{:,}".format(n["p95"]), "{:,}".format(n["max"]),
                      "%.1f..%.1f (%.1f)" % (low, high, mid))
        out.print(t)
    if not doc["mismatched"] and not any(row["heap_growth"] for row in doc["sizes"]):
        out.print("[green]every hash matches the desktop twin[/]")


def histogram_text(name, bins, width=40):
    # A horizontal bar per bin: "low..high  ####  count".
    top = max(c for _, _, c in bins) or 1
    lines = ["%s:" % name]
    for lo, hi, count in bins:
        label = ("%d" % lo) if lo == hi else ("%d..%d" % (lo, hi))
        lines.append("  %9s  %-*s %d" % (label, width, "█" * max(0, round(width * count / top)), count))
    return "\n".join(lines)
