"""One test (or a few) per rule and edge case of RULES.md."""

from __future__ import annotations

import pytest

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
from game.luckybox.rules.cards import FULL
from game.luckybox.rules.state import (
    DRAFT,
    OVER,
    PLAY,
    SETUP,
    moon_points,
    shift,
    solo_rating,
    winners,
)
from tests.rules_helpers import act, cells, kinds, position, random_game, snapshot

# Faces used below (cells 0-8 row by row | row bonuses | column bonuses):
#  1: 1 2 3 / 2 3 1 / 4 5 6 | 7 8 S | LL LL LL
#  2: 1 2 3 / 3 1 2 / 4 5 6 | 8 7 9 | S 6 4
#  3: 4 5 6 / 5 6 4 / 7 8 9 | S 2 3 | M M M
#  4: 1 2 3 / 2 3 1 / 7 8 9 | 6 5 4 | 9 M 8
#  8: 1 2 3 / 4 5 6 / 6 4 5 | 8 7 9 | - ? S
# 37: 1 2 3 / 2 3 1 / 4 5 6 | ? - ? | L L S


# ------------------------------------------------------------------ setup


def test_setup_deals_five_each_in_seat_order_and_four_lightning():
    state, events = GameState.new(["A", "B"], 1, deal=Deal(tuple(range(1, 11))))
    assert state.phase == SETUP
    assert state.players[0].hand == [1, 2, 3, 4, 5]
    assert state.players[1].hand == [6, 7, 8, 9, 10]
    assert events == [ev.CardsDealt(0, (1, 2, 3, 4, 5)), ev.CardsDealt(1, (6, 7, 8, 9, 10))]
    assert [p.lightning for p in state.players] == [4, 4]
    assert [p.moons for p in state.players] == [0, 0]


def test_keep_three_of_five_discards_two_and_starts_round_when_all_kept():
    numbers = (5, 5, 1, 1, 2, 3, 4, 6, 7)
    state, _ = GameState.new(["A", "B"], 1, deal=Deal(tuple(range(1, 11)), (numbers,)))
    out = act(state, Keep(0, (1, 3, 5)))
    assert out.ok
    assert state.players[0].cards == [1, 3, 5]
    assert state.discard == [2, 4]
    assert state.phase == SETUP  # B has not kept yet
    out = act(state, Keep(1, (6, 7, 8)))
    assert kinds(out.events)[-2:] == ["RoundStarted", "NumberRevealed"]
    assert state.phase == PLAY and state.number == 5 and state.round == 1


@pytest.mark.parametrize(
    "cards, reason",
    [((1, 2), "3 different"), ((1, 1, 2), "3 different"), ((1, 2, 9), "did not draw card 9")],
)
def test_keep_refuses_bad_choices(cards, reason):
    state, _ = GameState.new(["A"], 1, deal=Deal((1, 2, 3, 4, 5)))
    before = snapshot(state)
    out = act(state, Keep(0, cards))
    assert not out.ok and reason in out.refusal
    assert snapshot(state) == before


def test_keep_in_another_order_is_the_same_choice_as_the_listed_one():
    """The record's `keep` names a set of cards (GAME-RECORD.md): kept in any order, the game
    goes on exactly as after the one legal_actions lists (cards, events and the action kept in
    the order drawn), so every action the rules accept is one they list."""
    listed, _ = GameState.new(["A", "B"], 1, deal=Deal(tuple(range(1, 11))))
    shuffled = listed.clone()
    assert Keep(0, (1, 3, 5)) in listed.legal_actions(0)
    assert Keep(0, (5, 1, 3)) not in shuffled.legal_actions(0)
    first, second = act(listed, Keep(0, (1, 3, 5))), act(shuffled, Keep(0, (5, 1, 3)))
    assert first.ok and second.ok and second.events == first.events
    assert snapshot(shuffled) == snapshot(listed)
    assert shuffled.players[0].cards == [1, 3, 5] and shuffled.actions[-1] == Keep(0, (1, 3, 5))


def test_keep_lists_all_ten_choices():
    state, _ = GameState.new(["A"], 1)
    legal = state.legal_actions(0)
    assert len(legal) == 10 and len(set(legal)) == 10
    assert all(isinstance(a, Keep) for a in legal)


# ------------------------------------------------------------------ numbers


def test_each_round_reveals_nine_numbers_from_eighteen_cards():
    for seed in range(50):
        state, _ = GameState.new(["A"], seed)
        for numbers in state.numbers:
            assert len(numbers) == 9
            assert all(1 <= n <= 9 and numbers.count(n) <= 2 for n in numbers)


def test_numbers_reshuffled_each_round():
    state, _ = GameState.new(["A"], 3)
    assert len({tuple(r) for r in state.numbers}) == 4


