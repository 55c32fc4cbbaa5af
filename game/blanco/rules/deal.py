"""How the cards fall: a fixed deal, the seeded set-up shuffle, checking a listed reshuffle."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from .cards import ALL_CARDS, is_card


class Deal(NamedTuple):
    """A fixed deal: the whole deck at set-up (top card first) and reshuffled piles, in order
    (top card first). None / missing reshuffles come from the seed."""

    deck: tuple[int, ...] | None = None
    reshuffles: tuple[tuple[int, ...], ...] = ()


def shuffled_deck(seed: int) -> tuple[int, ...]:
    """The set-up deck a seed gives (top card first)."""
    cards = list(ALL_CARDS)
    random.Random(f"{seed}/deck").shuffle(cards)
    return tuple(cards)


def reshuffle_mismatch(listed: Sequence[int], cards: Sequence[int]) -> str | None:
    """Why a listed reshuffle does not hold exactly `cards` (naming a card), or None."""
    want = set(cards)
    seen: set[int] = set()
    for c in listed:
        if not is_card(c):
            return f"{c!r} is not a card id"
        if c in seen:
            return f"card {c} is listed twice"
        if c not in want:
            return f"card {c} is not in the discard pile (under its top) or the box"
        seen.add(c)
    for c in sorted(want - seen):
        return f"card {c} is missing (it is in the discard pile or the box)"
    return None
