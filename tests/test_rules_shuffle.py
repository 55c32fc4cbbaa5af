"""Lucky Box's own shuffle draws exactly as `random.Random.shuffle`: every seed deals the same
cards as before it was written out (records name their seed, so a deal is part of the format)."""

from __future__ import annotations

import random

import pytest

from game.luckybox.rules import GameState
from game.luckybox.rules.shuffle import seeded, shuffle, shuffled_head


@pytest.mark.parametrize("length", [0, 1, 2, 3, 9, 18, 60, 120, 300])
def test_shuffle_matches_the_standard_one(length: int) -> None:
    for seed in range(200):
        ours, theirs = list(range(length)), list(range(length))
        mine, standard = random.Random(f"{seed}/x"), random.Random(f"{seed}/x")
        shuffle(mine, ours)
        standard.shuffle(theirs)
        assert ours == theirs
        assert mine.random() == standard.random()  # the same bits drawn: the stream agrees after


def test_a_seed_deals_as_the_standard_shuffle_did() -> None:
    state, _ = GameState.new(["A", "B"], 1234)
    deck = list(range(1, 61))
    random.Random("1234/lucky").shuffle(deck)
    assert state.deck_order == tuple(deck)
    numbers = random.Random("1234/numbers")
    for round_numbers in state.numbers:
        pool = list(range(1, 10)) * 2
        numbers.shuffle(pool)
        assert round_numbers == pool[:9]


@pytest.mark.parametrize("text", ["0/lucky", "1234/numbers", "-7/lucky", "Zoë ✓/numbers", ""])
def test_a_seeded_generator_starts_where_the_standard_one_does(text: str) -> None:
    ours, standard = seeded(text), random.Random(text)
    assert ours.getstate() == standard.getstate()
    assert [ours.getrandbits(5) for _ in range(50)] == [standard.getrandbits(5) for _ in range(50)]


@pytest.mark.parametrize(("length", "keep"), [(18, 9), (18, 0), (18, 18), (18, 1), (2, 1), (60, 7)])
def test_a_shuffled_head_is_the_standard_shuffles_head(length: int, keep: int) -> None:
    for seed in range(200):
        items = list(range(length))
        mine, standard = random.Random(f"{seed}/h"), random.Random(f"{seed}/h")
        theirs = list(items)
        standard.shuffle(theirs)
        assert shuffled_head(mine, list(items), keep) == theirs[:keep]
        assert mine.random() == standard.random()  # the same bits drawn
