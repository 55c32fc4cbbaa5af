"""What happened: the ordered events an action produces, for the table to animate step by step.

Every event is a small frozen struct, tagged by its kind on the wire ("kind": its class's name in
snake case); the engine builds them, the table animates them and the wire sends them as they are
(docs/schema/luckybox-events.json is generated from them). Lines are ("row" | "col", index);
bonuses are [kind, value] pairs from `cards`.
"""

from __future__ import annotations

from typing import Annotated

from game.core.wire import Tagged, one_of
from game.luckybox.rules.actions import Action, Line
from game.luckybox.rules.cards import Bonus

By = Annotated[str, one_of("number", "lightning", "bonus")]
Token = Annotated[str, one_of("lightning", "moon")]


class CardsDealt(Tagged, frozen=True):
    """A player drew cards to choose from (5 at setup, 3 after rounds 1-3)."""

    player: int
    cards: tuple[int, ...]


class DeckReshuffled(Tagged, frozen=True):
    """The draw pile ran out: the discards became a new pile of `cards` cards."""

    cards: int


class CardsKept(Tagged, frozen=True):
    player: int
    kept: tuple[int, ...]
    discarded: tuple[int, ...]


class RoundStarted(Tagged, frozen=True):
    round: int


class NumberRevealed(Tagged, frozen=True):
    round: int
    index: int  # 0-8: which of the round's nine numbers
    number: int


class TokensSpent(Tagged, frozen=True):
    """Lightning spent before a cross: the number became `to_number` for this player."""

    player: int
    count: int
    from_number: int
    to_number: int


class SquareCrossed(Tagged, frozen=True):
    player: int
    card: int
    cell: int
    number: int
    by: By


class Passed(Tagged, frozen=True):
    player: int


class LineCompleted(Tagged, frozen=True):
    player: int
    card: int
    line: Line
    index: int
    bonus: Bonus


class IconCircled(Tagged, frozen=True):
    player: int
    card: int
    line: Line
    index: int
    bonus: Bonus


class TokenGained(Tagged, frozen=True):
    player: int
    token: Token
    count: int
    total: int


class StarGained(Tagged, frozen=True):
    player: int
    round: int
    slot: int  # 0-2: the star slot filled this round


class StarWasted(Tagged, frozen=True):
    """A 4th or later star in one round: it does nothing."""

    player: int
    round: int


class BonusPending(Tagged, frozen=True):
    """A number or question-mark bonus waits for the player to choose its cell."""

    player: int
    card: int
    line: Line
    index: int
    bonus: Bonus


class BonusUsed(Tagged, frozen=True):
    player: int
    card: int
    line: Line
    index: int
    bonus: Bonus


class BonusLost(Tagged, frozen=True):
    player: int
    card: int
    line: Line
    index: int
    bonus: Bonus
    reason: str  # in English


class CardCompleted(Tagged, frozen=True):
    player: int
    card: int


class PlayerDone(Tagged, frozen=True):
    """The player is done with this number (crossed or passed, every bonus resolved)."""

    player: int


class CardsPicked(Tagged, frozen=True):
    player: int
    card: int
    discarded: tuple[int, ...]


class PlayerScored(Tagged, frozen=True):
    """One player's round score: completed cards (discarded now) and star points."""

    player: int
    round: int
    completed: tuple[int, ...]
    card_points: int
    stars: int
    star_points: int


class RoundScored(Tagged, frozen=True):
    round: int


class FinalScored(Tagged, frozen=True):
    player: int
    incomplete: int
    moon_points: int
    total: int


class GameOver(Tagged, frozen=True):
    winners: tuple[int, ...]
    totals: tuple[int, ...]


class Undone(Tagged, frozen=True):
    player: int
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