def test_deal_numbers_refuses_a_number_three_times():
    with pytest.raises(ValueError, match="more than twice"):
        GameState.new(["A"], 1, deal=Deal((), ((1, 1, 1, 2, 3, 4, 5, 6, 7),)))


# ------------------------------------------------------------------ crossing


def test_cross_exact_marks_the_square():
    state = position([[1, 2, 3]], numbers=[5, 1, 2, 3, 4, 6, 7, 8, 9])
    out = act(state, Cross(0, 1, 7))
    assert out.ok
    assert out.events[0] == ev.SquareCrossed(0, 1, 7, 5, "number")
    assert state.players[0].masks[0] == cells(7)


def test_cross_refuses_wrong_number_and_crossed_square():
    state = position([[1, 2, 3]], masks=[[cells(7), 0, 0]], numbers=[5] + list(range(1, 9)))
    before = snapshot(state)
    wrong = act(state, Cross(0, 1, 0))
    assert wrong.refusal == "player 0 has no open square showing 5 on card 1"
    crossed = act(state, Cross(0, 1, 7))
    assert "already crossed" in crossed.refusal
    assert act(state, Cross(0, 44, 0)).refusal == "player 0 has no card 44"
    assert snapshot(state) == before


def test_one_cross_per_number():
    state = position([[1, 2, 3]], numbers=[5, 1, 2, 3, 4, 6, 7, 8, 9])
    assert act(state, Cross(0, 1, 7)).ok
    assert state.number == 1 and state.index == 1
    two = position([[1, 2, 3], [4, 5, 6]], numbers=[5, 1, 2, 3, 4, 6, 7, 8, 9])
    assert two.apply(Cross(0, 1, 7)).ok
    again = two.apply(Cross(0, 2, 7))
    assert again.refusal == "player 0 has already played number 5"


@pytest.mark.parametrize(
    "revealed, lightning, target",
    [(9, 1, 1), (9, 2, 2), (9, -2, 7), (1, -1, 9), (1, -2, 8), (1, 2, 3), (5, 4, 9), (5, -4, 1)],
)
def test_lightning_wraps_round_the_clock(revealed, lightning, target):
    assert shift(revealed, lightning) == target
    state = position([[1, 3, 4]], numbers=[revealed, 1, 2, 3, 4, 5, 6, 7, 8])
    card = next(c for c in (1, 3, 4) if target in state.face(c).grid)
    cell = state.face(card).grid.index(target)
    action = Cross(0, card, cell, lightning)
    assert action in state.legal_actions(0)
    out = act(state, action)
    assert out.ok
    assert out.events[0] == ev.TokensSpent(0, abs(lightning), revealed, target)
    assert out.events[1] == ev.SquareCrossed(0, card, cell, target, "lightning")
    assert state.players[0].lightning == 4 - abs(lightning)


def test_lightning_9_to_1_with_one_token_and_1_to_9_with_two_the_other_way():
    state = position([[1, 3, 4]], numbers=[9, 1, 2, 3, 4, 5, 6, 7, 8], lightning=1)
    legal = state.legal_actions(0)
    assert Cross(0, 1, 0, 1) in legal  # card 1 cell 0 shows 1
    assert Cross(0, 1, 0, -8) not in legal  # the long way costs 8 tokens; only 1 held
    assert Cross(0, 1, 1, 2) not in legal  # 2 needs two tokens
    refused = act(state, Cross(0, 1, 1, 2))
    assert refused.refusal == "player 0 has 1 Lightning, not 2"


def test_lightning_spent_while_an_exact_match_is_open():
    state = position([[1, 2, 3]], numbers=[5, 1, 2, 3, 4, 6, 7, 8, 9])
    assert state.has_exact(0)
    out = act(state, Cross(0, 1, 8, 1))  # card 1 cell 8 shows 6 = 5 + 1
    assert out.ok and state.players[0].lightning == 3


def test_pass_refused_while_an_exact_match_is_open():
    state = position([[1, 2, 3]], numbers=[5, 1, 2, 3, 4, 6, 7, 8, 9])
    before = snapshot(state)
    out = act(state, Pass(0))
    assert out.refusal == "player 0 cannot pass: an open square shows 5"
    assert Pass(0) not in state.legal_actions(0)
    assert snapshot(state) == before


def test_pass_allowed_without_an_exact_match_even_with_lightning_options():
    # All three 5s of cards 1, 2, 4 crossed: no exact 5 remains.
    state = position(
        [[1, 2, 4]], masks=[[cells(7), cells(7), cells(4)]], numbers=[5, 1, 2, 3, 4, 6, 7, 8, 9]
    )
    assert not state.has_exact(0)
    legal = state.legal_actions(0)
    assert Pass(0) in legal
    assert any(isinstance(a, Cross) and a.lightning for a in legal)
    out = act(state, Pass(0))
    assert kinds(out.events)[:2] == ["Passed", "PlayerDone"]


