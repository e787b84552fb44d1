# Rich terminal reports of a maze: seeds, topology, per-player placements and routes, checks.
from rich.console import Console
from rich.table import Table

from maze32 import CHECK_NAMES
from host import twin

PLAYERS = ("Player 1", "Player 2")


def console():
    return Console(highlight=False)


def show_maze(out, doc, title):
    # doc: a maze32/1 document (codec.to_dict).
    m = doc["metrics"]
    head = Table.grid(padding=(0, 2))
    head.add_column(style="bold")
    head.add_column()
    head.add_row("maze", title)
    head.add_row("size", "%d x %d" % (doc["width"], doc["height"]))
    head.add_row("seed", "%d requested, %d candidate, %d attempt%s" % (
        doc["requested_seed"], doc["candidate_seed"], doc["attempts"],
        "" if doc["attempts"] == 1 else "s"))
    head.add_row("hash", doc["hash"])
    head.add_row("topology", "%d edges, cyclomatic number %d, %d dead ends, %d half crossings, "
                 "%d cells reachable" % (m["edges"], m["cyclomatic"], m["dead_ends"],
                                         m["half_crossings"], m["reachable"]))
    out.print(head)
    out.print(player_table(doc))
    out.print(check_line(doc["checks"]))


def player_table(doc):
    p = doc["placements"]
    t = Table(title="placements (x, y) and route distances", title_justify="left")
    t.add_column("")
    for name in PLAYERS:
        t.add_column(name, justify="right")

    def xy(v):
        return "(%d, %d)" % (v[0], v[1])

    for name in ("start", "exit", "key", "compass"):
        t.add_row(name, xy(p[name][0]), xy(p[name][1]))
    for kind in ("landmarks", "artifacts"):
        for i, pair in enumerate(p[kind]):
            t.add_row("%s %d" % (kind[:-1], i + 1), xy(pair[0]), xy(pair[1]))
    players = doc["metrics"]["players"]
    for label, field in (("start -> key", "start_key"), ("key -> exit", "key_exit"),
                         ("start -> exit", "start_exit"), ("start -> compass", "start_compass"),
                         ("solution length", "solution"),
                         ("edge-disjoint routes to exit", "disjoint_routes"),
                         ("bridges on the solution", "route_bridges"),
                         ("decision points on it", "route_decisions")):
        t.add_row(label, *[str(pl[field]) for pl in players])
    for kind, field in (("landmark", "start_landmarks"), ("artifact", "start_artifacts")):
        for i in range(len(players[0][field])):
            t.add_row("start -> %s %d" % (kind, i + 1),
                      *[" / ".join(str(d) for d in pl[field][i]) for pl in players])
    return t


def check_line(checks):
    parts = []
    for name in CHECK_NAMES:
        if name not in checks:
            continue
        parts.append(("[green]ok[/] " if checks[name] else "[bold red]FAIL[/] ") + name)
    return "checks: " + ", ".join(parts)


def show_failure(out, result, seed):
    # Diagnostic of a generation that used up max_attempts: which checks failed, how often.
    out.print("[bold red]generation failed[/] for seed %d at %dx%d after %d attempts" % (
        seed, result.cfg.width, result.cfg.height, result.maze.attempts))
    t = Table(title="failed attempts by reason", title_justify="left")
    t.add_column("reason")
    t.add_column("attempts", justify="right")
    for name, count in twin.failure_counts(result.ws).items():
        t.add_row("placement (no cell satisfied a rule)" if name == "placement" else name, str(count))
    out.print(t)


def histogram_text(name, bins, width=40):
    # A horizontal bar per bin: "low..high  ####  count".
    top = max(c for _, _, c in bins) or 1
    lines = ["%s:" % name]
    for lo, hi, count in bins:
        label = ("%d" % lo) if lo == hi else ("%d..%d" % (lo, hi))
        lines.append("  %9s  %-*s %d" % (label, width, "█" * max(0, round(width * count / top)), count))
    return "\n".join(lines)
