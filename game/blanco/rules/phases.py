"""The decision a Blanco game waits on (`BlancoState.phase`), and positions as records write
them: the words `state`, `legal` and `views` all use, kept below them so none imports another
to get them."""

from __future__ import annotations

SETUP = "setup"
TURN = "turn"
PLAY = "play"
CLEAR = "clear"
LOOK = "look"
OVER = "over"
PHASES = (SETUP, TURN, PLAY, CLEAR, LOOK, OVER)


def fmt(at: object) -> str:
    """A position as records write it: [row,col]."""
    if isinstance(at, tuple) and len(at) == 2:
        return f"[{at[0]},{at[1]}]"
    return repr(at)
