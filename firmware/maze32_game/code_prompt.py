# The board menu's `c` prompt: a level code typed (or a ghost's text pasted) under the menu, then
# loaded or raced. Rarely used, so app.py loads it at the key only and the menu forgets it again
# (loading.forget): kept in app.py, its code stayed in every game's resident heap (544 B of Duel's).
from maze32_game import term as tm

# The longest text the prompt takes: ghost.MAX_TEXT, the longest ghost's text (a level code is 15);
# written out, not imported, as ghost.py loads Duel (a test holds them equal). One more is kept, so
# Enter knows the text went past it.
CODE_CAP = 26261
TOO_LONG = "too long (at most %d characters; the rest was dropped)" % CODE_CAP


def read_code(term, lines):
    # A level code typed on the menu screen; Enter ends it, Backspace deletes, Esc or Ctrl-C cancels.
    # Past CODE_CAP characters the rest is dropped (a paste of anything must not fill the heap), said
    # under the prompt; the text returned is then CODE_CAP + 1 long.
    # A frame's characters are joined to the text once (as in app.Keys.typed).
    text = ""
    while True:
        cols, rows = term.size()
        term.show(lines(cols, rows, text, TOO_LONG if len(text) > CODE_CAP else ""))
        keys, term.pending = tm.split_keys(tm.take(term))
        added = []
        for i in range(len(keys)):
            k = keys[i]
            if k in ("\r", "\n"):
                term.pending = tm.join_keys(keys[i + 1:]) + term.pending
                return text + "".join(added)
            if k in ("\x03", "\x1b"):
                return None
            if k in ("\x7f", "\x08"):
                text, added = (text + "".join(added))[:-1], []
            elif len(k) == 1 and " " < k <= "~" and len(text) + len(added) <= CODE_CAP:
                added.append(k)
        text += "".join(added)
        tm.sleep_ms(tm.FRAME_MS)


def enter(term, lines, seed, size, race):
    # The prompt, then what its text does: a ghost's raced (race(term, text): app.py's runs), a level
    # code checked as the command line checks it. -> (the menu's message, seed, size).
    code = read_code(term, lines)
    if code and len(code) > CODE_CAP:
        return "level code: " + TOO_LONG, seed, size
    if code and code.startswith("maze32-ghost:"):
        return race(term, code), seed, size
    if not code:
        return "", seed, size
    from maze32 import Maze, Workspace, levelcode
    try:               # the command line's own check: format version and hash too
        seed, w, h = levelcode.check(code, Maze(), Workspace())
        return "code loaded: seed %d, %dx%d" % (seed, w, h), seed, (w, h)
    except ValueError as e:
        return str(e), seed, size
