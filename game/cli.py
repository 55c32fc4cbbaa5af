"""The command line: what `python main.py`, `python -m game`, the installed
`super-mega-lucky-box` command and the frozen app all run.

    super-mega-lucky-box                          play (opens the title screen)
    super-mega-lucky-box --check-record PATH...   check game records (exit 0 if all are valid)
    super-mega-lucky-box --demo [--players N] [--seed S] [--speed X] [--bot LEVEL]
                         [--exit-when-done] [--save-record PATH] [--frame-stats PATH]
                                                  watch computer players play a whole game
    super-mega-lucky-box --demo --daily YYYY-MM-DD [--game G] [...]
                                                  a computer plays that day's daily deal
    super-mega-lucky-box --tour DIR [--game G] [--lang L] [--window WxH]
                                                  save a picture of every screen, then exit
    super-mega-lucky-box --serve [--host H] [--port P] [--db URL] [--rate-limit N]
                         [--cert FILE --key FILE] [--chosen-seeds] [--announce] [...]
                                                  run the online server (docs/PROTOCOL.md,
                                                  docs/server.md; `--serve --help` lists
                                                  its settings, which `--help` leaves out)
    super-mega-lucky-box --demo --online URL [...]  the demo, every seat a client of URL
    super-mega-lucky-box --window WxH             open the window at this size
    super-mega-lucky-box --bot-worker             (internal) the computer players' process

Everything heavy is imported lazily: the record check never imports pygame (it runs on machines
without a display or SDL) and start-up stays short. A crash while starting writes `crash.log`
to the data folder and says where it is, in one message (game.core.crash).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from typing import NoReturn

from game.core import interrupts
from game.core.game import BOT_LEVELS
from game.core.safe_json import INT_BOUND
from game.core.version import APP_NAME, __version__  # the package's too (pyproject.toml)
from game.server_options import (
    HOST,
    PORT,
    SERVER_HEADING,
    add_server_options,
    server_limits,
    server_options_given,
    whole_number,
)

PROG = "super-mega-lucky-box"
BOT_WORKER_FLAG = "--bot-worker"  # paths.worker_command() starts the frozen app with it
FORCE_CRASH_ENV = "SMLB_FORCE_CRASH"  # set to 1: crash at start-up (tests the crash report)
INTERRUPTED = 130  # the exit status of a program ended by Ctrl-C (128 + SIGINT), as shells use
SPEED_MIN, SPEED_MAX = 0.1, 64.0  # --speed: slower never ends in practice, faster shows nothing
#: --window: the smallest window, and the cap when the screens cannot be asked (the dummy video
#: driver, no display): the largest screen sold (8K). Otherwise the cap is the largest screen.
WINDOW_MIN, WINDOW_MAX = (320, 180), (7680, 4320)
#: Options that only mean something for --demo (flag, argparse dest): refused without it.
DEMO_ONLY = (
    ("--players", "players"),
    ("--seed", "seed"),
    ("--speed", "speed"),
    ("--bot", "bot"),
    ("--exit-when-done", "exit_when_done"),
    ("--save-record", "save_record"),
    ("--frame-stats", "frame_stats"),
    ("--online", "online"),
    ("--daily", "daily"),
)


class OneLineParser(argparse.ArgumentParser):
    """Refuses a bad argument in one line, as every damaged input is (argparse's own error
    prints its whole usage block first), naming --help for the rest."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} ({self.prog} --help lists the options)\n")


