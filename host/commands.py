# The commands of maze32's command table (cli.py), one do_<verb> a command as mpremote's commands.py
# has them: each takes the parsed options, calls the library or the host's facades, and hands the
# result to a report. They raise CliError for bad input; cli.main prints it on one line.
# Each imports what it needs (the twin, the reports and rich, the pictures) itself: cli.py imports
# this table on every start, and a command (or a mistyped option) pays only for its own.

import sys

from host.errors import CliError

EXIT_OK = 0
EXIT_FAILED = 1     # a maze that failed generation or a check
EXIT_USAGE = 2      # bad input: options, seeds, sizes, files, codes


def settings_of(args):
    from host import twin
    return dict((n, getattr(args, n)) for n in twin.SETTINGS if getattr(args, n, None) is not None)


# -- maze -----------------------------------------------------------------------------------------
def do_validate(args):
    from host import report, twin
    result = twin.requested(args.seed, args.code, args.size, settings_of(args))
    report.publish(result.document(), report.show_validation, args.json)
    return EXIT_OK if result.ok else EXIT_FAILED


def do_check(args):
    from host import report, twin
    verdict = twin.check_file(args.file)
    report.publish(verdict, report.show_check, args.json)
    return EXIT_OK if verdict["valid"] else EXIT_FAILED


def do_export(args):
    from host import files, report, twin
    result = twin.build(args.seed, twin.make_config(args.size, settings_of(args)))
    if not result.ok:
        report.show_failure(report.console(), result.document())
        return EXIT_FAILED
    files.write_json(args.output, result.document())
    if args.output != "-":
        report.console().print("wrote %s (hash %s)" % (args.output, result.hash()[:16]))
    return EXIT_OK


def do_code(args):
    from host import report, twin
    result, code = twin.level_code(args.seed, args.size, settings_of(args))
    if code is None:
        report.show_failure(report.console(), result.document())
        return EXIT_FAILED
    from host import web
    report.publish({"code": code, "seed": args.seed, "width": args.size[0], "height": args.size[1],
                    "hash": result.hash(), "link": web.level_link(web.default_url(args.web_url), code)},
                   report.show_code, args.json)
    return EXIT_OK


def do_sweep(args):
    from host import files, report, sweep, twin
    sizes = args.size or [(32, 32)]
    settings = settings_of(args)
    for s in sizes:
        twin.make_config(s, settings)
    bands = sweep.load_bands(args.bands, sizes) if args.check_bands else None
    first, last = args.seeds
    with report.progress("sweeping", len(sizes) * (last - first + 1)) as advance:
        document = sweep.sweep(sizes, first, last, args.jobs, sorted(settings.items()), bands,
                               args.write_bands is not None, advance)
    report.publish(document, report.show_sweep, args.json, args.output)
    if args.write_bands is not None:
        files.write_json(args.write_bands, document["bands"])
    sweep.verdict(document)
    return EXIT_OK


# -- pictures -------------------------------------------------------------------------------------
def do_render(args):
    from host import files, render, render_terminal, report, twin
    result = twin.requested(args.seed, args.code, args.size, settings_of(args))
    if not result.ok:
        report.show_failure(report.console(), result.document())
        return EXIT_FAILED
    doc = result.document()
    if args.svg == "-" and args.png == "-":
        raise CliError("--svg - and --png -: only one picture can go to stdout")
    if args.svg is not None:
        files.write_output(args.svg, render.svg(doc, args.route, args.distances))
    if args.png is not None:
        files.write_output(args.png, render.png(doc, args.route, args.distances))
    if "-" not in (args.svg, args.png):
        render_terminal.show(report.console(), doc, args.route, args.distances, args.svg, args.full, args.png)
    return EXIT_OK


def do_hedge(args):
    from host import files, render_hedge, report, twin
    pictures = (args.svg, args.png)
    if pictures.count("-") + bool(args.json) > 1:
        raise CliError("--json, --svg - and --png -: only one can go to stdout")
    level = twin.hedge_level(args.seed, args.level)
    if args.svg is not None:
        files.write_output(args.svg, render_hedge.svg(level))
    if args.png is not None:
        files.write_output(args.png, render_hedge.png(level))
    if "-" not in pictures:
        report.publish(level, report.show_hedge, args.json)
        written = [p for p in pictures if p is not None]
        if written and not args.json:
            report.console().print("written: %s" % ", ".join(written), highlight=False, soft_wrap=True)
    return EXIT_OK if all(level["checks"].values()) else EXIT_FAILED


# -- board ----------------------------------------------------------------------------------------
def do_board_list(args):
    from host import boards, report
    report.publish(boards.load_all(), report.show_boards, args.json)
    return EXIT_OK


