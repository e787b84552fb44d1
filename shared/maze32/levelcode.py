# Level codes (SPEC 3.7): a short printable string players can share, e.g. "0H8C-J3ZK-AQ5T4".
# 64 bits, most significant first: format version (4), W/2 - 4 (4), H/2 - 4 (4), requested seed (32),
# the first 20 bits of the maze hash (20); written as 13 Crockford base-32 digits in groups 4-4-5.
# The code names default settings for its size; loading regenerates the maze and compares the hash
# prefix, so a code from another generator version is caught instead of silently giving another maze.
# Runs on every runtime but allocates (the 64-bit value is a long int on a board): never in generation.
# check() is the one check of a code, shared by the command line and the board's menu.
from maze32 import Config, generate, split_seed, maze_hash, OK

VERSION = 1
_DIGITS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_ALIASES = {"O": "0", "I": "1", "L": "1"}


class CodeError(ValueError):
    # A malformed code: wrong length, a character outside the alphabet, a size no maze has.
    pass


class Mismatch(CodeError):
    # A well-formed code this generator cannot honour: another format version, or another maze.
    pass


def encode(width, height, seed, digest_hex):
    value = (VERSION << 60) | ((width // 2 - 4) << 56) | ((height // 2 - 4) << 52) | (seed << 20) \
        | int(digest_hex[:5], 16)
    chars = []
    for _ in range(13):
        chars.append(_DIGITS[value & 31])
        value >>= 5
    text = "".join(reversed(chars))
    return text[:4] + "-" + text[4:8] + "-" + text[8:]


def decode(code):
    # -> (version, width, height, seed, hash prefix as 5 hex digits); CodeError names what is wrong.
    text = code.strip().upper().replace("-", "").replace(" ", "")
    if len(text) != 13:
        raise CodeError("level code: expected 13 characters (4-4-5), got %d" % len(text))
    value = 0
    for ch in text:
        ch = _ALIASES.get(ch, ch)
        i = _DIGITS.find(ch)
        if i < 0:
            raise CodeError("level code: %r is not a code character" % ch)
        value = (value << 5) | i
    if value >> 64:
        raise CodeError("level code: out of range")
    version = value >> 60
    width = (((value >> 56) & 15) + 4) * 2
    height = (((value >> 52) & 15) + 4) * 2
    seed = (value >> 20) & 0xFFFFFFFF
    prefix = "%05x" % (value & 0xFFFFF)
    return version, width, height, seed, prefix


def check(code, maze, ws):
    # The maze a level code names, regenerated into maze and ws (default settings for its size), or
    # CodeError / Mismatch saying what differs. -> (seed, width, height). Besides generate's own
    # nothing-allocating work it allocates a Config, the decoded value and the hash's few bytes.
    version, width, height, seed, prefix = decode(code)
    if version != VERSION:
        raise Mismatch("level code: format version %d, this maze32 reads version %d" % (version, VERSION))
    try:
        cfg = Config(width=width, height=height)
    except ValueError as e:
        raise CodeError("level code: %s" % e)
    hi, lo = split_seed(seed)
    if generate(maze, ws, cfg, hi, lo) != OK:
        raise Mismatch("level code: seed %d at %dx%d makes no maze with this generator (generation "
                       "failed)" % (seed, width, height))
    made = maze_hash(maze, ws)[:5]
    if made != prefix:
        # A mistyped character changes the seed or the prefix, so a typo is far likelier than another
        # generator: say that first.
        raise Mismatch("level code: hash differs for seed %d at %dx%d: check the code for a typo (the "
                       "code expects %s..., this generator makes %s...; if the code is right, it was "
                       "made by a different generator or settings)" % (seed, width, height, prefix, made))
    return seed, width, height
