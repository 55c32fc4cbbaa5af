"""The pieces of a Lucky Box game's state: options, a fixed deal, a pending bonus, and one
player's cards, tokens and scorecard."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .cards import Bonus
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


class Pending(NamedTuple):
    """A number or question-mark bonus waiting for its square."""

    card: int
    line: str
    index: int  # type: ignore[assignment]  # shadows tuple.index, as Resolve.index does
    bonus: Bonus


class PlayerState:
    """One player's cards, tokens and scorecard."""

    __slots__ = (
        "name",
        "cards",
        "masks",
        "lightning",
        "moons",
        "stars",
        "card_points",
        "star_points",
        "completed",
        "pending",
        "hand",
        "done",
        "incomplete",
        "moon_points",
    )

    def __init__(self, name: str) -> None:
        self.name = name
        self.cards: list[int] = []  # card ids in play, in the order kept
        self.masks: list[int] = []  # crossed cells per card, parallel to cards
        self.lightning = START_LIGHTNING
        self.moons = 0
        # stars and pending: the engine replaces these lists, never changes them in place, so
        # an undo snapshot keeps them by reference (undo.py)
        self.stars = [0] * ROUNDS  # stars circled per round (0-3)
        self.card_points = [0] * ROUNDS
        self.star_points = [0] * ROUNDS
        self.completed: list[list[int]] = []  # the cards completed in each round
        for _ in range(ROUNDS):  # (a loop: a comprehension is a function call of its own)
            self.completed.append([])
        self.pending: list[Pending] = []
        self.hand: list[int] = []  # cards drawn and not yet kept or discarded
        self.done = False  # finished with the current number or draft
        self.incomplete = 0
        self.moon_points = 0

    def clone(self) -> PlayerState:
        other = PlayerState.__new__(PlayerState)
        other.name = self.name
        other.cards = self.cards[:]
        other.masks = self.masks[:]
        other.lightning = self.lightning
        other.moons = self.moons
        other.stars = self.stars[:]
        other.card_points = self.card_points[:]
        other.star_points = self.star_points[:]
        other.completed = [c[:] for c in self.completed]
        other.pending = self.pending[:]
        other.hand = self.hand[:]
        other.done = self.done
        other.incomplete = self.incomplete
        other.moon_points = self.moon_points
        return other

    def mask_of(self, card: int) -> int | None:
        """The crossed-cell mask of a card in play, or None if the player doesn't have it."""
        try:
            return self.masks[self.cards.index(card)]
        except ValueError:
            return None

    @property
    def total(self) -> int:
        return sum(self.card_points) + sum(self.star_points) + self.incomplete + self.moon_points
