"""Explore's worlds can be won (issue 19): over seeds nobody tuned to, at every depth kind and both
dungeon strategies, the share of worlds as generated (candidate 0 of each strategy) whose stairs the
check (maze32/world/reach.py) reaches from the spawn, at all and within the game's ROUTE_LIMIT; then
the world the game deals for each (seed, depth): how many candidates it took, its route, and whether
bench/explore_pilot.py, playing that route with the game's own tick, takes the stairs. Beside them,
the same worlds under the rules before issue 19 (old_rules_reach, an estimate); on worlds of 2048 x
2048 issue 19 measured 25 of 528 (4.7%) with reachable stairs under those.
Deterministic: the same table every run.

usage: python bench/explore_reach.py [--seeds 132] [--json]
"""
import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "shared"), str(ROOT / "firmware")]
from maze32_game import explore  # noqa: E402
import explore_pilot  # noqa: E402
from maze32.world.tiles import KIND_NAMES, STRATEGIES, DUNGEON, SOLID, HAZARD, DIGGABLE, kind_of  # noqa: E402

DEPTHS = ((1, 2, 3), (4, 5, 6), (7, 8, 9, 12, 20, 40, 100, 255))   # a surface, a caves, a dungeon depth


def old_rules_reach(game):
    # Were the stairs reachable from the spawn under the rules before issue 19's (explore.py at
    # 943bea0: walk, dig sideways and down, climb a step onto stone, fall; no building, so no way up but
    # a step)? A flood over standing places in the world as generated, a dug tile entered as air (the
    # support digs take away elsewhere is not modelled, nor steering a fall): an estimate.
    solid, hazard, dig = SOLID, HAZARD, DIGGABLE
    tile = game.tile
    goal = (game.stairs_x, game.stairs_y)

    def land(x, y):
        # Where a player at (x, y) comes to rest, or None when a hazard (or nothing) is on the way.
        while True:
            t = tile(x, y)
            if hazard[t]:
                return None
            if (x, y) == goal or solid[tile(x, y + 1)]:
                return x, y
            if y >= game.height:
                return None
            y += 1
    start = land(game.spawn_x, game.spawn_y)
    seen = {start}
    queue = [start] if start else []
    while queue:
        x, y = queue.pop()
        if (x, y) == goal:
            return True
        moves = [(x, y + 1)] if dig[tile(x, y + 1)] else []
        for nx in (x - 1, x + 1):
            t = tile(nx, y)
            if not solid[t] or dig[t]:
                moves.append((nx, y))
            elif not solid[tile(nx, y - 1)] and (not solid[tile(x, y - 1)] or dig[tile(x, y - 1)]):
                moves.append((nx, y - 1))
        for mx, my in moves:
            if 0 <= mx < game.width and 0 <= my < game.height:
                n = land(mx, my)
                if n and n not in seen:
                    seen.add(n)
                    queue.append(n)
    return False


def seeds(n):
    # n seeds spread over 32 bits by the golden ratio's multiplier: no one picked them.
    return [(i * 0x9E3779B1 + 0x7F4A7C15) & 0xFFFFFFFF for i in range(1, n + 1)]


def spread(values):
    values = sorted(values)
    if not values:
        return "-"
    return "%d / %d / %d" % (values[0], values[len(values) // 2], values[-1])


def sweep(n):
    raw = {}        # (kind, strategy) -> [route length or -1 with no limit]
    old = {}        # (kind, strategy) -> [stairs reachable under the old rules]
    dealt = {}      # kind -> [(candidate, route, pilot's result)]
    for i, seed in enumerate(seeds(n)):
        for choices in DEPTHS:
            depth = choices[i % len(choices)]
            game = explore.Explore(seed, depth)
            kind = kind_of(depth)
            candidate, route = game.candidate, game.route      # before the pilot takes the stairs
            path, length = explore_pilot.route(game, (game.x, game.y))
            result, _ = explore_pilot.fly(game, path, 20 * length + 500) if path else ("no route", 0)
            dealt.setdefault(KIND_NAMES[kind], []).append((candidate, route, result))
            for strategy in ((0, 1) if kind == DUNGEON else (0,)):
                game.deal(depth, strategy)              # candidate 0 and 1: the seed's own world of each
                name = KIND_NAMES[kind] + ("/" + STRATEGIES[strategy] if kind == DUNGEON else "")
                raw.setdefault(name, []).append(game.stairs_route(None, 128 * 128))
                old.setdefault(name, []).append(old_rules_reach(game))
    return raw, old, dealt


def tables(raw, old, dealt):
    limit = explore.ROUTE_LIMIT
    lines = ["| worlds as generated | worlds | reachable, old rules | reachable | within %d tiles | "
             "route min / median / max |" % limit, "|---|---|---|---|---|---|"]
    total = before = reach = near = 0
    for name, routes in raw.items():
        ok = [r for r in routes if r >= 0]
        total, reach, near = total + len(routes), reach + len(ok), near + sum(r <= limit for r in ok)
        before += sum(old[name])
        lines.append("| %s | %d | %d | %d | %d | %s |" % (name, len(routes), sum(old[name]), len(ok),
                                                          sum(r <= limit for r in ok), spread(ok)))
    lines.append("| all | %d | %d (%.1f%%) | %d (%.1f%%) | %d (%.1f%%) | |" % (
        total, before, 100.0 * before / total, reach, 100.0 * reach / total, near, 100.0 * near / total))
    lines += ["", "| worlds dealt | worlds | route within %d | pilot took the stairs | candidates min / median / max |"
              % limit, "|---|---|---|---|---|"]
    for name, rows in dealt.items():
        lines.append("| %s | %d | %d | %d | %s |" % (
            name, len(rows), sum(0 <= r <= limit for _, r, _ in rows), sum(p == "stairs" for _, _, p in rows),
            spread([c + 1 for c, _, _ in rows])))
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=132)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    raw, old, dealt = sweep(args.seeds)
    if args.json:
        print(json.dumps({"generated": raw, "old_rules": old, "dealt": dealt}))
    else:
        print("\n".join(tables(raw, old, dealt)))


if __name__ == "__main__":
    main()
