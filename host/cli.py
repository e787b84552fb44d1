# maze32 command line: a command table, one small function per command that parses and calls the
# library, and one error type caught once in main() and printed on one line.
import argparse
import json
import os
import sys

from host.errors import CliError
from host import twin, report
from host.sweep import BANDS_FILE
from maze32 import check_names

EXIT_OK = 0
EXIT_FAILED = 1     # a maze that failed generation or a check
EXIT_USAGE = 2      # bad input: options, seeds, sizes, files


class Parser(argparse.ArgumentParser):
    # argparse prints usage and exits on its own; route its complaints through CliError instead.
    def error(self, message):
        raise CliError(message)


def add_generation_options(p, code=False):
    p.add_argument("--seed", required=not code, type=twin.parse_seed, help="requested seed, 0..2**32-1")
    if code:
        p.add_argument("--code", default=None, help="a level code (maze32 code) instead of seed and size")
    p.add_argument("--size", default=(32, 32), type=twin.parse_size, help="WxH, even, 8..32 (default 32x32)")
    add_setting_options(p)


def add_setting_options(p):
    for name in twin.SETTINGS:
        p.add_argument("--" + name.replace("_", "-"), type=int, default=None, dest=name,
                       help="override the default %s" % name)


def settings_of(args):
    return dict((n, getattr(args, n)) for n in twin.SETTINGS if getattr(args, n) is not None)


def generated(args):
    cfg = twin.make_config(args.size, settings_of(args))
    return twin.build(args.seed, cfg)


def from_code(args):
    # Regenerate the maze a level code names, or raise CliError saying what differs.
    from maze32 import levelcode
    if args.seed is not None:
        raise CliError("give --seed or --code, not both")
    try:
        version, w, h, seed, prefix = levelcode.decode(args.code)
    except levelcode.CodeError as e:
        raise CliError(str(e))
    if version != levelcode.VERSION:
        raise CliError("level code: format version %d, this maze32 reads version %d"
                       % (version, levelcode.VERSION), code=1)
    args.seed, args.size = seed, (w, h)
    result = generated(args)
    digest = result.document()["hash"] if result.status == 0 else "(generation failed)"
    if not digest.startswith(prefix):
        raise CliError("level code: hash differs for seed %d at %dx%d: the code expects %s..., this "
                       "generator makes %s... (a different generator or settings)"
                       % (seed, w, h, prefix, digest[:5]), code=1)
    return result


def requested(args):
    # The maze that --seed (with --size and settings) or --code names.
    if args.code is None and args.seed is None:
        raise CliError("give --seed N or --code CODE")
    return from_code(args) if args.code is not None else generated(args)


def do_validate(args):
    result = requested(args)
    out = report.console()
    if result.status != 0:
        if args.json:
            print(json.dumps({"seed": args.seed, "generated": False,
                              "failures": twin.failure_counts(result.ws)}, indent=2))
        else:
            report.show_failure(out, result, args.seed)
        return EXIT_FAILED
    doc = result.document()
    if args.json:
        print(json.dumps(doc, indent=2))
    else:
        report.show_maze(out, doc, "seed %d" % args.seed)
    return EXIT_OK if result.mask == 0 else EXIT_FAILED


def do_render(args):
    from host import render
    result = requested(args)
    if result.status != 0:
        report.show_failure(report.console(), result, args.seed)
        return EXIT_FAILED
    doc = result.document()
    if args.svg:
        twin.write_atomically(args.svg, render.svg(doc, args.route, args.distances))
    out = report.console()
    out.print(render.terminal(doc, args.route, args.distances), end="")
    out.print(render.legend(args.route, args.distances))
    out.print("seed %d, %dx%d, hash %s%s" % (args.seed, doc["width"], doc["height"], doc["hash"][:16],
                                            ", SVG written to %s" % args.svg if args.svg else ""))
    return EXIT_OK


