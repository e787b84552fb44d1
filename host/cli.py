# maze32 command line: a command table, one small function per command that parses and calls the
# library, and one error type caught once in main() and printed on one line.
import argparse
import json
import sys

from host.errors import CliError
from host import twin, report
from maze32 import check_names

EXIT_OK = 0
EXIT_FAILED = 1     # a maze that failed generation or a check
EXIT_USAGE = 2      # bad input: options, seeds, sizes, files


class Parser(argparse.ArgumentParser):
    # argparse prints usage and exits on its own; route its complaints through CliError instead.
    def error(self, message):
        raise CliError(message)


def add_generation_options(p):
    p.add_argument("--seed", required=True, type=twin.parse_seed, help="requested seed, 0..2**32-1")
    p.add_argument("--size", default=(32, 32), type=twin.parse_size, help="WxH, even, 8..32 (default 32x32)")
    for name in twin.SETTINGS:
        p.add_argument("--" + name.replace("_", "-"), type=int, default=None, dest=name,
                       help="override the default %s" % name)


def settings_of(args):
    return dict((n, getattr(args, n)) for n in twin.SETTINGS if getattr(args, n) is not None)


def generated(args):
    cfg = twin.make_config(args.size, settings_of(args))
    return twin.build(args.seed, cfg)


def do_validate(args):
    result = generated(args)
    out = report.console()
    if result.status != 0:
        if args.json:
            print(json.dumps({"seed": args.seed, "generated": False,
                              "failures": failure_counts(result)}, indent=2))
        else:
            report.show_failure(out, result, args.seed)
        return EXIT_FAILED
    doc = result.document()
    if args.json:
        print(json.dumps(doc, indent=2))
    else:
        report.show_maze(out, doc, "seed %d" % args.seed)
    return EXIT_OK if result.mask == 0 else EXIT_FAILED


def failure_counts(result):
    from maze32 import CHECK_NAMES
    from maze32.validate import PLACEMENT
    fails = result.ws.fails
    d = dict((name, fails[i]) for i, name in enumerate(CHECK_NAMES) if fails[i])
    if fails[PLACEMENT]:
        d["placement"] = fails[PLACEMENT]
    return d


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


# name -> (function, help, argument builder)
COMMANDS = {
    "validate": (do_validate, "generate a maze for a seed and run every check",
                 lambda p: (add_generation_options(p),
                            p.add_argument("--json", action="store_true", help="print the maze32/1 document"))),
    "export": (do_export, "write the maze32/1 JSON of a seed",
               lambda p: (add_generation_options(p),
                          p.add_argument("-o", "--output", required=True, help="file to write"))),
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
