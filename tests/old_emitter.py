"""A stand-in for the RV32 viper emitter before upstream's 424ae08680 (micropython PR 18821, "Do not
clobber index register on viper load/store"): mpy-cross built from the kit's v1.28.0 source with one
edit that puts the scaled halfword or word index back into the index register, as the emitter did
before the fix, instead of into REG_TEMP2. Only for the tests that the self-test catches such code."""
import subprocess
import tarfile
from pathlib import Path

from host.paths import MICROPYTHON_TARBALL

FILE = "py/asmrv32.c"
EDITS = (
    ("asm_rv32_opcode_slli(state, REG_TEMP2, rs2, operation_size);\n            asm_rv32_opcode_cadd(state, REG_TEMP2, rs1);",
     "asm_rv32_opcode_slli(state, rs2, rs2, operation_size);\n            asm_rv32_opcode_cadd(state, rs2, rs1);"),
    ("asm_rv32_emit_load_reg_reg_offset(state, rd, REG_TEMP2, 0, operation_size);",
     "asm_rv32_emit_load_reg_reg_offset(state, rd, operation_size ? rs2 : REG_TEMP2, 0, operation_size);"),
    ("asm_rv32_emit_store_reg_reg_offset(state, rd, REG_TEMP2, 0, operation_size);",
     "asm_rv32_emit_store_reg_reg_offset(state, rd, operation_size ? rs2 : REG_TEMP2, 0, operation_size);"),
)


def build(folder):
    # -> path of the stand-in mpy-cross, built in folder (about 15 s on 2 cores).
    folder = Path(folder)
    with tarfile.open(MICROPYTHON_TARBALL) as tar:
        top = tar.getmembers()[0].name.split("/")[0]
        wanted = [m for m in tar.getmembers() if m.name.split("/")[1:2] in (["py"], ["mpy-cross"], ["shared"],
                                                                            ["extmod"])]
        tar.extractall(folder, members=wanted)
    tree = folder / top
    source = tree / FILE
    text = source.read_text()
    for old, new in EDITS:
        assert text.count(old) == 1, "not the v1.28.0 %s this stand-in edits: %r" % (FILE, old[:50])
        text = text.replace(old, new)
    source.write_text(text)
    subprocess.run(["make", "-C", str(tree / "mpy-cross"), "-j2"], check=True, capture_output=True)
    return str(tree / "mpy-cross" / "build" / "mpy-cross")
