# Games' frames as term.play shows them: per round of ARGS["rounds"] ([name, seed, depth], depth for
# Explore) a walk of ARGS["ticks"] ticks, each frame (the round's frame(), or view(), at 80 x 24)
# written through term.Screen, the player bumped every fifth frame; prints per round the SHA-256 of
# everything written.
import binascii
import hashlib
from maze32_game import games, term

KEYS = ("right", "right", "down", "right", "left", "up", "right", None, "left", "down", "up", "up")

for name, seed, depth in ARGS["rounds"]:
    h = hashlib.sha256()

    def write(piece):
        h.update(piece.encode() if isinstance(piece, str) else bytes(piece))
    screen = term.Screen(write)
    rnd = games.new_round(games.by_name(name), seed, (32, 32), {"bot": 2, "depth": depth})
    frame = getattr(rnd, "frame", rnd.view)
    for i in range(ARGS["ticks"]):
        rnd.bump = 8 if i % 5 == 0 else 0
        screen.show(frame(80, 24))
        rnd.tick(KEYS[i % len(KEYS)])
    print(name, seed, depth, binascii.hexlify(h.digest()).decode())
