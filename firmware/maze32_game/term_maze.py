# The terminal helpers of the maze games' views (duel_view.py, deeper_view.py): the players' styles, a
# run of styled cells, the status line with its bump, the window that follows a player, a box in the
# middle of the screen, a quit's title. Explore's view draws none of these, so they are not in term.py,
# which every round holds (term.py's __getattr__ still hands them on).
from maze32_game.term import BOLD, BUMP, RESET, count, fit, narrow, room, spread

# The players' styles like `maze32 render` (host/render.py): Player 1 bold cyan, Player 2 bold magenta,
# remembered things dim.
P1 = ("\x1b[0;2;36m", "\x1b[0;1;36m")            # (remembered, in view)
P2 = ("\x1b[0;2;35m", "\x1b[0;1;35m")
HINT = "? help"                                   # the status line's, when there is room


def put(parts, cur, style, text):
    # text in `style` after parts, whose last style is `cur`: the escape only where the style
    # changes. -> the style now in force.
    if style != cur:
        parts.append(style)
    parts.append(text)
    return style


def unbump(parts, cur):
    # Before a blank: BUMP's red background ends (other styles colour no blank). -> the style now.
    if cur == BUMP:
        parts.append(RESET)
        return RESET
    return cur


def tail(text, bump, cols):
    # A game's status line: its text, then "bump" while the player walks into a wall, else the keys.
    text = narrow(text, room(bump, cols))
    if bump:
        return fit(text, room(bump, cols)) + "  " + BUMP + "bump" + RESET
    return spread(text, HINT, cols)


def quit_title(steps):
    # An end screen's title for a game left with q.
    return "you quit before your first move" if not steps else "you quit after %s" % count(steps, "step")


def follow(origin, pos, span, size, margin):
    # First cell of a window `span` cells long over `size` cells that keeps `pos` at least `margin`
    # cells from its edges, moving from `origin` only as far as that needs.
    if span >= size:
        return 0
    if margin > (span - 1) // 2:
        margin = (span - 1) // 2
    if pos - origin < margin:
        origin = pos - margin
    elif origin + span - 1 - pos < margin:
        origin = pos + margin - span + 1
    if origin > size - span:
        origin = size - span
    return origin if origin > 0 else 0


def boxed(texts, cols, rows):
    # texts in a box-drawn frame in the middle of an otherwise empty screen.
    inner = 0
    for t in texts:
        inner = max(inner, len(t))
    inner += 4
    pad = " " * max(0, (cols - inner - 2) // 2)
    out = [""] * max(0, (rows - len(texts) - 2) // 2)
    out.append(pad + "┌" + "─" * inner + "┐")
    for t in texts:
        left = (inner - len(t)) // 2
        out.append(pad + "│" + " " * left + BOLD + t + RESET + " " * (inner - left - len(t)) + "│")
    out.append(pad + "└" + "─" * inner + "┘")
    return out
