# A Duel run along ARGS["keys"] (a key, then ARGS["pause"] frames without one), its ghost's text; that
# text parsed and verified on its level; a race against it with the same keys one frame later each,
# and one where the player stands still: the text and each race's end, a line each.
from maze32_game import ghost
from maze32_game.duel_view import DuelRound


def run(rnd, keys, pause, late):
    for k in keys:
        for _ in range(late):
            if rnd.tick(None):
                return
        if rnd.tick(k):
            return
        for _ in range(pause - late):
            if rnd.tick(None):
                return
    while not rnd.tick(None):
        pass


seed, (w, h) = ARGS["seed"], ARGS["size"]
first = DuelRound(seed, w, h)                    # stroll: slower than these keys
run(first, ARGS["keys"], ARGS["pause"], 0)
text = first.replay().text()
print(text)
replay = ghost.parse(text)
print("moves %d ticks %d bytes %d" % (ghost.verify(replay, seed, w, h), replay.ticks, len(replay.to_bytes())))
for late in (0, 1):
    race = DuelRound(seed, w, h, ghost_run=replay)
    run(race, ARGS["keys"], ARGS["pause"], late)
    print("%s at %d, ghost %d steps" % (race.message, race.ticks, race.game.players[1].steps))
