# Explore's frames as term.play shows them: per world ARGS["worlds"] ([[seed, depth], ...]) a walk of
# ARGS["ticks"] ticks, each frame (ExploreRound.frame at 80 x 24, its painted rows included) written
# through term.Screen; prints per world the SHA-256 of everything written and the count of writes.
import binascii
import hashlib
from maze32_game import term
from maze32_game.explore_view import ExploreRound

KEYS = ("right", "right", "down", "right", "left", "up", "right", None, "left", "down")

for seed, depth in ARGS["worlds"]:
    h = hashlib.sha256()
    writes = [0]

    def write(piece):
        h.update(piece.encode() if isinstance(piece, str) else bytes(piece))
        writes[0] += 1
    screen = term.Screen(write)
    rnd = ExploreRound(seed, depth)
    for i in range(ARGS["ticks"]):
        rnd.bump = i % 5 == 0                  # the bumped player's style too
        screen.show(rnd.frame(80, 24))
        rnd.tick(KEYS[i % len(KEYS)])
    print(seed, depth, binascii.hexlify(h.digest()).decode(), writes[0])
