"""Ghost races (firmware/maze32_game/ghost.py): a won Duel's run as a compact replay (level code, Player 1's moves
frame by frame, a checksum) in a one-word text; the same text on CPython and the MicroPython unix
port; a race against it ties at the same pace (the tie is yours) and is lost a frame later; every
damaged, cut, forged or foreign replay refused with one line saying why."""
import pytest

from maze32_game import duel, ghost
import runtimes
from maze32_game.duel_view import DuelRound
from terminals import route

KEYS = {(1, 0): "right", (-1, 0): "left", (0, 1): "down", (0, -1): "up"}


def won_run(seed, size, pause=3):
    # seed's Duel won along its shortest route, a key every pause + 1 frames.
    rnd = DuelRound(seed, size, size)
    for step in route(seed, size):
        if rnd.tick(KEYS[step]):
            break
        for _ in range(pause):
            rnd.tick(None)
    assert rnd.game.winner == 0
    return rnd


def forged(code, ticks, moves):
    return ghost.Replay(code, ticks, bytearray(moves)).text()


@pytest.mark.parametrize("seed, size, moves, nbytes", [(9, 16, 58, 78), (7, 32, 109, 129), (3, 32, 141, 161)])
def test_a_won_run_is_a_replay_of_a_few_hundred_bytes(seed, size, moves, nbytes):
    rnd = won_run(seed, size)
    replay = rnd.replay()
    data = replay.to_bytes()
    assert len(data) == nbytes == 20 + moves                      # a byte a move at a human pace
    text = replay.text()
    assert text.startswith("maze32-ghost:") and " " not in text and len(text) < 300
    again = ghost.parse(text)
    assert (again.code, again.ticks, bytes(again.moves)) == (rnd.code, rnd.ticks, bytes(rnd.moves))
    assert ghost.verify(again, seed, size, size) == moves


@pytest.mark.parametrize("pause", [0, 1, 2, 3, 4])
def test_a_replay_has_one_text_every_other_last_character_is_refused(pause):
    # base32's last character carries padding bits: one that decodes to the same bytes must still be a
    # change the checksum line names (a board test once raced a "damaged" text).
    text = won_run(9, 16, pause).replay().text()
    refused = 0
    for c in ghost.DIGITS:
        if c != text[-1]:
            with pytest.raises(ghost.GhostError, match="checksum does not match"):
                ghost.parse(text[:-1] + c)
            refused += 1
    assert refused == len(ghost.DIGITS) - 1
    with pytest.raises(ghost.GhostError, match="checksum does not match"):
        ghost.parse(text + ghost.DIGITS[0])


def test_a_pause_of_seconds_costs_a_byte_for_each_three():
    moves = bytearray()
    ghost.add_move(moves, 1, "right")
    ghost.add_move(moves, 200, "down")                             # 10 s without a move
    assert list(moves) == [1, 252, 252, 252, 10 << 2 | 2]
    i, gap, d = ghost.next_move(moves, 1)
    assert (i, gap, ghost.DIRECTIONS[d]) == (5, 200, "down")


def test_the_ghost_races_where_the_bot_would_be_and_a_tie_is_yours():
    replay = won_run(9, 16).replay()
    race = DuelRound(9, 16, 16, ghost_run=replay)
    while not race.tick(None):                                     # the player stands still
        pass
    assert race.message == "the ghost got out first" and race.ticks == replay.ticks
    assert race.game.players[1].steps == 58
    title, rows = race.summary()
    assert ("ghost", "a 0:11.4 run, 58 steps, out") in rows and "ghost run 0:11.4" in race.header(80)
    assert "G" in [g for _, g, _ in race.legend()]
    tie = won_run(9, 16)                                           # the same keys on the same frames
    tie_race = DuelRound(9, 16, 16, ghost_run=replay)
    for step in route(9, 16):
        if tie_race.tick(KEYS[step]):
            break
        for _ in range(3):
            tie_race.tick(None)
    assert tie_race.message == "you win!" and tie_race.ticks == tie.ticks


