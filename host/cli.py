# maze32 command line: a command table (mpremote's main.py) and one small do_<verb> function per
# command that takes the parsed options, calls the library and hands the result to a report. Options
# and their types are in options.py, tables in report.py, pictures in render*.py. One error type,
# CliError, is caught once in main() and printed on one line.
import sys

import host
from host import files, options, report, twin
from host.errors import CliError
from host.options import Command

EXIT_OK = 0
EXIT_FAILED = 1     # a maze that failed generation or a check
EXIT_USAGE = 2      # bad input: options, seeds, sizes, files, codes


def settings_of(args):
    return dict((n, getattr(args, n)) for n in twin.SETTINGS if getattr(args, n, None) is not None)


# -- maze -----------------------------------------------------------------------------------------
def do_validate(args):
    result = twin.requested(args.seed, args.code, args.size, settings_of(args))
    report.publish(result.document(), report.show_validation, args.json)
    return EXIT_OK if result.ok else EXIT_FAILED


def do_check(args):
    verdict = twin.check_file(args.file)
    report.publish(verdict, report.show_check, args.json)
    return EXIT_OK if verdict["valid"] else EXIT_FAILED


def do_export(args):
    result = twin.build(args.seed, twin.make_config(args.size, settings_of(args)))
    if not result.ok:
        report.show_failure(report.console(), result.document())
        return EXIT_FAILED
    files.write_json(args.output, result.document())
    if args.output != "-":
        report.console().print("wrote %s (hash %s)" % (args.output, result.hash()[:16]))
    return EXIT_OK


def do_code(args):
    result, code = twin.level_code(args.seed, args.size, settings_of(args))
    if code is None:
        report.show_failure(report.console(), result.document())
        return EXIT_FAILED
    report.publish({"code": code, "seed": args.seed, "width": args.size[0], "height": args.size[1],
                    "hash": result.hash()}, report.show_code, args.json)
    return EXIT_OK


def do_sweep(args):
    from host import sweep
    sizes = args.size or [(32, 32)]
    settings = settings_of(args)
    for s in sizes:
        twin.make_config(s, settings)
    bands = sweep.load_bands(args.bands, sizes) if args.check_bands else None
    first, last = args.seeds
    with report.progress("sweeping", len(sizes) * (last - first + 1)) as advance:
        document = sweep.sweep(sizes, first, last, args.jobs, sorted(settings.items()), bands,
                               args.write_bands is not None, advance)
    report.publish(document, report.show_sweep, args.json, args.output)
    if args.write_bands is not None:
        files.write_json(args.write_bands, document["bands"])
    sweep.verdict(document)
    return EXIT_OK


# -- pictures -------------------------------------------------------------------------------------
def do_render(args):
    from host import render, render_terminal
    result = twin.requested(args.seed, args.code, args.size, settings_of(args))
    if not result.ok:
        report.show_failure(report.console(), result.document())
        return EXIT_FAILED
    doc = result.document()
    if args.svg == "-" and args.png == "-":
        raise CliError("--svg - and --png -: only one picture can go to stdout")
    if args.svg is not None:
        files.write_output(args.svg, render.svg(doc, args.route, args.distances))
    if args.png is not None:
        files.write_output(args.png, render.png(doc, args.route, args.distances))
    if "-" not in (args.svg, args.png):
        render_terminal.show(report.console(), doc, args.route, args.distances, args.svg, args.full, args.png)
    return EXIT_OK


def do_hedge(args):
    level = twin.hedge_level(args.seed, args.level)
    report.publish(level, report.show_hedge, args.json)
    return EXIT_OK if all(level["checks"].values()) else EXIT_FAILED


# -- board ----------------------------------------------------------------------------------------
def do_board_list(args):
    from host import boards
    report.publish(boards.load_all(), report.show_boards, args.json)
    return EXIT_OK