def parse_args(argv: list[str] | None = None, prog: str = PROG) -> argparse.Namespace:
    """The command line's options. `--help` lists those to play, watch and check, and names
    `--serve --help`, which lists the server's settings instead (every option is taken
    either way: only what the help shows differs)."""
    from game.catalog import games  # pure descriptors: no pygame on the record-check path

    serving = "--serve" in (sys.argv[1:] if argv is None else argv)
    known = games()
    default = known[0]  # the demo's game unless told: the catalog's first
    titles = " and ".join(g.title for g in known)
    parser = OneLineParser(
        prog=prog,
        usage="%(prog)s --serve [server settings]" if serving else None,
        description=(
            "The online server friends play through (docs/server.md): its settings."
            if serving
            else f"{titles}: card games to play alone, with friends on one screen, against "
            "the computer or online. Without options: the title screen, where each game is "
            "chosen."
        ),
    )
    # --help lists the options in these groups (in this order); a new option joins its group.
    play = parser.add_argument_group("play")
    demos = parser.add_argument_group(
        "demo and records", "computer players play a whole game; game records checked"
    )
    online = parser.add_argument_group(
        "online", "the server friends play through, and a demo played through one"
    )
    diagnostics = parser.add_argument_group("diagnostics")
    server = parser.add_argument_group(SERVER_HEADING)
    demos.add_argument(
        "--check-record",
        nargs="+",
        metavar="PATH",
        help="check game record files (either game) and exit (0 when every record is valid)",
    )
    demos.add_argument("--demo", action="store_true", help="watch computer players play")
    seats = ", ".join(f"{g.title} {g.rules.min_players}-{g.rules.max_players}" for g in known)
    demos.add_argument(
        "--game",
        default=None,
        choices=[g.id for g in known],
        help=f"demo and tour: which game ({', '.join(f'{g.id}: {g.title}' for g in known)}; "
        f"demo: {default.title} unless told; tour: every game unless told)",
    )
    demos.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="N",
        help=f"demo: seats ({seats}; 4 unless told)",
    )
    demos.add_argument("--seed", type=demo_seed, default=None, help="demo: the deal's seed")
    demos.add_argument(
        "--daily",
        metavar="YYYY-MM-DD",
        default=None,
        help="demo: play that day's daily deal (a solo game; its seed is the date's)",
    )
    demos.add_argument(
        "--speed",
        type=demo_speed,
        default=None,
        help=f"demo: animation speed ({SPEED_MIN:g}-{SPEED_MAX:g}; 1)",
    )
    demos.add_argument(
        "--bot", default=None, choices=list(BOT_LEVELS), help="demo: computer level (normal)"
    )
    demos.add_argument("--exit-when-done", action="store_true", help="demo: quit at the end")
    demos.add_argument("--save-record", metavar="PATH", help="demo: write the game record")
    diagnostics.add_argument("--frame-stats", metavar="PATH", help="demo: write frame time JSON")
    play.add_argument(
        "--lang",
        choices=["en", "fr", "de"],
        help="the game's language for this run (English, French, German), "
        "whatever the settings say",
    )
    play.add_argument(
        "--window",
        type=window_size,
        metavar="WxH",
        help="open the window at this size, e.g. 1920x1080",
    )
    diagnostics.add_argument(
        "--tour",
        metavar="DIR",
        help="save a picture of every scene and key moment to DIR, then exit",
    )
    online.add_argument(
        "--serve",
        action="store_true",
        help="run the online server in the foreground (game/online); "
        "`--serve --help` lists its settings",
    )
    add_server_options(server)
    online.add_argument("--online", metavar="URL", help="demo: play through the server at URL")
    diagnostics.add_argument("--version", action="version", version=f"{APP_NAME} {__version__}")
    show_only(parser, serving)
    args = parser.parse_args(argv)
    if not args.demo:
        given = [flag for flag, dest in DEMO_ONLY if getattr(args, dest) not in (None, False)]
        if given:
            parser.error(f"{given[0]} needs --demo")
    if args.daily is not None:
        _check_daily(parser, args)
    if not args.serve:
        given = server_options_given(args)
        if given:
            parser.error(f"{given[0]} needs --serve")
    if (args.cert is None) != (args.key is None):
        parser.error("--cert and --key go together (the certificate and its private key)")
    args.host = HOST if args.host is None else args.host
    args.port = PORT if args.port is None else args.port
    # Held to the screens only where a window opens on one: the tour saves its drawn picture at
    # any size, and the record check and the server open no window (nor start the display).
    opens_window = not (args.tour or args.check_record or args.serve)
    if args.window is not None and opens_window:
        too_big = window_beyond_screens(args.window)
        if too_big:
            parser.error(too_big)
    args.players = 4 if args.players is None else args.players
    args.speed = 1.0 if args.speed is None else args.speed
    args.bot = args.bot or "normal"
    chosen = next((g for g in known if g.id == args.game), default)
    low, high = chosen.rules.min_players, chosen.rules.max_players
    if args.demo and not low <= args.players <= high:
        # The default game's message is the one-game version's, without "for".
        where = "" if chosen is default else f" for {chosen.title}"
        parser.error(f"--players must be from {low} to {high}{where}")
    return args


def show_only(parser: argparse.ArgumentParser, serving: bool) -> None:
    """What --help lists. Plain `--help`: the options to play, watch and check, and the
    server's heading with a line naming `--serve --help`; that one (`serving`): the server's
    settings alone. Only the help changes: every option is parsed all the same."""
    groups = parser._action_groups  # argparse keeps no other list of its groups
    for group in groups:
        in_server = group.title == SERVER_HEADING
        for action in group._group_actions:
            if action.dest != "help" and in_server != serving:
                action.help = argparse.SUPPRESS
        if in_server and not serving:
            count = len(group._group_actions)
            group.description = (
                f"{count} settings of the online server: `--serve --help` lists them"
            )
    groups[:] = [
        g
        for g in groups
        if any(a.help != argparse.SUPPRESS for a in g._group_actions) or g.title == SERVER_HEADING
    ]


