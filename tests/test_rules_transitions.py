"""The engine's lookup tables for speed agree with what they stand for: a cross's transition
(CROSSING), a card's open cells (OPEN_CELLS), every card's cells in reach per number and
Lightning (reached_cells) and an entry's joined crosses; and undo of a plain cross, which keeps
only the card's mask, restores the seat exactly."""

from __future__ import annotations

import random

from game.luckybox.rules import Cross, GameState
from game.luckybox.rules.cards import CROSSING, FULL, LINES_DONE, OPEN_CELLS, faces_by_id
from game.luckybox.rules.state import PLAY
from game.luckybox.rules.tables import reached_cells, seat_tables


def test_crossing_and_open_cells_are_the_bit_arithmetic() -> None:
    for mask in range(512):
        assert OPEN_CELLS[mask] == FULL ^ mask
        for cell in range(9):
            after = mask | 1 << cell
            assert CROSSING[cell][mask] == (after, LINES_DONE[cell][after])


def test_reached_cells_and_joined_crosses_match_each_entry() -> None:
    for copies in (1, 2):
        faces = faces_by_id(copies)
        reached = reached_cells(faces)
        seat = seat_tables(faces)[0]
        for at in range(90):
            for card in range(1, len(faces)):
                exact, in_reach, by_cell, joined = seat.build(card, at)
                assert in_reach == reached[at][card]
                assert exact & ~in_reach == 0  # the exact squares always in reach
                assert joined == tuple(c for crosses in by_cell for c in crosses)


def _seat_state(state: GameState, player: int) -> tuple[object, ...]:
    p = state.players[player]
    return (p.cards[:], p.masks[:], p.lightning, p.moons, p.stars[:], p.pending[:], p.done)


def test_undoing_any_cross_restores_the_seat() -> None:
    undone = 0
    for seed in range(20):
        rng = random.Random(seed)
        state, _ = GameState.new(["A", "B"], seed)
        while not state.is_terminal():
            if state.awaiting_chance():
                state.advance()
                continue
            for player in state.waiting_for():
                legal = state.legal_actions(player)
                action = rng.choice(legal)
                before = _seat_state(state, player)
                waiting = state.waiting
                state.apply(action)
                if state.phase == PLAY and type(action) is Cross and rng.random() < 0.5:
                    assert state.undo(player).refusal is None
                    assert _seat_state(state, player) == before
                    assert state.waiting == waiting
                    undone += 1
                    state.apply(action)  # played again: the game goes on as it would have
    assert undone > 100