def test_no_lightning_and_no_match_only_pass():
    state = position(
        [[1, 2, 4]],
        masks=[[cells(7), cells(7), cells(4)]],
        numbers=[5, 1, 2, 3, 4, 6, 7, 8, 9],
        lightning=0,
    )
    assert state.legal_actions(0) == [Pass(0)]


def test_more_than_eight_lightning_refused():
    state = position([[1, 2, 3]], numbers=[5, 1, 2, 3, 4, 6, 7, 8, 9], lightning=12)
    assert "round the clock" in act(state, Cross(0, 1, 7, 9)).refusal


# ------------------------------------------------------------------ bonuses


def test_one_cross_completing_a_row_and_a_column_at_once():
    # Card 1: crossing cell 0 (a 1) completes row 0 (bonus 7) and column 0 (bonus LL).
    state = position([[1, 4, 3]], masks=[[cells(1, 2, 3, 6), 0, 0]])
    out = act(state, Cross(0, 1, 0))
    assert kinds(out.events) == [
        "SquareCrossed",
        "LineCompleted",
        "IconCircled",
        "BonusPending",
        "LineCompleted",
        "IconCircled",
        "TokenGained",
    ]
    assert out.events[1] == ev.LineCompleted(0, 1, "row", 0, ("number", 7))
    assert out.events[4] == ev.LineCompleted(0, 1, "col", 0, ("lightning", 2))
    assert out.events[6] == ev.TokenGained(0, "lightning", 2, 6)
    player = state.players[0]
    assert player.lightning == 6 and not player.done
    legal = state.legal_actions(0)
    # Only 7s: card 4 cell 6 and card 3 cell 6.
    assert set(legal) == {Resolve(0, 1, "row", 0, 4, 6), Resolve(0, 1, "row", 0, 3, 6)}


def test_cascade_three_bonuses_deep():
    # 1 on card 4 completes its row 0 -> bonus 6; the 6 on card 3 completes its row 1 -> bonus 2;
    # the 2 on card 2 completes its row 1 -> bonus 7; the 7 on card 4 completes its row 2 -> 4.
    state = position([[2, 3, 4]], masks=[[cells(3, 4), cells(3, 5), cells(1, 2, 7, 8)]])
    first = act(state, Cross(0, 4, 0))
    assert first.events[-1] == ev.BonusPending(0, 4, "row", 0, ("number", 6))
    second = act(state, Resolve(0, 4, "row", 0, 3, 4))
    assert kinds(second.events) == [
        "BonusUsed",
        "SquareCrossed",
        "LineCompleted",
        "IconCircled",
        "BonusPending",
    ]
    assert second.events[-1].bonus == ("number", 2)
    third = act(state, Resolve(0, 3, "row", 1, 2, 5))
    assert third.events[-1] == ev.BonusPending(0, 2, "row", 1, ("number", 7))
    fourth = act(state, Resolve(0, 2, "row", 1, 4, 6))
    assert ev.LineCompleted(0, 4, "row", 2, ("number", 4)) in fourth.events
    assert fourth.events[-1] == ev.BonusPending(0, 4, "row", 2, ("number", 4))
    assert state.index == 0  # still the first number: a bonus is pending
    fifth = act(state, Resolve(0, 4, "row", 2, 2, 6))  # card 2 cell 6 shows 4
    assert ev.PlayerDone(0) in fifth.events
    assert state.index == 1


def test_number_bonus_with_no_open_square_is_lost():
    # Card 4 row 0 gives bonus 6; no open 6 anywhere (cards 4 and 5 have... card 1/2 6s crossed).
    state = position([[4, 1, 2]], masks=[[cells(1, 2), cells(8), cells(8)]])
    out = act(state, Cross(0, 4, 0))
    lost = [e for e in out.events if isinstance(e, ev.BonusLost)]
    assert lost == [ev.BonusLost(0, 4, "row", 0, ("number", 6), "no open square shows 6")]
    assert state.players[0].pending == [] and state.index == 1


def test_question_mark_when_every_card_is_complete_is_lost():
    # Card 8's last open cell 7 (a 4) completes row 2 (bonus 9) and column 1 (?); all other
    # cards are complete, so both bonuses are lost.
    state = position(
        [[8, 1, 2]],
        masks=[[FULL ^ cells(7), FULL, FULL]],
        numbers=[4, 1, 2, 3, 5, 6, 7, 8, 9],
    )
    out = act(state, Cross(0, 8, 7))
    lost = [(e.bonus, e.reason) for e in out.events if isinstance(e, ev.BonusLost)]
    assert lost == [
        (("number", 9), "no open square shows 9"),
        (("question", 0), "no open square is left"),
    ]
    assert ev.CardCompleted(0, 8) in out.events


