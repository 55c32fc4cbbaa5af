"""Another player's turn brought forward, at a pace a new player can follow.

While another seat's turn is shown at a table with a person (a computer's, or an online
friend's), that seat's panel is drawn large, out of the right column over the table's edge
(`spot_rect`, under the banner), its cards nearly the size of the player's own, and its steps
play at their full length (no off-focus shortening: they are where the player looks). The
other panels stay where they are, under it. It goes back into the column when the turn is
over; not while a person's finished turn waits for their Next.

The pace: Blanco's steps are each one card to follow (a draw, a play, a flip), so its pace
setting has its own speeds (`BLANCO_PACE`): at "brisk" a computer's step takes its
animation's whole designed length and a beat before it, at the default ("normal") a third
longer; a click or Space still shows the turn at once. `bench/turn_pace.py` measures it.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.ui.table import TableView

from ..shown import Shown

#: Computers' pace settings for Blanco: the animator's speed while a computer's turn shows.
BLANCO_PACE: dict[str, float] = {"brisk": 1.0, "normal": 0.75, "slow": 0.5}
SPOT_W = 460.0  # px: the brought-forward panel's width (the column is 362)
SPOT_H = 440.0  # px: its height at most
SPOT_MIN_H = 330.0  # px: its height at least
SPOT_MARGIN = 8.0


def spotlit(port: TableView[Any, Shown]) -> int | None:
    """The seat whose turn is brought forward now, or None: another seat than the one in
    focus, whose turn the screen shows, at a live table with a person at it."""
    if port.driven or not port.session.humans or port.turns.confirming is not None:
        return None  # (a person's finished turn stays in view until their Next)
    seat = port.seen.acting
    if seat is None or seat == port.focus or port.seen.winner is not None:
        return None
    if seat >= len(port.session.seats) or not port.session.seats[seat].is_computer:
        return None  # (a person at this screen: the screen turns to them)
    return int(seat)


def spot_rect(column: pygame.FRect, top: float, log_top: float) -> pygame.FRect:
    """Where a brought-forward panel is drawn: from `top` (under the banner) in the right
    column, right-aligned, reaching over the table's edge to its left, above the move log
    (whose top the geometry keeps under the least such panel: `TableGeometry.log_area`)."""
    top = max(column.y, top)
    h = min(SPOT_H, max(SPOT_MIN_H, log_top - top - SPOT_MARGIN))
    return pygame.FRect(column.right - SPOT_W, top, SPOT_W, h)
