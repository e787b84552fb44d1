# Play a few ticks of Deeper with scripted keys; print each outcome, then the player tile and depth.
from maze32_game import deeper

game = deeper.Deeper(ARGS["seed"])
for key in ARGS["keys"]:
    print(game.tick(key))
print(game.player, game.depth)
