# Level links: the web page's address of a round's level, which the end screens show under its code
# (term.end_lines shows a round's .link: its frontend sets it as the game ends), the browser twin
# puts in its address bar and `maze32 code` prints. A module of its own, imported only when a game
# has ended: a board loads this code after a game, never before Explore's world code, which needs
# all of a C6's heap it can get (issue 19).

# The page a link opens when the frontend names no other: the page that `maze32 web serve` serves on
# this machine (host/web.py's default; the twin's $MAZE32_WEB_URL and --web-url name another).
WEB_URL = "http://127.0.0.1:8032/"


def level_link(rnd, base=None, depth=1):
    # -> base#code=CODE for a maze of a level code (Duel), base#mode=NAME&seed=N for a game the seed
    # makes (Deeper, Explore; &depth=D for one that started at depth D).
    code = getattr(rnd, "code", None)
    if code:
        return "%s#code=%s" % (base or WEB_URL, code)
    return "%s#mode=%s&seed=%d%s" % (base or WEB_URL, rnd.name, rnd.seed, "&depth=%d" % depth if depth > 1 else "")
