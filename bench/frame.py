# Callgrind workload (bench/frame_time.py): TICKS frames of a game, after setup.
# duel: a frame = Player 1's move (a fixed key cycle), the bot's choice and move, and the console frame
# of the board (a 15 x 9 cell window around the player) built as a string; writing it to the serial
# port is the port's business, not measured.
# deeper: a frame = the player's move and the ghosts' (every ghost awake and due, so each frame pays
# for the route search to the player, the worst case), and the console frame.
import console

if ARGS["mode"] == "duel":
    import duel
    game = duel.Duel(ARGS["seed"], ARGS["width"], ARGS["height"])
    bot = duel.Bot(2, ARGS["seed"] + 1)
    keys = ("right", "down", "left", "up")
    frame = console.render_duel(game, (7, 4))  # warm-up: imports, first frame
else:
    import deeper
    game = deeper.Deeper(ARGS["seed"])
    while game.depth < ARGS["level"]:
        game.descend()
    keys = ("right", "left", "down", "up")
    frame = console.render_deeper(game)
i = 0
while i < ARGS["ticks"]:
    if ARGS["mode"] == "duel":
        game.tick(keys[i & 3], bot.choose(duel.PlayerView(game, 1)))
        frame = console.render_duel(game, (7, 4))
    else:
        for g in range(game.level.ghosts):
            game.awake[g] = 1
            game.timer[g] = 1
        game.tick(keys[i & 3])
        frame = console.render_deeper(game)
    i += 1
print("done", len(frame))