def test_the_same_run_is_the_same_text_on_the_unix_port():
    keys = [KEYS[s] for s in route(9, 16)]
    out = {}
    for runtime in ("cpython", "unix"):
        out[runtime] = runtimes.run(runtime, "ghost_race.py", {"seed": 9, "size": [16, 16], "keys": keys,
                                                               "pause": 2}, firmware=True).splitlines()
    assert out["cpython"] == out["unix"]
    text, sizes, tie, late = out["unix"]
    assert text == won_run(9, 16, pause=2).replay().text()
    assert sizes == "moves 58 ticks 172 bytes 78"
    assert tie == "you win! at 172, ghost 57 steps" and late == "the ghost got out first at 172, ghost 58 steps"


def refusal(text):
    with pytest.raises(ghost.GhostError) as e:
        replay = ghost.parse(text)
        ghost.verify(replay, 9, 16, 16)
    message = str(e.value)
    assert "\n" not in message
    return message


def test_every_bad_replay_is_refused_with_one_line_saying_why():
    good = won_run(9, 16).replay()
    text = good.text()
    assert refusal("hello") == "not a maze32 replay (one starts with maze32-ghost:)"
    assert refusal(text[:-9]) == "its checksum does not match (the text was cut or changed)"
    assert refusal(text[:20]).startswith("cut short (4 bytes")
    flipped = text[:40] + ("0" if text[40] != "0" else "1") + text[41:]
    assert refusal(flipped) == "its checksum does not match (the text was cut or changed)"
    assert refusal(text[:30] + "U" + text[31:]) == "'U' at character 18 is not a replay character"
    assert refusal(ghost.TEXT_PREFIX + "0" * ghost.MAX_TEXT).startswith("too long (")
    data = bytearray(good.to_bytes())
    data[1] = 2                                                    # another version, checksum right
    body = bytes(data[:-2])
    c = ghost.crc16(body)
    assert refusal(ghost.TEXT_PREFIX + ghost.base32(body + bytes([c >> 8, c & 255]))) == \
        "format b'G' version 2 (this maze32 reads G version 1)"
    moves = bytearray(good.moves)
    start = duel.Duel(9, 16, 16)
    cell = start.players[0].cell
    wall = [d for d in range(4) if not start.maze.cells[cell] & duel.MOVES[ghost.DIRECTIONS[d]][1]][0]
    moves[0] = moves[0] & ~3 | wall                                # the first move into a wall
    assert refusal(forged(good.code, good.ticks, moves)) == \
        "the run does not fit level 18G0-0000-96H9Z (move 1, frame 1, walks into a wall)"
    assert refusal(forged(good.code, good.ticks, good.moves[:-1])) == \
        "the run never reaches its exit on level 18G0-0000-96H9Z"
    assert refusal(forged(good.code, good.ticks + 1, good.moves)).startswith("the run says it won on frame")
    assert refusal(forged(good.code, good.ticks, bytes(good.moves) + b"\x01")) == \
        "the run goes on after it reached its exit (move 59)"
    assert refusal(forged(good.code, good.ticks, [252])) == "it ends in a pause, not a move"
    assert refusal(forged(good.code, 0, [])) == "cut short (20 bytes; a replay has at least 21)"


@pytest.mark.parametrize("data", [b"maze32-ghost:\xff\xfe\xc3(\n", b"\x80" * 5000])
def test_a_boards_ghost_file_that_is_not_text_is_one_line_on_the_menu(tmp_path, monkeypatch, data):
    # g on the board's menu reads ghost.txt from its flash (board_runs.race); one of bytes that are no
    # UTF-8 is the menu's line (was: UnicodeError out of the menu, the app ended on the REPL).
    from maze32_game import board_runs
    monkeypatch.chdir(tmp_path)
    (tmp_path / board_runs.GHOST_FILE).write_bytes(data)
    said = board_runs.race(None, None, lambda *args: "raced")
    assert said == "ghost: ghost.txt is not text (a won Duel replaces it)"
