"""A chain reaction's reward look, seen but not yet decided (reveal it or not), kept beside the
table's autosave: a Continue asks about the same card. The engine takes the look and its
reveal as one action, so without this file closing the game would let the player look again.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from game.core import safe_json

LOOK = "look.json"  # in the table's own folder (GameUI.table_files)


def remember(folder: Path | None, seed: int, state: Any, at: tuple[int, int]) -> None:
    """Keep which card was looked at (`folder` None: the game is not kept)."""
    if folder is None:
        return
    from game.core.storage import write_json_atomic

    with contextlib.suppress(OSError):
        write_json_atomic(folder / LOOK, {"seed": seed, "step": len(state.actions), "at": list(at)})


def forget(folder: Path | None) -> None:
    """The look was decided: nothing to ask again."""
    if folder is None:
        return
    with contextlib.suppress(OSError):
        (folder / LOOK).unlink(missing_ok=True)


def restored(
    folder: Path | None, seed: int, state: Any, seat: int | None
) -> tuple[int, int] | None:
    """The card looked at when the game stopped, if it is still this game's open look."""
    if folder is None:
        return None
    try:
        # (a same deal of an online game's record has a 128-bit seed)
        data = safe_json.read_json(folder / LOOK, int_bound=safe_json.RECORD_INT_BOUND)
        at = (int(data["at"][0]), int(data["at"][1]))
        fits = data["seed"] == seed and data["step"] == len(state.actions)
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None
    from game.blanco.rules import Look

    if fits and seat is not None and Look(seat, at, True) in state.legal_actions(seat):
        return at
    return None
