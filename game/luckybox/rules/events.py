"""What happened: the ordered events an action produces, for the table to animate step by step.

Every event is a small frozen struct, tagged by its kind on the wire ("kind": its class's name in
snake case); the engine builds them, the table animates them and the wire sends them as they are
(docs/schema/luckybox-events.json is generated from them). Lines are ("row" | "col", index);
bonuses are [kind, value] pairs from `cards`.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from game.core.wire import Tagged
from game.luckybox.rules.actions import Action

from .caps import (
    MAX_CARD,
    Bonus,
    By,
    Card,
    Cell,
    Count,
    Drawn,
    Line,
    LineNo,
    Number,
    NumberIndex,
    Points,
    Reason,
    Round,
    Scores,
    Seat,
    Seats,
    Stars,
    Token,
)
from .scoring import MAX_STARS


class CardsDealt(Tagged, frozen=True):
    """A player drew cards to choose from (5 at setup, 3 after rounds 1-3)."""

    player: Seat
    cards: Drawn


class DeckReshuffled(Tagged, frozen=True):
    """The draw pile ran out: the discards became a new pile of `cards` cards."""

    cards: Annotated[int, msgspec.Meta(ge=0, le=MAX_CARD)]


class CardsKept(Tagged, frozen=True):
    player: Seat
    kept: Drawn
    discarded: Drawn


class RoundStarted(Tagged, frozen=True):
    round: Round


class NumberRevealed(Tagged, frozen=True):
    round: Round
    index: NumberIndex  # which of the round's nine numbers
    number: Number


class TokensSpent(Tagged, frozen=True):
    """Lightning spent before a cross: the number became `to_number` for this player."""

    player: Seat
    count: Count
    from_number: Number
    to_number: Number


class SquareCrossed(Tagged, frozen=True):
    player: Seat
    card: Card
    cell: Cell
    number: Number
    by: By


class Passed(Tagged, frozen=True):
    player: Seat


class LineCompleted(Tagged, frozen=True):
    player: Seat
    card: Card
    line: Line
    index: LineNo
    bonus: Bonus


class IconCircled(Tagged, frozen=True):
    player: Seat
    card: Card
    line: Line
    index: LineNo
    bonus: Bonus


class TokenGained(Tagged, frozen=True):
    player: Seat
    token: Token
    count: Count
    total: Points


class StarGained(Tagged, frozen=True):
    player: Seat
    round: Round
    slot: Annotated[int, msgspec.Meta(ge=0, lt=MAX_STARS)]  # the star slot filled this round


class StarWasted(Tagged, frozen=True):
    """A 4th or later star in one round: it does nothing."""

    player: Seat
    round: Round


class BonusPending(Tagged, frozen=True):
    """A number or question-mark bonus waits for the player to choose its cell."""

    player: Seat
    card: Card
    line: Line
    index: LineNo
    bonus: Bonus


class BonusUsed(Tagged, frozen=True):
    player: Seat
    card: Card
    line: Line
    index: LineNo
    bonus: Bonus


class BonusLost(Tagged, frozen=True):
    player: Seat
    card: Card
    line: Line
    index: LineNo
    bonus: Bonus
    reason: Reason  # in English


class CardCompleted(Tagged, frozen=True):
    player: Seat
    card: Card


class PlayerDone(Tagged, frozen=True):
    """The player is done with this number (crossed or passed, every bonus resolved)."""

    player: Seat


class CardsPicked(Tagged, frozen=True):
    player: Seat
    card: Card
    discarded: Drawn


class PlayerScored(Tagged, frozen=True):
    """One player's round score: completed cards (discarded now) and star points."""

    player: Seat
    round: Round
    completed: Annotated[tuple[Card, ...], msgspec.Meta(max_length=12)]
    card_points: Points
    stars: Stars
    star_points: Points


class RoundScored(Tagged, frozen=True):
    round: Round


class FinalScored(Tagged, frozen=True):
    player: Seat
    incomplete: Points
    moon_points: Points
    total: Points


class GameOver(Tagged, frozen=True):
    winners: Seats
    totals: Scores


class Undone(Tagged, frozen=True):
    player: Seat
    action: Action


Event = (
    CardsDealt
    | DeckReshuffled
    | CardsKept
    | RoundStarted
    | NumberRevealed
    | TokensSpent
    | SquareCrossed
    | Passed
    | LineCompleted
    | IconCircled
    | TokenGained
    | StarGained
    | StarWasted
    | BonusPending
    | BonusUsed
    | BonusLost
    | CardCompleted
    | PlayerDone
    | CardsPicked
    | PlayerScored
    | RoundScored
    | FinalScored
    | GameOver
    | Undone
)
