"""What a newcomer reads on an 80 x 24 terminal is there whole: every legend entry of every game's start
and ? screens, the race's own title, the headers and the end screens with the longest seed; and every
Explore material's legend entry says what it does. term.fit cuts what does not fit without a word, so
these would pass unnoticed: a Deeper legend entry, the end screens' level-code lines and a ghost race's
header all lost their ends once (the playtest)."""
import re

import pytest

from maze32_game import games
from maze32_game import term as tm
from maze32_game.duel_view import DuelRound
from terminals import route

SGR = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
LONGEST_SEED = 4294967295           # ten digits: the widest a seed is written
NAME = {(1, 0): "right", (-1, 0): "left", (0, 1): "down", (0, -1): "up"}


def plain(lines):
    return [SGR.sub("", x if isinstance(x, str) else str(x, "utf-8")) for x in lines]


def ghost_race(seed, size):
    # A Duel won along the shortest route, then the round that races its ghost.
    won = DuelRound(seed, size, size)
    for step in route(seed, size):
        won.tick(NAME[step])
    assert won.game.winner == 0
    return games.new_round(games.by_name("duel"), seed, (size, size), {"ghost": won.replay()})


def rounds(seed, size=32):
    out = [(g.name, games.new_round(g, seed, (size, size), {})) for g in games.GAMES]
    return out + [("ghost race", ghost_race(seed, size))]


@pytest.mark.parametrize("what", [tm.START, tm.HELP])
def test_every_legend_entry_and_rule_is_shown_whole(what):
    for name, rnd in rounds(7, 16):
        shown = plain(tm.cover_lines(rnd, 80, 24, what))
        text = "\n".join(shown)
        assert len(shown) <= 24 and max(len(x) for x in shown) < 80, name
        for _, glyph, meaning in rnd.legend():
            assert glyph + "  " + meaning in text, (name, meaning)
        for rule in getattr(rnd, "rules", ()):
            assert rule in text, (name, rule)


def test_a_ghost_race_says_it_races_the_ghost_not_the_bot():
    race = ghost_race(7, 16)
    text = "\n".join(plain(tm.cover_lines(race, 80, 24, tm.START)))
    assert "Duel vs your ghost" in text and "before your ghost" in text and "the bot" not in text
    bot = "\n".join(plain(tm.cover_lines(DuelRound(7, 16, 16), 80, 24, tm.START)))
    assert "Duel vs bot" in bot and "before the bot" in bot


def test_headers_and_end_screens_are_whole_with_the_longest_seed():
    for name, rnd in rounds(LONGEST_SEED):
        header = rnd.header(80)
        assert len(header) < 80 and header == rnd.header(200), (name, header)   # not cut at 80
        title, rows = rnd.summary()
        shown = plain(tm.end_lines(rnd, 80, 24, ["r  replay", "m  menu", "q  quit"]))
        assert max(len(x) for x in shown) < 80, name
        for label, value in rows:
            assert ("  %-11s %s" % (label, value)) in shown, (name, label, value)
        assert str(LONGEST_SEED) in "\n".join(shown), name



def test_every_material_in_explores_legend_says_what_it_does():
    # "||  wood" alone left a newcomer to guess whether a tree stops them (it does not: it is not
    # solid); every material's entry says what it does after its name, air's too (a blank was taken
    # for a place not seen yet, as in Duel's fog).
    from maze32.world.tiles import MATERIALS
    rnd = games.new_round(games.by_name("explore"), 7, (32, 32), {})
    meanings = [m for _, _, m in rnd.legend()][2:]          # after "you" and the bump
    assert len(meanings) == len(MATERIALS)                  # every material, air first
    for m, meaning in zip(MATERIALS, meanings):
        assert meaning.startswith(m[0] + ": ") and len(meaning) > len(m[0]) + 6, meaning


def test_the_last_frame_keeps_the_end_message_and_the_figures_whole():
    # A long game's status line and its end message did not fit together ("... the bot (stroll) got
    # o"; then, with the message first, "... view 3  steps 24" for 240): the message has the message
    # line, the figures the status line.
    from maze32_game import explore_view
    rnd = DuelRound(9, 8, 8, bot_level=1)
    rnd.game.players[0].steps = 1234
    rnd.ticks = 20 * 600
    while not rnd.tick(None):
        pass
    said, status = plain(rnd.view(80, 24))[-2:]
    assert said == "the bot (stroll) got out first", said
    assert status.startswith("duel  key no") and "steps 1234  time 10:" in status, status
    dead = explore_view.ExploreRound(7, 8)
    dead.message = "burnt by lava at depth 8: score 8, 0 items"
    said, status = plain(dead.view(80, 24))[-2:]
    assert said == dead.message and status.startswith("explore  depth 8 (dungeon)"), status


@pytest.mark.parametrize("what", [tm.START, tm.PAUSED, tm.HELP])
def test_the_smallest_terminal_keeps_what_to_press_and_cuts_no_word(what):
    # 40 x 12, the least a game plays on: the cover's last line still says what to press (it was cut
    # off below the rules once), the keys are one whole line, a rule is never cut inside a word, and
    # a cover that drops lines says so.
    last = {tm.START: "press a key to start", tm.PAUSED: "paused: any key goes on", tm.HELP: "any key goes back"}
    for name, rnd in rounds(7, 16):
        shown = plain(tm.cover_lines(rnd, 40, 12, what))
        assert len(shown) <= 12 and max(len(x) for x in shown) < 40, (name, shown)
        assert shown[-1].strip().startswith(last[what]), (name, shown)
        assert "arrows/WASD move p pause ? help q quit" in shown, (name, shown)
        words = " ".join(getattr(rnd, "rules", ())).split()
        kept = []                                   # the rules' lines: those after the keys' line
        for line in shown[shown.index("arrows/WASD move p pause ? help q quit") + 1:-1]:
            if not line.split() or not set(line.split()) <= set(words):
                break
            kept += line.split()
        if words and kept:
            start = words.index(kept[0])
            assert kept == words[start:start + len(kept)], (name, kept)   # whole words, in order
        if len(plain(tm.cover_lines(rnd, 80, 50, what))) > 12:
            assert "(more on a larger terminal)" in "\n".join(shown), name


def test_the_status_line_keeps_its_figures_at_40_columns():
    # The figures a player steers by, whole on a 40-column status line: Explore's bearing and
    # distance to the stairs and its clock, Duel's and Deeper's clock (cut off at the right once).
    for name, rnd in rounds(7, 16):
        if name == "ghost race":
            continue
        rnd.tick("right")
        lines = plain(rnd.view(40, 12))
        status = lines[-1]
        assert len(status) < 40 and re.search(r"\b\d+:\d\d\b", status), (name, status)
        assert plain(rnd.view(80, 24))[-1] != status, name      # the long form, where it fits
        if name == "explore":
            assert re.search(r"stairs \d+ [NSEW]{1,2}\b", status), status
