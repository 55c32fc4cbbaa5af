"""Helpers for rules tests: exact positions built through the engine's own deal and draft."""

from __future__ import annotations

import random

from game.luckybox.rules import Cross, GameState, Keep, Outcome, Pass, Resolve
from game.luckybox.rules.cards import FULL, POPCOUNT
from game.luckybox.rules.state import PLAY


def cells(*indexes: int) -> int:
    """A crossed-cell mask from cell indexes."""
    mask = 0
    for i in indexes:
        mask |= 1 << i
    return mask


def position(
    cards: list[list[int]],
    masks: list[list[int]] | None = None,
    numbers: list[int] | None = None,
    lightning: int | None = None,
    seed: int = 7,
    **options,
) -> GameState:
    """A game in round 1 whose players kept exactly `cards[p]` (3 each, dealt as 5 with two
    fillers), with the given crossed masks, and number 1 of `numbers` revealed."""
    names = [f"P{i}" for i in range(len(cards))]
    used = {c for hand in cards for c in hand}
    fillers = iter(c for c in range(1, 121) if c not in used)
    deck: list[int] = []
    for hand in cards:
        deck += hand + [next(fillers), next(fillers)]
    numbers = numbers or [1, 2, 3, 4, 5, 6, 7, 8, 9]
    state, _ = GameState.new(names, seed, deal=_deal(deck, numbers), **options)
    for p, hand in enumerate(cards):
        assert act(state, Keep(p, tuple(hand))).ok
    assert state.phase == PLAY
    for p, player_masks in enumerate(masks or []):
        state.players[p].masks = list(player_masks)
    if lightning is not None:
        for p in state.players:
            p.lightning = lightning
    return state


def _deal(deck: list[int], numbers: list[int]):
    from game.luckybox.rules import Deal

    return Deal(tuple(deck), (tuple(numbers),))


def act(state: GameState, action) -> Outcome:
    """Apply an action and, as a replay does, take the chance step it leaves the game waiting
    on (the next number, the round's end): the events of both."""
    outcome = state.apply(action)
    if not outcome.ok:
        return outcome
    events = list(outcome.events)
    while state.awaiting_chance():
        events += state.advance()
    return Outcome(events)


def kinds(events: list) -> list[str]:
    return [type(e).__name__ for e in events]


def snapshot(state: GameState) -> tuple:
    """Everything about a state that the rules define (not the undo history)."""
    return (
        state.phase,
        state.round,
        state.index,
        state.number,
        state.waiting,
        state.awaiting_chance(),
        tuple(state.draw_pile),
        tuple(state.discard),
        state.reshuffles,
        None if state.supply is None else tuple(sorted(state.supply.items())),
        tuple(state.actions),
        tuple(
            (
                tuple(p.cards),
                tuple(p.masks),
                p.lightning,
                p.moons,
                tuple(p.stars),
                tuple(p.card_points),
                tuple(p.star_points),
                tuple(map(tuple, p.completed)),
                tuple(p.pending),
                tuple(p.hand),
                p.done,
                p.incomplete,
                p.moon_points,
            )
            for p in state.players
        ),
    )


def random_game(seed: int, players: int = 1, check=None, **options) -> GameState:
    """Play a whole game choosing uniformly among legal actions; `check(state, action)` runs
    before every action."""
    rng = random.Random(seed)
    state, _ = GameState.new([f"P{i}" for i in range(players)], seed, **options)
    while not state.is_terminal():
        waiting = state.waiting_for()
        player = rng.choice(waiting)
        action = rng.choice(state.legal_actions(player))
        if check:
            check(state, action)
        outcome = act(state, action)
        assert outcome.ok, (action, outcome.refusal)
    return state


def final_points(state: GameState, player: int) -> int:
    """A player's Mega Total recomputed from the raw board, independently of the engine's tally."""
    from game.luckybox.rules.state import CARD_POINTS, STAR_POINTS, moon_points

    p = state.players[player]
    cards = sum(CARD_POINTS[r] * len(p.completed[r]) for r in range(4))
    stars = sum(STAR_POINTS[min(s, 3)] for s in p.stars)
    incomplete = sum(POPCOUNT[m] for m in p.masks if m != FULL) // 2
    moons = moon_points([q.moons for q in state.players])[player]
    return cards + stars + incomplete + moons


__all__ = [
    "Cross",
    "Pass",
    "Resolve",
    "cells",
    "act",
    "kinds",
    "position",
    "random_game",
    "snapshot",
]