def _check_daily(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """--daily: a real date, a solo game, and the date's own seed (one line and exit 2 if not)."""
    from game.core.daily import parse_day

    if parse_day(args.daily) is None:
        parser.error(f"--daily must be a real date, YYYY-MM-DD (not {args.daily!r})")
    if args.seed is not None:
        parser.error("--daily deals the date's own seed: leave out --seed")
    if args.players not in (None, 1):
        parser.error("--daily is a solo game: --players must be 1")
    if args.online:
        parser.error("--daily is played here, not --online")
    args.players = 1


def demo_seed(text: str) -> int:
    """--seed: an integer its record can hold (records refuse |n| > INT_BOUND: a demo must
    never save a record that `--check-record` then refuses)."""
    return whole_number(text, 1 - INT_BOUND, INT_BOUND - 1)


def demo_speed(text: str) -> float:
    """--speed: a finite number from SPEED_MIN to SPEED_MAX (0, negative or nan never ends)."""
    try:
        speed = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not (math.isfinite(speed) and SPEED_MIN <= speed <= SPEED_MAX):
        raise argparse.ArgumentTypeError(
            f"{text!r} is out of range (from {SPEED_MIN:g} to {SPEED_MAX:g})"
        )
    return speed


def window_size(text: str) -> tuple[int, int]:
    """'1920x1080' -> (1920, 1080), for --window; a readable error otherwise. The cap here is
    the largest screen sold (8K); `window_beyond_screens` then holds it to the screens there
    are (a bigger window is memory for pixels no display shows)."""
    parts = text.lower().replace("\u00d7", "x").split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() and len(p.strip()) < 7 for p in parts):
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT, e.g. 1920x1080")
    width, height = (int(p) for p in parts)
    if not (WINDOW_MIN[0] <= width <= WINDOW_MAX[0] and WINDOW_MIN[1] <= height <= WINDOW_MAX[1]):
        raise argparse.ArgumentTypeError(
            f"{text!r} is out of range (from {WINDOW_MIN[0]}x{WINDOW_MIN[1]} to "
            f"{WINDOW_MAX[0]}x{WINDOW_MAX[1]})"
        )
    return width, height


def desktop_sizes() -> list[tuple[int, int]]:
    """The size of each screen's desktop; [] when they cannot be known (no display, or the
    dummy driver's made-up screen). Only asked for --window: the rest of the command line
    never starts the display."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    started_here = not pygame.display.get_init()
    try:
        pygame.display.init()
        if pygame.display.get_driver() == "dummy":
            return []
        return [(int(w), int(h)) for w, h in pygame.display.get_desktop_sizes()]
    except pygame.error:  # no display at all: the window's own opening will say so
        return []
    finally:
        if started_here:  # the app starts its display its own way (its driver, its flags)
            pygame.display.quit()


def window_beyond_screens(size: tuple[int, int]) -> str | None:
    """Why `size` is too big for every screen (for --window), or None if one can show it.
    Without screens to ask, the fixed cap (WINDOW_MAX) has been checked already."""
    screens = desktop_sizes()
    width, height = size
    if not screens or any(width <= w and height <= h for w, h in screens):
        return None
    widest = max(screens, key=lambda s: s[0] * s[1])
    return (
        f"--window {width}x{height} is larger than the screen "
        f"(at most {widest[0]}x{widest[1]} here)"
    )


def check_deck() -> str | None:
    """Load the card data once at start-up: a damaged file stops the game with one line."""
    from game.luckybox.rules.cards import DeckError, load_deck

    try:
        load_deck()
    except DeckError as err:
        return f"cannot start: {err}"
    return None


def _worker_streams():
    """The worker's pipes as binary streams, also in a windowed build without sys.stdin."""
    if sys.stdin is not None and sys.stdout is not None:
        return sys.stdin.buffer, sys.stdout.buffer
    if os.name == "nt":  # a GUI-subsystem exe: Python set no std streams; use the handles
        import ctypes
        import msvcrt

        get = ctypes.windll.kernel32.GetStdHandle
        fd_in = msvcrt.open_osfhandle(get(-10), os.O_RDONLY)
        fd_out = msvcrt.open_osfhandle(get(-11), 0)
        return os.fdopen(fd_in, "rb", buffering=0), os.fdopen(fd_out, "wb", buffering=0)
    return os.fdopen(0, "rb", buffering=0), os.fdopen(1, "wb", buffering=0)


