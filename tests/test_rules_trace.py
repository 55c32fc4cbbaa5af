"""A golden trace of the rules: one digest of everything many random games show (every listing,
event, refusal, undo, view and copy, with illegal and stale attempts mixed in), recorded from
the engine as it was before its speed work. Any change to what the engine lists, does, says or
refuses, or to the order it does it in, changes the digest: a rewrite for speed must keep it.

If the rules change on purpose, the new digest goes here with the change that explains it.
"""

from __future__ import annotations

import hashlib
import operator
import pickle
import random
from typing import Any

from msgspec.structs import astuple

from game.luckybox.rules import Cross, GameState, Keep, Options, Pass, Pick, Resolve
from tests.rules_helpers import snapshot as plain_snapshot

GAMES = 48
# (Issue 73 renamed the pending bonus's class PendingBonus, the view's struct: the digest of the
# tree before, its Pending shown under that name, is this one.)
DIGEST = "5279a794cf8bfb0468b5a1e86e2cce57c25f7f240b340c5419102a5b28379b44"


def _refusal(refusal: Any) -> Any:
    if refusal is None:
        return None
    return (str(refusal), refusal.code, sorted((k, repr(v)) for k, v in refusal.args.items()))


def _illegal(rng: random.Random, state: GameState) -> Any:
    """An action of any shape, mostly illegal now: wrong seat, card, cell, kind or types."""
    seats = len(state.players)
    player = rng.randrange(-1, seats + 1)
    p = state.players[player if 0 <= player < seats else 0]
    cards = [*p.cards, *p.hand, rng.randrange(0, 125)]
    card, cell = rng.choice(cards), rng.randrange(-1, 10)
    if p.pending:
        pending = rng.choice(p.pending)
        bonus_card, line, index = pending.card, pending.line, pending.index
    else:
        bonus_card, line, index = rng.choice(cards), rng.choice(["row", "col", "diag"]), 1
    return rng.choice(
        [
            Cross(player, card, cell, rng.randrange(-10, 11)),
            Cross(player, card, cell % 9, rng.choice([True, 1.0, "1", 9, -9])),
            Cross(rng.choice(["0", None, True]), card, 0, 0),
            Pass(player),
            Keep(player, tuple(rng.sample(cards, min(3, len(cards))))),
            Keep(player, (1, 1, 2)),
            Pick(player, card),
            Resolve(player, bonus_card, line, index, card, cell),
            rng.choice([None, ("x",), (0, 1, 2, 3), 5, "cross"]),
        ]
    )


class _ActionsText:
    """repr() of the tuples of a game's actions, as repr makes them, each action's made once:
    a snapshot holds every action so far, and repr made each again at every step (half this
    test's time). The text is the same: the actions met before (the very same objects, in
    the same places; frozen structs, whose text never changes) keep theirs, the others are
    made anew. The digest below is the proof."""

    def __init__(self) -> None:
        self.actions: tuple[Any, ...] = ()
        self.texts: list[str] = []

    def of(self, actions: tuple[Any, ...]) -> str:
        same = list(map(operator.is_, actions, self.actions))
        kept = same.index(False) if False in same else len(same)
        self.texts = self.texts[:kept] + [repr(a) for a in actions[kept:]]
        self.actions = actions
        return "(" + ", ".join(self.texts) + ("," if len(self.texts) == 1 else "") + ")"


ACTIONS_AT = 10  # the actions' place in rules_helpers.snapshot (from 0)


class _Snapshot(tuple):
    """rules_helpers.snapshot, its repr() the same text, its actions said by _ActionsText."""

    said: _ActionsText

    def __repr__(self) -> str:
        return (
            "("
            + ", ".join(
                self.said.of(x) if i == ACTIONS_AT and type(x) is tuple else repr(x)
                for i, x in enumerate(self)
            )
            + ")"
        )


def trace(seed: int) -> str:
    """Play one random game with everything mixed in; the digest of all it showed."""
    rng = random.Random(seed * 7919 + 1)
    seats = rng.choice([1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 12])
    supply = rng.choice(["unlimited", "unlimited", "limited"])
    digest = hashlib.sha256()

    said = _ActionsText()

    def snapshot(state: Any) -> _Snapshot:
        snap = _Snapshot(plain_snapshot(state))
        snap.said = said
        return snap

    def put(*what: Any) -> None:
        digest.update(repr(what).encode())

    state, events = GameState.new([f"P{i}" for i in range(seats)], seed, Options(supply))
    put("new", events, snapshot(state))
    stale: list[Any] = []
    while not state.is_terminal():
        roll = rng.random()
        if state.awaiting_chance():
            if roll < 0.1:
                put("undo at chance", state.undo(rng.randrange(seats)))
            put("advance", state.advance(), snapshot(state))
            continue
        player = rng.choice(state.waiting_for())
        if roll < 0.06:
            outcome = state.apply(_illegal(rng, state))
            put("illegal", outcome.events, _refusal(outcome.refusal), snapshot(state))
        elif roll < 0.09 and stale:
            outcome = state.apply(rng.choice(stale))
            put("stale", outcome.events, _refusal(outcome.refusal), snapshot(state))
        elif roll < 0.14:
            seat = rng.randrange(-1, seats + 1) if roll < 0.1 else player
            if 0 <= seat < seats:
                put("can undo", seat, _refusal(state.can_undo(seat)))
            outcome = state.undo(seat) if 0 <= seat < seats else None
            if outcome is not None:
                put("undo", outcome.events, _refusal(outcome.refusal), snapshot(state))
        elif roll < 0.16:
            view = state.view_for(rng.randrange(seats))
            put("view", snapshot(view), view.numbers, view.draw_pile)
            put([view.legal_actions(seat) for seat in range(seats)])
        elif roll < 0.17:
            copy = pickle.loads(pickle.dumps(state)) if roll < 0.165 else state.clone()
            put("copy", snapshot(copy), [copy.can_undo(seat) for seat in range(seats)])
            if rng.random() < 0.3:
                state = copy  # go on with the copy
        else:
            legal = state.legal_actions(player)
            put("legal", player, legal)
            if roll < 0.19:
                other = rng.randrange(seats)
                put("legal of", other, state.legal_actions(other))
            action = rng.choice(legal)
            if roll < 0.22:
                action = type(action)(*astuple(action))  # equal, not the listed object
            stale = legal
            outcome = state.apply(action)
            put("apply", action, outcome.events, _refusal(outcome.refusal), snapshot(state))
            if roll < 0.25:
                again = state.apply(action)
                put("again", again.events, _refusal(again.refusal))
    put("end", snapshot(state), state.totals(), state.winners(), state.rating())
    return digest.hexdigest()


def test_random_games_show_exactly_what_they_always_have() -> None:
    total = hashlib.sha256()
    for seed in range(GAMES):
        total.update(trace(seed).encode())
    assert total.hexdigest() == DIGEST