def test_question_mark_crosses_any_open_square():
    # Card 37 row 0 is '?': completing it lets the player cross any open square.
    state = position([[37, 2, 3]], masks=[[cells(1, 2), 0, 0]])
    act(state, Cross(0, 37, 0))
    legal = state.legal_actions(0)
    assert len(legal) == 6 + 9 + 9
    assert act(state, Resolve(0, 37, "row", 0, 3, 8)).ok  # a 9, not the revealed number


def test_number_bonus_may_use_the_same_card_and_ignores_lightning():
    # Card 4 row 0 gives 6... use card 2 instead: row 1 (3 1 2) gives bonus 7, no 7 on card 2;
    # card 1 row 0 gives 7 - use card 4's own row 2 bonus 4 via the cascade test. Here: card 3
    # row 1 (5 6 4) gives 2; card 3 has no 2, so use card 2 row 0 -> 8? Simplest: card 3 row 0
    # completes on its 4 and gives a star; its row 2 (7 8 9) gives 3 and a 3 is on card 1.
    state = position([[3, 1, 2]], masks=[[cells(7, 8), 0, 0]], numbers=[7] + list(range(1, 9)))
    state.players[0].lightning = 0
    act(state, Cross(0, 3, 6))  # completes row 2 -> bonus 3
    legal = state.legal_actions(0)
    assert legal and all(state.face(a.target_card).grid[a.cell] == 3 for a in legal)
    wrong = act(state, Resolve(0, 3, "row", 2, 1, 0))  # a 1, not a 3
    assert wrong.refusal == "player 0 has no open square showing 3 on card 1"


def test_bonus_must_be_resolved_before_anything_else():
    state = position([[1, 4, 3]], masks=[[cells(1, 2, 3, 6), 0, 0]])
    act(state, Cross(0, 1, 0))
    assert "pending bonus" in act(state, Pass(0)).refusal


def test_player_chooses_the_order_of_pending_bonuses():
    # Card 4: cell 8 (a 9) completes row 2 (bonus 4) and column 2 (bonus 8).
    def setup():
        return position(
            [[4, 2, 3]], masks=[[cells(6, 7, 2, 5), 0, 0]], numbers=[9, 1, 2, 3, 4, 5, 6, 7, 8]
        )

    for first, second in ((("row", 2), ("col", 2)), (("col", 2), ("row", 2))):
        state = setup()
        act(state, Cross(0, 4, 8))
        assert {(p.line, p.index) for p in state.players[0].pending} == {("row", 2), ("col", 2)}
        target_first = (2, 6) if first == ("row", 2) else (3, 7)  # a 4, or an 8
        target_second = (3, 7) if first == ("row", 2) else (2, 6)
        assert act(state, Resolve(0, 4, *first, *target_first)).ok
        assert act(state, Resolve(0, 4, *second, *target_second)).ok
        assert state.index == 1


def test_resolving_one_bonus_can_lose_another():
    # Card 8 cell 7 (a 4) completes row 2 (bonus 9) and column 1 (?). The only open 9 is card 3
    # cell 8: spending the '?' on it loses the 9.
    state = position(
        [[8, 1, 3]], masks=[[cells(1, 4, 6, 8), 0, 0]], numbers=[4, 1, 2, 3, 5, 6, 7, 8, 9]
    )
    out = act(state, Cross(0, 8, 7))
    assert kinds(out.events).count("BonusPending") == 2
    out = act(state, Resolve(0, 8, "col", 1, 3, 8))
    assert ev.BonusLost(0, 8, "row", 2, ("number", 9), "no open square shows 9") in out.events
    assert state.players[0].pending == [] and state.index == 1


def test_the_other_order_keeps_both_bonuses():
    state = position(
        [[8, 1, 3]], masks=[[cells(1, 4, 6, 8), 0, 0]], numbers=[4, 1, 2, 3, 5, 6, 7, 8, 9]
    )
    act(state, Cross(0, 8, 7))
    out = act(state, Resolve(0, 8, "row", 2, 3, 8))  # the 9 first
    assert not any(isinstance(e, ev.BonusLost) for e in out.events)
    assert [p.bonus for p in state.players[0].pending] == [("question", 0)]
    assert act(state, Resolve(0, 8, "col", 1, 1, 0)).ok and state.index == 1


def test_bonus_lost_when_the_last_open_square_goes():
    # Everything is crossed but card 8 cell 7 and card 3 cell 8 (the only 9): the '?' takes the 9.
    state = position(
        [[8, 1, 3]],
        masks=[[FULL ^ cells(7), FULL, FULL ^ cells(8)]],
        numbers=[4, 1, 2, 3, 5, 6, 7, 8, 9],
    )
    act(state, Cross(0, 8, 7))
    out = act(state, Resolve(0, 8, "col", 1, 3, 8))
    assert ev.BonusLost(0, 8, "row", 2, ("number", 9), "no open square shows 9") in out.events
    assert ev.CardCompleted(0, 3) in out.events


