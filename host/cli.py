# maze32 command line: a command table (mpremote's main.py), each command's options, and main().
# The do_<verb> functions are in commands.py, option types in options.py, tables in report.py,
# pictures in render*.py. One error type, CliError, is caught once in main() and printed on one line.
# Every start imports this table, so it imports only argparse-light modules: a command's options
# import what their defaults name when that command is parsed, its do_<verb> what it runs on.
import sys

import host
from host import options
from host.errors import CliError
from host.options import Command
from host.commands import (EXIT_FAILED, do_validate, do_check, do_export, do_code, do_sweep, do_render,
                           do_hedge, do_board_list, do_board_serve, do_deploy, do_package, do_time,
                           do_flash, do_world_validate, do_world_export, do_world_check, do_world_render,
                           do_world_sweep, do_play, do_web_build, do_web_serve)



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
    options.add_web_url(p)
    options.add_json(p, "the code with its seed, size, hash and level link")


def web_build_options(p):
    from host import files
    p.add_argument("-o", "--output", required=True, metavar="DIR", type=files.output_path,
                   help="the page's folder to write (new, empty, or a page written before; required)")
    p.add_argument("--micropython", default=None, metavar="DIR",
                   help="the npm package @micropython/micropython-webassembly-pyscript's folder (default: "
                        "the one make setup installs in tests/wasm/node_modules)")


def web_serve_options(p):
    from host import web
    p.add_argument("folder", nargs="?", default=None, metavar="DIR",
                   help="a page maze32 web build wrote (default: build one into a temporary folder)")
    p.add_argument("--port", type=options.count("port", 0, 65535), default=web.DEFAULT_PORT, metavar="P",
                   help="the TCP port, 0 for any free one (default: %d, where level links point)" % web.DEFAULT_PORT)
    p.add_argument("--bind", default="127.0.0.1", metavar="ADDR",
                   help="the address to listen on (default: 127.0.0.1, this machine only; 0.0.0.0 shares "
                        "it with the network)")
    p.add_argument("--micropython", default=None, metavar="DIR",
                   help="without DIR: the npm package's folder, as for web build")


def sweep_options(p):
    from host import files, sweep
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
    p.add_argument("--write-bands", default=None, metavar="FILE", type=files.output_file,
                   help="write this sweep's bands to FILE (only for a deliberate generator change)")
    options.add_settings(p)


def render_options(p):
    from host import files
    options.add_maze(p, code=True)
    p.add_argument("--svg", default=None, metavar="FILE", type=files.output_file,
                   help="also write an SVG picture with title, level code and legend to FILE (- for "
                        "stdout, instead of the terminal picture)")
    p.add_argument("--png", default=None, metavar="FILE", type=files.output_file,
                   help="also write the same picture as PNG to FILE (- for stdout)")
    p.add_argument("--route", action="store_true",
                   help="draw each player's shortest start -> key -> exit route")
    p.add_argument("--distances", action="store_true",
                   help="shade cells by route distance from Player 1's start, with a colour scale")
    p.add_argument("--full", action="store_true",
                   help="the full terminal picture (two lines a maze row) even where it does not fit "
                        "80 x 24; without it a maze that does not fit is drawn compact (braille walls)")


def hedge_options(p):
    from host import files
    p.add_argument("--seed", required=True, type=options.seed, metavar="N",
                   help="requested seed, 0..4294967295 (required)")
    p.add_argument("--level", type=options.count("level", 1), default=1, metavar="L",
                   help="depth, 1 or more (the side grows to 21)")
    p.add_argument("--svg", default=None, metavar="FILE", type=files.output_file,
                   help="also write an SVG picture with title and legend to FILE (- for stdout, instead "
                        "of the terminal picture)")
    p.add_argument("--png", default=None, metavar="FILE", type=files.output_file,
                   help="also write the same picture as PNG to FILE (- for stdout)")
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
    p.add_argument("--panel", choices=["ssd1306", "st7789"], default=None,
                   help="give the virtual board that panel: the game's driver draws on it, and what reaches "
                        "it is decoded into panel.png in the board's folder, updated as frames arrive")


def deploy_options(p):
    from host.boards import DEFAULT_BOARD
    options.add_port(p)
    p.add_argument("--board", default=DEFAULT_BOARD, metavar="NAME",
                   help="board profile to write as board.json (maze32 board list)")
    p.add_argument("--emit", choices=["auto", "bytecode", "viper", "native"], default="auto",
                   help="build flavour; auto is the fastest the board supports")
    options.add_timeout(p)


def package_options(p):
    from host import files
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
    from host import files, play
    p.add_argument("--mode", choices=play.Modes(), default="duel", metavar="MODE",
                   help="the game: %(choices)s (default: duel)")       # the choices: games.py's table
    p.add_argument("--seed", type=options.seed, default=None, metavar="N",
                   help="requested seed (default: a random one)")
    p.add_argument("--code", default=None, metavar="CODE", help="a level code instead of seed and size")
    p.add_argument("--size", default="32x32", type=options.size, metavar="WxH",
                   help="Duel's maze size (32x32 like the maze commands: a seed is the same maze in each)")
    p.description = ("play in this terminal (Duel against a bot, Deeper or Explore), or the board's game.\n"
                     "Each game opens on its goal. Keys: arrows or WASD move, p or space pauses,\n"
                     "? shows the keys and what every glyph means, q quits.")
    p.add_argument("--bot", type=options.bot_level, default="stroll", metavar="LEVEL",
                   help="the bot's pace: stroll, walk, run, sprint or dash (1.7, 2.5, 4, 6.7 or 20 moves a "
                        "second; or 1..5); a person at a normal pace beats stroll and walk (default: stroll)")
    p.add_argument("--depth", type=options.count("depth", 1, 255), default=None, metavar="D",
                   help="Explore: start in the world of depth D, 1..255 (default: 1)")
    p.add_argument("--replay", default=None, metavar="FILE", type=files.output_file,     # checked before a game
                   help="after each Duel, write its replay sheet (both players' paths, SVG) to FILE; "
                        "p on the end screen writes maze32-replay-SEED.svg")
    p.add_argument("--ghost", default=None, metavar="FILE|TEXT",
                   help="Duel: race a saved run (a file, or its maze32-ghost:... text) on its level, where "
                        "the bot would be; every won Duel saves one under $XDG_DATA_HOME/maze32/ghosts/")
    p.add_argument("--port", default=None, metavar="PORT",
                   help="play the board's own game on this port instead (Ctrl-] detaches, the game left paused there)")
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
    options.add_web_url(p)
    options.add_timeout(p)


