"""The benchmarks' option types, one definition each: a range of seeds or depths ("A" or "A..B"), a
size ("WxH") and a list of sizes ("WxH,WxH"). Each is an argparse `type`: a bad value is argparse's
one-line usage error (ValueError), never a traceback.
"""


def whole_range(text):
    # "A" or "A..B" -> the list A..B; empty (B < A) or not whole numbers: ValueError.
    first, _, last = text.partition("..")
    numbers = list(range(int(first), int(last or first) + 1))
    if not numbers:
        raise ValueError("empty range %r" % text)
    return numbers


def size(text):
    # "WxH" -> (W, H).
    w, h = text.split("x")
    return int(w), int(h)


def sizes(text):
    # "WxH,WxH" -> [(W, H), ...].
    return [size(s) for s in text.split(",")]
