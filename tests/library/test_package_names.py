"""maze32/__init__.py's names: loaded at import on CPython, at their first use on MicroPython (a
board's Explore must not hold the maze core), and the same functions either way."""
import subprocess
import sys

from host.virtual_board import micropython_binary
from support import ROOT

SHARED = str(ROOT / "shared")


def run(interpreter, code):
    proc = subprocess.run([interpreter, "-c", "import sys\nsys.path.insert(0, %r)\n%s" % (SHARED, code)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout.split()


def test_cpython_generate_is_the_function_whatever_was_imported_first():
    # `import maze32.generate` binds the submodule on the package; loading at import rebinds the name.
    assert run(sys.executable, "import maze32.generate\nfrom maze32 import generate, validate\n"
                               "print(type(generate).__name__, type(validate).__name__)") == ["function", "function"]


def test_micropython_world_does_not_load_the_core_until_a_name_is_asked_for():
    code = ("import maze32.world\nprint('maze32.generate' in sys.modules, 'maze32.validate' in sys.modules)\n"
            "from maze32 import Config, generate\nprint('maze32.generate' in sys.modules, type(generate).__name__)")
    assert run(micropython_binary(), code) == ["False", "False", "True", "function"]
