"""Computer players: Easy, Normal and Hard, and the hint (Hard's suggestion)."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Protocol

from game.rules import Action, Cross, GameState, Keep, Pass, Pick, Resolve
from game.rules.state import DRAFT, PLAY, SETUP

from .evaluate import DEFAULT_WEIGHTS, Weights, evaluate
from .model import Position, position_of, with_cards
from .turns import PendingBonus, best_resolve, turns


class Bot(Protocol):
    def choose(self, state: GameState, player: int) -> Action:
        """One of state.legal_actions(player)."""
        ...


def _pending(state: GameState, player: int, pos: Position) -> list[PendingBonus]:
    return [
        (pos.cards.index(p.card), p.line, p.index, p.bonus)
        for p in state.players[player].pending
    ]


class GreedyBot:
    """Chooses the move whose resulting position evaluates best (Normal)."""

    def __init__(self, seed: int, seat: int, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.rng = random.Random(f"{seed}/bot/{seat}")
        self.weights = weights

    def value(self, pos: Position) -> float:
        return evaluate(pos, self.weights)

    def choose(self, state: GameState, player: int) -> Action:
        phase = state.phase
        if phase == SETUP:
            return self.keep(state, player)
        if phase == DRAFT:
            return self.pick(state, player)
        assert phase == PLAY
        pos = position_of(state, player)
        pending = _pending(state, player, pos)
        if pending:
            i, slot, cell = best_resolve(pos, pending, self.value)
            card, line, index, _ = pending[i]
            return Resolve(player, pos.cards[card], line, index, pos.cards[slot], cell)
        return self.cross(state, player, pos)

    def cross(self, state: GameState, player: int, pos: Position) -> Action:
        options = turns(pos, state.number, self.value, not state.has_exact(player))
        best = max(options, key=lambda t: t.value)
        if best.slot < 0:
            return Pass(player)
        return Cross(player, pos.cards[best.slot], best.cell, best.lightning)

    def keep(self, state: GameState, player: int) -> Action:
        pos = position_of(state, player)
        hand = state.players[player].hand
        best = max(
            combinations(hand, 3),
            key=lambda combo: self.value(
                with_cards(pos, list(combo), [state.faces[c] for c in combo])
            ),
        )
        return Keep(player, best)

    def pick(self, state: GameState, player: int) -> Action:
        pos = position_of(state, player)
        hand = state.players[player].hand
        best = max(hand, key=lambda c: self.value(with_cards(pos, [c], [state.faces[c]])))
        return Pick(player, best)


class LookaheadBot(GreedyBot):
    """Weighs each promising cross by the best reply to every number that may come next
    (their chances from the Number cards not yet revealed this round)."""

    width = 6  # crosses looked at more closely (the best by static value)

    def cross(self, state: GameState, player: int, pos: Position) -> Action:
        options = turns(pos, state.number, self.value, not state.has_exact(player))
        options.sort(key=lambda t: t.value, reverse=True)
        best = options[0]
        if pos.left > 0 and len(options) > 1:
            cache: dict = {}
            scored = [
                (self.expected(t.after, cache), i) for i, t in enumerate(options[: self.width])
            ]
            best = options[max(scored)[1]]
        if best.slot < 0:
            return Pass(player)
        return Cross(player, pos.cards[best.slot], best.cell, best.lightning)

    def expected(self, pos: Position, cache: dict) -> float:
        """The expected value of the best reply to the next number."""
        total = 0.0
        unseen = pos.left + 9
        for number in range(1, 10):
            copies = pos.pool[number]
            if not copies:
                continue
            nxt = pos.copy()
            nxt.pool = pos.pool[:]
            nxt.pool[number] -= 1
            nxt.left -= 1
            replies = turns(nxt, number, self.cached_value(cache), not nxt.has_exact(number))
            total += copies * max(t.value for t in replies)
        return total / unseen

    def cached_value(self, cache: dict):
        def value(pos: Position) -> float:
            key = (tuple(pos.masks), pos.lightning, pos.moons, pos.stars, tuple(pos.pool))
            hit = cache.get(key)
            if hit is None:
                hit = cache[key] = self.value(pos)
            return hit

        return value


def make_bot(level: str, seed: int, seat: int) -> Bot:
    """A computer player for "easy", "normal" or "hard", deterministic for a seed and seat."""
    if level == "normal":
        return GreedyBot(seed, seat)
    if level == "hard":
        return LookaheadBot(seed, seat)
    raise ValueError(f"unknown level {level!r}")
