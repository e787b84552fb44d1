# What covers a game on a terminal (term.cover_lines says it through here): before it starts, while
# it is paused, under ?. Loaded while a cover shows and let go as it goes (term.frames), so a round in
# play holds none of it (term.py is resident for every game).
from maze32_game import games
from maze32_game.term import (BOLD, KEYS, LOCKSTEP_KEYS, MIN_SIZE, PAUSED, RESET, START, fit, narrow,
                              too_small, wrap)


def cover_lines(rnd, cols, rows, what):
    # What covers the game before it starts, while it is paused, or under ? (what: START, PAUSED,
    # HELP): the header, the game's goal, the keys, and but when paused the legend of every glyph.
    if cols < MIN_SIZE[0] or rows < MIN_SIZE[1]:
        return too_small(cols, rows)
    game = games.by_name(rnd.name)
    title, goal = getattr(rnd, "title", game.title), getattr(rnd, "goal", game.goal)   # a link's own
    out = [rnd.header(cols), "", "  " + BOLD + fit(title, cols - 2) + RESET]
    out += ["  " + x for x in wrap("Goal: " + goal + ".", cols - 2)]
    out.append("")
    keys = narrow(KEYS if getattr(rnd, "can_pause", True) else LOCKSTEP_KEYS, cols - 2)
    out.append(("  " if len(keys) < cols - 2 else "") + fit(keys, cols))   # at 40 columns: not indented
    rules = getattr(rnd, "rules", ())           # a game's own rules, if any: written for 80 columns,
    if rules and max(len(x) for x in rules) >= cols - 2:    # rewrapped where a line would be cut
        rules = wrap(" ".join(rules), cols - 2)
    out += ["  " + line for line in rules]
    if what != PAUSED:                          # the legend: on the start screen too, for a newcomer
        out.append("")
        width = 38                              # a legend entry; two a line on 80 columns
        per = max(1, (cols - 2) // width)
        entries = rnd.legend()
        for i in range(0, len(entries), per):
            parts = []
            for style, glyph, meaning in entries[i:i + per]:
                text = meaning[:width - len(glyph) - 4]
                parts.append(style + glyph + RESET + "  " + text + " " * (width - len(glyph) - 2 - len(text)))
            out.append("  " + "".join(parts).rstrip())
    out.append("")
    last = ("press a key to start (nothing moves before your first move)" if what == START else
            "paused: any key goes on (q quits)" if what == PAUSED else "any key goes back to the game")
    out.append(BOLD + fit("  " + narrow(last, cols - 2), cols) + RESET)
    if len(out) > rows:                         # a small terminal: no blank lines, then what does not
        out = [x for x in out if x]             # fit above the last line, which says what to press
        if len(out) > rows:
            out = out[:rows - 2] + [fit("  (more on a larger terminal)", cols), out[-1]]
    return out