def test_star_fills_slots_and_the_fourth_star_of_a_round_does_nothing():
    # Card 1 row 2 (4 5 6) gives a star.
    state = position([[1, 2, 3]], masks=[[cells(6, 7), 0, 0]], numbers=[6] + list(range(1, 9)))
    state.players[0].stars[0] = 2
    out = act(state, Cross(0, 1, 8))
    assert ev.StarGained(0, 1, 2) in out.events
    assert state.players[0].stars[0] == 3
    state = position([[1, 2, 3]], masks=[[cells(6, 7), 0, 0]], numbers=[6] + list(range(1, 9)))
    state.players[0].stars[0] = 3
    out = act(state, Cross(0, 1, 8))
    assert ev.StarWasted(0, 1) in out.events
    assert state.players[0].stars[0] == 3


def test_moon_and_lightning_bonuses_take_tokens():
    # Card 3 column 0 (4 5 7) gives a moon; card 37 column 0 gives one Lightning.
    state = position(
        [[3, 37, 2]], masks=[[cells(0, 3), cells(0, 3), 0]], numbers=[7, 4] + list(range(1, 8))
    )
    out = act(state, Cross(0, 3, 6))
    assert ev.TokenGained(0, "moon", 1, 1) in out.events
    out = act(state, Cross(0, 37, 6))
    assert ev.TokenGained(0, "lightning", 1, 5) in out.events


def test_blank_bonus_only_circles_the_icon():
    # Card 37 row 1 (2 3 1) is blank.
    state = position([[37, 2, 3]], masks=[[cells(3, 4), 0, 0]])
    out = act(state, Cross(0, 37, 5))
    assert kinds(out.events) == [
        "SquareCrossed",
        "LineCompleted",
        "IconCircled",
        "PlayerDone",
        "NumberRevealed",
    ]


def test_each_line_gives_its_bonus_once():
    # Card 1 row 0 (1 2 3) gives bonus 7 when completed; later crosses on the card's other
    # lines never give row 0's bonus again.
    state = position([[1, 2, 3]], masks=[[cells(1, 2), 0, 0]], numbers=[1, 2, 3, 4, 5, 6, 7, 8, 9])
    state.players[0].lightning = 0
    first = act(state, Cross(0, 1, 0))
    assert [e.line for e in first.events if isinstance(e, ev.LineCompleted)] == ["row"]
    act(state, state.legal_actions(0)[0])  # resolve the 7 somewhere
    later = []
    while state.phase == PLAY and state.round == 1:
        legal = state.legal_actions(0)
        crosses = [a for a in legal if 1 in (getattr(a, "card", 0), getattr(a, "target_card", 0))]
        out = act(state, crosses[0] if crosses else legal[0])
        later += [e for e in out.events if isinstance(e, ev.LineCompleted) and e.card == 1]
    assert ("row", 0) not in [(e.line, e.index) for e in later]


def test_limited_supply_loses_a_lightning_bonus_when_empty():
    state = position(
        [[37, 2, 3]],
        masks=[[cells(0, 3), 0, 0]],
        numbers=[4] + list(range(1, 4)) + list(range(5, 10)),
        options=Options("limited"),
    )
    assert state.supply == {"lightning": 30 - 4, "moon": 24}
    state.supply["lightning"] = 0
    out = act(state, Cross(0, 37, 6))
    assert any(
        isinstance(e, ev.BonusLost) and e.reason == "the supply has run out" for e in out.events
    )
    assert state.players[0].lightning == 4


def test_limited_supply_gets_spent_lightning_back():
    state = position(
        [[1, 2, 3]],
        numbers=[5] + list(range(1, 5)) + list(range(6, 10)),
        options=Options("limited"),
    )
    act(state, Cross(0, 1, 8, 1))
    assert state.supply["lightning"] == 27


def test_two_copies_supply_for_seven_players():
    state, _ = GameState.new([f"P{i}" for i in range(7)], 1, Options("limited"))
    assert state.supply == {"lightning": 60 - 28, "moon": 48}


# ------------------------------------------------------------------ simultaneous play


def test_players_act_in_any_order_and_the_next_number_waits_for_all():
    state = position([[1, 2, 3], [4, 5, 6]], numbers=[5, 1, 2, 3, 4, 6, 7, 8, 9])
    assert state.waiting_for() == [0, 1]
    assert act(state, Cross(1, 6, 1)).ok
    assert state.waiting_for() == [0] and state.number == 5
    out = act(state, Cross(0, 1, 7))
    assert ev.NumberRevealed(1, 1, 1) in out.events
    assert state.waiting_for() == [0, 1]


