"""Super Mega Lucky Box: `python main.py --help` for the commands (they live in game/cli.py).

    python main.py                          play (opens the title screen)
    python main.py --check-record PATH...   check game records; exit status says if all are valid
    python main.py --demo [--players N] [--seed S] [--speed X] [--bot LEVEL] [--exit-when-done]
                   [--save-record PATH] [--frame-stats PATH]
                                            watch computer players play a whole game
    python main.py --tour DIR [--game G] [--lang L] [--window WxH]
                                            save a picture of every screen to DIR
    python main.py --window WxH             open the window at this size

Works from any working directory (`python /somewhere/main.py`): the game's files are found from
the code's location. It is also the entry script of the frozen app (packaging/).
"""

# Everything from the first line is within the `try` (so no `from __future__` import, which would
# come first): a Ctrl-C while the game's code loads ends it quietly, with the status shells expect.
try:
    import os  # os, sys and time are loaded with Python itself: importing them is free
    import sys

    _HERE = os.path.dirname(os.path.realpath(__file__))
    if _HERE not in sys.path:  # `python -I /elsewhere/main.py`, or a copied script
        sys.path.insert(0, _HERE)

    # An older Python gets one line naming the version needed, before any code it cannot read.
    from game import python_check

    python_check.require()

    import time

    STARTED = time.perf_counter()  # for the demo's start-up time: as early as the process allows

    # First, before any other import (pathlib's took 15 ms): from here on a Ctrl-C is also
    # noted, so one whose exception an import swallows still ends the game.
    from game.core import interrupts

    interrupts.listen_from_the_start()
    from game import cli
    from game.cli import check_deck, parse_args  # noqa: F401  (as before the move to game.cli)
except KeyboardInterrupt:
    sys.exit(130)  # sys is loaded with Python itself: imported before any Ctrl-C can land


# This file parses on any Python (2.7 on), so that python_check can speak: no annotations here.
def main(argv=None):  # type: (list[str] | None) -> int
    return cli.main(argv, started=STARTED, prog="main.py")


if __name__ == "__main__":
    sys.exit(main())
