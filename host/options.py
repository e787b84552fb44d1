# Option parsing for the command line, in one place (as esptool's cli_util): the parser that reports
# through CliError, the value types users type (seeds, sizes, ranges, counts), the options several
# commands share, and the parser built from cli.py's command table.
# Nothing heavier than argparse at the top: every maze32 command builds this parser first, and a
# command's options (which import what their defaults name) are added only when it is the one chosen.
import argparse

from host.errors import CliError

SEED_LIMIT = 0xFFFFFFFF


class Parser(argparse.ArgumentParser):
    # argparse prints usage and exits on its own; route its complaints through CliError instead, on
    # one line: control characters escaped, long quoted values clipped.
    # pending: the function adding this (sub)parser's options, run when argparse first hands it the
    # command line (its own options, help and errors all come after that), so a command's start
    # pays only for its own options.
    pending = None

    def parse_known_args(self, args=None, namespace=None):
        self.add_pending()
        return super().parse_known_args(args, namespace)

    def add_pending(self):
        pending, self.pending = self.pending, None
        if pending is not None:
            pending(self)

    def error(self, message):
        import re
        message = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
        message = re.sub(r"'([^']{37})[^']{4,}'", r"'\1...'", message)[:300]
        raise CliError(message + did_you_mean(message))


def did_you_mean(message):
    # "; did you mean 'validate'?" for argparse's "invalid choice: 'valdate' (choose from ...)" when
    # one choice is close to what was typed; else "".
    import difflib
    import re
    m = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
    if not m:
        return ""
    close = difflib.get_close_matches(m.group(1), re.findall(r"'([^']*)'", m.group(2)), 1, 0.6)
    return "; did you mean '%s'?" % close[0] if close else ""


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    # Descriptions and examples as written; every option's help ends with its default, when it has one
    # worth saying (a flag is off by default, an option without a value is simply not used).
    def _get_help_string(self, action):
        text = action.help or ""
        if (not action.option_strings or "default" in text or action.default in (None, False)
                or action.default is argparse.SUPPRESS):
            return text
        return "%s (default: %s)" % (text, action.default)


# -- value types: each raises CliError naming the option and what is wrong -------------------------
def clipped(text):
    # What the user typed, quoted in a one-line error: repr, at most 40 characters.
    text = repr(text)
    return text if len(text) <= 40 else text[:37] + "..."


def number(value):
    # An integer the user typed, in a one-line error: in full up to 24 digits.
    text = "%d" % value
    return text if len(text) <= 24 else "%s... (%d digits)" % (text[:12], len(text))


def seed(text):
    try:
        value = int(text, 0)
    except ValueError:
        raise CliError("seed: %s is not an integer" % clipped(text))
    if value < 0 or value > SEED_LIMIT:
        raise CliError("seed: %s is outside 0..%d" % (number(value), SEED_LIMIT))
    return value


def bot_level(text):
    # The bot's level by name (firmware/maze32_game/duel.py's BOT_LEVELS) or number, 1 = the easiest.
    from maze32_game import duel
    names = [name for name, _ in duel.BOT_LEVELS]
    if text.isdigit() and 1 <= int(text) <= len(names):
        return int(text)
    if text in names:
        return names.index(text) + 1
    raise CliError("bot: %s is not a level; choose %s (or 1..%d)" % (clipped(text), ", ".join(names), len(names)))


def size(text):
    # "WxH" -> (W, H); evenness and limits are the library's to judge (twin.make_config).
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise CliError("size: %s is not WxH (for example 32x32)" % clipped(text))
    if any(len(p.strip()) > 4 for p in parts):
        raise CliError("size: %s is far too large (sides are 8..32)" % clipped(text))
    return int(parts[0]), int(parts[1])


def seed_range(text):
    parts = text.split("..")
    if len(parts) != 2:
        raise CliError("seeds: %s is not a range A..B (for example 0..19)" % clipped(text))
    first, last = seed(parts[0]), seed(parts[1])
    if last < first:
        raise CliError("seeds: range %s is empty (%d > %d)" % (clipped(text), first, last))
    return first, last


def input_file(what):
    # A file a command reads whole, such as a firmware image: it must be a regular file (a FIFO would
    # be waited on for ever, a device read without end).
    def parse(text):
        import os
        import stat
        from host.files import shown
        try:
            st = os.stat(text)
        except FileNotFoundError:
            raise CliError("%s: %s: no such file" % (what, shown(text)))
        except (OSError, ValueError) as e:
            raise CliError("%s: %s: %s" % (what, shown(text), getattr(e, "strerror", None) or e))
        if not stat.S_ISREG(st.st_mode):
            raise CliError("%s: %s: %s" % (what, shown(text), "is a directory" if stat.S_ISDIR(st.st_mode)
                                             else "not a regular file"))
        return text
    return parse


COUNT_LIMIT = 2 ** 31 - 1      # what "at least N" options accept at most (the library judges the rest)