def test_a_player_with_a_pending_bonus_holds_the_next_number():
    state = position(
        [[1, 4, 3], [5, 6, 7]],
        masks=[[cells(1, 2, 3, 6), 0, 0]],
        numbers=[1, 2, 3, 4, 5, 6, 7, 8, 9],
    )
    act(state, Cross(1, 5, 0))
    act(state, Cross(0, 1, 0))
    assert state.number == 1 and state.waiting_for() == [0]


# ------------------------------------------------------------------ round end and drafts


def _finish_round(state, rng_seed=0):
    import random

    rng = random.Random(rng_seed)
    round_no = state.round
    while state.round == round_no and state.phase == PLAY:
        p = state.waiting_for()[0]
        act(state, rng.choice(state.legal_actions(p)))


def test_round_scoring_points_by_round_and_star_points():
    for round_no, points in ((1, 15), (2, 12), (3, 10), (4, 8)):
        state = position([[1, 2, 3]], numbers=[5, 1, 2, 3, 4, 6, 7, 8, 9])
        state.round = round_no
        state.index = 8
        state.players[0].masks = [FULL ^ cells(7), FULL, 0]
        state.players[0].stars[round_no - 1] = 1
        out = act(state, Cross(0, 1, 7))  # also completes row 2: a second star
        scored = next(e for e in out.events if isinstance(e, ev.PlayerScored))
        assert scored == ev.PlayerScored(0, round_no, (1, 2), 2 * points, 2, 4)
        assert state.players[0].cards == [3]
        assert 1 in state.discard and 2 in state.discard
        assert state.phase == (OVER if round_no == 4 else DRAFT)


@pytest.mark.parametrize("stars, points", [(0, 0), (1, 1), (2, 4), (3, 9)])
def test_star_points(stars, points):
    state = position([[1, 2, 3]])
    state.index = 8
    state.players[0].stars[0] = stars
    _finish_round(state)
    assert state.players[0].star_points[0] == points


def test_round_draft_keeps_one_of_three_after_rounds_one_to_three_only():
    state = random_game_until(DRAFT, seed=4)
    assert state.round == 1 and len(state.players[0].hand) == 3
    legal = state.legal_actions(0)
    assert legal == [Pick(0, c) for c in state.players[0].hand]
    card = state.players[0].hand[1]
    before = len(state.players[0].cards)
    out = act(state, Pick(0, card))
    assert ev.CardsPicked(0, card, tuple(c for c in legal_cards(legal) if c != card)) in out.events
    assert len(state.players[0].cards) == before + 1
    assert state.round == 2 and state.phase == PLAY
    assert act(state, Pick(0, card)).refusal == "player 0 cannot pick a card now"


def legal_cards(legal):
    return [a.card for a in legal]


def random_game_until(phase, seed, players=1):
    import random

    rng = random.Random(seed)
    state, _ = GameState.new([f"P{i}" for i in range(players)], seed)
    while state.phase != phase or (phase == SETUP):
        p = state.waiting_for()[0]
        act(state, rng.choice(state.legal_actions(p)))
    return state


def test_incomplete_cards_keep_their_crosses_into_the_next_round():
    state = position([[1, 2, 3]], masks=[[cells(0, 4), 0, 0]])
    state.index = 8
    _finish_round(state)
    assert state.players[0].masks[state.players[0].cards.index(1)] & cells(0, 4) == cells(0, 4)


def test_no_draft_after_round_four_and_the_game_ends():
    state = random_game(5)
    assert state.phase == OVER and state.round == 4
    assert all(p.hand == [] for p in state.players)


def test_discard_pile_reshuffled_when_the_draw_pile_runs_out():
    state, _ = GameState.new([f"P{i}" for i in range(6)], 11)
    total = set(range(1, 61))
    saw = []

    def check(s, _action):
        in_play = [c for p in s.players for c in p.cards + p.hand]
        every = s.draw_pile + s.discard + in_play
        assert sorted(every) == sorted(total)

    import random

    rng = random.Random(2)
    while not state.is_terminal():
        p = state.waiting_for()[0]
        check(state, None)
        out = act(state, rng.choice(state.legal_actions(p)))
        saw += [e for e in out.events if isinstance(e, ev.DeckReshuffled)]
    assert saw, "six players draw 84 cards from 60: the discard pile must be reshuffled"


def test_reshuffle_is_deterministic():
    a = random_game(11, players=6)
    b = random_game(11, players=6)
    assert snapshot(a) == snapshot(b)


def test_twelve_player_game_uses_two_copies():
    state, _ = GameState.new([f"P{i}" for i in range(12)], 9)
    assert len(state.draw_pile) == 60 and sorted(state.deck_order) == list(range(1, 121))
    assert state.face(61).grid == state.face(1).grid and state.face(120).number == 60
    done = random_game(9, players=12)
    assert done.phase == OVER and len(done.returns()) == 12
    assert max(c for p in done.players for c in p.cards + sum(p.completed, [])) > 60


