# Explore's help text: what each material does and the rules, as the start screen and the ? screen
# say them (term.cover_lines). explore_view loads it while a cover shows and lets it go again
# (ExploreRound.help): a round in play holds none of it (its strings were 1.4 KB of the board's heap).
# host/render_world.py reads MEANINGS through explore_view (its module __getattr__).
from maze32_game import explore
from maze32_game.explore_view import BUMP, MATERIALS, PLAYER, STYLES

MEANINGS = {"lava": "lava: deadly", "acid": "acid: deadly", "trap": "trap: deadly", "fire": "fire: a trap, deadly",
            "water": "water: slows you", "stairs": "stairs: one depth deeper", "item": "item: take it",
            "wood": "wood: open, you pass through", "door": "door: open, walk through",
            "dirt": "dirt: dig it", "grass": "grass: dig it", "sand": "sand: dig it", "stone": "stone: too hard to dig"}

# The rules (explore.py's header is their source).
RULES = (b"Walk, and step up onto any one-tile step; into a higher wall of dirt, grass\n"
         b"or sand you dig (up and down dig too; stone never). Up climbs anywhere open,\n"
         b"building a block of dirt under you: no pit keeps you. No step or dig drops\n"
         b"you into lava, acid or a trap (the edge holds); walk into one: the run ends.\n"
         b"Falling, no key holds you. The stairs: at most %d tiles away by route; the\n"
         b"status line points at them in a straight line, but the way there may wind.\n"
         b"r puts you back on the spawn (what you dug stays dug)."
         ).decode().split("\n")       # bytes, one constant: the board's qstr pools are nearly full
RULES[-3] = RULES[-3] % explore.ROUTE_LIMIT


def legend():
    # [(style, glyph, meaning)] of every material and the player, for term.py's ? overlay.
    # air first: a blank is open (a newcomer took it for unseen, as Duel's fog is), and drops you
    out = [(PLAYER, "@", "you"), (BUMP, "@", "on red: bump, cannot dig or climb"),
           ("", "  ", "air: blank; open, you fall in it")]
    for i in range(1, len(STYLES)):
        glyph, style = STYLES[i]
        out.append((style, glyph, MEANINGS.get(MATERIALS[i][0], MATERIALS[i][0])))
    return out
