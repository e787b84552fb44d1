# Build flavours of shared/maze32, fastest last. deploy ships one; the tests run each.
#   bytecode  every module as bytecode; kernels.py with its @micropython.viper lines removed, so its
#             kernels run as plain bytecode (works on every port, the webassembly one included)
#   viper     bytecode modules, kernels.py compiled with the viper emitter for the board's architecture
#   native    every module compiled with -X emit=native, kernels.py with viper kernels
import re

FLAVOURS = ("bytecode", "viper", "native")
_DECORATOR = re.compile(r"^[ \t]*@micropython\.viper[ \t]*\r?\n", re.M)
_BOUNDS = re.compile(r"^([ \t]*)if [^#\n]*:([ \t]*# viper bounds)$", re.M)


def strip_viper(source):
    # The kernels' source with every @micropython.viper line removed: plain Python, same results.
    # A `# viper bounds` check becomes `if True:`, which the compiler drops (see kernels.py).
    return _BOUNDS.sub(r"\1if True:\2", _DECORATOR.sub("", source))


def mpy_cross_flags(flavour, module, arch):
    # Extra mpy-cross flags for one module of shared/maze32 in a flavour (arch as in sys.implementation).
    if flavour == "native":
        return ["-march=" + arch, "-X", "emit=native"]
    if flavour == "viper" and module == "kernels":
        return ["-march=" + arch]
    return []


def fastest(arch):
    # The fastest flavour a board of this native architecture can run.
    return "native" if arch else "bytecode"
