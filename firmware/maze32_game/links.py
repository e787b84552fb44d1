# Level links: the web page's address of a round's level, which the end screens show under its code,
# the browser twin puts in its address bar and `maze32 code` prints. A module of its own, imported
# only when a game has ended, and no line in the terminal layer: a board loads this code after a
# game, never before Explore's world code, which needs all of a C6's heap it can get (issue 19).

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


def show_link(rnd, base=None, depth=1):
    # A round that ended: its end screen (term.end_lines, from rnd.summary()) gets the level link in
    # the row after its code, and rnd.link holds it.
    rnd.link = level_link(rnd, base, depth)
    summary = rnd.summary

    def with_link():
        title, rows = summary()
        return title, rows + [("level link", rnd.link)]
    rnd.summary = with_link