def test_six_players_use_one_copy():
    state, _ = GameState.new([f"P{i}" for i in range(6)], 9)
    assert sorted(state.deck_order) == list(range(1, 61))


@pytest.mark.parametrize("count", [0, 13])
def test_player_count_limits(count):
    with pytest.raises(ValueError):
        GameState.new([f"P{i}" for i in range(count)], 1)


# ------------------------------------------------------------------ final scoring


def test_incomplete_card_halving_across_several_cards():
    state = position([[1, 2, 3]], masks=[[cells(0, 1, 2), cells(0, 4, 8), cells(5)]])
    state.round, state.index = 4, 8
    state.players[0].masks = [cells(0, 1), cells(0, 4, 8), cells(5)]
    state.number = 5
    act(state, Cross(0, 1, 7))  # card 1 now has 3 crosses: 3 + 3 + 1 = 7 -> 3
    assert state.players[0].incomplete == 3  # not 1 + 1 + 0 per card


@pytest.mark.parametrize(
    "moons, points",
    [
        ([0], [-6]),
        ([1], [-2]),
        ([2], [0]),
        ([3], [1]),
        ([4], [3]),
        ([5], [6]),
        ([6], [10]),
        ([9], [10]),
        ([3, 1], [6, 0]),
        ([2, 2], [6, 6]),
        ([0, 0], [6, 6]),
        ([4, 1, 0], [6, 0, -6]),
        ([4, 4, 0], [6, 6, -6]),
        ([2, 0, 0], [6, -6, -6]),
        ([3, 3, 3], [0, 0, 0]),
        ([5, 0, 2, 5, 0, 1, 3], [6, -6, 0, 6, -6, 0, 0]),
        ([1] * 7, [0] * 7),
    ],
)
def test_moon_points(moons, points):
    assert moon_points(moons) == points


def test_winners_tie_break_on_moons_then_shared():
    assert winners([50, 60, 55], [1, 0, 9]) == (1,)
    assert winners([60, 60, 55], [1, 3, 9]) == (1,)
    assert winners([60, 60, 60], [3, 3, 1]) == (0, 1)


@pytest.mark.parametrize(
    "total, line",
    [
        (44, "Super Mega UNlucky"),
        (-3, "Super Mega UNlucky"),
        (45, "A good start, how about a better end?"),
        (49, "A good start, how about a better end?"),
        (50, "Now you're on the trolley!"),
        (55, "Great game! Or was it just luck?"),
        (60, "A super score! Can you go even higher?"),
        (65, "You've had a mega game! One for the ages."),
        (69, "You've had a mega game! One for the ages."),
        (70, "Super Mega Lucky Champion!"),
        (99, "Super Mega Lucky Champion!"),
    ],
)
def test_solo_rating(total, line):
    assert solo_rating(total) == line


def test_worked_example_from_the_rulebook():
    from game.luckybox.rules.state import PlayerState

    delphine = PlayerState.new("Delphine")
    delphine.card_points = [15, 0, 30, 0]
    delphine.star_points = [0, 1, 4, 0]
    delphine.incomplete = 5 // 2
    delphine.moon_points = moon_points([4, 4, 2])[0]
    assert delphine.total == 58


def test_final_scoring_and_game_over_event():
    state = random_game(21, players=3)
    totals = state.returns()
    moons = [p.moons for p in state.players]
    assert state.winners() == winners(totals, moons)
    assert [p.moon_points for p in state.players] == moon_points(moons)
    assert state.legal_actions(0) == [] and state.waiting_for() == []
    assert act(state, Pass(0)).refusal == "the game is over"


# ------------------------------------------------------------------ undo and determinism


def test_undo_back_to_the_start_of_the_number():
    state = position([[1, 4, 3], [5, 6, 7]], masks=[[cells(1, 2, 3, 6), 0, 0]])
    start = snapshot(state)
    act(state, Cross(0, 1, 0))
    act(state, Resolve(0, 1, "row", 0, 4, 6))
    assert state.undo(0).ok
    assert state.players[0].pending  # back to the pending bonus
    assert state.undo(0).ok
    assert snapshot(state) == start
    assert state.undo(0).refusal == "nothing to undo since this number was revealed"


def test_undo_is_per_player_and_ends_with_the_number():
    state = position([[1, 2, 3], [4, 5, 6]], numbers=[5, 1, 2, 3, 4, 6, 7, 8, 9])
    act(state, Cross(0, 1, 7))
    act(state, Cross(1, 6, 1))  # everyone done: number 1 revealed
    assert state.index == 1
    assert state.undo(0).refusal == "nothing to undo since this number was revealed"
    act(state, Cross(1, 4, 0)) if state.face(4).grid[0] == 1 else act(state, Pass(1))
    assert state.undo(1).ok and state.players[1].done is False
    assert state.undo(0).refusal is not None