def world_validate_options(p):
    options.add_world(p)
    options.add_json(p, "the world's facts, metrics and checks")


def world_export_options(p):
    options.add_world(p, region_too=True)
    options.add_output(p, "the maze32-world/7 document", required=True)


def world_render_options(p):
    from host import files, render_world, worlds
    options.add_world(p, region_too=True, default_size=worlds.EXPLORE_SIZE,
                      size_help="world size, 64..2048 each (default 128x128, Explore's world; 2048x2048 "
                                "the largest)")
    images = p.add_mutually_exclusive_group()
    images.add_argument("--png", default=None, metavar="FILE", type=files.output_file,
                        help="also write a PNG: a title, the map (one colour per material), the spawn "
                             "and the stairs marked, a legend; %d x %d tiles round the spawn at %d "
                             "pixels a tile unless --region or --whole" % (
                                 render_world.PICTURE_VIEW + (render_world.PIXELS,)))
    images.add_argument("--svg", default=None, metavar="FILE", type=files.output_file,
                        help="also write an SVG, likewise")
    p.add_argument("--whole", action="store_true",
                   help="the picture file holds the whole world (the terminal still shows the view "
                        "round the spawn)")


def world_sweep_options(p):
    options.add_world_range(p)
    options.add_json(p, "the summary")
    options.add_output(p, "the summary")


BOARD_ACTIONS = {
    "list": Command(do_board_list, "list the board profiles", ["maze32 board list"], board_list_options),
    "serve": Command(do_board_serve, "serve the virtual board (MicroPython unix port) on a loopback socket",
                     ["maze32 board serve --tcp-port 2217", "maze32 board serve --riscv",
                      "maze32 board serve --panel st7789"], board_serve_options),
}

WORLD_ACTIONS = {
    "validate": Command(do_world_validate, "build a world and run every check",
                        ["maze32 world validate --seed 7 --depth 4 --size 250x250",
                         "maze32 world validate --seed 7 --depth 8 --strategy accretion --json"],
                        world_validate_options),
    "export": Command(do_world_export, "write the maze32-world/7 document of a world or a region",
                      ["maze32 world export --seed 7 --depth 1 --size 250x250 -o world.json",
                       "maze32 world export --seed 7 --depth 9 --region 0,0,128,64 -o part.json"],
                      world_export_options),
    "check": Command(do_world_check, "check a maze32-world/7 file, however it was made",
                     ["maze32 world check world.json"], lambda p: check_options(p, "maze32-world/7")),
    "render": Command(do_world_render, "draw a world in the terminal, and as PNG or SVG",
                      ["maze32 world render --seed 7 --depth 2",
                       "maze32 world render --seed 7 --depth 5 --size 250x250 --png caves.png",
                       "maze32 world render --seed 7 --depth 8 --whole --png world.png"],
                      world_render_options),
    "sweep": Command(do_world_sweep, "build a range of seeds: open fraction, regions, rooms, pools, stairs",
                     ["maze32 world sweep --seeds 0..19 --depth 1..9"], world_sweep_options),
}

WEB_ACTIONS = {
    "build": Command(do_web_build, "write the browser twin: a static page that plays the games in MicroPython's "
                     "webassembly port", ["maze32 web build -o page"], web_build_options),
    "serve": Command(do_web_serve, "serve the browser twin on loopback (a level: its address with #code=CODE)",
                     ["maze32 web serve", "maze32 web serve page --port 8080"], web_serve_options),
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
                     ["maze32 hedge --seed 7 --level 3", "maze32 hedge --seed 7 --level 9 --png level.png"],
                     hedge_options),
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
    "web": Command(None, "the browser twin: build the page, serve it (level links open there)",
                   ["maze32 web serve", "maze32 web build -o page"], actions=WEB_ACTIONS),
    # `boards` as it was before `board list`; not listed in the help.
    "boards": Command(do_board_list, "list the board profiles (as: board list)", ["maze32 boards"],
                      board_list_options),
}

GROUPS = (("play commands", ("play", "web")),
          ("maze commands", ("validate", "check", "export", "code", "sweep")),
          ("picture commands", ("render", "hedge")),
          ("board commands", ("board", "deploy", "package", "time", "flash")),
          ("world commands", ("world",)))


def version():
    from maze32 import FORMAT, levelcode
    return "maze32 %s (mazes %s, level codes version %d)" % (host.__version__, FORMAT, levelcode.VERSION)


def build_parser(lazy=False):
    # lazy: each command's options are added only when it is the command given (main's way: a
    # command's start then imports nothing another command's options need); else the whole parser.
    return options.build("maze32", "start here: maze32 play   (a Duel against a bot; in a game ? shows the "
                         "keys)\n\nDeterministic duel mazes for ESP32-C6 boards and the desktop.",
                         GROUPS, COMMANDS, version, lazy)


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
            args = build_parser(lazy=True).parse_args(argv)
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
