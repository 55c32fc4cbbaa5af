"""Super Mega Lucky Box.

    python main.py                          play (opens the title screen)
    python main.py --check-record PATH...   check game records; exit status says if all are valid
    python main.py --demo [--players N] [--seed S] [--speed X] [--bot LEVEL] [--exit-when-done]
                   [--save-record PATH] [--frame-stats PATH]
                                            watch computer players play a whole game

The record check never imports pygame, so it runs on machines without a display or SDL.
"""

from __future__ import annotations

import time

STARTED = time.perf_counter()  # for the demo's start-up time: as early as the process allows

import argparse  # noqa: E402
import sys  # noqa: E402


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="main.py", description="Super Mega Lucky Box")
    parser.add_argument("--check-record", nargs="+", metavar="PATH",
                        help="check game record files and exit (0 when every record is valid)")
    parser.add_argument("--demo", action="store_true", help="watch computer players play")
    parser.add_argument("--players", type=int, default=4, help="demo: seats (1-12)")
    parser.add_argument("--seed", type=int, default=None, help="demo: the deal's seed")
    parser.add_argument("--speed", type=float, default=1.0, help="demo: animation speed")
    parser.add_argument("--bot", default="normal", choices=["easy", "normal", "hard"],
                        help="demo: computer level")
    parser.add_argument("--exit-when-done", action="store_true", help="demo: quit at the end")
    parser.add_argument("--save-record", metavar="PATH", help="demo: write the game record")
    parser.add_argument("--frame-stats", metavar="PATH", help="demo: write frame time JSON")
    args = parser.parse_args(argv)
    if args.demo and not 1 <= args.players <= 12:
        parser.error("--players must be from 1 to 12")
    return args


def check_deck() -> str | None:
    """Load the card data once at start-up: a damaged file stops the game with one line."""
    from game.rules.cards import DeckError, load_deck

    try:
        load_deck()
    except DeckError as err:
        return f"cannot start: {err}"
    return None


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.check_record:
        from game.record import check_records_cli  # lazily: keeps pygame out of this path

        return check_records_cli(args.check_record)
    problem = check_deck()
    if problem:
        print(problem, file=sys.stderr)
        return 2
    from game.ui import launch

    if args.demo:
        import random

        seed = args.seed if args.seed is not None else random.randrange(10**6)
        return launch.demo(args.players, seed, args.speed, args.bot, args.exit_when_done,
                           args.save_record, args.frame_stats, started=STARTED)
    return launch.play()


if __name__ == "__main__":
    sys.exit(main())