def bot_worker() -> int:
    """Serve the computer players' moves on stdin/stdout (the frozen app's `-m` stand-in)."""
    from game.core.bot_worker import serve_as_the_process

    serve_as_the_process(*_worker_streams())
    return 0


def _quiet_std_streams() -> None:
    """A windowed build (Windows, macOS) may start with no stdout/stderr: print must not fail."""
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115


def run(args: argparse.Namespace, started: float | None) -> int:
    if os.environ.get(FORCE_CRASH_ENV) == "1":
        raise RuntimeError(f"a start-up crash on request ({FORCE_CRASH_ENV}=1)")
    if args.check_record:
        from game.catalog import games
        from game.core.records import check_records_cli  # lazily: keeps pygame out of this path

        return check_records_cli(args.check_record, games())
    if args.serve or (args.demo and args.online):  # no pygame: the network runs headless
        return _online(args)
    problem = check_deck()
    if problem:
        print(problem, file=sys.stderr)
        return 2
    if getattr(args, "lang", None):
        from game.core.i18n import force_language

        force_language(args.lang)  # for this run only: the saved setting is left as it is
    from game.catalog import game_uis, games
    from game.core.ui import launch

    if args.tour:
        from game.tour import TourError, run_tour

        try:
            shots = run_tour(
                args.tour, game_uis(), game=args.game, lang=args.lang, window=args.window
            )
        except TourError as e:  # a step that could not reach its moment: said plainly
            print(f"tour: {e} (the other pictures are in {args.tour})", file=sys.stderr)
            return 1
        except KeyboardInterrupt:  # Ctrl-C: what was taken stays; no traceback
            print(f"tour: stopped (the pictures taken so far are in {args.tour})", file=sys.stderr)
            return 130
        print(f"{len(shots)} pictures in {args.tour}")
        return 0
    if args.demo:
        import random

        seed = args.seed if args.seed is not None else random.randrange(10**6)
        if args.daily is not None:
            from game.core.daily import daily_seed

            seed = daily_seed(args.game or games()[0].id, args.daily)
        return launch.demo(
            game_uis(),
            args.players,
            seed,
            args.speed,
            args.bot,
            args.exit_when_done,
            args.save_record,
            args.frame_stats,
            started=started,
            game=args.game,
            window=args.window,
            daily=args.daily,
        )
    return launch.play(game_uis(), window=args.window)


def _online(args: argparse.Namespace) -> int:
    from game.catalog import games

    if args.serve:
        from game.online import protocol
        from game.online.command import main as serve

        rate = protocol.RATE if args.rate_limit is None else float(args.rate_limit)
        tls = (args.cert, args.key) if args.cert is not None else None
        return serve(
            games(),  # the server plays the catalog's games (it names none itself)
            args.host,
            args.port,
            args.db,
            rate,
            tls,
            bool(args.chosen_seeds),
            server_limits(args),
            bool(args.announce),
        )
    from game.online.client import demo

    seed = args.seed  # None: the server deals (it refuses a chosen seed for a table of several)
    known = games()
    game = next((g for g in known if g.id == args.game), known[0])  # as the local demo: the first
    return demo(args.online, game, args.players, args.bot, seed, args.speed, args.save_record)


def main(argv: list[str] | None = None, started: float | None = None, prog: str = PROG) -> int:
    """Run the game's command line; returns the exit status. `started` is the process's earliest
    `time.perf_counter()` (main.py takes it before any import), for the demo's start-up time;
    `prog` names the command in usage and error messages."""
    if started is None:
        import time

        started = time.perf_counter()
    _quiet_std_streams()
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == [BOT_WORKER_FLAG]:
        return bot_worker()
    try:
        with interrupts.noted():
            args = parse_args(argv, prog)
            return _run_reporting_crashes(args, started)
    except KeyboardInterrupt:  # Ctrl-C before the window's loop took it over: quietly
        return INTERRUPTED


def _run_reporting_crashes(args: argparse.Namespace, started: float) -> int:
    from game.core.pipes import run_for_a_reader  # `--check-record ... | head`: no crash

    try:
        return run_for_a_reader(lambda: run(args, started))
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:
        from game.core import crash

        return crash.report(
            sys.exc_info(),
            version=__version__,
            gui=not (args.check_record or args.serve or args.online),
        )


if __name__ == "__main__":
    sys.exit(main())