def count(name, low, high=None):
    # An integer type for option `name` within low..high (high None: at least low, below 2**31).
    def parse(text):
        try:
            value = int(text, 0)
        except ValueError:
            raise CliError("%s: %s is not an integer" % (name, clipped(text)))
        if value < low or value > (COUNT_LIMIT if high is None else high):
            raise CliError("%s: must be %s, got %s" % (
                name, "at least %d" % low if high is None and value < low else
                "%d..%d" % (low, COUNT_LIMIT if high is None else high), number(value)))
        return value
    return parse


def region(text):
    # "X,Y,W,H" -> a tuple; whether it lies in the world is the world's to judge (worlds.region_in).
    parts = text.split(",")
    if len(parts) != 4 or not all(p.strip().isdigit() and len(p.strip()) <= 9 for p in parts):
        raise CliError("region: %s is not X,Y,W,H (four integers, for example 0,0,64,64)" % clipped(text))
    x, y, w, h = (int(p) for p in parts)
    if w < 1 or h < 1:
        raise CliError("region: %s is empty" % clipped(text))
    return x, y, w, h


def cache_limit(text):
    # "64M", "512K", "1G" or bytes -> bytes.
    t = text.strip().upper()
    mult = {"K": 1024, "M": 1024 * 1024, "G": 1024 * 1024 * 1024}.get(t[-1:], 1)
    digits = t[:-1] if t[-1:] in ("K", "M", "G") else t
    if not digits.isdigit() or len(digits) > 15 or int(digits) < 1:
        raise CliError("cache-limit: %s is not a size (for example 64M)" % clipped(text))
    return int(digits) * mult


def depth_range(text):
    # "D" or "D1..D2" -> (first, last), within 1..255.
    parts = text.split("..")
    try:
        lo, hi = (int(parts[0]), int(parts[-1])) if len(parts) in (1, 2) else (0, -1)
    except ValueError:
        raise CliError("depth: %s is not a depth or a range D1..D2" % clipped(text))
    if lo < 1 or hi > 255 or hi < lo:
        raise CliError("depth: %s is not within 1..255 (a depth, or a range D1..D2)" % clipped(text))
    return lo, hi


# -- options several commands share ---------------------------------------------------------------
SETTING_HELP = {
    "seams": "seam pairs opened across the mirror line",
    "cycles": "cycle pairs added on long detours",
    "view_radius": "players' Chebyshev view radius in cells",
    "min_exit_separation": "least route distance between the two exits",
    "landmark_pairs": "landmark pairs placed",
    "artifact_pairs": "vision-artifact pairs placed",
    "max_attempts": "candidate seeds tried before generation fails",
}


def add_settings(p):
    # The generator settings of SPEC 3; unset means the library's default (Config).
    from maze32 import Config
    from host.twin import SETTINGS
    defaults = Config(width=32, height=32)
    for name in SETTINGS:
        default = "22*(W+H)//64" if name == "min_exit_separation" else getattr(defaults, name)
        p.add_argument("--" + name.replace("_", "-"), type=count(name, 0), default=None, dest=name,
                       metavar="N", help="%s (default: %s)" % (SETTING_HELP[name], default))


def add_maze(p, code=False, default_size="32x32"):
    # The maze a command works on: --seed (or --code), --size and the settings.
    p.add_argument("--seed", required=not code, type=seed, metavar="N",
                   help="requested seed, 0..4294967295, decimal or 0x..." + ("" if code else " (required)")
                   + ("; give --seed or --code" if code else ""))
    if code:
        p.add_argument("--code", default=None, metavar="CODE",
                       help="a level code (maze32 code) naming seed and size instead")
    p.add_argument("--size", default=default_size, type=size, metavar="WxH",
                   help="maze size, even, 8..32 each, at most 1024 cells")
    add_settings(p)


def add_world(p, region_too=False, default_size=None, size_help=None):
    # The world a command works on: --seed, --depth, --size, --strategy (and --region), its cache.
    from maze32.world.tiles import STRATEGIES
    from host.worlds import DEFAULT_SIZE
    default_size = default_size or DEFAULT_SIZE
    p.add_argument("--seed", required=True, type=seed, metavar="N",
                   help="requested seed, 0..4294967295, decimal or 0x... (required)")
    p.add_argument("--depth", required=True, type=count("depth", 1, 255), metavar="D",
                   help="depth 1..255: 1-3 surface, 4-6 caves, 7+ dungeon (required)")
    p.add_argument("--size", default="%dx%d" % default_size, type=size, metavar="WxH",
                   help=size_help or "world size, 64..2048 each (default 2048x2048, the largest; Explore "
                                     "plays 128x128; tests use 250x250)")
    p.add_argument("--strategy", choices=STRATEGIES, default="bsp",
                   help="the dungeon's rooms (depth 7+): binary space partition or room accretion")
    if region_too:
        p.add_argument("--region", type=region, default=None, metavar="X,Y,W,H",
                       help="only this part of the world")
    p.add_argument("--cache", default=None, metavar="DIR",
                   help="keep generated chunks under DIR/worlds/<seed>/depth_<N>/ and reuse them")
    p.add_argument("--cache-limit", type=cache_limit, default=64 * 1024 * 1024, metavar="BYTES",
                   help="the cache's size cap, e.g. 64M or 512K; least recently used chunks go first")