def do_board_serve(args):
    out = report.console()
    if args.riscv:
        from host import riscv_board
        from host.virtual_board import board_folder
        board_folder(args.root or riscv_board.default_root())     # a bad folder fails before the build
        firmware = riscv_board.build_firmware(lambda line: out.print(line, highlight=False))
        vb = riscv_board.RiscvBoard(args.root, port=args.tcp_port, firmware=firmware)
        out.print("RISC-V board (MicroPython's rv32imc firmware in QEMU, -icount shift=0) in %s" % vb.root)
    else:
        from host.virtual_board import VirtualBoard
        vb = VirtualBoard(args.root, port=args.tcp_port)
        out.print("virtual board (MicroPython unix port) in %s" % vb.root)
    out.print("serving on [bold]%s[/]; use it with --port %s, or: mpremote connect %s" % (vb.url, vb.url, vb.url))
    out.print("Ctrl-C stops it")
    vb.serve_forever()
    return EXIT_OK


def do_deploy(args):
    from host import boards, deploy, transport
    profile = boards.load(args.board)
    with transport.connected(args.port, args.timeout) as board:
        with report.progress("deploying") as advance:
            result = deploy.deploy(board, profile, args.emit, progress=lambda path: advance(1, path))
    report.show_deploy(report.console(), result, args.port, args.board)
    return EXIT_OK


def do_package(args):
    from host import package
    out = report.console()
    if args.manifests:
        for path in package.write_manifests():
            out.print("wrote %s" % path, highlight=False)
        return EXIT_OK
    if args.output is None:
        raise CliError("package: give -o DIR (the index folder) or --manifests")
    with report.progress("building the mip index"):
        index = package.build_index(args.output)
    report.show_package(out, index, args.output)
    return EXIT_OK


def do_time(args):
    from host import timing
    sizes = args.size or [(32, 32)]
    for s in sizes:
        twin.make_config(s, {})
    first, last = args.seeds
    with report.progress("timing on the board", len(sizes) * (last - first + 1)) as advance:
        document = timing.measure(args.port, args.timeout, sizes, first, last, args.repeat,
                                  lambda row: advance())
    report.publish(document, report.show_time, args.json, args.output)
    timing.verdict(document)
    return EXIT_OK


def do_flash(args):
    from host import flashing
    flashing.flash(args.port, args.firmware, args.erase, log=report.console().print)
    return EXIT_OK


# -- world ----------------------------------------------------------------------------------------
def built_world(args, region=None):
    # The world (or region) of the options, with a progress bar; a cache that cannot work is bad input.
    from maze32.world.cache import CacheError
    from host import worlds
    spec = worlds.spec_for(args.seed, args.depth, args.size, args.strategy)
    try:
        cache = worlds.open_cache(args.cache, args.cache_limit, report.warn)
        with report.progress("building the world", worlds.chunks_in(spec, region)) as advance:
            return worlds.build(spec, args.seed, region, cache, advance)
    except CacheError as e:
        raise CliError(str(e))


def do_world_validate(args):
    from host import worlds
    doc = worlds.validation(built_world(args))
    report.publish(doc, report.show_world, args.json)
    return EXIT_OK if doc["valid"] else EXIT_FAILED


def do_world_export(args):
    from host import worlds
    region = built_world(args, args.region)
    doc = worlds.document(region)
    files.write_json(args.output, doc, compact=True)
    if args.output != "-":
        report.console().print("wrote %s (%d x %d tiles at %d,%d, hash %s)" % (
            args.output, region.w, region.h, region.ox, region.oy, doc["hash"][:16]))
    return EXIT_OK


def do_world_check(args):
    from host import worlds
    verdict = worlds.check_file(args.file)
    report.publish(verdict, report.show_check, args.json)
    return EXIT_OK if verdict["valid"] else EXIT_FAILED


def do_world_render(args):
    from host import render_world, worlds
    spec = worlds.spec_for(args.seed, args.depth, args.size, args.strategy)
    image = args.png or args.svg
    if image:
        picture = built_world(args, args.region)
        files.write_output(image, render_world.png(picture) if args.png else render_world.svg(picture))
        if image == "-":
            return EXIT_OK
    view = built_world(args, args.region or worlds.around_spawn(spec, render_world.VIEW))
    render_world.show(report.console(), view, image)
    return EXIT_OK


