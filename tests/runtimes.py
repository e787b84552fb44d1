"""Run the same MicroPython-compatible script on each runtime of SPEC section 2.

A script is a driver from tests/drivers/ with a prelude that binds ARGS; each runtime imports
shared/maze32 from the working tree, unchanged.
"""
import atexit
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from host.virtual_board import micropython_binary
from support import ROOT, TESTS, script_text  # noqa: F401  (script_text: the runtimes' scripts, for tests)

SHARED = ROOT / "shared"
FIRMWARE = ROOT / "firmware"
WASM_DIR = TESTS / "wasm"

RUNTIMES = ("cpython", "unix", "wasm")
# The MicroPython flavours of host/flavours.py (see library() below): "unix" and "wasm" run the
# bytecode flavour, "unix-viper" and "unix-native" the viper and native flavours for x64.
FLAVOURS = RUNTIMES + ("unix-viper", "unix-native")
# FLAVOURS for a golden catalogue: CPython in the quick tier, the MicroPython ports (a process and a
# whole catalogue each) only in the full run.
CATALOGUE_FLAVOURS = [f if f == "cpython" else pytest.param(f, marks=pytest.mark.slow) for f in FLAVOURS]


_BUILDS = {}


def library(runtime):
    # shared/maze32 as `runtime` imports it, built once per test session through host.flavours.build
    # (what deploy ships): "unix" the bytecode flavour as .mpy files, "unix-viper" bytecode modules
    # with their viper kernels compiled for x64, "unix-native" every module native x64; "wasm" the
    # bytecode flavour as source (the webassembly port is handed .py files). Returns the folder to
    # put on the path (it holds maze32/).
    return built(runtime, SHARED / "maze32", lambda flavour: flavour)


def game(runtime):
    # firmware/maze32_game as `runtime` imports it beside its library(), built as deploy builds it
    # (host/flavours.firmware_flavour: the views' viper kernels compiled wherever the library has
    # machine code); the webassembly port, which has no viper emitter, gets source with them stripped.
    # Returns the folder to put on the path (it holds maze32_game/).
    from host import flavours
    return built(runtime, FIRMWARE / "maze32_game", flavours.firmware_flavour)


def built(runtime, package, flavour_of):
    # package built once per session for runtime, in flavour_of(the runtime's library flavour).
    key = (runtime, package.name)
    if key not in _BUILDS:
        from host import flavours
        out = Path(tempfile.mkdtemp(prefix="maze32-%s-%s-" % (runtime, package.name)))
        atexit.register(shutil.rmtree, out, True)
        if runtime == "wasm":
            flavours.build("bytecode", None, out, package, as_source=True)
        else:
            flavour = {"unix": "bytecode", "unix-viper": "viper", "unix-native": "native"}[runtime]
            flavours.build(flavour_of(flavour), "x64", out, package)
        _BUILDS[key] = out
    return _BUILDS[key]


def run(runtime, driver, args=None, timeout=600, firmware=False, also=()):
    """Run tests/drivers/<driver> with ARGS=args on `runtime`; return its stdout (raise on failure).
    With firmware=True the firmware/ modules are importable too, as on a deployed board; `also`:
    more folders of modules to import (after those)."""
    text = script_text(driver, args or {})
    paths = [SHARED] + ([FIRMWARE] if firmware else []) + [Path(p) for p in also]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "script.py"
        path.write_text(text)
        if runtime == "cpython":
            env = dict(os.environ, PYTHONPATH=os.pathsep.join(map(str, paths)))
            cmd = [sys.executable, str(path)]
        elif runtime.startswith("unix"):
            paths = [library(runtime)] + ([game(runtime)] if firmware else []) + [Path(p) for p in also]
            env = dict(os.environ, MICROPYPATH=":".join(map(str, paths)))
            cmd = [micropython_binary(), "-X", "heapsize=4M", str(path)]
        elif runtime == "wasm":
            paths = [library(runtime)] + ([game(runtime)] if firmware else []) + [Path(p) for p in also]
            env = dict(os.environ)
            cmd = ["node", str(WASM_DIR / "run.mjs"), str(path)] + [str(p) for p in paths]
        else:
            raise ValueError(runtime)
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError("%s failed (exit %d):\n%s%s" % (runtime, proc.returncode,
                                                           proc.stdout[-2000:], proc.stderr[-4000:]))
    return proc.stdout