def test_undo_a_keep_returns_the_discards():
    state, _ = GameState.new(["A", "B"], 1, deal=Deal(tuple(range(1, 11))))
    act(state, Keep(0, (1, 2, 3)))
    assert state.undo(0).ok
    assert state.discard == [] and state.players[0].hand == [1, 2, 3, 4, 5]
    assert act(state, Keep(0, (3, 4, 5))).ok and state.discard == [1, 2]


def test_undo_with_limited_supply_refused_after_another_player_moved():
    state = position(
        [[1, 2, 3], [4, 5, 6]], numbers=[5, 1, 2, 3, 4, 6, 7, 8, 9], options=Options("limited")
    )
    act(state, Cross(0, 1, 0, -4))  # card 1 cell 0 shows 1 = 5 - 4
    assert state.can_undo(0) is None
    two = position(
        [[1, 2, 3], [4, 5, 6], [7, 8, 9]],
        numbers=[5, 1, 2, 3, 4, 6, 7, 8, 9],
        options=Options("limited"),
    )
    two.apply(Cross(0, 1, 0, -4))
    two.apply(Cross(1, 6, 1))
    assert two.can_undo(0) == "another player has played since, and the token supply is shared"
    assert two.undo(0).refusal == two.can_undo(0)
    assert two.undo(1).ok  # player 1's own last action is still theirs to take back
    assert two.undo(0).ok and two.supply["lightning"] == 30 - 12


def test_undo_in_unlimited_mode_after_another_player_moved():
    state = position([[1, 2, 3], [4, 5, 6], [7, 8, 9]], numbers=[5, 1, 2, 3, 4, 6, 7, 8, 9])
    act(state, Cross(0, 1, 0, -4))
    act(state, Cross(1, 6, 1))
    assert state.undo(0).ok
    assert state.players[0].lightning == 4 and state.players[0].masks[0] == 0
    assert state.actions[-1] == Cross(1, 6, 1)
    assert Cross(0, 1, 0, -4) not in state.actions


def test_undo_takes_back_the_seats_own_action_when_seats_took_turns():
    # Every seat's snapshots share one list: undo must find the seat's own, not the last one.
    state = position([[1, 2, 3], [4, 5, 6], [7, 8, 9]], numbers=[5, 1, 2, 3, 4, 6, 7, 8, 9])
    state.players[1].lightning = 7
    before = [p.clone() for p in state.players]
    act(state, Cross(0, 1, 0, -4))
    act(state, Cross(1, 6, 1))
    crossed_by_1 = state.players[1].clone()
    assert state.undo(0).ok
    assert state.players[0].lightning == 4 and state.players[0].masks == before[0].masks
    assert state.players[1].masks == crossed_by_1.masks and state.players[1].done
    assert state.undo(0).refusal == "nothing to undo since this number was revealed"
    assert state.undo(1).ok
    assert state.players[1].lightning == 7 and state.players[1].masks == before[1].masks
    assert not state.players[1].done and state.waiting == 3


def test_same_seed_and_actions_give_the_same_game():
    assert snapshot(random_game(77, players=3)) == snapshot(random_game(77, players=3))
    assert snapshot(random_game(77)) != snapshot(random_game(78))


def test_clone_is_independent():
    state = position([[1, 2, 3]], numbers=[5, 1, 2, 3, 4, 6, 7, 8, 9])
    copy = state.clone()
    copy.apply(Cross(0, 1, 7))
    assert state.players[0].masks[0] == 0 and state.index == 0
    assert snapshot(copy) != snapshot(state)


def test_the_next_reveal_waits_for_advance_and_allows_undo_of_the_last_move():
    state = position([[1, 2, 3]], numbers=[5, 1, 2, 3, 4, 6, 7, 8, 9])
    out = state.apply(Cross(0, 1, 7))
    assert ev.PlayerDone(0) in out.events and not any(
        isinstance(e, ev.NumberRevealed) for e in out.events
    )
    assert state.awaiting_chance() and state.waiting_for() == [] and state.index == 0
    assert state.undo(0).ok and not state.awaiting_chance() and state.waiting_for() == [0]
    assert state.advance() == [], "nothing to reveal while a player still has to act"
    state.apply(Cross(0, 1, 7))
    events = state.advance()
    assert events == [ev.NumberRevealed(1, 1, 1)] and not state.awaiting_chance()
    assert state.advance() == []


def test_a_state_pickles_without_its_card_faces_and_comes_back_whole():
    import pickle

    state = random_game(3, players=7)
    data = pickle.dumps(state)
    again = pickle.loads(data)
    assert snapshot(again) == snapshot(state) and again.faces is state.faces
    assert len(data) < 20000
