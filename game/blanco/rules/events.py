"""What happened: the ordered events a step produces, for the table to animate one by one.

Frozen structs, tagged by their kind on the wire ("kind": the class's name in snake case): the
engine builds them, the table animates them and the wire sends them as they are (redacted:
docs/schema/blanco-events.json is generated from them). Positions are (row, col) in the grid as
it is at that moment. A hidden card is 0 in a redacted event (see `views.redact`).
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from game.core.wire import Tagged

from .actions import Action, Line, Source
from .caps import MAX_SIDE, Card, Count, Hand, Index, Layout, Pos, Seat, Stage
from .cards import CARD_COUNT


class Dealt(Tagged, frozen=True):
    """Set-up: a seat's 3x3 grid dealt face down (0s: nobody knows them)."""

    player: Seat
    cards: Layout


class DiscardStarted(Tagged, frozen=True):
    """Set-up: the pile's top card turned face up starts the discard pile."""

    card: Card


class HandDealt(Tagged, frozen=True):
    """Set-up: a seat's 2 hand cards (0s for the other seats)."""

    player: Seat
    cards: Hand


class SetupDone(Tagged, frozen=True):
    """A seat finished its set-up step; `stage` 1, or 2 for the 3x4 grid."""

    player: Seat
    stage: Stage


class TurnStarted(Tagged, frozen=True):
    player: Seat
    turn: Count  # the player's turn number, from 1


class Drawn(Tagged, frozen=True):
    """A card taken into the hand; from the pile it is 0 for the other seats."""

    player: Seat
    source: Source
    card: Card


class Reshuffled(Tagged, frozen=True):
    """The draw pile was empty: the discards but the top (and the box) became a new pile."""

    size: Annotated[int, msgspec.Meta(ge=0, le=CARD_COUNT)]
    took_box: bool
    number: Count  # 1 for the game's first reshuffle


class Played(Tagged, frozen=True):
    """A hand card went into the grid at `at`; `replaced` went face up onto the discards."""

    player: Seat
    card: Card
    at: Pos
    replaced: Card
    replaced_was_up: bool


class Discarded(Tagged, frozen=True):
    player: Seat
    card: Card


class Swapped(Tagged, frozen=True):
    player: Seat
    a: Pos
    b: Pos


class Revealed(Tagged, frozen=True):
    player: Seat
    at: Pos
    card: Card


class Looked(Tagged, frozen=True):
    """A player looked at a face-down card (card 0 for the other seats)."""

    player: Seat
    at: Pos
    card: Card


class LineComplete(Tagged, frozen=True):
    player: Seat
    line: Line
    line_no: Index


class ClearChoice(Tagged, frozen=True):
    """Two or more lines are complete at once: the player chooses which to clear next."""

    player: Seat
    lines: Annotated[tuple[tuple[Line, Index], ...], msgspec.Meta(max_length=2 * MAX_SIDE)]


class LineCleared(Tagged, frozen=True):
    player: Seat
    line: Line
    line_no: Index
    cards: Hand


class ClosedUp(Tagged, frozen=True):
    """The grid closed up after a clear: every card that moved, as [from, to]."""

    player: Seat
    moves: Annotated[tuple[tuple[Pos, Pos], ...], msgspec.Meta(max_length=MAX_SIDE**2)]


class ChainLink(Tagged, frozen=True):
    player: Seat
    link_no: Count


class RewardOwed(Tagged, frozen=True):
    player: Seat
    may_reveal: bool


class RewardDropped(Tagged, frozen=True):
    player: Seat


class SecondGridDealt(Tagged, frozen=True):
    """12 cards dealt face down as 3 rows x 4 columns (0s: nobody knows them)."""

    player: Seat
    cards: Layout


class Won(Tagged, frozen=True):
    player: Seat
    turns: Count


class Undone(Tagged, frozen=True):
    player: Seat
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