def do_world_sweep(args):
    from host import worlds
    first, last = args.seeds
    worlds.spec_for(first, args.depth[0], args.size, args.strategy)      # bad sizes fail before any work
    with report.progress("sweeping worlds", (last - first + 1) * (args.depth[1] - args.depth[0] + 1)) as advance:
        doc = worlds.sweep(first, last, args.depth, args.size, args.strategy, advance)
    report.publish(doc, report.show_world_sweep, args.json, args.output)
    return EXIT_FAILED if any(d["failures"] for d in doc["depths"].values()) else EXIT_OK


# -- play -----------------------------------------------------------------------------------------
def do_play(args):
    from host import play
    if args.bind is not None and args.host is None:
        raise CliError("--bind goes with --host (the address a hosted game listens on)")
    if args.bind is not None and not args.bind.strip():
        raise CliError("--bind: give an address (127.0.0.1, or 0.0.0.0 for every interface)")
    if args.host is not None or args.join is not None:
        from host import duel_link
        seed, size = twin.game_seed(args.seed, args.code, args.size) if args.join is None else (None, None)
        return duel_link.run(args.host, args.join, seed, size, args.mode, bind=args.bind)
    if args.port is not None or args.board:
        return play.attach(args.port, args.timeout)
    seed, size = twin.game_seed(args.seed, args.code, args.size)
    return play.run(args.mode, seed, size, args.bot, replay=args.replay)


# -- the command table ----------------------------------------------------------------------------
def validate_options(p):
    options.add_maze(p, code=True)
    options.add_json(p, "the maze32/1 document (or what failed)")


def check_options(p, kind="maze32/1"):
    p.add_argument("file", metavar="FILE", help="a %s JSON file" % kind)
    options.add_json(p, "the verdict")


def export_options(p):
    options.add_maze(p)
    options.add_output(p, "the maze32/1 document", required=True)


def code_options(p):
    options.add_maze(p)
    options.add_json(p, "the code with its seed, size and hash")


def sweep_options(p):
    from host import sweep
    from host.paths import BANDS
    p.add_argument("--seeds", required=True, type=options.seed_range, metavar="A..B",
                   help="the seeds to generate, inclusive (required)")
    options.add_sizes(p)
    p.add_argument("--jobs", type=options.count("jobs", 1, sweep.MAX_JOBS), default=1, metavar="N",
                   help="worker processes, 1..%d; never more than the work has items" % sweep.MAX_JOBS)
    options.add_json(p, "the summary")
    options.add_output(p, "the summary")
    p.add_argument("--check-bands", action="store_true",
                   help="compare the distributions with the reference bands; exit 1 on drift")
    p.add_argument("--bands", default=str(BANDS), metavar="FILE",
                   help="reference bands for --check-bands (default: the shipped data/bands.json)")
    p.add_argument("--write-bands", default=None, metavar="FILE", type=files.output_path,
                   help="write this sweep's bands to FILE (only for a deliberate generator change)")
    options.add_settings(p)


def render_options(p):
    options.add_maze(p, code=True)
    p.add_argument("--svg", default=None, metavar="FILE",
                   help="also write an SVG picture with title, level code and legend to FILE (- for "
                        "stdout, instead of the terminal picture)")
    p.add_argument("--png", default=None, metavar="FILE",
                   help="also write the same picture as PNG to FILE (- for stdout)")
    p.add_argument("--route", action="store_true",
                   help="draw each player's shortest start -> key -> exit route")
    p.add_argument("--distances", action="store_true",
                   help="shade cells by route distance from Player 1's start, with a colour scale")
    p.add_argument("--full", action="store_true",
                   help="the full terminal picture (two lines a maze row) even where it does not fit "
                        "80 x 24; without it a maze that does not fit is drawn compact (braille walls)")


