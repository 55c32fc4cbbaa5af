"""Ctrl-C while the game is still starting: noted, so that it cannot be lost.

Python turns SIGINT into a KeyboardInterrupt wherever the main thread happens to be. While the
game starts, that can be inside code that reports and drops exceptions (a callback from C, a
finaliser), and a Ctrl-C lost there left a demo playing on. `noted()` keeps a note of every
SIGINT as it raises; the window's loop (`launch.stop_on_signals`) reads it (`take()`) when it
takes the signal over, so a Ctrl-C that came before ends the loop at once, whatever became of its
exception. Pure: no pygame."""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Callable, Iterator
from types import FrameType

_received = False


def take() -> bool:
    """Whether a Ctrl-C came while `noted()` was listening, since the last `take()`: the note is
    read once, by the loop that acts on it."""
    global _received
    came, _received = _received, False
    return came


def _note_and_raise(_signum: int, _frame: FrameType | None) -> None:
    global _received
    _received = True
    raise KeyboardInterrupt


def listen_from_the_start() -> None:
    """From now on, for the process's life, a Ctrl-C raises and is noted: main.py calls it
    before the game's code loads. A Ctrl-C whose exception an import's callback from C swallowed
    (importlib's module-lock callback did, 0.1 s into a start) was lost before `noted()`
    listened, and the demo played on; `noted()` keeps a note taken since. Python's report of
    such a dropped Ctrl-C ("Exception ignored in", a traceback) is left out: it is noted."""
    with contextlib.suppress(ValueError):  # not the main thread: no signal comes here
        signal.signal(signal.SIGINT, _note_and_raise)
        sys.unraisablehook = _quiet_about_ctrl_c(sys.unraisablehook)


def _quiet_about_ctrl_c(
    report: Callable[[sys.UnraisableHookArgs], object],
) -> Callable[[sys.UnraisableHookArgs], None]:
    """Python's report of exceptions it drops (`report`), less a Ctrl-C's: that one is noted,
    and the loop ends the game quietly (its report was a traceback on the way out)."""

    def hook(unraisable: sys.UnraisableHookArgs) -> None:
        if not issubclass(unraisable.exc_type, KeyboardInterrupt):
            report(unraisable)

    return hook


@contextlib.contextmanager
def noted() -> Iterator[None]:
    """Within the block, a Ctrl-C still raises KeyboardInterrupt, and is also noted."""
    global _received
    if signal.getsignal(signal.SIGINT) is not _note_and_raise:
        _received = False  # a new start: no note from an earlier one
    try:
        old = signal.signal(signal.SIGINT, _note_and_raise)
    except ValueError:  # not the main thread: Python delivers no signal here anyway
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)
