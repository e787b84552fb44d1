# maze32.selftest and the firmware's trust check (firmware/maze32_game/trust.py) on this runtime, in the flavour
# the runtime imports. ARGS: {"releases": [[major, minor, micro], ...], "mpy": sys.implementation._mpy
# to judge by (an RV32 board's)}. Prints the self-test's verdict, the installed flavour, the check's
# line for each release, and what the check does with a miscompiled kernel.
from maze32 import selftest
from maze32_game import trust


def miscompiled(i, j, n, b8, b16, b32):
    # A stand-in for machine code the RV32 bug miscompiled: the real kernel, then one halfword store
    # gone to the wrong place (what a clobbered index register does).
    got = selftest.exercise(i, j, n, b8, b16, b32)
    b16[3] = b16[3] + 1
    return got


class Lines:
    def write(self, text):
        print("said", text.strip())


print("run", repr(selftest.run()))
print("installed", trust.installed())
for release in ARGS["releases"]:
    print("check", release, repr(trust.check(tuple(release), ARGS["mpy"])))
try:
    print("miscompiled", repr(trust.check(None, ARGS["mpy"], miscompiled, Lines())))
except SystemExit as e:
    print("refused", e.args[0] if e.args else e)
