"""Lucky Box rules and bots, one branch at a time: every refusal with its code, record parsing
errors, supply and star corner cases, undo refusals, reshuffles a deal lists wrongly, hidden
variants after a reshuffle, and the bots' corner cases. (The broader behaviour is tested in
test_rules.py, test_record.py and test_bots.py; these reach what those do not.)"""

from __future__ import annotations

import pytest
from rules_helpers import act, cells, position

from game.core.game import RecordError
from game.luckybox.entry import LUCKYBOX
from game.luckybox.rules import (
    Cross,
    Deal,
    GameState,
    Keep,
    Options,
    Pass,
    Pick,
    Resolve,
    events as ev,
)
from game.luckybox.rules.cards import LIGHTNING, MOON
from game.luckybox.rules.parts import DealError
from game.luckybox.rules.state import DRAFT, OVER, PLAY as PLAY_PHASE


def code(state: GameState, action: object) -> str | None:
    reason = state.check(action)
    return None if reason is None else reason.code


def two_player_setup() -> GameState:
    state, _ = GameState.new(["A", "B"], 3)
    return state


def play_until(state: GameState, phase: str) -> None:
    """Play the first legal action of every waiting seat until the game reaches `phase`."""
    while state.phase != phase:
        seat = state.waiting_for()[0]
        assert act(state, state.legal_actions(seat)[0]).ok


# -- refusals, one code each ---------------------------------------------------------------------


def test_refusals_of_the_set_up_draft_name_their_code() -> None:
    state = two_player_setup()
    hand = state.players[0].hand
    assert code(state, "keep") == "not_an_action"
    assert code(state, Pass(2)) == "unknown_player"
    assert code(state, Pass(True)) == "unknown_player"  # a bool is not a seat
    assert code(state, Cross(0, hand[0], 0)) == "must_keep"
    assert code(state, Pick(0, hand[0])) == "cannot_pick_now"
    assert code(state, Keep(0, tuple(hand[:2]))) == "keep_three"
    assert code(state, Keep(0, (hand[0], hand[0], hand[1]))) == "keep_three"
    assert code(state, Keep(0, list(hand[:3]))) == "keep_three"  # a list is not the tuple
    other = state.players[1].hand[0]
    refusal = state.check(Keep(0, (hand[0], hand[1], other)))
    assert refusal is not None and refusal.code == "not_drawn" and refusal.args["card"] == other
    assert state.apply(Keep(0, tuple(hand[:3]))).ok
    assert code(state, Keep(0, tuple(hand[:3]))) == "already_kept"


def test_refusals_of_a_revealed_number_name_their_code() -> None:
    # card 1 shows 1 2 3 / 2 3 1 / 4 5 6; number 3 revealed
    state = position([[1, 2, 3], [4, 5, 6]], numbers=[3, 1, 2, 4, 5, 6, 7, 8, 9])
    assert code(state, Keep(0, (1, 2, 3))) == "cannot_keep_now"
    assert code(state, Pick(0, 1)) == "cannot_pick_now"
    assert code(state, Pass(0)) == "cannot_pass"
    assert code(state, Cross(0, 1, 9)) == "not_a_square"
    assert code(state, Cross(0, 1, "2")) == "not_a_square"
    assert code(state, Cross(0, 50, 2)) == "no_card"
    assert code(state, Cross(0, 1, 0)) == "no_open_square"  # cell 0 shows 1, not 3
    assert code(state, Cross(0, 1, 2, 1.0)) == "lightning_not_whole"
    assert code(state, Cross(0, 1, 2, -9)) == "lightning_round_clock"
    assert code(state, Cross(0, 1, 0, 5)) == "not_enough_lightning"  # 4 tokens to start with
    assert code(state, Resolve(0, 1, "row", 0, 1, 0)) == "no_pending_bonus"
    assert state.apply(Cross(0, 1, 2)).ok
    assert code(state, Cross(0, 1, 4)) == "already_played"
    assert code(state, Cross(1, 4, 6)) == "no_open_square"  # seat 1 still to play
    state.players[1].masks[0] = cells(4)
    refusal = state.check(Cross(1, 4, 4))
    assert refusal is not None and refusal.code == "already_crossed"
    assert refusal.args == {"player": 1, "cell": 4, "card": 4}


