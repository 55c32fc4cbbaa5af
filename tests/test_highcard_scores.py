"""High card's statistics members (the `Game` protocol's record_scores, solo_rating,
rating_shown): a finished game's summary reads as totals and winners, a broken one as None."""

from __future__ import annotations

from tests.highcard.entry import HIGHCARD
from tests.highcard.rules import Keep, Swap


def test_a_finished_games_summary_reads_as_its_cards_and_winner() -> None:
    state, _events = HIGHCARD.rules.new_game(["Ann", "Bob", "Cy"], seed=7)
    for seat, action in enumerate((Keep, Swap, Keep)):
        assert state.apply(action(seat)).ok
    state.advance()
    scores = HIGHCARD.rules.record_scores(HIGHCARD.rules.summary(state), 3)
    assert scores == {"totals": state.cards, "winners": [state.winner()], "finished": True}


def test_an_unfinished_game_has_no_winner_yet() -> None:
    state, _events = HIGHCARD.rules.new_game(["Ann", "Bob"], seed=3)
    scores = HIGHCARD.rules.record_scores(HIGHCARD.rules.summary(state), 2)
    assert scores is not None and scores["winners"] == [] and scores["finished"] is False


def test_a_malformed_or_mismatched_result_is_none() -> None:
    state, _events = HIGHCARD.rules.new_game(["Ann", "Bob"], seed=3)
    summary = HIGHCARD.rules.summary(state)
    assert HIGHCARD.rules.record_scores(summary, 3) is None  # another seat count
    assert HIGHCARD.rules.record_scores({"players": [{"card": "9"}, {"card": 4}]}, 2) is None
    assert HIGHCARD.rules.record_scores(None, 2) is None


def test_high_card_has_no_ratings() -> None:
    assert HIGHCARD.words.solo_rating(40) == ""
    assert HIGHCARD.words.rating_shown("anything") == "anything"
