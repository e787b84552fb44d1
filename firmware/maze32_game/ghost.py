# Ghost races: a won Duel run kept as a compact replay (its level code and Player 1's moves, frame by
# frame), and the Ghost that races it: it plays Player 2, where the bot would be, each move of the run
# turned round as Player 2's half is Player 1's turned round (SPEC 5), on the same frame of the race
# as it was made in the run (the clock of both starts at the player's first move). A ghost that ran
# the same route at the same pace ties, and a tie goes to Player 1: you.
#
# The replay, bytes (a few hundred for a 32x32 maze: 20 and one a move):
#   "G", 1          the format and its version
#   code            the level code's 13 digits, without dashes (ASCII)
#   ticks           the frame the run won on, 3 bytes, most significant first
#   moves           a byte a move: its direction (0 up, 1 right, 2 down, 3 left) in the low 2 bits,
#                   the frames since the move before minus one (0..62) above them; 63 above: 63 frames
#                   without a move, the next byte going on from there (a pause)
#   check           CRC-16 of all the above, 2 bytes
# Only moves that moved count (a bump changes nothing), so every move of a replay must be open on its
# level and the last one must reach the exit: verify() plays it through before a race starts.
# The text, a file's one line or pasted: TEXT_PREFIX and the bytes in Crockford base 32 (the level
# codes' digits), one word that a shell or a chat passes whole.
from maze32_game import duel
from maze32_game.checksum import crc16

TEXT_PREFIX = "maze32-ghost:"
VERSION = 1
DIGITS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
DIRECTIONS = ("up", "right", "down", "left")
MAX_MOVES = 8192             # a run of more moves than a 32x32 maze has cells eight times over: refused
MAX_TEXT = len(TEXT_PREFIX) + (20 + 2 * MAX_MOVES) * 8 // 5 + 2
PAUSE = 63


class GhostError(ValueError):
    # A replay refused: one line saying why (not a replay, cut short, damaged, another level, ...);
    # the caller says where it came from ("ghost FILE: ...").
    pass


class Replay:
    def __init__(self, code, ticks, moves):
        self.code = code          # the level code, dashed (1SG0-0000-7RBJR)
        self.ticks = ticks        # the frame the run won on
        self.moves = moves        # the move bytes (see the top)

    def to_bytes(self):
        head = b"G" + bytes([VERSION]) + self.code.replace("-", "").encode() + bytes(
            [self.ticks >> 16 & 255, self.ticks >> 8 & 255, self.ticks & 255])
        body = head + bytes(self.moves)
        c = crc16(body)
        return body + bytes([c >> 8, c & 255])

    def text(self):
        return TEXT_PREFIX + base32(self.to_bytes())


def add_move(moves, gap, key):
    # Append a move made `gap` frames after the one before it (1 or more) to moves, a bytearray.
    gap -= 1
    while gap >= PAUSE:
        moves.append(PAUSE << 2)
        gap -= PAUSE
    moves.append(gap << 2 | DIRECTIONS.index(key))


def next_move(moves, i):
    # The move at moves[i:] -> (index after it, frames since the move before, direction index).
    gap = 1
    while moves[i] >> 2 == PAUSE:
        gap += PAUSE
        i += 1
        if i == len(moves):
            raise GhostError("it ends in a pause, not a move")
    return i + 1, gap + (moves[i] >> 2), moves[i] & 3


def base32(data):
    out = []
    acc = bits = 0
    for b in data:
        acc = (acc << 8 | b) & 0xFFF
        bits += 8
        while bits >= 5:
            bits -= 5
            out.append(DIGITS[acc >> bits & 31])
    if bits:
        out.append(DIGITS[acc << (5 - bits) & 31])
    return "".join(out)


def unbase32(text):
    out = bytearray()
    acc = bits = 0
    for i in range(len(text)):
        v = DIGITS.find(text[i].upper())
        if v < 0:
            raise GhostError("%r at character %d is not a replay character" % (text[i], i + 1))
        acc = (acc << 5 | v) & 0xFFF
        bits += 5
        if bits >= 8:
            bits -= 8
            out.append(acc >> bits & 255)
    return bytes(out)