def test_pending_bonus_refusals_and_the_cross_it_allows() -> None:
    # card 1's top row (1 2 3) gives a 7: cards 4 and 3 show a 7 in cell 6
    state = position([[1, 4, 3]], masks=[[cells(0, 1), 0, 0]], numbers=[3, 1, 2, 4, 5, 6, 7, 8, 9])
    events = state.apply(Cross(0, 1, 2)).events
    assert ev.BonusPending(0, 1, "row", 0, ("number", 7)) in events
    assert code(state, Cross(0, 4, 6)) == "resolve_first"
    assert code(state, Pass(0)) == "resolve_first"
    assert code(state, Resolve(0, 1, "col", 0, 4, 6)) == "no_pending_bonus"
    refusal = state.check(Resolve(0, 1, "row", 0, 4, 0))  # cell 0 of card 4 shows 1
    assert refusal is not None and refusal.code == "bonus_needs" and refusal.args["need"] == 7
    assert code(state, Resolve(0, 1, "row", 0, 4, 11)) == "not_a_square"
    outcome = state.apply(Resolve(0, 1, "row", 0, 4, 6))
    assert outcome.ok and ev.SquareCrossed(0, 4, 6, 7, "bonus") in outcome.events


def test_draft_refusals_name_their_code_and_a_finished_game_refuses_everything() -> None:
    state = two_player_setup()
    play_until(state, DRAFT)
    hand = state.players[0].hand
    assert len(hand) == 3
    assert code(state, Cross(0, hand[0], 0)) == "must_pick"
    assert code(state, Keep(0, tuple(hand))) == "cannot_keep_now"
    assert code(state, Pick(0, 999)) == "not_drawn"
    assert state.apply(Pick(0, hand[0])).ok
    assert code(state, Pick(0, hand[1])) == "already_picked"
    play_until(state, OVER)
    assert code(state, Pass(0)) == "game_over"
    assert state.legal_actions(0) == [] and state.waiting_for() == []
    assert not state.awaiting_chance() and state.advance() == []


# -- supply, stars, undo -------------------------------------------------------------------------


def test_a_lightning_bonus_larger_than_the_supply_gives_what_is_left_then_nothing() -> None:
    # card 1's first column (cells 0 3 6: 1 2 4) gives two Lightning
    state = position(
        [[1, 2, 3]],
        masks=[[cells(0, 3), 0, 0]],
        numbers=[4, 1, 2, 3, 5, 6, 7, 8, 9],
        options=Options("limited"),
    )
    state.supply[LIGHTNING] = 1
    events = state.apply(Cross(0, 1, 6)).events
    assert ev.BonusLost(0, 1, "col", 0, (LIGHTNING, 2), "the supply has run out") in events
    assert ev.TokenGained(0, LIGHTNING, 1, 5) in events
    assert state.supply[LIGHTNING] == 0 and state.players[0].lightning == 5

    empty = position(
        [[1, 2, 3]],
        masks=[[cells(0, 3), 0, 0]],
        numbers=[4, 1, 2, 3, 5, 6, 7, 8, 9],
        options=Options("limited"),
    )
    empty.supply[LIGHTNING] = 0
    events = empty.apply(Cross(0, 1, 6)).events
    assert not [e for e in events if isinstance(e, ev.TokenGained)]
    assert empty.players[0].lightning == 4


def test_a_moon_from_a_limited_supply_counts_down_the_supply() -> None:
    # card 3's first column (cells 0 3 6: 4 5 7) gives a Moon
    state = position(
        [[3, 1, 2]],
        masks=[[cells(0, 3), 0, 0]],
        numbers=[7, 1, 2, 3, 5, 6, 4, 8, 9],
        options=Options("limited"),
    )
    before = state.supply[MOON]
    events = state.apply(Cross(0, 3, 6)).events
    assert ev.TokenGained(0, MOON, 1, 1) in events
    assert state.supply[MOON] == before - 1


