"""The board's trust in its own machine code: maze32.selftest's version rules (native code on RV32
since v1.24.0, viper since v1.28.0) and its self-test of the indexed ptr8/ptr16/ptr32 loads and stores
the library uses, run for real on every unix-port flavour and from source (the port's own viper
compiler); firmware/maze32_game/trust.py refusing a fast flavour whose self-test fails, and deploy falling back."""
import subprocess
from array import array

import pytest

from maze32 import selftest
import runtimes
from host import deploy

RV32 = 6 | (3 << 8) | (11 << 10)          # sys.implementation._mpy of an ESP32-C6
RELEASES = [[1, 23, 0], [1, 27, 0], [1, 28, 0]]
from support import ROOT


def test_expected_results_are_cpythons():
    # On CPython the kernel is plain Python (the viper decorator is the identity): the reference.
    b8, b16, b32 = bytearray(selftest.N), array("H", bytes(2 * selftest.N)), array("i", bytes(4 * selftest.N))
    assert (selftest.exercise(0, 0, selftest.N, b8, b16, b32), sum(b16)) == selftest.EXPECTED
    assert selftest.run() == ""


@pytest.mark.parametrize("release,arch,flavour,want,words", [
    ((1, 23, 0), "rv32imc", "native", "bytecode", ["v1.23.0", "no native code", "v1.24.0"]),
    ((1, 27, 0), "rv32imc", "native", "bytecode", ["v1.27.0", "424ae08680", "indexed"]),
    ((1, 27, 0), "rv32imc", "viper", "bytecode", ["v1.28.0"]),
    ((1, 28, 0), "rv32imc", "native", "native", []),
    ((1, 20, 0), "x64", "native", "native", []),           # the rules are RV32's
    ((1, 23, 0), "rv32imc", "bytecode", "bytecode", []),
    (None, "rv32imc", "native", "native", []),             # a version unread: the self-test judges
])
def test_version_rules(release, arch, flavour, want, words):
    got, reason = selftest.trusted_flavour(release, arch, flavour)
    assert got == want and all(w in reason for w in words) and (bool(words) == bool(reason))
    assert "\n" not in reason


def test_deploy_obeys_an_explicit_emit_and_keeps_the_note():
    assert deploy.trusted((1, 27, 0), "rv32imc", "native", "auto")[0] == "bytecode"
    flavour, note = deploy.trusted((1, 27, 0), "rv32imc", "native", "native")
    assert flavour == "native" and "424ae08680" in note and "as --emit asked" in note
    assert "--emit native overrides it" in deploy.trusted((1, 27, 0), "rv32imc", "native", "auto")[1]


def lines_of(out):
    return [line for line in out.splitlines() if line]


@pytest.mark.parametrize("runtime,installed", [("unix", "bytecode"), ("unix-viper", "native"),
                                               ("unix-native", "native")])
def test_self_test_and_trust_on_each_unix_flavour(runtime, installed):
    out = lines_of(runtimes.run(runtime, "selftest.py", {"releases": RELEASES, "mpy": RV32}, firmware=True))
    assert out[:2] == ["run ''", "installed " + installed]
    checks = out[2:5]
    if installed == "bytecode":
        assert checks == ["check %s ''" % r for r in RELEASES]
        assert out[5].startswith("miscompiled 'self-test: indexed viper stores left")     # reported, runs
    else:
        assert "no native code" in checks[0] and "424ae08680" in checks[1] and checks[2] == "check [1, 28, 0] ''"
        assert out[5].startswith("said maze32: the native flavour is refused, its self-test failed")
        assert "maze32 deploy --emit bytecode" in out[5] and out[6] == "refused 1"


def test_self_test_from_source_compiled_by_the_port(tmp_path):
    # The library as mip's github manifests install it: .py files whose viper kernels the port compiles.
    script = tmp_path / "s.py"
    script.write_text(runtimes.script_text("selftest.py", {"releases": RELEASES, "mpy": RV32}))
    env = {"MICROPYPATH": "%s:%s" % (ROOT / "shared", ROOT / "firmware")}
    proc = subprocess.run([runtimes.micropython_binary(), str(script)], capture_output=True, text=True,
                          env=env, cwd=str(tmp_path), timeout=60)
    out = lines_of(proc.stdout)
    assert out[:2] == ["run ''", "installed source"], proc.stdout + proc.stderr
    assert "424ae08680" in out[3] and "mpremote mip install maze32" in out[5] and out[6] == "refused 1"


def test_deploy_falls_back_to_bytecode_when_the_board_refuses_its_machine_code(tmp_path):
    # A real deploy to a virtual board; the one thing made up is the board's first self-test verdict
    # (x64 viper computes right: the verdict of an RV32 board with the bug stands in for it).
    import json
    from host import boards, transport
    from host.virtual_board import VirtualBoard
    with VirtualBoard(tmp_path / "board") as vb:
        board = transport.Board(vb.url, 10.0)
        real, verdicts = board.exec, []

        def exec_(code, *args, **kw):
            out = real(code, *args, **kw)
            if code == deploy.SELFTEST:
                verdicts.append(out.strip())
                if len(verdicts) == 1:
                    return "maze32-selftest indexed viper loads and stores computed 1, not 793330\r\n"
            return out
        board.exec = exec_
        try:
            result = deploy.deploy(board, boards.load(boards.DEFAULT_BOARD), "auto")
        finally:
            board.close()
    assert verdicts == ["maze32-selftest ok", "maze32-selftest ok"]
    assert result["emit"] == "bytecode" and result["mpy"] == (6, 3, "x64") and result["release"][:2] >= (1, 24)
    assert result["notes"] == ["the native flavour failed the board's self-test (indexed viper loads and "
                               "stores computed 1, not 793330): bytecode flavour"]
    assert json.loads((tmp_path / "board" / "maze32.json").read_text())["flavour"] == "bytecode"
    mpy = (tmp_path / "board" / "lib" / "maze32" / "selftest.mpy").read_bytes()
    assert mpy[2] >> 2 == 0                                   # bytecode: no architecture in its header
