"""The steps a person takes in Blanco: small immutable NamedTuples.

Positions are (row, col) tuples in the player's grid as it is at that moment (row 0 at the top,
column 0 on the left; after a clear the grid has closed up). Cards are named by id (1-120).

One record action `{"draw": .., "play": .., "at": ..}` is two engine steps, `Draw` then `Play`
(or `Discard`); `DrawThen` bundles the two so a record action can be applied in one call.
"""

from __future__ import annotations

from typing import NamedTuple

from .typed import typed

Pos = tuple[int, int]

PILE = "pile"
DISCARD = "discard"
SOURCES = (PILE, DISCARD)
ROW = "row"
COL = "col"
LINES = (ROW, COL)


class Setup(NamedTuple):
    """At set-up, and after a new 3x4 grid: reveal one card and look at another face-down one."""

    player: int
    reveal: Pos
    look: Pos


class Draw(NamedTuple):
    """Turn A, first half: take the top card of the draw pile ("pile") or discard pile."""

    player: int
    source: str


class Play(NamedTuple):
    """Turn A, second half: play a hand card into `at`; the replaced card is discarded."""

    player: int
    card: int
    at: Pos


class Discard(NamedTuple):
    """Turn A, second half: discard a hand card and reveal a face-down card (None: none left)."""

    player: int
    card: int
    reveal: Pos | None


class Swap(NamedTuple):
    """Turn B: swap two adjacent cards. `reveal` (a or b, as placed after the swap) is given
    exactly when both were face down; otherwise None."""

    player: int
    a: Pos
    b: Pos
    reveal: Pos | None = None


class Clear(NamedTuple):
    """Two or more lines are complete at once: clear this one ("row" or "col", index) next."""

    player: int
    line: str
    line_no: int  # the row's or column's index, from 0 (a field named `index` would hide
    # the tuple method of that name)


class Look(NamedTuple):
    """The reward for clearing: look at a face-down card; `reveal` only after a chain reaction."""

    player: int
    at: Pos
    reveal: bool = False


class DrawThen(NamedTuple):
    """A record's `draw` action: the Draw and the Play or Discard after it, applied together
    (all or nothing). `state.actions` holds the two steps, not this bundle."""

    draw: Draw
    then: Play | Discard


Action = Setup | Draw | Play | Discard | Swap | Clear | Look
STEP_TYPES = (Setup, Draw, Play, Discard, Swap, Clear, Look)

typed(*STEP_TYPES, DrawThen)
