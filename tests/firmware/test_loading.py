"""The board's code loading (firmware/maze32_game/loading.py) on the MicroPython unix port: the menu
holds no game's modules or buffers (Explore's are made as it is chosen), and a game left for the
menu gives its heap back (its modules forgotten, its buffers with them), whichever game came before."""
import runtimes

MENU_MODULES = "maze32_game.app,maze32_game.games,maze32_game.loading,maze32_game.term"


def test_a_game_left_for_the_menu_gives_its_heap_back():
    lines = [line.split() for line in runtimes.run("unix", "game_heap.py", {
        "modes": ["explore", "duel", "deeper", "explore", "duel"]}, firmware=True).splitlines()]
    assert lines[0][0] == "menu" and lines[0][2] == MENU_MODULES          # no game's code, no buffers
    menu = int(lines[0][1])
    for mode, _, played, _, left, modules in lines[1:]:
        assert modules == MENU_MODULES, mode
        # what stays: the names its code interned (MicroPython never frees them), not its code or
        # buffers (Explore's 31 KB alone; a game holds 40-140 KB)
        assert int(left) - menu < 24000 < int(played) - menu, (mode, played, left, menu)


def test_machine_code_is_kept_loaded_only_where_its_room_is_not_given_back():
    # ports/esp32 frees committed machine code only at a soft reset: there modules stay loaded; on
    # this port a native flavour's modules are forgotten like any.
    assert runtimes.run("unix", "loading_keep.py", firmware=True).split() == ["False", "forgot", "True", "kept"]


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
