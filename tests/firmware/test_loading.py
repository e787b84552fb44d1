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