def do_sweep(args):
    from host import sweep
    from rich.progress import Progress
    from rich.table import Table
    sizes = args.size or [(32, 32)]
    settings = settings_of(args)
    for size in sizes:
        twin.make_config(size, settings)
    first, last = args.seeds
    bands = None
    if args.check_bands:
        try:
            bands = sweep.load_bands(args.bands)
        except (OSError, ValueError) as e:
            raise CliError("bands: cannot read %s (%s)" % (args.bands, e))
        for w, h in sizes:
            if "%dx%d" % (w, h) not in bands:
                raise CliError("bands: %s has no bands for %dx%d" % (args.bands, w, h))
    if args.jobs < 1:
        raise CliError("jobs: must be at least 1")
    out = report.console()
    total = len(sizes) * (last - first + 1)
    with Progress(console=out, transient=True) as bar:
        task = bar.add_task("sweeping %d seeds" % total, total=total)
        results = sweep.run(sizes, first, last, args.jobs, lambda n: bar.update(task, advance=n),
                            sorted(settings.items()))
    document = {"seeds": [first, last], "sizes": {}}
    failed_any, drift_any = False, False
    for (w, h), rows in results.items():
        label = "%dx%d" % (w, h)
        summary = sweep.summarize(rows)
        t = Table(title="%s: %d seeds, %d valid" % (label, summary["seeds"], summary["valid"]),
                  title_justify="left")
        for col in ("metric", "min", "median", "p95", "max"):
            t.add_column(col, justify="right" if col != "metric" else "left")
        for name, st in summary["metrics"].items():
            t.add_row(name, *("%g" % st[k] for k in ("min", "median", "p95", "max")))
        out.print(t)
        ok = [r for r in rows if r["ok"]]
        for name in ("solution", "dead_ends", "attempts"):
            if ok:
                out.print(report.histogram_text(name, sweep.histogram([r[name] for r in ok])))
        for f in summary["failures"]:
            out.print("[bold red]seed %d failed[/]: %s" % (f["seed"], ", ".join(f["failed"])))
        failed_any = failed_any or bool(summary["failures"])
        if summary["duplicates"]:
            out.print("mazes shared by several seeds: %s" % "; ".join(
                ", ".join(map(str, seeds)) for seeds in summary["duplicates"]))
        if bands is not None:
            drifted = sweep.check_bands(rows, bands[label])
            summary["drifted"] = drifted
            for line in drifted:
                out.print("[bold yellow]drift[/] %s %s" % (label, line))
            if not drifted:
                out.print("[green]%s: every metric within its bands[/]" % label)
            drift_any = drift_any or bool(drifted)
        if args.write_bands:
            document.setdefault("bands", {})[label] = sweep.make_bands(rows)
        document["sizes"][label] = summary
    if args.json:
        twin.write_atomically(args.json, json.dumps(document, indent=1) + "\n")
    if args.write_bands:
        twin.write_atomically(args.write_bands, json.dumps(document["bands"], indent=1) + "\n")
    if failed_any:
        raise CliError("some seeds failed to generate (listed above)", code=1)
    if drift_any:
        raise CliError("metrics drifted outside their bands (listed above)", code=1)
    return EXIT_OK


def do_hedge(args):
    # Deeper's hedge-maze level for a seed: picture, hash, ghosts, checks.
    from maze32 import Workspace, split_seed
    from maze32 import hedge
    if args.level < 1:
        raise CliError("level: must be 1 or more, got %d" % args.level)
    lv, ws = hedge.HedgeLevel(), Workspace()
    hi, lo = split_seed(args.seed)
    if hedge.generate_hedge(lv, ws, args.level, hi, lo) != 0:
        raise CliError("hedge level %d of seed %d failed after %d attempts" % (args.level, args.seed,
                                                                               lv.attempts), code=1)
    mask = hedge.validate_hedge(lv, ws)
    ghosts = [(lv.gx[i], lv.gy[i], lv.cooldown[i]) for i in range(lv.ghosts)]
    doc = {"format": hedge.FORMAT, "level": args.level, "seed": args.seed, "side": lv.side,
           "tiles": [[lv.tiles[(y << 5) | x] for x in range(lv.side)] for y in range(lv.side)],
           "spawn": [1, 1], "hatch": [lv.hatch & 31, lv.hatch >> 5],
           "ghosts": [{"x": x, "y": y, "cooldown": c} for x, y, c in ghosts],
           "checks": dict((name, not mask & (1 << i)) for i, name in enumerate(hedge.HEDGE_CHECKS)),
           "hash": hedge.hedge_hash(lv, ws)}
    if args.json:
        print(json.dumps(doc, indent=1))
    else:
        spots = dict(((x, y), "G") for x, y, _ in ghosts)
        spots[(1, 1)] = "@"
        out = report.console()
        for y in range(lv.side):
            out.print("".join(spots.get((x, y), "█" if lv.tiles[(y << 5) | x] == hedge.WALL else
                                        ("H" if lv.tiles[(y << 5) | x] == hedge.HATCH else " "))
                              for x in range(lv.side)), highlight=False)
        out.print("level %d (%dx%d), seed %d, %d ghosts, hash %s" % (
            args.level, lv.side, lv.side, args.seed, lv.ghosts, doc["hash"][:16]))
        out.print("checks: " + ", ".join(("ok " if ok else "FAIL ") + n for n, ok in doc["checks"].items()))
    return EXIT_OK if mask == 0 else EXIT_FAILED


