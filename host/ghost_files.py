# The twin's ghosts (firmware/maze32_game/ghost.py): `maze32 play --ghost FILE|TEXT` loads one, checked all the
# way (its text, its checksum, its level against this generator, its run against that level) before a
# race starts, each refusal one line; a won Duel's run is saved as the fastest ghost of its level,
# $XDG_DATA_HOME/maze32/ghosts/CODE.txt (one line: the text to paste), written whole.
from host import files, paths, twin
from host.errors import CliError


def firmware_ghost():
    from maze32_game import ghost
    return ghost


def load(arg):
    # --ghost's value: a replay's text, or a file holding one. -> (Replay, seed, (width, height)).
    ghost = firmware_ghost()
    if arg.strip().startswith(ghost.TEXT_PREFIX):
        where, text = "ghost", arg
    else:
        where = "ghost %s" % files.shown(arg)
        data = files.read_bytes(arg, limit=ghost.MAX_TEXT + 2)
        try:
            text = data.decode("ascii")
        except UnicodeDecodeError:
            raise CliError("%s: not a maze32 replay (not text)" % where)
    try:
        replay = ghost.parse(text)
    except ghost.GhostError as e:
        raise CliError("%s: %s" % (where, e))
    try:
        level = twin.from_code(replay.code)
    except CliError as e:
        raise CliError("%s: its level %s: %s" % (where, replay.code, e), code=e.code)
    size = (level.cfg.width, level.cfg.height)
    try:
        ghost.verify(replay, level.seed, size[0], size[1])
    except ghost.GhostError as e:
        raise CliError("%s: %s" % (where, e), code=1)
    return replay, level.seed, size


def folder():
    return paths.DATA_HOME / "ghosts"


def fastest(path):
    # The replay saved at path, or None (missing, or not one: a new run replaces it).
    ghost = firmware_ghost()
    try:
        return ghost.parse(files.read_bytes(path, limit=ghost.MAX_TEXT + 2).decode("ascii"))
    except (CliError, ghost.GhostError, UnicodeDecodeError):
        return None


def save(replay):
    # A won run as its level's ghost, unless a faster one is saved. -> one line saying which.
    from host.files import shown
    path = folder() / ("%s.txt" % replay.code)
    try:
        folder().mkdir(parents=True, exist_ok=True)
    except OSError as e:
        return "your run's ghost was not saved (%s)" % (e.strerror or e)
    with files.locked(str(folder())):   # two twins winning at once: the faster run stays (ghosts.lock)
        old = fastest(path)
        if old is not None and old.ticks <= replay.ticks:
            return "the ghost of %s stays your faster run: %s" % (replay.code, shown(path))
        try:
            files.write_file(str(path), replay.text() + "\n")
        except (OSError, CliError) as e:
            return "your run's ghost was not saved (%s)" % (getattr(e, "strerror", None) or e)
    return "your run's ghost: %s\nrace it: maze32 play --ghost FILE" % shown(path)   # a line each
