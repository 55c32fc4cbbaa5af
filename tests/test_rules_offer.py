"""`apply` takes the very actions `legal_actions` just listed without checking them again: only
while the state is unchanged, and only those objects (an equal tuple is checked as ever)."""

from __future__ import annotations

from game.luckybox.rules import Cross, GameState
from game.luckybox.rules.state import PLAY


def first_number(players: int = 1, seed: int = 3) -> GameState:
    state, _ = GameState.new([f"P{i}" for i in range(players)], seed)
    for seat in range(players):
        assert state.apply(state.legal_actions(seat)[0]).ok
    state.advance()
    assert state.phase == PLAY
    return state


def test_a_listed_action_is_checked_again_once_the_state_has_changed() -> None:
    state = first_number()
    listed = state.legal_actions(0)
    assert len(listed) > 1
    assert state.apply(listed[0]).ok
    again = state.apply(listed[1])  # listed before the cross: the seat has played since
    assert again.refusal is not None and again.refusal.code == "already_played"
    assert state.undo(0).ok
    assert state.apply(listed[1]).ok  # after the undo it is legal again, and checked so


def test_an_equal_action_built_elsewhere_is_still_checked() -> None:
    state = first_number()
    exact = next(a for a in state.legal_actions(0) if isinstance(a, Cross) and not a.lightning)
    lookalike = Cross(exact.player, exact.card, exact.cell, False)  # == exact, not an int
    assert lookalike == exact
    outcome = state.apply(lookalike)
    assert outcome.refusal is not None and outcome.refusal.code == "lightning_not_whole"


def test_another_state_listing_or_playing_does_not_let_a_stale_action_through() -> None:
    state = first_number(players=2)
    listed = state.legal_actions(0)
    copy = state.clone()
    assert copy.apply(copy.legal_actions(0)[0]).ok  # the copy lists and plays: not `state`
    assert state.apply(listed[0]).ok
    stale = state.apply(listed[-1])
    assert stale.refusal is not None and stale.refusal.code == "already_played"
    # The seat listed for another state (the copy's own list) is checked against this one.
    copy_listed = copy.legal_actions(1)
    state.legal_actions(0)  # the last offer is now `state`'s: the copy's list is checked
    assert copy.apply(copy_listed[0]).ok