def do_play(args):
    from host import play
    if args.port is not None or args.board:
        return play.attach(args.port)
    seed = args.seed
    size = args.size
    if args.code is not None:
        from maze32 import levelcode
        try:
            version, w, h, seed, prefix = levelcode.decode(args.code)
        except levelcode.CodeError as e:
            raise CliError(str(e))
        size = (w, h)
        made = twin.build(seed, twin.make_config(size, {}))
        if version != levelcode.VERSION or not made.document()["hash"].startswith(prefix):
            raise CliError("level code: not a maze this generator makes (format version %d, hash "
                           "prefix %s)" % (version, prefix), code=1)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "little")
    twin.make_config(size, {})
    return play.run(args.mode, seed, size, args.bot)


def do_code(args):
    from maze32 import levelcode
    if settings_of(args):
        raise CliError("level codes name default settings; drop the setting options")
    result = generated(args)
    if result.status != 0:
        report.show_failure(report.console(), result, args.seed)
        return EXIT_FAILED
    w, h = args.size
    print(levelcode.encode(w, h, args.seed, result.document()["hash"]))
    return EXIT_OK


def do_export(args):
    result = generated(args)
    if result.status != 0:
        report.show_failure(report.console(), result, args.seed)
        return EXIT_FAILED
    twin.write_atomically(args.output, json.dumps(result.document(), indent=1) + "\n")
    report.console().print("wrote %s (hash %s)" % (args.output, result.document()["hash"][:16]))
    return EXIT_OK


def do_check(args):
    cfg, maze, recorded = twin.load_file(args.file)
    mask, ws = twin.check_loaded(cfg, maze, recorded)
    failed = check_names(mask)
    if args.json:
        print(json.dumps({"file": args.file, "valid": not failed, "failed": failed}, indent=2))
    else:
        out = report.console()
        if failed:
            out.print("[bold red]invalid[/] %s: failed %s" % (args.file, ", ".join(failed)))
        else:
            out.print("[green]valid[/] %s: all %d checks hold" % (args.file, 15))
    return EXIT_FAILED if failed else EXIT_OK


def parse_seed_range(text):
    parts = text.split("..")
    if len(parts) != 2:
        raise CliError("seeds: %r is not a range A..B (for example 0..19)" % text)
    first, last = twin.parse_seed(parts[0]), twin.parse_seed(parts[1])
    if last < first:
        raise CliError("seeds: range %s is empty (%d > %d)" % (text, first, last))
    return first, last


def do_boards(args):
    from host import boards
    from rich.table import Table
    t = Table(title="board profiles (boards/*.json)", title_justify="left")
    profiles = boards.load_all()
    t.add_column("name", no_wrap=True, min_width=max(len(n) for n in profiles))
    for col in ("title", "display", "LED", "buttons"):
        t.add_column(col)
    for name, p in profiles.items():
        d = p.get("display")
        t.add_row(name, p["title"], "%s %dx%d" % (d["kind"], d["width"], d["height"]) if d else "-",
                  ", ".join("%s GPIO%d" % (l["kind"], l["pin"]) for l in p.get("leds", [])),
                  ", ".join("%s GPIO%d" % (b["name"], b["pin"]) for b in p.get("buttons", [])))
    report.console().print(t)
    return EXIT_OK


def do_board_serve(args):
    from host.virtual_board import VirtualBoard
    vb = VirtualBoard(args.root, port=args.tcp_port)
    out = report.console()
    out.print("virtual board (MicroPython unix port) in %s" % vb.root)
    out.print("serving on [bold]%s[/]; use it with --port %s, or: mpremote connect %s" % (vb.url, vb.url, vb.url))
    out.print("Ctrl-C stops it")
    vb.serve_forever()
    return EXIT_OK


