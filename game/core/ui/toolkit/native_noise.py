"""ALSA's complaints kept off the player's terminal.

On a Linux machine without a sound card, SDL's audio probe goes through ALSA, whose library
writes about 16 lines ("ALSA lib confmisc.c:855:(parse_card) cannot find card '0'", ...)
straight to file descriptor 2 as pygame starts: a stranger who starts the game from a terminal
sees a screenful of errors, though the game plays on silently as designed. While pygame opens
its audio, descriptor 2 goes to a file; afterwards ALSA's lines go to the log (debug) and any
other line to the terminal, as it would have."""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import tempfile
from collections.abc import Iterator

log = logging.getLogger(__name__)

#: How every line ALSA's library writes to stderr begins.
ALSA_PREFIX = b"ALSA lib "


def _flush_stderr() -> None:
    with contextlib.suppress(AttributeError, OSError, ValueError):
        if sys.stderr is not None:
            sys.stderr.flush()


@contextlib.contextmanager
def alsa_lines_to_the_log() -> Iterator[None]:
    """Within: whatever is written to descriptor 2 is held, then passed on but ALSA's lines.
    Where descriptor 2 or a file to hold it cannot be had (a windowed build without one, a
    full disk), nothing is held."""
    with contextlib.ExitStack() as stack:
        try:
            held = stack.enter_context(tempfile.TemporaryFile())
            saved = os.dup(2)
        except OSError:
            yield
            return
        stack.callback(os.close, saved)
        _flush_stderr()
        os.dup2(held.fileno(), 2)
        try:
            yield
        finally:
            _flush_stderr()
            os.dup2(saved, 2)
        held.seek(0)
        lines = held.read().splitlines(keepends=True)
    alsa = [line for line in lines if line.startswith(ALSA_PREFIX)]
    if alsa:
        text = b"".join(alsa).decode(errors="replace")
        log.debug("the sound library said, as SDL looked for a sound device:\n%s", text)
    others = b"".join(line for line in lines if not line.startswith(ALSA_PREFIX))
    if others:
        with contextlib.suppress(OSError):
            os.write(2, others)
