"""What happened: the ordered events a step produces, for the table to animate one by one.

Plain NamedTuples; `type(event).__name__` names the kind. Positions are (row, col) in the grid
as it is at that moment. A hidden card is 0 in a redacted event (see `views.redact`).
"""

from __future__ import annotations

from typing import NamedTuple

from .actions import Action
from .typed import typed

Pos = tuple[int, int]


class Dealt(NamedTuple):
    """Set-up: a seat's 3x3 grid dealt face down (rows of card ids; 0s once redacted)."""

    player: int
    cards: tuple[tuple[int, ...], ...]


class DiscardStarted(NamedTuple):
    """Set-up: the top card of the draw pile is turned face up to start the discard pile."""

    card: int


class HandDealt(NamedTuple):
    """Set-up: a seat's 2 hand cards (0s for the other seats)."""

    player: int
    cards: tuple[int, ...]


class SetupDone(NamedTuple):
    """A seat finished its set-up step (reveal + look); `stage` 1 or 2 (the 3x4 grid)."""

    player: int
    stage: int


class TurnStarted(NamedTuple):
    player: int
    turn: int  # the player's turn number, from 1


class Drawn(NamedTuple):
    """A card taken into the hand; from the pile it is 0 for the other seats."""

    player: int
    source: str
    card: int


class Reshuffled(NamedTuple):
    """The draw pile was empty: the discard pile but its top (and the box) became a new pile."""

    size: int  # cards in the new pile
    took_box: bool
    number: int  # 1 for the game's first reshuffle


class Played(NamedTuple):
    """A hand card went into the grid at `at`; `replaced` went face up onto the discard pile."""

    player: int
    card: int
    at: Pos
    replaced: int
    replaced_was_up: bool


class Discarded(NamedTuple):
    """A hand card went face up onto the discard pile."""

    player: int
    card: int


class Swapped(NamedTuple):
    """Two adjacent grid cards changed places (reveals follow as `Revealed`)."""

    player: int
    a: Pos
    b: Pos


class Revealed(NamedTuple):
    """A face-down grid card was turned face up (public)."""

    player: int
    at: Pos
    card: int


class Looked(NamedTuple):
    """A player secretly looked at a face-down card (card 0 for the other seats)."""

    player: int
    at: Pos
    card: int


class LineComplete(NamedTuple):
    """A line is complete now (reported at every check, so again after other clears)."""

    player: int
    line: str
    line_no: int  # the row's or column's index, from 0


class ClearChoice(NamedTuple):
    """Two or more lines are complete at once: the player chooses which to clear next."""

    player: int
    lines: tuple[tuple[str, int], ...]


class LineCleared(NamedTuple):
    """A complete line's cards went to the box (in line order)."""

    player: int
    line: str
    line_no: int
    cards: tuple[int, ...]


class ClosedUp(NamedTuple):
    """The grid closed up after a clear: every card that moved, as (from, to)."""

    player: int
    moves: tuple[tuple[Pos, Pos], ...]


class ChainLink(NamedTuple):
    """A second (third, ...) line cleared this turn: a chain reaction; link_no = clears so far."""

    player: int
    link_no: int


class RewardOwed(NamedTuple):
    """The player cleared a line and must look at a face-down card (and may reveal it)."""

    player: int
    may_reveal: bool


class RewardDropped(NamedTuple):
    """The first grid emptied: the reward owed this turn is dropped."""

    player: int


class SecondGridDealt(NamedTuple):
    """The first grid is empty: 12 cards dealt face down as 3 rows x 4 columns (0s redacted)."""

    player: int
    cards: tuple[tuple[int, ...], ...]


class Won(NamedTuple):
    """The player emptied their second grid: the game is over."""

    player: int
    turns: int


class Undone(NamedTuple):
    """The player took back their last step; the state is as it was before it."""

    player: int
    action: Action


Event = (
    Dealt
    | DiscardStarted
    | HandDealt
    | SetupDone
    | TurnStarted
    | Drawn
    | Reshuffled
    | Played
    | Discarded
    | Swapped
    | Revealed
    | Looked
    | LineComplete
    | ClearChoice
    | LineCleared
    | ClosedUp
    | ChainLink
    | RewardOwed
    | RewardDropped
    | SecondGridDealt
    | Won
    | Undone
)
# every event but the table's own two (the discard pile started, a reshuffle): each has `player`
SeatEvent = (
    Dealt
    | HandDealt
    | SetupDone
    | TurnStarted
    | Drawn
    | Played
    | Discarded
    | Swapped
    | Revealed
    | Looked
    | LineComplete
    | ClearChoice
    | LineCleared
    | ClosedUp
    | ChainLink
    | RewardOwed
    | RewardDropped
    | SecondGridDealt
    | Won
    | Undone
)

EVENT_TYPES = (
    Dealt,
    DiscardStarted,
    HandDealt,
    SetupDone,
    TurnStarted,
    Drawn,
    Reshuffled,
    Played,
    Discarded,
    Swapped,
    Revealed,
    Looked,
    LineComplete,
    ClearChoice,
    LineCleared,
    ClosedUp,
    ChainLink,
    RewardOwed,
    RewardDropped,
    SecondGridDealt,
    Won,
    Undone,
)
typed(*EVENT_TYPES)
