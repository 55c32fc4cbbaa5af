"""Computer players: Easy, Normal and Hard, and the hint (Hard's suggestion)."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Protocol

from game.rules import Action, Cross, GameState, Keep, Pass, Pick, Resolve
from game.rules.state import DRAFT, PLAY, SETUP

from .evaluate import DEFAULT_WEIGHTS, Evaluator, Weights
from .model import Position, position_of, revealed, with_cards
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


class EasyBot:
    """Little planning: random cards, crosses an exact square (preferring the card with the
    most crosses, often at random), rarely spends Lightning, resolves bonuses at random."""

    def __init__(self, seed: int, seat: int) -> None:
        self.rng = random.Random(f"{seed}/bot/{seat}")

    def choose(self, state: GameState, player: int) -> Action:
        rng = self.rng
        actions = state.legal_actions(player)
        if state.phase != PLAY:
            return rng.choice(actions)
        p = state.players[player]
        if p.pending:
            return rng.choice(actions)
        exact = [a for a in actions if type(a) is Cross and a.lightning == 0]
        if exact:
            if rng.random() < 0.5:
                return rng.choice(exact)
            return max(exact, key=lambda a: (bin(p.mask_of(a.card) or 0).count("1"), a))
        one_token = [a for a in actions if type(a) is Cross and abs(a.lightning) == 1]
        if one_token and rng.random() < 0.25:
            return rng.choice(one_token)
        return Pass(player)


class GreedyBot:
    """Chooses the move whose resulting position evaluates best (Normal)."""

    def __init__(self, seed: int, seat: int, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.rng = random.Random(f"{seed}/bot/{seat}")
        self.weights = weights
        self.value = Evaluator(weights)

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
    reply_spend = 2  # most Lightning considered for the replies
    deep_left = 0  # look two numbers ahead when at most this many are left in the round
    deep_width = 3

    def cross(self, state: GameState, player: int, pos: Position) -> Action:
        options = turns(pos, state.number, self.value, not state.has_exact(player))
        options.sort(key=lambda t: t.value, reverse=True)
        best = options[0]
        if pos.left > 0 and len(options) > 1:
            cache: dict = {}
            depth = 2 if pos.left <= self.deep_left else 1
            scored = [
                (self.expected(t.after, cache, depth), i)
                for i, t in enumerate(options[: self.width])
            ]
            best = options[max(scored)[1]]
        if best.slot < 0:
            return Pass(player)
        return Cross(player, pos.cards[best.slot], best.cell, best.lightning)

    def expected(self, pos: Position, cache: dict, depth: int = 1) -> float:
        """The expected value of the best reply to the next number."""
        total = 0.0
        unseen = pos.left + 9
        for number in range(1, 10):
            copies = pos.pool[number]
            if not copies:
                continue
            nxt = pos.copy()
            nxt.pool = revealed(pos.pool, number)
            nxt.left -= 1
            replies = turns(
                nxt, number, self.cached_value(cache), not nxt.has_open(number), self.reply_spend
            )
            if depth > 1 and nxt.left > 0:
                replies.sort(key=lambda t: t.value, reverse=True)
                best = max(
                    self.expected(t.after, cache, depth - 1) for t in replies[: self.deep_width]
                )
            else:
                best = max(t.value for t in replies)
            total += copies * best
        return total / unseen

    def cached_value(self, cache: dict):
        def value(pos: Position) -> float:
            key = (tuple(pos.masks), pos.lightning, pos.moons, pos.stars, pos.pool)
            hit = cache.get(key)
            if hit is None:
                hit = cache[key] = self.value(pos)
            return hit

        return value


LEVELS = ("easy", "normal", "hard")


def make_bot(level: str, seed: int, seat: int) -> Bot:
    """A computer player for "easy", "normal" or "hard", deterministic for a seed and seat."""
    if level == "easy":
        return EasyBot(seed, seat)
    if level == "normal":
        return GreedyBot(seed, seat)
    if level == "hard":
        return LookaheadBot(seed, seat)
    raise ValueError(f"unknown level {level!r}")


def hint(state: GameState, player: int) -> Action:
    """The hard computer's suggestion for the player's next action (deterministic, legal).
    ValueError if the player has nothing to do now."""
    if player not in state.waiting_for():
        raise ValueError(f"player {player} has nothing to do now")
    return LookaheadBot(state.seed, player).choose(state, player)