def test_undo_refusals_name_their_code() -> None:
    state = position([[1, 2, 3]], numbers=[3, 1, 2, 4, 5, 6, 7, 8, 9])
    assert state.can_undo(1).code == "unknown_player"
    assert state.can_undo(-1).code == "unknown_player"
    assert state.can_undo(0).code == "nothing_to_undo"
    refused = state.undo(0)
    assert not refused.ok and refused.events == []


def test_undo_of_a_lightning_cross_gives_the_tokens_back_to_player_and_supply() -> None:
    state = position([[1, 2, 3]], numbers=[3, 1, 2, 4, 5, 6, 7, 8, 9], options=Options("limited"))
    supply = dict(state.supply)
    assert state.apply(Cross(0, 1, 0, -2)).ok  # 3 two steps down is 1
    assert state.players[0].lightning == 2 and state.supply[LIGHTNING] == supply[LIGHTNING] + 2
    undone = state.undo(0)
    assert undone.ok and type(undone.events[0]).__name__ == "Undone"
    assert state.players[0].lightning == 4 and state.supply == supply
    assert state.players[0].masks == [0, 0, 0] and state.actions == [Keep(0, (1, 2, 3))]


# -- dealing and reshuffles ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("names", "seed", "deal", "words"),
    [
        ([], 1, None, "1 to 12 players"),
        (["A"], "1", None, "seed must be an integer"),
        (["A"], 1, Deal(lucky_deck=(5, 5)), "lists a card twice"),
        (["A"], 1, Deal(lucky_deck=(61,)), "no card 61 in a 60-card deck"),
        (["A"], 1, Deal(numbers=((1,) * 9,) * 5), "more than 4 rounds"),
        (["A"], 1, Deal(numbers=((1, 2, 3),)), "must list 9 numbers"),
        (["A"], 1, Deal(numbers=((0, 1, 2, 3, 4, 5, 6, 7, 8),)), "must list 9 numbers"),
    ],
)
def test_bad_deals_are_refused_with_a_reason(names, seed, deal, words) -> None:
    with pytest.raises(ValueError, match=words):
        GameState.new(names, seed, deal=deal)


def reshuffle_game(reshuffles: tuple[tuple[int, ...], ...]) -> GameState:
    """Six players draw the 60-card pile dry in the second draft (30 + 18 + 18 cards)."""
    state, _ = GameState.new([f"P{i}" for i in range(6)], 5, deal=Deal(reshuffles=reshuffles))
    return state


def test_a_listed_reshuffle_that_does_not_hold_the_discard_pile_is_refused() -> None:
    state = reshuffle_game(())
    play_until(state, OVER)
    # the seeded game did reshuffle: the same game with its pile listed, then listed wrongly
    assert state.reshuffle_piles, "six players must run the pile dry"
    pile = state.reshuffle_piles[0]
    replay = reshuffle_game((pile,))
    play_until(replay, OVER)
    assert replay.reshuffle_piles[0] == pile

    foreign = next(c for c in range(1, 61) if c not in pile)
    for listed, words in (
        ((foreign, *pile[1:]), f"card {foreign} is not in the discard pile"),
        (pile[1:], f"card {pile[0]} is missing"),
        ((pile[1], *pile[1:]), "is missing"),
    ):
        bad = reshuffle_game((listed,))
        with pytest.raises(DealError, match=words):
            play_until(bad, OVER)


def test_a_pile_listed_twice_over_is_named() -> None:
    state = reshuffle_game(())
    play_until(state, OVER)
    pile = state.reshuffle_piles[0]
    bad = reshuffle_game(((*pile, pile[0]),))
    with pytest.raises(DealError, match="a card is listed twice"):
        play_until(bad, OVER)