def add_world_range(p):
    # The worlds a sweep builds: --seeds, --depth (or a range of depths), --size, --strategy.
    from maze32.world.tiles import STRATEGIES
    from host.worlds import TEST_SIZE as default_size
    p.add_argument("--seeds", required=True, type=seed_range, metavar="A..B",
                   help="the seeds to build, inclusive (required)")
    p.add_argument("--depth", required=True, type=depth_range, metavar="D",
                   help="a depth 1..255, or a range D1..D2 to compare depths (required)")
    p.add_argument("--size", default="%dx%d" % default_size, type=size, metavar="WxH",
                   help="world size (default: the test size; 2048x2048 is the world in play)")
    p.add_argument("--strategy", choices=STRATEGIES, default="bsp", help="the dungeon's rooms (depth 7+)")


def add_web_url(p):
    p.add_argument("--web-url", default=None, metavar="URL",
                   help="the browser twin's page that level links point to (default: $MAZE32_WEB_URL, else "
                        "http://127.0.0.1:8032/, where maze32 web serve serves it)")


def add_json(p, what):
    p.add_argument("--json", action="store_true",
                   help="print %s as JSON on stdout instead of the report" % what)


def add_output(p, what, required=False):
    from host.files import output_file
    p.add_argument("-o", "--output", required=required, default=None, metavar="FILE", type=output_file,
                   help="write %s as JSON to FILE (whole or not at all; - for stdout)%s"
                   % (what, " (required)" if required else ""))


def add_sizes(p):
    p.add_argument("--size", action="append", type=size, metavar="WxH",
                   help="maze size, repeatable (default: 32x32)")


def add_port(p):
    p.add_argument("--port", default=None, metavar="PORT",
                   help="serial port, socket:// or rfc2217:// URL, or `riscv` for the RISC-V board "
                        "(QEMU, built on first use) (default: the virtual board)")


def timeout(text):
    # --timeout: finite seconds in range (transport.check_timeout says which); imported only when given.
    from host.transport import check_timeout
    if len(text) > 24:
        raise CliError("timeout: %s is not a number of seconds" % clipped(text))
    return check_timeout(text)


def add_timeout(p):
    p.add_argument("--timeout", type=timeout, default=None, metavar="S",
                   help="seconds each exchange with the board may take, 0.5..3600 (default: 5; "
                        "listing files and the bench get longer in proportion)")


# -- the parser -----------------------------------------------------------------------------------
class Command:
    # One row of the command table: what runs, its one-line help, example lines, and either a
    # function adding its options or, for a verb with actions (board list / board serve), the actions.
    def __init__(self, func, help, examples, options=None, actions=None):
        self.func = func
        self.help = help
        self.examples = examples
        self.options = options or (lambda p: None)
        self.actions = actions


class Version(argparse._VersionAction):
    # --version with the text computed only when asked for (it names the library's format, and
    # importing the library is not every command's business).
    def __call__(self, parser, namespace, values, option_string=None):
        if callable(self.version):
            self.version = self.version()
        super().__call__(parser, namespace, values, option_string)


def build(prog, description, groups, commands, version, lazy=False):
    # groups: ((title, (name, ...)), ...); commands: name -> Command (cli.py); version: a function
    # giving --version's text. Help lists the commands by group; each command's help ends with its
    # example. lazy: each command's options are added when that command is parsed (Parser.pending),
    # not all of them now (main's way; tests walking the whole parser build it eagerly).
    listing = [description, ""]
    for title, names in groups:
        listing.append("%s:" % title)
        for name in names:
            listing.append("  %-10s %s" % (name, commands[name].help))
        listing.append("")
    parser = Parser(prog=prog, usage="%(prog)s [-h] [--version] [--debug] COMMAND ...",
                    description="\n".join(listing).rstrip(), formatter_class=HelpFormatter,
                    epilog="Run '%s COMMAND --help' for a command's options and an example." % prog)
    parser.add_argument("--version", action=Version, version=version,
                        help="print the version and exit")
    parser.add_argument("--debug", action="store_true", help="show the traceback of an error")
    common = Parser(add_help=False)      # --debug after the command too
    common.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                        help="show the traceback of an error")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", help=argparse.SUPPRESS,
                                parser_class=Parser, prog=prog)
    for name, command in commands.items():
        add_command(sub, name, command, common, prog, lazy)
    return parser


def add_command(sub, name, command, common, prog="maze32", lazy=False):
    p = sub.add_parser(name, help=command.help, description=command.help, parents=[common],
                       formatter_class=HelpFormatter,
                       epilog="example%s:\n%s" % ("s" if len(command.examples) > 1 else "",
                                                  "\n".join("  " + e for e in command.examples)))
    if command.actions:
        actions = p.add_subparsers(dest="action", metavar="{%s}" % ",".join(command.actions), required=True,
                                   parser_class=Parser, prog="%s %s" % (prog, name))
        for action_name, action in command.actions.items():
            add_command(actions, action_name, action, common, "%s %s" % (prog, name), lazy)
    else:
        p.pending = command.options
        if not lazy:
            p.add_pending()
        p.set_defaults(func=command.func)
    return p
