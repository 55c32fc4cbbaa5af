"""The pieces of a Lucky Box game's state: options, a fixed deal, a pending bonus, and one
player's cards, tokens and scorecard (a struct: a view sends players as they are)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

import msgspec

from game.core.wire import said

from .caps import (
    Bonus,
    Card,
    Count,
    InPlay,
    Line,
    LineNo,
    Mask,
    Name,
    PerRound,
    Points,
    Stars,
)
from .scoring import ROUNDS, START_LIGHTNING


@dataclass(frozen=True)
class Options:
    token_supply: str = "unlimited"  # or "limited": the French edition's 30 Lightning, 24 Moons

    def __post_init__(self) -> None:
        if self.token_supply not in ("unlimited", "limited"):
            raise ValueError('token_supply must be "unlimited" or "limited"')


@dataclass(frozen=True)
class Deal:
    """Explicit cards: the top of the Lucky Box pile, each round's nine numbers, and the new
    pile of each reshuffle (top card first)."""

    lucky_deck: tuple[int, ...] = ()
    numbers: tuple[tuple[int, ...], ...] = ()
    reshuffles: tuple[tuple[int, ...], ...] = ()


class DealError(ValueError):
    """A listed reshuffle does not hold exactly the cards the rules put in it."""


class PendingBonus(msgspec.Struct, frozen=True):
    """A number or question-mark bonus waiting for its cell: line `index` of `card`."""

    card: Card
    line: Line
    index: LineNo
    bonus: Bonus


Pending = PendingBonus


class Player(msgspec.Struct, eq=False):
    """One player's cards, tokens and scorecard."""

    name: Name
    cards: Annotated[InPlay, said("the cards in play, in the order kept")]
    masks: Annotated[
        list[Mask],
        msgspec.Meta(max_length=12),
        said("each card's crossed cells as 9 bits (bit n: cell n), as `cards`"),
    ]
    lightning: Annotated[Count, said("Lightning tokens")]
    moons: Annotated[Count, said("Moon tokens")]
    # stars and pending: the engine replaces these lists, never changes them in place, so an
    # undo snapshot keeps them by reference (undo.py)
    stars: Annotated[
        list[Stars], msgspec.Meta(max_length=ROUNDS), said("stars circled in each round (0-3)")
    ]
    card_points: Annotated[PerRound, said("points of completed cards, per round")]
    star_points: Annotated[PerRound, said("points of stars, per round")]
    completed: Annotated[
        list[InPlay], msgspec.Meta(max_length=ROUNDS), said("the cards completed in each round")
    ]
    pending: Annotated[
        list[PendingBonus], msgspec.Meta(max_length=64), said("bonuses waiting for their cell")
    ]
    hand: Annotated[
        list[Card], msgspec.Meta(max_length=5), said("cards drawn and not yet kept or discarded")
    ]
    done: Annotated[bool, said("finished with the current number or draft")]
    incomplete: Annotated[Points, said("the end's points for incomplete cards (0 before)")]
    moon_points: Annotated[Points, said("the end's points for Moons (0 before)")]

    @classmethod
    def new(cls, name: str) -> Player:
        """A player sitting down: no cards, the starting Lightning, an empty scorecard."""
        completed: list[list[int]] = []
        for _ in range(ROUNDS):  # (a loop: a comprehension is a function call of its own)
            completed.append([])
        return cls(
            name,
            [],
            [],
            START_LIGHTNING,
            0,
            [0] * ROUNDS,
            [0] * ROUNDS,
            [0] * ROUNDS,
            completed,
            [],
            [],
            False,
            0,
            0,
        )

    def clone(self) -> Player:
        return Player(
            self.name,
            self.cards[:],
            self.masks[:],
            self.lightning,
            self.moons,
            self.stars[:],
            self.card_points[:],
            self.star_points[:],
            [c[:] for c in self.completed],
            self.pending[:],
            self.hand[:],
            self.done,
            self.incomplete,
            self.moon_points,
        )

    def mask_of(self, card: int) -> int | None:
        """The crossed-cell mask of a card in play, or None if the player doesn't have it."""
        try:
            return self.masks[self.cards.index(card)]
        except ValueError:
            return None

    @property
    def total(self) -> int:
        return sum(self.card_points) + sum(self.star_points) + self.incomplete + self.moon_points


PlayerState = Player  # the name the engine and the table know it by
