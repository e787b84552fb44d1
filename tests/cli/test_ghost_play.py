"""maze32 play --ghost: a saved Duel run raced where the bot would be, from its file or its pasted text,
and every won Duel saving its run's ghost (printed at the end); every hostile replay refused before a
race with one line saying why: truncated, a wrong checksum, a level this generator does not make, a
run that does not fit its level, a huge file, garbage, a directory, a missing file."""
import os

import pytest

from maze32_game import ghost
from maze32_game.duel_view import DuelRound
from support import one_line_error, maze32
from terminals import ARROW, MAZE32, PtyProcess, route, win_duel

KEYS = {(1, 0): "right", (-1, 0): "left", (0, 1): "down", (0, -1): "up"}


def fast_run():
    # Seed 9 at 16 x 16 won along its shortest route at a key a frame: 58 frames, under 3 seconds.
    rnd = DuelRound(9, 16, 16)
    for step in route(9, 16):
        if rnd.tick(KEYS[step]):
            break
    return rnd.replay()


@pytest.fixture
def ghost_file(tmp_path):
    path = tmp_path / "ghost.txt"
    path.write_text(fast_run().text() + "\n")
    return path


def refused(arg, code, *words):
    return one_line_error(maze32("play", "--ghost", str(arg)), code, *words)


def test_hostile_replays_are_refused_with_one_line(tmp_path, ghost_file):
    text = ghost_file.read_text().strip()
    cut = tmp_path / "cut.txt"
    cut.write_text(text[:len(text) // 2])
    refused(cut, 2, "ghost %s: its checksum does not match" % cut)
    refused(text[:-1] + ("0" if text[-1] != "0" else "1"), 2, "ghost: its checksum does not match")
    other = ghost.Replay("18G0-0000-96H9Y", 58, fast_run().moves).text()      # a level no generator makes
    refused(other, 1, "ghost: its level 18G0-0000-96H9Y: level code: hash differs for seed 9 at 16x16")
    wrong = ghost.Replay("1SG0-0000-7RBJR", 58, fast_run().moves).text()      # seed 7's maze: walls
    refused(wrong, 1, "ghost: the run does not fit level 1SG0-0000-7RBJR (move")
    huge = tmp_path / "huge.txt"
    huge.write_text(text + "0" * (1 << 20))
    refused(huge, 2, "huge.txt: too big (")
    garbage = tmp_path / "garbage.bin"
    garbage.write_bytes(os.urandom(4000))
    refused(garbage, 2, "ghost %s: not a maze32 replay" % garbage)
    refused(tmp_path, 2, "is a directory")
    refused(tmp_path / "missing.txt", 2, "no such file")
    refused("maze32-ghost:" + "!" * 40, 2, "'!' at character 1 is not a replay character")
    one_line_error(maze32("play", "--ghost", str(ghost_file), "--mode", "deeper"), 2, "--ghost goes with a Duel")
    one_line_error(maze32("play", "--ghost", str(ghost_file), "--code", "1SG0-0000-7RBJR"), 2,
                   "--ghost ran level 18G0-0000-96H9Z, not the one --code or --seed names")


# The run from its file, and (only in the full run: the same race) from its pasted text.
@pytest.mark.parametrize("pasted", [False, pytest.param(True, marks=pytest.mark.slow)], ids=["file", "text"])
def test_a_ghost_races_where_the_bot_would_be(tmp_path, ghost_file, pasted):
    # The player's first move starts the clock, then they stand still: the ghost's 58 moves on their
    # 58 frames win; the end screen says so.
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"))
    arg = ghost_file.read_text().strip() if pasted else str(ghost_file)
    term = PtyProcess([MAZE32, "play", "--ghost", arg], env=env)
    try:
        assert term.start() and term.wait_for("duel  key no", 3.0), term.text()
        assert "code 18G0-0000-96H9Z  seed 9  16x16  ghost run 0:02.9" in term.text().splitlines()[0]
        assert "arrows/WASD move  p pause" in term.text()
        term.send(ARROW[route(9, 16)[0]])
        assert term.wait_for("r  replay", 8.0), term.text()
        text = term.text()
        assert "the ghost got out first" in text and "ghost       a 0:02.9 run, 58 steps, out" in text
        assert "steps       1   (the shortest route out is 58)" in text
        term.send(b"q")
        assert term.proc.wait(10) == 0
    finally:
        term.close()
    assert not (tmp_path / "data" / "maze32" / "ghosts").exists()       # a lost race saves no ghost


def won_duel(tmp_path):
    # The twin's Duel of seed 9 at 16x16 won as a person types it. -> its environment (its data under
    # tmp_path), where its ghost is saved, and the terminal on its end screen (the caller closes it).
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"))
    term = PtyProcess([MAZE32, "play", "--seed", "9", "--size", "16x16"], env=env)
    try:
        assert term.start()
        win_duel(term, 9, 16, 0.1)
    except BaseException:
        term.close()
        raise
    return env, tmp_path / "data" / "maze32" / "ghosts" / "18G0-0000-96H9Z.txt", term


def test_a_won_duel_saves_its_ghost_and_says_where(tmp_path):
    env, saved, term = won_duel(tmp_path)
    try:
        text = term.text().replace("\n  ", " ")
        assert "you win!" in text and "first Duel record for level code 18G0-0000-96H9Z: time" in text
        assert "your run's ghost:" in text
        term.send(b"q")
        assert term.proc.wait(10) == 0
        term.read(0.3)
        assert "your run's ghost: %s" % saved in term.text().replace("\n", "")
        assert "race it: maze32 play --ghost FILE" in term.text().splitlines()   # a line of its own
    finally:
        term.close()
    replay = ghost.parse(saved.read_text())
    assert replay.code == "18G0-0000-96H9Z" and ghost.verify(replay, 9, 16, 16) == 58


@pytest.mark.slow
def test_a_second_win_keeps_the_faster_ghost_and_a_later_round_says_nothing_of_it(tmp_path):
    env, saved, term = won_duel(tmp_path)
    try:
        term.send(b"q")
        assert term.proc.wait(10) == 0
    finally:
        term.close()
    replay = ghost.parse(saved.read_text())
    # a won Duel, then Deeper from the menu: the last line is Deeper's, no "your run's ghost" of the Duel
    term = PtyProcess([MAZE32, "play", "--seed", "9", "--size", "16x16"], env=env)
    try:
        assert term.start()
        win_duel(term, 9, 16, 0.1)
        term.send(b"m")
        assert term.wait_for("2  Deeper", 3.0), term.text()
        term.send(b"2")
        assert term.start() and term.wait_for("deeper  depth 1", 3.0), term.text()
        term.send(b"q")
        assert term.proc.wait(10) == 0
        last = term.read(0.3).replace("\r", "").replace("\n", "").split("\x1b[?1049l")[-1]
        assert "quit  time" in last and "seed 9" in last and "ghost" not in last, last
    finally:
        term.close()
    # the record is the faster of the two wins (under load the second can be a tick faster), and the
    # ghost kept is that run's (the fastest on the level)
    fastest = ghost.parse(saved.read_text())
    assert fastest.ticks <= replay.ticks
    records = (tmp_path / "data" / "maze32" / "records.txt").read_text().splitlines()
    assert records[0] == "maze32-records/1" and records[1].startswith("duel 18G0-0000-96H9Z %d 58 " % fastest.ticks)