def do_board_serve(args):
    from host import board_key, report
    out = report.console()
    if args.riscv and args.panel:
        raise CliError("board serve: --panel is for the virtual board, not --riscv")
    if args.riscv:
        from host import riscv_board
        from host.virtual_board import board_folder
        board_folder(args.root or riscv_board.default_root())     # a bad folder fails before the build
        firmware = riscv_board.build_firmware(lambda line: out.print(line, highlight=False))
        vb = riscv_board.RiscvBoard(args.root, port=args.tcp_port, firmware=firmware)
        out.print("RISC-V board (MicroPython's rv32imc firmware in QEMU, -icount shift=0) in %s" % vb.root)
    else:
        from host.virtual_board import VirtualBoard
        vb = VirtualBoard(args.root, port=args.tcp_port, panel=args.panel)
        out.print("virtual board (MicroPython unix port) in %s" % vb.root)
        if vb.panel:
            d = vb.panel.display
            out.print("panel: %s %dx%d, what reaches it shown in %s as frames arrive"
                      % (d["kind"].upper(), d["width"], d["height"], vb.panel.png), highlight=False, soft_wrap=True)
            vb.panel.note = lambda line: out.print(line, highlight=False, markup=False)
    vb.on_refused = lambda: out.print("refused a connection without the board's key (%d so far)" % vb.refused)
    try:
        # The interpreter named in full: the key's mpremote needs this install's packages (pyserial),
        # which a shell's own python may not have.
        out.print("serving on [bold]%s[/]; use it with --port %s" % (vb.url, vb.url), soft_wrap=True)
        out.print("mpremote, with the board's key:", soft_wrap=True)
        out.print("  %s -m host.board_key connect %s ..." % (sys.executable, vb.url), soft_wrap=True,
                  highlight=False)
        out.print("Ctrl-C stops it")
        vb.serve_forever()
    finally:
        board_key.forget(vb.port, vb.key)       # a Ctrl-C before serving began: its key goes too
        if getattr(vb, "panel", None):
            out.print(vb.panel.summary(), highlight=False)
    return EXIT_OK


def do_deploy(args):
    from host import boards, deploy, report, transport
    profile = boards.load(args.board)
    with transport.connected(args.port, args.timeout) as board:
        with report.progress("deploying") as advance:
            result = deploy.deploy(board, profile, args.emit, progress=lambda path: advance(1, path))
    report.show_deploy(report.console(), result, args.port, args.board)
    return EXIT_OK


def do_package(args):
    from host import package, report
    out = report.console()
    if args.manifests:
        for path in package.write_manifests():
            out.print("wrote %s" % path, highlight=False)
        return EXIT_OK
    if args.output is None:
        raise CliError("package: give -o DIR (the index folder) or --manifests")
    with report.progress("building the mip index"):
        index = package.build_index(args.output)
    report.show_package(out, index, args.output)
    return EXIT_OK


def do_time(args):
    from host import report, timing, twin
    sizes = args.size or [(32, 32)]
    for s in sizes:
        twin.make_config(s, {})
    first, last = args.seeds
    with report.progress("timing on the board", len(sizes) * (last - first + 1)) as advance:
        document = timing.measure(args.port, args.timeout, sizes, first, last, args.repeat,
                                  lambda row: advance())
    report.publish(document, report.show_time, args.json, args.output)
    timing.verdict(document)
    return EXIT_OK


def do_flash(args):
    from host import flashing, report
    flashing.flash(args.port, args.firmware, args.erase, log=report.console().print)
    return EXIT_OK


# -- world ----------------------------------------------------------------------------------------
def built_world(args, region=None):
    # The world (or region) of the options, with a progress bar; a cache that cannot work is bad input.
    from maze32.world.cache import CacheError
    from host import report, worlds
    spec = worlds.spec_for(args.seed, args.depth, args.size, args.strategy)
    try:
        cache = worlds.open_cache(args.cache, args.cache_limit, report.warn)
        with report.progress("building the world", worlds.chunks_in(spec, region)) as advance:
            return worlds.build(spec, args.seed, region, cache, advance)
    except CacheError as e:
        raise CliError(str(e))


def do_world_validate(args):
    from host import report, worlds
    doc = worlds.validation(built_world(args))
    report.publish(doc, report.show_world, args.json)
    return EXIT_OK if doc["valid"] else EXIT_FAILED


def do_world_export(args):
    from host import files, report, worlds
    region = built_world(args, args.region)
    doc = worlds.document(region)
    files.write_json(args.output, doc, compact=True)
    if args.output != "-":
        report.console().print("wrote %s (%d x %d tiles at %d,%d, hash %s)" % (
            args.output, region.w, region.h, region.ox, region.oy, doc["hash"][:16]))
    return EXIT_OK


def do_world_check(args):
    from host import report, worlds
    verdict = worlds.check_file(args.file)
    report.publish(verdict, report.show_check, args.json)
    return EXIT_OK if verdict["valid"] else EXIT_FAILED