def hedge_options(p):
    p.add_argument("--seed", required=True, type=options.seed, metavar="N",
                   help="requested seed, 0..4294967295 (required)")
    p.add_argument("--level", type=options.count("level", 1), default=1, metavar="L",
                   help="depth, 1 or more (the side grows to 21)")
    options.add_json(p, "the level's document")


def board_list_options(p):
    options.add_json(p, "the profiles")


def board_serve_options(p):
    p.add_argument("--root", default=None, metavar="DIR",
                   help="the board's filesystem folder (default: $MAZE32_VIRTUAL_BOARD or "
                        "~/.cache/maze32/virtual-board)")
    p.add_argument("--tcp-port", type=options.count("tcp-port", 0, 65535), default=0, metavar="N",
                   help="loopback port to listen on (default: 0, any free one)")
    p.add_argument("--riscv", action="store_true",
                   help="serve the RISC-V board instead: MicroPython's own rv32imc firmware in QEMU, "
                        "built on first use (default root: $MAZE32_RISCV_BOARD or ~/.cache/maze32/riscv-board)")


def deploy_options(p):
    from host.boards import DEFAULT_BOARD
    options.add_port(p)
    p.add_argument("--board", default=DEFAULT_BOARD, metavar="NAME",
                   help="board profile to write as board.json (maze32 board list)")
    p.add_argument("--emit", choices=["auto", "bytecode", "viper", "native"], default="auto",
                   help="build flavour; auto is the fastest the board supports")
    options.add_timeout(p)


def package_options(p):
    p.add_argument("-o", "--output", default=None, metavar="DIR", type=files.output_path,
                   help="the index folder to write (new, empty, or an index written before); serve it "
                        "over HTTP and: mpremote mip install --index URL maze32-game")
    p.add_argument("--manifests", action="store_true",
                   help="instead, rewrite the checkout's github-style package.json files from its file list")


def time_options(p):
    options.add_port(p)
    options.add_sizes(p)
    p.add_argument("--seeds", default="0..19", type=options.seed_range, metavar="A..B",
                   help="the seeds to time, inclusive")
    p.add_argument("--repeat", type=options.count("repeat", 1, 100), default=1, metavar="K",
                   help="runs per seed, 1..100; the best counts")
    options.add_timeout(p)
    options.add_json(p, "the timings")
    options.add_output(p, "the timings")


def flash_options(p):
    p.add_argument("--port", required=True, metavar="PORT", help="the board's serial port (required)")
    p.add_argument("--firmware", required=True, metavar="FILE", type=options.input_file("firmware"),
                   help="an ESP32_GENERIC_C6 .bin image (required)")
    p.add_argument("--erase", action="store_true", help="erase the whole flash first")


def play_options(p):
    from host import play
    p.add_argument("--mode", choices=play.Modes(), default="duel", metavar="MODE",
                   help="the game: %(choices)s (firmware/games.py's; default: duel)")
    p.add_argument("--seed", type=options.seed, default=None, metavar="N",
                   help="requested seed (default: a random one)")
    p.add_argument("--code", default=None, metavar="CODE", help="a level code instead of seed and size")
    p.add_argument("--size", default="16x16", type=options.size, metavar="WxH", help="Duel's maze size")
    p.add_argument("--bot", type=options.bot_level, default="stroll", metavar="LEVEL",
                   help="the bot's pace: stroll, walk, run, sprint or dash (2.5, 4, 6.7, 10 or 20 moves a "
                        "second; or 1..5); a person at a normal pace beats stroll and walk (default: stroll)")
    p.add_argument("--replay", default=None, metavar="FILE",
                   help="after each Duel, write its replay sheet (both players' paths, SVG) to FILE; "
                        "p on the end screen writes maze32-replay-SEED.svg")
    p.add_argument("--port", default=None, metavar="PORT",
                   help="play the board's own game on this port instead (Ctrl-] detaches)")
    p.add_argument("--board", action="store_true",
                   help="play the board's own game on the virtual board")
    p.add_argument("--host", nargs="?", const=3232, default=None, type=options.count("host", 1, 65535),
                   metavar="PORT", help="Duel over UDP: offer this game (--seed/--code, --size) to a player "
                   "who joins on PORT (default: 3232)")
    p.add_argument("--bind", default=None, metavar="ADDR",
                   help="with --host: the address to listen on (default: every interface; 127.0.0.1 keeps "
                   "the game to this machine)")
    p.add_argument("--join", default=None, metavar="HOST:PORT",
                   help="Duel over UDP: join the game a twin or a virtual board offers at HOST:PORT")
    options.add_timeout(p)


