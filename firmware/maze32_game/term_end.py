# The end of a game on a terminal: its end screen (term.end_lines, term.end_screen say it through
# here). A game's end only needs it: loaded then and forgotten with the game at the board's menu
# (loading.forget), so no round in play holds its code (term.py is resident for every game).
from maze32_game.term import BOLD, MIN_SIZE, RESET, fit, take, too_small, wrap
from maze32_game.term_choose import choose


def end_lines(rnd, cols, rows, keys, note=""):
    # The end of a game: its result, the figures of rnd.summary(), the keys, a note.
    if cols < MIN_SIZE[0] or rows < MIN_SIZE[1]:
        return too_small(cols, rows)
    title, rows_ = rnd.summary()
    out = [rnd.header(cols), "", "  " + BOLD + fit(title, cols - 2) + RESET, ""]
    for label, value in rows_:
        out.append(fit("  %-11s %s" % (label, value), cols))
    out.append("")
    line = ""
    for k in keys:                              # the keys, as many a line as fit
        if line and len(line) + 4 + len(k) >= cols - 2:
            out.append(fit("  " + line, cols))
            line = k
        else:
            line = line + "    " + k if line else k
    out.append(fit("  " + line, cols))
    if note:
        out.append("")
        out += ["  " + x for x in wrap(note, cols - 2)]
    if len(out) > rows:                         # a small terminal: no blank lines, then no more
        out = [x for x in out if x][:rows]
    return out


def end_screen(rnd, term, choices, note="", also=""):
    # The end of a game until a key of choices [(key, label)] (or of `also`, keys the note mentions)
    # is typed. -> the key.
    take(term)                                  # keys typed as the game ended are not an answer
    labels = ["%s  %s" % (k, label) for k, label in choices]
    return choose(term, lambda cols, rows: end_lines(rnd, cols, rows, labels, note),
                  "".join([k for k, _ in choices]) + also)