def do_world_render(args):
    # The terminal shows the region, or the view round the spawn; a picture file the region, the whole
    # world (--whole), or by default a larger view round the spawn at several pixels a tile.
    from host import files, render_world, report, worlds
    if args.whole and args.region:
        raise CliError("--whole and --region: one or the other (the whole world, or a part of it)")
    image = args.png or args.svg
    if args.whole and not image:
        raise CliError("--whole goes with --png or --svg (the terminal shows the view round the spawn)")
    spec = worlds.spec_for(args.seed, args.depth, args.size, args.strategy)
    shown = render_world.terminal_region(worlds.region_in(spec, args.region), image) if args.region else None
    if image:
        around = not (args.region or args.whole)
        picture = built_world(args, worlds.around_spawn(spec, render_world.PICTURE_VIEW) if around else
                              args.region)
        files.write_output(image, render_world.png(picture, around) if args.png else
                           render_world.svg(picture, around))
        if image == "-":
            return EXIT_OK
    view = built_world(args, shown or worlds.around_spawn(spec, render_world.VIEW))
    render_world.show(report.console(), view, image)
    if shown and tuple(shown) != tuple(args.region):
        report.console().print("the terminal shows at most %d x %d tiles: the whole region is in %s"
                               % (render_world.TERMINAL_MOST + (image,)), highlight=False, soft_wrap=True)
    return EXIT_OK


def do_world_sweep(args):
    from host import report, worlds
    first, last = args.seeds
    worlds.spec_for(first, args.depth[0], args.size, args.strategy)      # bad sizes fail before any work
    with report.progress("sweeping worlds", (last - first + 1) * (args.depth[1] - args.depth[0] + 1)) as advance:
        doc = worlds.sweep(first, last, args.depth, args.size, args.strategy, advance)
    report.publish(doc, report.show_world_sweep, args.json, args.output)
    return EXIT_FAILED if any(d["failures"] for d in doc["depths"].values()) else EXIT_OK


# -- play -----------------------------------------------------------------------------------------
def do_play(args):
    from host import play, twin
    if args.bind is not None and args.host is None:
        raise CliError("--bind goes with --host (the address a hosted game listens on)")
    if args.bind is not None and not args.bind.strip():
        raise CliError("--bind: give an address (127.0.0.1, or 0.0.0.0 for every interface)")
    if args.depth is not None and (args.mode != "explore" or args.port is not None or args.board
                                   or args.host is not None or args.join is not None):
        raise CliError("--depth goes with --mode explore in this terminal (the depth of its first world)")
    if args.ghost is not None:
        return play_ghost(args)
    if args.host is not None or args.join is not None:
        from host import duel_link, web
        seed, size = twin.game_seed(args.seed, args.code, args.size) if args.join is None else (None, None)
        return duel_link.run(args.host, args.join, seed, size, args.mode, bind=args.bind,
                             web_url=web.default_url(args.web_url))
    if args.port is not None or args.board:
        return play.attach(args.port, args.timeout)
    from host import web
    seed, size = twin.game_seed(args.seed, args.code, args.size)
    return play.run(args.mode, seed, size, args.bot, replay=args.replay, depth=args.depth or 1,
                    web_url=web.default_url(args.web_url))


# -- web ------------------------------------------------------------------------------------------
def do_web_build(args):
    from host import report, web
    with report.progress("building the page"):
        page = web.build(args.output, args.micropython)
    report.show_web_build(report.console(), page)
    return EXIT_OK


def do_web_serve(args):
    from host import play
    with play.hung_up_exits():          # the page built into a temporary folder goes with the server
        return serve_page(args)


def serve_page(args):
    import tempfile
    from host import report, web
    out = report.console()
    with tempfile.TemporaryDirectory(prefix="maze32-web-") as tmp:
        if args.folder is None:
            with report.progress("building the page"):
                folder = web.build(tmp, args.micropython)["folder"]
        else:
            folder = web.served_folder(args.folder)
        httpd = web.server(folder, args.bind, args.port)
        url = web.url_of(httpd)
        out.print("serving %s on [bold]%s[/] (a level: %s#code=CODE; maze32 code prints the link)" % (folder, url, url),
                  highlight=False, soft_wrap=True)
        out.print("Ctrl-C stops it", highlight=False)
        sys.stdout.flush()
        try:
            httpd.serve_forever()
        finally:
            httpd.server_close()
            if httpd.dropped:
                out.print("dropped %d connections (broken, stalled, or past %d at once)"
                          % (httpd.dropped, web.MAX_CONNECTIONS), highlight=False)
    return EXIT_OK


def play_ghost(args):
    # --ghost: a Duel in this terminal against a saved run, on the level it ran (checked first).
    from host import ghost_files, play, twin
    if args.mode != "duel" or args.port is not None or args.board or args.host is not None \
            or args.join is not None:
        raise CliError("--ghost goes with a Duel in this terminal (no --mode, --port, --board, --host, --join)")
    replay, seed, size = ghost_files.load(args.ghost)
    named = twin.from_code(args.code) if args.code is not None else None
    if named is not None and (named.seed, (named.cfg.width, named.cfg.height)) != (seed, size) \
            or args.seed not in (None, seed):
        raise CliError("--ghost ran level %s, not the one --code or --seed names (drop them: the ghost "
                       "names its level)" % replay.code)
    from host import web
    return play.run("duel", seed, size, args.bot, replay=args.replay, ghost=replay,
                    web_url=web.default_url(args.web_url))


# -- the command table ----------------------------------------------------------------------------
