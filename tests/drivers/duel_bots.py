# A bot-against-bot Duel on this runtime: each tick's keys and both players' cells.
from maze32_game import duel

w, h = ARGS["size"]
game = duel.Duel(ARGS["seed"], w, h)
bots = (duel.Bot(2, ARGS["seed"]), duel.Bot(1, ARGS["seed"] + 1))
for _ in range(ARGS["ticks"]):
    k1 = bots[0].choose(duel.PlayerView(game, 0))
    k2 = bots[1].choose(duel.PlayerView(game, 1))
    game.tick(k1, k2)
    print("%s %s %d %d" % (k1, k2, game.players[0].cell, game.players[1].cell))
