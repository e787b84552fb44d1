# Callgrind workload (bench/frame_time.py): TICKS frames of a Duel against the bot, after setup.
# A frame = Player 1's move (a fixed key cycle), the bot's choice and move, and the console frame of
# the board (a 15 x 9 cell window around the player) built as a string; writing it to the serial port
# is the port's business, not measured.
import duel
import console

game = duel.Duel(ARGS["seed"], ARGS["width"], ARGS["height"])
bot = duel.Bot(2, ARGS["seed"] + 1)
keys = ("right", "down", "left", "up")
frame = console.render_duel(game, (7, 4))  # warm-up: imports, first frame
i = 0
while i < ARGS["ticks"]:
    game.tick(keys[i & 3], bot.choose(duel.PlayerView(game, 1)))
    frame = console.render_duel(game, (7, 4))
    i += 1
print("done", len(frame))