def do_deploy(args):
    from host import boards, deploy, transport
    from rich.progress import Progress
    profile = boards.load(args.board)
    out = report.console()
    with transport.connected(args.port) as board:
        with Progress(console=out, transient=True) as bar:
            task = bar.add_task("deploying", total=None)
            result = deploy.deploy(board, profile, args.emit,
                                   progress=lambda path: bar.update(task, advance=1, description=path))
    v, sub, arch = result["mpy"]
    out.print("deployed to %s: .mpy v%d.%d %s, %s flavour; board profile %s" % (
        args.port or "the virtual board", v, sub, arch or "(no native arch)", result["emit"], args.board))
    out.print("copied %d, unchanged %d, removed %d" % (len(result["copied"]), len(result["skipped"]),
                                                       len(result["removed"])))
    for path in result["copied"]:
        out.print("  + %s" % path)
    for path in result["removed"]:
        out.print("  - %s" % path)
    return EXIT_OK


def do_time(args):
    from host import timing, transport
    from rich.progress import Progress
    from rich.table import Table
    sizes = args.size or [(32, 32)]
    for w, h in sizes:
        twin.make_config((w, h), {})
    first, last = args.seeds
    out = report.console()
    total = len(sizes) * (last - first + 1)
    with transport.connected(args.port, timeout=args.timeout) as board:
        with Progress(console=out, transient=True) as bar:
            task = bar.add_task("timing on the board", total=total)
            reader = timing.run(board, sizes, first, last, args.repeat,
                                lambda row: bar.update(task, advance=1))
    summary, mismatched = timing.judge(reader, sizes, first, last)
    t = Table(title="generate + validate on %s, %s flavour (best of %d per seed)" % (
        args.port or "the virtual board", reader.flavour, args.repeat), title_justify="left")
    for col in ("size", "seeds", "min us", "median us", "p95 us", "max us", "heap growth"):
        t.add_column(col, justify="right")
    for row in summary:
        t.add_row(row["size"], str(row["seeds"]), str(row["min_us"]), str(row["median_us"]),
                  str(row["p95_us"]), str(row["max_us"]), str(row["heap_growth"]))
    out.print(t)
    if args.json:
        twin.write_atomically(args.json, json.dumps({"port": args.port or "virtual", "flavour": reader.flavour,
                                                     "sizes": summary,
                                                     "results": reader.times,
                                                     "mismatched": mismatched}, indent=1) + "\n")
    if mismatched:
        raise CliError("board and twin disagree on %s" % timing._names(mismatched), code=1)
    if any(row["heap_growth"] for row in summary):
        raise CliError("generation allocated on the board (heap growth above)", code=1)
    out.print("[green]every hash matches the desktop twin[/]")
    return EXIT_OK


def do_flash(args):
    from host import flashing
    flashing.flash(args.port, args.firmware, args.erase, log=report.console().print)
    return EXIT_OK


def add_board_options(p):
    p.add_argument("--port", default=None,
                   help="serial port, socket:// or rfc2217:// URL (default: the virtual board)")


