"""The precomputed cross tables list exactly what the rules allow, in the order the engine has
always listed it: every open square whose number some Lightning spend reaches, card by card,
cell by cell, the exact number first... checked against a plain enumeration of the rules."""

from __future__ import annotations

import random

import pytest

from game.luckybox.rules import Cross, GameState, Pass
from game.luckybox.rules.actions import Action
from game.luckybox.rules.state import PLAY, shift


def enumerated_crosses(state: GameState, player: int) -> list[Action]:
    """The legal crosses (and pass) read straight from the rules, one square at a time."""
    p = state.players[player]
    out: list[Action] = []
    exact = False
    for card, mask in zip(p.cards, p.masks, strict=True):
        for cell in range(9):
            if mask >> cell & 1:
                continue
            shown = state.faces[card].grid[cell]
            if shown == state.number:
                out.append(Cross(player, card, cell, 0))
                exact = True
                continue
            up, down = (shown - state.number) % 9, (state.number - shown) % 9
            for lightning in (up, -down):
                if abs(lightning) <= min(p.lightning, 8):
                    assert shift(state.number, lightning) == shown
                    out.append(Cross(player, card, cell, lightning))
    if not exact:
        out.append(Pass(player))
    return out


@pytest.mark.parametrize("players", [1, 3, 7])
def test_listed_crosses_are_the_rules_own(players: int) -> None:
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        state, _ = GameState.new([f"P{i}" for i in range(players)], seed)
        while not state.is_terminal():
            if state.awaiting_chance():
                state.advance()
                continue
            for player in state.waiting_for():
                if state.phase == PLAY and not state.players[player].pending:
                    state.players[player].lightning = rng.choice([0, 1, 3, 8, 9, 14])
                    legal = state.legal_actions(player)
                    assert legal == enumerated_crosses(state, player)
                    checked += 1
                state.apply(rng.choice(state.legal_actions(player)))
    assert checked > 100


def test_a_clone_and_a_pickled_state_list_the_same_crosses() -> None:
    import pickle

    state, _ = GameState.new(["A", "B"], 5)
    for player in (0, 1):
        state.apply(state.legal_actions(player)[0])
    state.advance()
    for other in (state.clone(), pickle.loads(pickle.dumps(state)), state.view_for(1)):
        for player in (0, 1):
            assert other.legal_actions(player) == state.legal_actions(player)
