"""The steps a person takes in Blanco: small frozen structs, tagged by their kind on the wire.

A step is what the engine lists and applies, what the wire sends (in a view's `actions` and an
`Undone` event; docs/schema/blanco-view.json is generated from them) and what a record's
actions are read into. Positions are (row, col) tuples in the player's grid as it is at that
moment (row 0 at the top, column 0 on the left; after a clear the grid has closed up). Cards
are named by id (1-120).

One record action `{"draw": .., "play": .., "at": ..}` is two engine steps, `Draw` then `Play`
(or `Discard`); `DrawThen` bundles the two so a record action can be applied in one call.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from game.core.wire import Tagged, one_of

from .caps import Card, Index, Pos, Seat

PILE = "pile"
DISCARD = "discard"
SOURCES = (PILE, DISCARD)
ROW = "row"
COL = "col"
LINES = (ROW, COL)

Line = Annotated[str, one_of(*LINES)]
Source = Annotated[str, one_of(*SOURCES)]


class Setup(Tagged, frozen=True):
    """Reveal one card and look at another face-down one (set-up, and a new 3x4 grid)."""

    player: Seat
    reveal: Pos
    look: Pos


class Draw(Tagged, frozen=True):
    """Take the top card of the draw pile ("pile") or of the discard pile ("discard")."""

    player: Seat
    source: Source


class Play(Tagged, frozen=True):
    """Play a hand card into `at`; the card there is discarded face up."""

    player: Seat
    card: Card
    at: Pos


class Discard(Tagged, frozen=True):
    """Discard a hand card and reveal a face-down card (null: none left)."""

    player: Seat
    card: Card
    reveal: Pos | None


class Swap(Tagged, frozen=True):
    """Swap two adjacent cards; `reveal` (a or b after the swap) when both were face down."""

    player: Seat
    a: Pos
    b: Pos
    reveal: Pos | None = None


class Clear(Tagged, frozen=True):
    """Clear this complete line next ("row" or "col", and its index)."""

    player: Seat
    line: Line
    line_no: Index


class Look(Tagged, frozen=True):
    """The reward for clearing: look at a face-down card (`reveal`: after a chain reaction)."""

    player: Seat
    at: Pos
    reveal: bool = False


Action = Setup | Draw | Play | Discard | Swap | Clear | Look
STEP_TYPES = (Setup, Draw, Play, Discard, Swap, Clear, Look)


class DrawThen(msgspec.Struct, frozen=True):
    """A record's `draw` action: the Draw and the Play or Discard after it, applied together
    (all or nothing). `state.actions` holds the two steps, not this bundle."""

    draw: Draw
    then: Play | Discard