# -- records -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("patch", "words"),
    [
        ({"format": "blanco/record@1"}, 'not a game record: "format" must be'),
        ({"players": []}, "players must list 1 to 12 names"),
        ({"players": ["A", 2]}, "every player name must be a string"),
        ({"seed": True}, "seed must be an integer"),
        ({"options": []}, "options must be an object"),
        ({"options": {"token_supply": "some"}}, "options.token_supply must be"),
        ({"deal": []}, "deal must be an object"),
        ({"deal": {"lucky_deck": [1, "2"]}}, "deal.lucky_deck must list card numbers"),
        ({"deal": {"numbers": [[1, 2]] * 5}}, "deal.numbers must list up to 4 rounds"),
        ({"deal": {"numbers": [1, 2]}}, "deal.numbers must list up to 4 rounds"),
        ({"deal": {"reshuffles": [[1, 2.0]]}}, "deal.reshuffles must list piles"),
        ({"actions": {}}, "actions must be a list"),
    ],
)
def test_malformed_record_headers_are_refused_with_one_line(patch, words) -> None:
    record = {"format": "super-mega-lucky-box/record@1", "players": ["A"], "seed": 1, **patch}
    with pytest.raises(RecordError) as err:
        LUCKYBOX.rules.parse_record(record)
    assert words in str(err.value)
    with pytest.raises(RecordError, match="a record must be a JSON object"):
        LUCKYBOX.rules.parse_record([record])


def test_a_record_after_a_reshuffle_lists_its_pile_and_replays_to_the_same_game() -> None:
    state = reshuffle_game(())
    play_until(state, OVER)
    record = LUCKYBOX.rules.record_of(state, {"app": "test", "players": "ignored"})
    assert record["deal"]["reshuffles"] == [list(p) for p in state.reshuffle_piles]
    assert record["app"] == "test" and record["players"] == list(state.names)
    again = LUCKYBOX.rules.state_from_record(record)
    assert again.returns() == state.returns() and again.reshuffle_piles == state.reshuffle_piles
    assert LUCKYBOX.words.progress(again) == "finished"
    assert LUCKYBOX.rules.summary(again)["finished"] is True


def test_progress_names_the_draft_and_the_round() -> None:
    state = two_player_setup()
    assert LUCKYBOX.words.progress(state) == "the draft"
    play_until(state, PLAY_PHASE)
    assert LUCKYBOX.words.progress(state) == "round 1 of 4"


@pytest.mark.parametrize(
    ("obj", "words"),
    [
        ([], "an action must be a JSON object"),
        ({"player": 0, "keep": [1, 2]}, "keep must list 3 card numbers"),
        ({"player": 0, "pass": 1}, "pass must be true"),
        ({"player": 0, "bonus": [1]}, "bonus must be an object"),
        ({"player": 0, "bonus": {"card": 1, "line": "diag", "index": 0}}, "bonus.line must be"),
        ({"player": 0, "cross": [1, 2]}, "cross must be an object with card and cell"),
        ({"player": 0, "cross": {"card": 1, "cell": 2}, "lightning": "1"}, "lightning must be"),
        ({"player": 0}, "an action must have one of"),
    ],
)
def test_malformed_record_actions_are_refused_with_one_line(obj, words) -> None:
    with pytest.raises(RecordError, match=words):
        LUCKYBOX.rules.action_from_record(obj)


def test_every_action_writes_its_record_form_and_reads_back() -> None:
    for action in (
        Keep(0, (1, 2, 3)),
        Pick(1, 7),
        Cross(0, 1, 2),
        Cross(0, 1, 2, -3),
        Pass(2),
        Resolve(0, 1, "col", 2, 4, 6),
    ):
        assert LUCKYBOX.rules.action_from_record(LUCKYBOX.rules.action_to_record(action)) == action
    with pytest.raises(TypeError, match="not an action"):
        LUCKYBOX.rules.action_to_record("pass")