# name -> (function, help, argument builder)
COMMANDS = {
    "validate": (do_validate, "generate a maze for a seed (or level code) and run every check",
                 lambda p: (add_generation_options(p, code=True),
                            p.add_argument("--json", action="store_true", help="print the maze32/1 document"))),
    "render": (do_render, "draw a maze in the terminal, and as SVG with --svg",
               lambda p: (add_generation_options(p, code=True),
                          p.add_argument("--svg", default=None, help="also write an SVG picture here"),
                          p.add_argument("--route", action="store_true", help="draw each player's solution route"),
                          p.add_argument("--distances", action="store_true",
                                         help="shade cells by route distance from Player 1's start"))),
    "sweep": (do_sweep, "generate a range of seeds and show metric distributions",
              lambda p: (p.add_argument("--seeds", required=True, type=parse_seed_range, help="A..B"),
                         p.add_argument("--size", action="append", type=twin.parse_size, help="WxH, repeatable"),
                         p.add_argument("--jobs", type=int, default=1, help="worker processes"),
                         p.add_argument("--json", default=None, help="write the summary to this file"),
                         p.add_argument("--check-bands", action="store_true",
                                        help="compare the distributions with the checked-in bands"),
                         p.add_argument("--bands", default=str(BANDS_FILE), help=argparse.SUPPRESS),
                         p.add_argument("--write-bands", default=None, help=argparse.SUPPRESS),
                         add_setting_options(p))),
    "hedge": (do_hedge, "a Deeper hedge-maze level: picture, ghosts, hash and checks",
              lambda p: (p.add_argument("--seed", required=True, type=twin.parse_seed),
                         p.add_argument("--level", type=int, default=1, help="1 or more (size grows to 21)"),
                         p.add_argument("--json", action="store_true"))),
    "play": (do_play, "play in this terminal (the desktop twin): Duel against a bot, or Deeper",
             lambda p: (p.add_argument("--mode", choices=["duel", "deeper"], default="duel"),
                        p.add_argument("--seed", type=twin.parse_seed, default=None, help="default: random"),
                        p.add_argument("--code", default=None, help="a level code instead of seed and size"),
                        p.add_argument("--size", default=(16, 16), type=twin.parse_size, help="duel size (default 16x16)"),
                        p.add_argument("--bot", type=int, choices=[1, 2], default=1, help="bot level"),
                        p.add_argument("--port", default=None, help="play the board's game on this port"),
                        p.add_argument("--board", action="store_true",
                                       help="play the board's game on the virtual board (no --port)"))),
    "code": (do_code, "print the shareable level code of a seed and size",
             lambda p: add_generation_options(p)),
    "export": (do_export, "write the maze32/1 JSON of a seed",
               lambda p: (add_generation_options(p),
                          p.add_argument("-o", "--output", required=True, help="file to write"))),
    "boards": (do_boards, "list the board profiles", lambda p: None),
    "board": (do_board_serve, "serve the virtual board (MicroPython unix port) on a loopback socket",
              lambda p: (p.add_argument("action", choices=["serve"]),
                         p.add_argument("--root", default=None, help="its filesystem folder"),
                         p.add_argument("--tcp-port", type=int, default=0, help="port to listen on"))),
    "deploy": (do_deploy, "compile shared/ and firmware/ with mpy-cross and copy what changed",
               lambda p: (add_board_options(p),
                          p.add_argument("--board", default="esp32-c6-devkitc-1", help="board profile name"),
                          p.add_argument("--emit", choices=["auto", "bytecode", "viper", "native"], default="auto",
                                         help="build flavour (default: the fastest the board supports)"))),
    "time": (do_time, "time generate + validate on the board and check every hash against the twin",
             lambda p: (add_board_options(p),
                        p.add_argument("--size", action="append", type=twin.parse_size, help="WxH, repeatable"),
                        p.add_argument("--seeds", default=(0, 19), type=parse_seed_range, help="A..B (default 0..19)"),
                        p.add_argument("--repeat", type=int, default=1, choices=range(1, 101), metavar="K"),
                        p.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for the board"),
                        p.add_argument("--json", default=None, help="write the results to this file"))),
    "flash": (do_flash, "write MicroPython to an ESP32-C6 with esptool",
              lambda p: (p.add_argument("--port", required=True),
                         p.add_argument("--firmware", required=True, help="ESP32_GENERIC_C6 .bin image"),
                         p.add_argument("--erase", action="store_true", help="erase the flash first"))),
    "check": (do_check, "validate a maze32/1 file, however it was made",
              lambda p: (p.add_argument("file"),
                         p.add_argument("--json", action="store_true", help="machine-readable verdict"))),
}


def build_parser():
    parser = Parser(prog="maze32", description="Deterministic duel mazes for ESP32-C6 and the desktop.")
    parser.add_argument("--debug", action="store_true", help="show tracebacks")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name, (func, help_text, add_args) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        add_args(p)
        p.set_defaults(func=func)
    return parser


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    debug = "--debug" in argv
    try:
        args = build_parser().parse_args(argv)
        if not getattr(args, "func", None):
            raise CliError("no command given (try: maze32 validate --seed 7)")
        return args.func(args)
    except CliError as e:
        if debug:
            raise
        sys.stderr.write("maze32: %s\n" % e)
        return e.code
    except KeyboardInterrupt:
        sys.stderr.write("maze32: interrupted\n")
        return 130
