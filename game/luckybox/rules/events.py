"""What happened: the ordered events an action produces, for the table to animate step by step.

Every event is a small NamedTuple; `type(event).__name__` names its kind. Lines are
("row" | "col", index); bonuses are (kind, value) pairs from `cards`.
"""

from __future__ import annotations

from typing import NamedTuple

from game.luckybox.rules.actions import Action
from game.luckybox.rules.cards import Bonus


class CardsDealt(NamedTuple):
    """A player drew cards to choose from (5 at setup, 3 after rounds 1-3)."""

    player: int
    cards: tuple[int, ...]


class DeckReshuffled(NamedTuple):
    """The draw pile ran out: the discard pile was shuffled into a new draw pile."""

    cards: int


class CardsKept(NamedTuple):
    player: int
    kept: tuple[int, ...]
    discarded: tuple[int, ...]


class RoundStarted(NamedTuple):
    round: int


class NumberRevealed(NamedTuple):
    round: int
    index: int  # type: ignore[assignment]  # 0-8, which of the 9 numbers (shadows tuple.index)
    number: int


class TokensSpent(NamedTuple):
    """Lightning spent before a cross: the revealed number became `to_number` for this player."""

    player: int
    count: int  # type: ignore[assignment]  # shadows tuple.count: the events' field name
    from_number: int
    to_number: int


class SquareCrossed(NamedTuple):
    player: int
    card: int
    cell: int
    number: int
    by: str  # "number", "lightning" or "bonus"


class Passed(NamedTuple):
    player: int


class LineCompleted(NamedTuple):
    player: int
    card: int
    line: str
    index: int  # type: ignore[assignment]  # shadows tuple.index: the events' field name
    bonus: Bonus


class IconCircled(NamedTuple):
    player: int
    card: int
    line: str
    index: int  # type: ignore[assignment]  # shadows tuple.index: the events' field name
    bonus: Bonus


class TokenGained(NamedTuple):
    player: int
    token: str  # "lightning" or "moon"
    count: int  # type: ignore[assignment]  # shadows tuple.count: the events' field name
    total: int


class StarGained(NamedTuple):
    player: int
    round: int
    slot: int  # 0-2: the star slot filled this round


class StarWasted(NamedTuple):
    """A 4th or later star in one round: it does nothing."""

    player: int
    round: int


class BonusPending(NamedTuple):
    """A number or question-mark bonus waits for the player to choose its square."""

    player: int
    card: int
    line: str
    index: int  # type: ignore[assignment]  # shadows tuple.index: the events' field name
    bonus: Bonus


class BonusUsed(NamedTuple):
    player: int
    card: int
    line: str
    index: int  # type: ignore[assignment]  # shadows tuple.index: the events' field name
    bonus: Bonus


class BonusLost(NamedTuple):
    player: int
    card: int
    line: str
    index: int  # type: ignore[assignment]  # shadows tuple.index: the events' field name
    bonus: Bonus
    reason: str


class CardCompleted(NamedTuple):
    player: int
    card: int


class PlayerDone(NamedTuple):
    """The player has crossed or passed and resolved every bonus for this number."""

    player: int


class CardsPicked(NamedTuple):
    player: int
    card: int
    discarded: tuple[int, ...]


class PlayerScored(NamedTuple):
    """One player's round score: completed cards (discarded now) and star points."""

    player: int
    round: int
    completed: tuple[int, ...]
    card_points: int
    stars: int
    star_points: int


class RoundScored(NamedTuple):
    round: int


class FinalScored(NamedTuple):
    player: int
    incomplete: int
    moon_points: int
    total: int


class GameOver(NamedTuple):
    winners: tuple[int, ...]
    totals: tuple[int, ...]


class Undone(NamedTuple):
    player: int
    action: Action


# Every kind of event, for the lists `apply`, `undo` and `advance` return.
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
