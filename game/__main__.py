"""`python -m game`: the same command line as main.py (see game.cli)."""

from game import python_check

python_check.require()  # an older Python: one line, before any code it cannot read

import time  # noqa: E402

STARTED = time.perf_counter()  # noqa: E402  (the demo's start-up time counts from here)

import sys  # noqa: E402

if __name__ == "__main__":  # first: a Ctrl-C from here on is noted (see main.py)
    from game.core import interrupts

    interrupts.listen_from_the_start()

from game.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(started=STARTED))
