"""core's play_loop, the game logic a local table and the server's both play through: the
chance steps taken until a seat may act, an action applied with the steps it made due, and a
computer's move from its seat's view with the weaker levels' fallback (tests/test_bot_fallback.py
and tests/test_online_bot_fallback.py see it at a local table and at a server's)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from highcard import HIGHCARD
from highcard.ai import HighCardBot

from game.blanco.entry import BLANCO
from game.core.play_loop import (
    Failure,
    RandomBot,
    chance_due,
    legal_move,
    move_from_view,
    play,
    settle,
)
from game.luckybox.entry import LUCKYBOX
from tests.test_bot_fallback import CrashingBot, IllegalBot


def test_settle_takes_the_chance_steps_until_a_seat_may_act() -> None:
    state, _ = LUCKYBOX.rules.new_game(["A", "B", "C"], 3)
    assert not chance_due(state) and settle(state) == []  # the draft: every seat may act
    for seat in (0, 1, 2):
        assert state.apply(state.legal_actions(seat)[0]).ok
    assert chance_due(state)  # the draft is over: the first number is to be drawn
    by_hand = state.clone()
    events = settle(state)
    expected: list[Any] = []
    while not by_hand.waiting_for() and not by_hand.is_terminal():
        expected.extend(by_hand.advance())
    assert events == expected and events
    assert state.waiting_for() == by_hand.waiting_for() == [0, 1, 2]
    assert not chance_due(state) and settle(state) == []


def test_play_applies_then_takes_the_steps_it_made_due() -> None:
    state, _ = LUCKYBOX.rules.new_game(["A", "B"], 5)
    settle(state)
    for seat in (1, 0):  # the draft's round ends with the last seat's choice
        by_hand = state.clone()
        action = state.legal_actions(seat)[0]
        applied = by_hand.apply(action)
        expected = list(applied.events) + settle(by_hand)
        outcome = play(state, action)
        assert outcome.ok and outcome.events == expected
    assert outcome.events != applied.events  # the round's end brought a chance step's events
    assert state.waiting_for() and len(state.actions) == 2


def test_play_refuses_a_move_and_changes_nothing() -> None:
    state, _ = LUCKYBOX.rules.new_game(["A", "B"], 5)
    settle(state)
    before = state.clone()
    wrong = before.legal_actions(0)[0]
    assert play(state, wrong).ok
    outcome = play(state, wrong)  # the same seat again: not its move now
    assert not outcome.ok and outcome.events == []
    assert len(state.actions) == 1 and state.waiting_for() == [1]


class Scribbler:
    """Plays its seat's move on the view it was given (a bot may write on its view), then
    chooses that move: legal on the view as it was, not on the written one."""

    def choose(self, view: Any, seat: int) -> Any:
        action = view.legal_actions(seat)[0]
        assert view.apply(action).ok and action not in view.legal_actions(seat)
        return action


def test_a_computers_move_is_checked_on_its_view_as_it_was_given() -> None:
    state, _ = HIGHCARD.rules.new_game(["A", "B"], 4)
    bot = Scribbler()
    move, failures = move_from_view(HIGHCARD, 0, "hard", 4, bot, state.view_for(0))
    assert failures == [] and move.bot is bot
    assert move.action in state.legal_actions(0)


def test_an_illegal_choice_is_played_again_by_the_level_below() -> None:
    state, _ = HIGHCARD.rules.new_game(["A", "B"], 4)
    move, failures = move_from_view(HIGHCARD, 0, "normal", 4, IllegalBot(), state.view_for(0))
    why = "it chose an illegal action: ('not', 'a', 'move')"
    assert failures == [Failure(0, "normal", "easy", why)]
    assert isinstance(move.bot, HighCardBot) and move.bot.level == "easy"
    assert move.action in state.legal_actions(0)


def test_every_level_failing_ends_in_random_moves_and_then_in_the_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state, _ = HIGHCARD.rules.new_game(["A", "B"], 4)
    monkeypatch.setattr(HIGHCARD.bots, "make_bot", lambda level, seed, seat: CrashingBot(level))
    move, failures = move_from_view(HIGHCARD, 0, "hard", 4, CrashingBot(), state.view_for(0))
    assert isinstance(move.bot, RandomBot) and move.action in state.legal_actions(0)
    assert [(f.level, f.lower) for f in failures] == [
        ("hard", "normal"),
        ("normal", "easy"),
        ("easy", None),
    ]
    assert all("ZeroDivisionError" in f.why for f in failures)

    def broken(view: Any, seat: int) -> Any:
        raise RuntimeError("no legal move at all")

    monkeypatch.setattr(RandomBot, "choose", lambda self, view, seat: broken(view, seat))
    with pytest.raises(RuntimeError, match="no legal move"):  # the game itself is broken
        move_from_view(HIGHCARD, 0, "easy", 4, CrashingBot(), state.view_for(0))


class Fixed:
    """A computer that plays the action it was handed."""

    def __init__(self, action: Any) -> None:
        self.action = action

    def choose(self, view: Any, seat: int) -> Any:
        return self.action


@pytest.mark.parametrize("game", [LUCKYBOX, BLANCO], ids=lambda g: g.id)
def test_legal_move_on_a_view_is_what_the_seats_legal_actions_list(game: Any) -> None:
    """The one-action check (`check`, and the seat the action names) says of every action what
    a look among the seat's legal actions on its view says: those listed for every seat, and
    actions of earlier turns, through whole games."""
    for seed, players in ((1, 2), (2, 4 if game is BLANCO else 12)):
        state, _ = game.rules.new_game([f"P{i}" for i in range(players)], seed)
        bots = [game.bots.make_bot("easy", seed, i) for i in range(players)]
        rng = random.Random(seed)
        earlier: list[Any] = []
        checked = 0
        while not state.is_terminal():
            if chance_due(state):
                settle(state)
                continue
            seat = state.waiting_for()[0]
            view = state.view_for(seat)
            listed = set(view.clone().legal_actions(seat))
            others = [a for other in range(players) for a in state.legal_actions(other)]
            for action in others + rng.sample(earlier, min(20, len(earlier))):
                assert legal_move(view, seat, action) == (action in listed), (seat, action)
                checked += 1
            earlier += others[:10]
            assert state.apply(bots[seat].choose(state.view_for(seat), seat)).ok
        assert checked > 500


def test_a_computers_move_is_checked_without_listing_every_legal_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Lucky Box's listing builds the rules' shared tables of every move a seat could make
    (about 2 MB at a 12-seat table of Hard computers, which never list): the check of a
    computer's move lists nothing. An action for another seat (Lucky Box's seats choose at
    once) is still no move of this seat's: the level below plays it."""
    state, _ = LUCKYBOX.rules.new_game([f"P{i}" for i in range(12)], 5)
    mine, theirs = state.legal_actions(3)[0], state.legal_actions(4)[0]
    view = state.view_for(3)

    def listed(self: Any, seat: int) -> Any:
        raise AssertionError("the legal actions were listed")

    with monkeypatch.context() as patched:
        patched.setattr(type(view), "legal_actions", listed)
        move, failures = move_from_view(LUCKYBOX, 3, "hard", 5, Fixed(mine), view)
    assert failures == [] and move.action == mine
    move, failures = move_from_view(LUCKYBOX, 3, "hard", 5, Fixed(theirs), state.view_for(3))
    assert [(f.level, f.lower) for f in failures] == [("hard", "normal")]
    assert move.action in state.legal_actions(3)
