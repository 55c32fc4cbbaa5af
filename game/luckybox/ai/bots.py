"""Computer players at four levels (Expert: expert.py), and the hint (Hard's suggestion).

- Easy plays legally with little planning: random cards, an exact square (often at random),
  Lightning only now and then, bonuses placed at random.
- Normal takes, for every decision, the choice whose position the static evaluation (see
  `evaluate`) rates best: cards to keep, square and Lightning, passing, and each bonus square.
- Hard looks one number ahead: for its most promising crosses it averages the best reply to
  every number that can still come this round, weighted by the Number cards not yet revealed.

Every bot is deterministic for a game seed and seat, and sees only what its player may know.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Protocol

from game.core.game import BOT_LEVELS
from game.luckybox.ai.evaluate import Evaluator
from game.luckybox.ai.model import PendingBonus, Position, position_of, revealed, with_cards
from game.luckybox.ai.turns import Turn, best_resolve, turns
from game.luckybox.rules import Action, Cross, GameState, Keep, Pass, Pick, Resolve
from game.luckybox.rules.cards import POPCOUNT
from game.luckybox.rules.state import DRAFT, PLAY, SETUP

LEVELS = BOT_LEVELS


class Bot(Protocol):
    def choose(self, state: GameState, player: int) -> Action:
        """One of state.legal_actions(player)."""
        ...


class EasyBot:
    """Little planning: random cards; an exact square, half the time at random and otherwise
    on the card with the most crosses; one Lightning now and then when nothing matches;
    bonuses placed at random."""

    def __init__(self, seed: int, seat: int) -> None:
        self.rng = random.Random(f"{seed}/bot/{seat}")

    def choose(self, state: GameState, player: int) -> Action:
        rng = self.rng
        actions = state.legal_actions(player)
        p = state.players[player]
        if state.phase != PLAY or p.pending:
            return rng.choice(actions)
        exact = [a for a in actions if type(a) is Cross and a.lightning == 0]
        if exact:
            if rng.random() < 0.5:
                return rng.choice(exact)
            masks = dict(zip(p.cards, p.masks, strict=True))
            return max(exact, key=lambda a: POPCOUNT[masks[a.card]])
        one_token = [a for a in actions if type(a) is Cross and abs(a.lightning) == 1]
        if one_token and rng.random() < 0.25:
            return rng.choice(one_token)
        return Pass(player)


class GreedyBot:
    """Normal: every choice by the static evaluation of the position it leads to."""

    def __init__(self, seed: int, seat: int, value: Evaluator | None = None) -> None:
        # Nothing random: the seed and seat only keep the signature of every level alike.
        self.value = value or Evaluator()

    def forget(self) -> None:
        """Drop what the evaluation remembers (a server calls this after each decision, so a
        table's computers hold a few MB, not their memories' hundreds). Its choices are the
        same: every memory is only what it would work out again."""
        self.value = type(self.value)(self.value.w)

    def choose(self, state: GameState, player: int) -> Action:
        phase = state.phase
        hand = state.players[player].hand
        if phase == SETUP:
            return Keep(player, self.best_cards(state, player, list(combinations(hand, 3))))
        if phase == DRAFT:
            return Pick(player, self.best_cards(state, player, [(c,) for c in hand])[0])
        assert phase == PLAY, f"nothing to choose in phase {phase}"
        pos = position_of(state, player)
        waiting = state.players[player].pending
        if waiting:
            pending: list[PendingBonus] = [
                (pos.cards.index(b.card), b.line, b.index, b.bonus) for b in waiting
            ]
            i, slot, cell = best_resolve(pos, pending, self.value)
            chosen = waiting[i]
            return Resolve(player, chosen.card, chosen.line, chosen.index, pos.cards[slot], cell)
        options = turns(pos, state.number, self.value, not state.has_exact(player))
        best = self.best_turn(pos, options)
        if best.slot < 0:
            return Pass(player)
        return Cross(player, pos.cards[best.slot], best.cell, best.lightning)

    def best_turn(self, pos: Position, options: list[Turn]) -> Turn:
        return max(options, key=_value)

    def best_cards(
        self, state: GameState, player: int, choices: list[tuple[int, ...]]
    ) -> tuple[int, ...]:
        """The cards to keep (3 at setup, 1 in a draft) whose position evaluates best."""
        pos = position_of(state, player)
        return max(
            choices,
            key=lambda cards: self.value(with_cards(pos, cards, [state.faces[c] for c in cards])),
        )


# What a position is remembered by within one decision, where its cards, round, banked points
# and rivals' moons cannot change: masks, tokens, moons, stars, numbers to come (which, and how
# many: the same for every reply, but Expert's play-outs share these answers).
PositionKey = tuple[tuple[int, ...], int, int, int, tuple[int, ...], int]


class LookaheadBot(GreedyBot):
    """Hard: weighs its most promising crosses by the expected best reply to the next number."""

    width = 6  # crosses looked at more closely: the best ones by static evaluation
    reply_spend = 2  # most Lightning a reply considers (more rarely pays, and costs time)

    def best_turn(self, pos: Position, options: list[Turn]) -> Turn:
        if pos.left == 0 or len(options) == 1:  # the round ends after this number
            return max(options, key=_value)
        options = sorted(options, key=_value, reverse=True)[: self.width]
        seen: dict[PositionKey, float] = {}
        return max(options, key=lambda t: self.expected(t.after, seen))

    def expected(self, pos: Position, seen: dict[PositionKey, float]) -> float:
        """The expected value of the best reply to the next number, each number weighted by
        its copies among the Number cards not revealed yet (`seen` remembers evaluations:
        different crosses often lead to the same positions one number later)."""

        def value(after: Position) -> float:
            key = (
                tuple(after.masks),
                after.lightning,
                after.moons,
                after.stars,
                after.pool,
                after.left,
            )
            hit = seen.get(key)
            if hit is None:
                hit = seen[key] = self.value(after)
            return hit

        total = 0.0
        for number in range(1, 10):
            copies = pos.pool[number]
            if copies:
                nxt = pos.copy()
                nxt.pool = revealed(pos.pool, number)
                nxt.left -= 1
                replies = turns(nxt, number, value, not nxt.has_open(number), self.reply_spend)
                total += copies * max(t.value for t in replies)
        return total / sum(pos.pool)


def _value(turn: Turn) -> float:
    return turn.value


def hint(state: GameState, player: int) -> Action:
    """The Hard player's suggestion for the player's next action (deterministic, legal).
    ValueError if the player has nothing to do now."""
    if player not in state.waiting_for():
        raise ValueError(f"player {player} has nothing to do now")
    return LookaheadBot(state.seed, player).choose(state, player)
