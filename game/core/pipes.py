"""A command whose reader stops early (`| head`, a pager quit) ends quietly: what the reader
took was printed whole, so a crash report or a traceback for the rest would be a false alarm.
Any other broken pipe is still an error."""

from __future__ import annotations

import contextlib
import os
import select
import sys
from collections.abc import Callable

#: The status a shell gives a command that a closed pipe ended (128 + SIGPIPE).
CLOSED_PIPE = 141


def reader_gone() -> bool:
    """Whether standard output is a pipe that nobody reads any more (where poll exists)."""
    try:
        poller = select.poll()  # (none on Windows: AttributeError)
        poller.register(sys.stdout.fileno(), select.POLLOUT)
        return any(events & (select.POLLERR | select.POLLHUP) for _fd, events in poller.poll(0))
    except (AttributeError, OSError, ValueError):
        return False


def end_quietly() -> int:
    """Point standard output at nothing, so the interpreter's last flush cannot fail again;
    the status to exit with."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    return CLOSED_PIPE


def run_for_a_reader(main: Callable[[], int]) -> int:
    """`main()`'s status, its output flushed; a reader gone early ends it quietly instead."""
    try:
        status = main()
        sys.stdout.flush()  # what is still buffered meets a closed pipe here, not at exit
    except BrokenPipeError:
        if not reader_gone():
            raise
        return end_quietly()
    return status