def world_validate_options(p):
    options.add_world(p)
    options.add_json(p, "the world's facts, metrics and checks")


def world_export_options(p):
    options.add_world(p, region_too=True)
    options.add_output(p, "the maze32-world/1 document", required=True)


def world_render_options(p):
    options.add_world(p, region_too=True)
    images = p.add_mutually_exclusive_group()
    images.add_argument("--png", default=None, metavar="FILE",
                        help="also write a PNG (one colour per material, a legend; the whole world "
                             "unless --region)")
    images.add_argument("--svg", default=None, metavar="FILE", help="also write an SVG, likewise")


def world_sweep_options(p):
    options.add_world_range(p)
    options.add_json(p, "the summary")
    options.add_output(p, "the summary")


BOARD_ACTIONS = {
    "list": Command(do_board_list, "list the board profiles", ["maze32 board list"], board_list_options),
    "serve": Command(do_board_serve, "serve the virtual board (MicroPython unix port) on a loopback socket",
                     ["maze32 board serve --tcp-port 2217", "maze32 board serve --riscv"], board_serve_options),
}

WORLD_ACTIONS = {
    "validate": Command(do_world_validate, "build a world and run every check",
                        ["maze32 world validate --seed 7 --depth 4 --size 250x250",
                         "maze32 world validate --seed 7 --depth 8 --strategy accretion --json"],
                        world_validate_options),
    "export": Command(do_world_export, "write the maze32-world/1 document of a world or a region",
                      ["maze32 world export --seed 7 --depth 1 --size 250x250 -o world.json",
                       "maze32 world export --seed 7 --depth 9 --region 0,0,128,64 -o part.json"],
                      world_export_options),
    "check": Command(do_world_check, "check a maze32-world/1 file, however it was made",
                     ["maze32 world check world.json"], lambda p: check_options(p, "maze32-world/1")),
    "render": Command(do_world_render, "draw a world in the terminal, and as PNG or SVG",
                      ["maze32 world render --seed 7 --depth 2",
                       "maze32 world render --seed 7 --depth 5 --size 250x250 --png caves.png"],
                      world_render_options),
    "sweep": Command(do_world_sweep, "build a range of seeds: open fraction, regions, rooms, pools, stairs",
                     ["maze32 world sweep --seeds 0..19 --depth 1..9"], world_sweep_options),
}

