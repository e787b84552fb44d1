# Callgrind workload (bench/frame_time.py): TICKS frames of a game, after setup, as the board's app
# plays them (term.play): the round's tick and its 80 x 24 view, through term.Screen, which
# keeps only the lines that changed; writing them to the serial port is the port's business, not
# measured.
# duel: a frame = Player 1's move (a fixed key cycle), the bot's choice and move, and the view.
# deeper: a frame = the player's move and the ghosts' (every ghost awake and due, so each frame pays
# for the route search to the player, the worst case), and the view.
from maze32_game import term

out = []
screen = term.Screen(out.append)
if ARGS["mode"] == "duel":
    from maze32_game.duel_view import DuelRound
    rnd = DuelRound(ARGS["seed"], ARGS["width"], ARGS["height"], 2)
    keys = ("right", "down", "left", "up")
else:
    from maze32_game.deeper_view import DeeperRound
    rnd = DeeperRound(ARGS["seed"])
    game = rnd.game
    while game.depth < ARGS["level"]:
        game.descend()
    rnd.banner = 0
    keys = ("right", "left", "down", "up")
screen.show(getattr(rnd, "frame", rnd.view)(80, 24))           # warm-up: imports, first frame
i = 0
while i < ARGS["ticks"]:
    if ARGS["mode"] != "duel":
        for g in range(game.level.ghosts):
            game.awake[g] = 1
            game.timer[g] = 1
    rnd.tick(keys[i & 3])
    screen.show(getattr(rnd, "frame", rnd.view)(80, 24))
    del out[:]
    i += 1
print("done", len(screen.lines))
