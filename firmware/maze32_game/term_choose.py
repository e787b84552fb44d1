# The terminal layer's waits for a key between rounds (term.py's choose, join_keys, read_keys): the
# menus' (the board's, the records screen, the c prompt) and the end screens'. No round in play uses
# them, so they are loaded at their first use (term.py's __getattr__ hands them on) and forgotten at
# the menu with what loaded them (loading.forget): in term.py they stayed in every round's heap.
from maze32_game.term import FRAME_MS, LETTERS, MOVE_KEYS, QUIT, split_keys, take


def join_keys(keys):
    # The text of keys (split_keys's), to be read again.
    out = []
    for k in keys:
        out.append("\x1b[" + "ABCD"[MOVE_KEYS.index(k)] if k in MOVE_KEYS else k)
    return "".join(out)


def read_keys(text):
    # What was typed since the last frame -> (last movement key or None, quit?, rest). Arrows, WASD in
    # either case, q or Ctrl-C to quit; anything else is ignored.
    keys, rest = split_keys(text)
    key, quit_ = None, False
    for k in keys:
        if k in QUIT:
            quit_ = True
        elif k in MOVE_KEYS:
            key = k
        else:
            key = LETTERS.get(k.lower(), key)
    return key, quit_, rest


def choose(term, lines, keys):
    # Show lines(cols, rows) until one of keys (characters) is typed; Ctrl-C counts as "q". -> the key;
    # what was typed after it stays pending for the next view.
    while True:
        cols, rows = term.size()
        term.show(lines(cols, rows))
        typed, rest = split_keys(take(term))
        for i in range(len(typed)):
            k = typed[i]
            if k == "\x03":
                k = "q"
            if len(k) == 1 and k.lower() in keys:
                term.pending = join_keys(typed[i + 1:]) + rest
                return k.lower()
        term.pending = rest
        term.sleep_ms(FRAME_MS)