COMMANDS = {
    "validate": Command(do_validate, "generate a maze for a seed (or level code) and run every check",
                        ["maze32 validate --seed 7", "maze32 validate --seed 7 --size 16x16 --json",
                         "maze32 validate --code 1SG0-0000-7RBJR"], validate_options),
    "check": Command(do_check, "validate a maze32/1 file, however it was made",
                     ["maze32 check maze.json"], check_options),
    "export": Command(do_export, "write the maze32/1 JSON document of a seed",
                      ["maze32 export --seed 7 -o maze.json"], export_options),
    "code": Command(do_code, "print the shareable level code of a seed and size",
                    ["maze32 code --seed 7 --size 16x16"], code_options),
    "sweep": Command(do_sweep, "generate a range of seeds: metric distributions, failures, drift",
                     ["maze32 sweep --seeds 0..199 --size 32x32 --size 8x8 --check-bands",
                      "maze32 sweep --seeds 0..999 --jobs 2 -o sweep.json"], sweep_options),
    "render": Command(do_render, "draw a maze in the terminal, and as SVG or PNG with --svg, --png",
                      ["maze32 render --seed 7 --route", "maze32 render --seed 7 --distances --svg maze.svg",
                       "maze32 render --code 1SG0-0000-7RBJR --route --png maze.png"],
                      render_options),
    "hedge": Command(do_hedge, "a Deeper hedge-maze level: picture, ghosts, hash and checks",
                     ["maze32 hedge --seed 7 --level 3"], hedge_options),
    "board": Command(None, "board profiles (list) and the virtual board (serve)",
                     ["maze32 board list", "maze32 board serve"], actions=BOARD_ACTIONS),
    "deploy": Command(do_deploy, "compile shared/ and firmware/ with mpy-cross and copy what changed",
                      ["maze32 deploy --port /dev/ttyACM0 --board esp32-c6-devkitc-1"], deploy_options),
    "package": Command(do_package, "build a mip index (micropython-lib's layout) of the library and the game",
                       ["maze32 package -o dist/mip", "maze32 package --manifests"], package_options),
    "time": Command(do_time, "time generate + validate on the board, every hash checked against the twin",
                    ["maze32 time --port /dev/ttyACM0 --size 32x32 --size 8x8 --seeds 0..19"], time_options),
    "flash": Command(do_flash, "write MicroPython to an ESP32-C6 with esptool",
                     ["maze32 flash --port /dev/ttyACM0 --firmware ESP32_GENERIC_C6-v1.27.0.bin --erase"],
                     flash_options),
    "play": Command(do_play, "play in this terminal (Duel against a bot, Deeper or Explore), or the board's game",
                    ["maze32 play --mode deeper", "maze32 play --code 1SG0-0000-7RBJR",
                     "maze32 play --port /dev/ttyACM0", "maze32 play --mode duel --host 3232 --seed 7",
                     "maze32 play --mode duel --join 192.168.1.20:3232"], play_options),
    "world": Command(None, "side-view worlds (seed 004): validate, export, check, render, sweep",
                     ["maze32 world validate --seed 7 --depth 4 --size 250x250",
                      "maze32 world render --seed 7 --depth 1"], actions=WORLD_ACTIONS),
    # `boards` as it was before `board list`; not listed in the help.
    "boards": Command(do_board_list, "list the board profiles (as: board list)", ["maze32 boards"],
                      board_list_options),
}

GROUPS = (("maze commands", ("validate", "check", "export", "code", "sweep")),
          ("picture commands", ("render", "hedge")),
          ("board commands", ("board", "deploy", "package", "time", "flash")),
          ("world commands", ("world",)),
          ("play commands", ("play",)))


def version():
    from maze32 import FORMAT, levelcode
    return "maze32 %s (mazes %s, level codes version %d)" % (host.__version__, FORMAT, levelcode.VERSION)


def build_parser():
    return options.build("maze32", "Deterministic duel mazes for ESP32-C6 boards and the desktop.",
                         GROUPS, COMMANDS, version())


def main(argv=None):
    from host import stdout_guard
    try:
        with stdout_guard.guarded():
            return run(sys.argv[1:] if argv is None else argv)
    except stdout_guard.StdoutError as e:
        # stdout closed or full: the output is lost, so say so on stderr and fail (not exit 0).
        sys.stderr.write("maze32: %s\n" % e)
        stdout_guard.silence()
        return EXIT_FAILED
    except BrokenPipeError:
        # stdout's reader went away (maze32 ... | head): stop quietly, as a shell tool does.
        stdout_guard.silence()
        return 141


def run(argv):
    debug = False
    try:
        try:
            args = build_parser().parse_args(argv)
        except SystemExit:
            sys.stdout.flush()          # --help, --version: a reader gone is caught below, not at exit
            raise
        debug = args.debug
        if not getattr(args, "func", None):
            raise CliError("no command given (try: maze32 validate --seed 7, or maze32 --help)")
        code = args.func(args)
        sys.stdout.flush()              # what print() buffered, while a gone reader can still be caught
        return code
    except CliError as e:
        if debug:
            raise
        sys.stderr.write("maze32: %s\n" % e)
        return e.code
    except KeyboardInterrupt:
        sys.stderr.write("maze32: interrupted\n")
        return 130
