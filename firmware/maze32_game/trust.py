# At the game's start (app.main): may this board's maze32 be trusted? MicroPython's version and
# architecture against maze32.selftest's rules, then the self-test of the indexed viper loads and
# stores in the flavour installed. A fast flavour whose machine code computes wrong results is
# refused: the game does not start, and one line says why and what to install instead. A version the
# rules distrust, where the self-test still passes, is one line on the menu.
import sys

from maze32 import selftest


def installed():
    # The flavour deploy recorded in maze32.json; without one (a mip install) what the library's
    # files are: .py sources (whose viper kernels this board compiles), or an .mpy file's header
    # (byte 2, bits 2..: the architecture; 0 is bytecode).
    from maze32_game import board_bench
    flavour = board_bench.flavour()
    path = getattr(selftest, "__file__", "")
    if flavour != "source" or not path.endswith(".mpy"):
        return flavour
    with open(path, "rb") as f:
        return "native" if f.read(4)[2] >> 2 else "bytecode"


def frozen():
    # -> True when the library is frozen into the firmware: a frozen module's __file__ is its path
    # inside the firmware, relative ("maze32/selftest.py": py/builtinimport.c strips ".frozen/"), a
    # file's is absolute ("/lib/maze32/selftest.mpy").
    return not getattr(selftest, "__file__", "/").startswith("/")


def check(release=None, mpy=None, kernel=None, out=None):
    # -> "" or the menu's line; prints one line and raises SystemExit(1) when the self-test fails in a
    # fast flavour. release, mpy and kernel default to this board's (a test passes others).
    release = release or tuple(sys.implementation.version[:3])
    mpy = getattr(sys.implementation, "_mpy", 0) if mpy is None else mpy
    flavour = installed()
    verdict = selftest.run(kernel)
    if verdict and flavour != "bytecode":
        fix = "mpremote mip install maze32" if flavour == "source" else "maze32 deploy --emit bytecode"
        (out or sys.stdout).write("maze32: the %s flavour is refused, its self-test failed (%s): install "
                                  "bytecode (%s)\r\n" % (flavour, verdict, fix))
        raise SystemExit(1)
    if verdict:
        return "self-test: " + verdict
    fast = "viper" if flavour == "source" else flavour
    return selftest.trusted_flavour(release, selftest.arch_of(mpy), fast)[1]