def parse(text):
    # A replay's text (a file's first line, or pasted) -> Replay; GhostError says what is wrong. The
    # level itself is not checked here: verify() does, once the level is made.
    text = text.strip()
    if not text.startswith(TEXT_PREFIX):
        raise GhostError("not a maze32 replay (one starts with %s)" % TEXT_PREFIX)
    if len(text) > MAX_TEXT:
        raise GhostError("too long (%d characters; a replay is at most %d)" % (len(text), MAX_TEXT))
    data = unbase32(text[len(TEXT_PREFIX):])
    if len(data) < 21:                      # the head, a move, the check
        raise GhostError("cut short (%d bytes; a replay has at least 21)" % len(data))
    # base32 pads its last bits with zeros, so other last characters decode to the same bytes: a text
    # that is not the one these bytes make was changed, whatever its checksum says.
    if crc16(data[:-2]) != data[-2] << 8 | data[-1] or base32(data) != text[len(TEXT_PREFIX):].upper():
        raise GhostError("its checksum does not match (the text was cut or changed)")
    if data[:1] != b"G" or data[1] != VERSION:
        raise GhostError("format %r version %d (this maze32 reads G version %d)"
                         % (data[:1], data[1], VERSION))
    try:
        code = data[2:15].decode()
    except UnicodeError:
        code = "?"
    if len(code) != 13:
        raise GhostError("its level code is not one (%r)" % data[2:15])
    ticks = data[15] << 16 | data[16] << 8 | data[17]
    return Replay(code[:4] + "-" + code[4:8] + "-" + code[8:], ticks, data[18:-2])   # a move at least


def level_of(replay):
    # The board's check of a replay's level: its code against this generator (levelcode.check, as the
    # menu's c). -> (seed, width, height); GhostError naming what differs. The twin uses its own
    # (host/ghost_files.py: the command line's exit codes).
    from maze32 import Maze, Workspace, levelcode
    try:
        return levelcode.check(replay.code, Maze(), Workspace())
    except ValueError as e:
        raise GhostError("its level %s: %s" % (replay.code, e))


def verify(replay, seed, width, height):
    # Play the replay as Player 1 on its level (the maze its code names: seed, size) alone: every move
    # open, the exit reached by its last move on its last frame. GhostError otherwise.
    game = duel.Duel(seed, width, height)
    me = game.players[0]
    i = n = tick = 0
    moves = replay.moves
    while i < len(moves):
        i, gap, d = next_move(moves, i)
        tick += gap
        n += 1
        if game.winner is not None:
            raise GhostError("the run goes on after it reached its exit (move %d)" % n)
        before = me.steps
        game.move(me, DIRECTIONS[d])
        if me.steps == before:
            raise GhostError("the run does not fit level %s (move %d, frame %d, walks into a wall)"
                             % (replay.code, n, tick))
    if game.winner != 0:
        raise GhostError("the run never reaches its exit on level %s" % replay.code)
    if tick != replay.ticks:
        raise GhostError("the run says it won on frame %d but its last move is on frame %d"
                         % (replay.ticks, tick))
    return n


class Ghost:
    # Player 2's keys in a race: the replay's moves turned round, each on its frame; the bot's place in
    # a DuelRound (choose(view) once a frame, as duel.Bot).
    name = "ghost"

    def __init__(self, replay):
        self.moves = replay.moves
        self.i = 0
        self.wait = 0
        self.due = None
        self.queue()

    def queue(self):
        # The next move: due after self.wait more frames.
        if self.i >= len(self.moves):
            self.due = None
            return
        self.i, self.wait, self.due = next_move(self.moves, self.i)

    def choose(self, view):
        if self.due is None:
            return None
        self.wait -= 1
        if self.wait:
            return None
        key = DIRECTIONS[(self.due + 2) & 3]      # turned round: up is down, right is left
        self.queue()
        return key
