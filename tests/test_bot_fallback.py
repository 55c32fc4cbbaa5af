"""A computer player that crashes (or chooses an illegal move) is logged with what it saw and
replaced by the level below, down to random moves, and the table is told: never silently."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from highcard import HIGHCARD
from highcard.ai import HighCardBot

from game.core.bot_worker import answer
from game.core.play_loop import RandomBot, weaker_level
from game.core.session import Seat, Session
from game.core.turns import COMPUTER, TurnController


class CrashingBot:
    def __init__(self, level: str = "hard") -> None:
        self.level = level

    def choose(self, view: Any, player: int) -> Any:
        raise ZeroDivisionError(f"the {self.level} bot divided by zero")


class IllegalBot:
    def choose(self, view: Any, player: int) -> Any:
        return ("not", "a", "move")


class Answered:
    """A move thought about at once, as the bot runner's `Move` answers it."""

    def __init__(self, bot: Any, view: Any, seat: int) -> None:
        self.bot, self.view, self.seat = bot, view, seat

    def done(self) -> bool:
        return True

    def result(self) -> tuple[Any, Any]:
        return self.bot.choose(self.view, self.seat), self.bot


def table(first_bot: Any, kind: str = "hard") -> tuple[Session, TurnController]:
    session = Session([Seat("Robo", kind), Seat("Ann")], seed=7, game=HIGHCARD)
    session.bots[0] = first_bot
    turns = TurnController(session, Answered, lambda seat: False, bot_pause=0.0)
    return session, turns


def play_computer_move(turns: TurnController) -> None:
    assert turns.step(0.1) == (COMPUTER, 0)  # starts thinking
    assert turns.step(0.1) == (COMPUTER, 0)  # plays the answer


def test_a_crashing_bot_is_logged_and_the_seat_plays_a_level_lower_visibly(
    caplog: pytest.LogCaptureFixture,
) -> None:
    session, turns = table(CrashingBot())
    with caplog.at_level(logging.ERROR, logger="game.core.turns"):
        play_computer_move(turns)
    assert len(session.state.actions) == 1 and session.state.actions[0].player == 0
    bot = session.bots[0]
    assert isinstance(bot, HighCardBot) and bot.level == "normal"
    assert turns.take_notices() == [
        "Robo's computer player ran into a problem and plays at Normal level now."
    ]
    assert turns.take_notices() == []  # each notice is shown once
    logged = caplog.text
    assert "seat 0 (hard)" in logged and "ZeroDivisionError" in logged
    assert "Traceback" in logged and "0 moves played" in logged  # what the seat saw (its progress)


def test_every_level_failing_ends_in_random_moves(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(HIGHCARD.bots, "make_bot", lambda level, seed, seat: CrashingBot(level))
    session, turns = table(IllegalBot())
    with caplog.at_level(logging.ERROR, logger="game.core.turns"):
        play_computer_move(turns)
    assert session.state.actions and session.state.actions[0].player == 0
    assert isinstance(session.bots[0], RandomBot)
    notices = turns.take_notices()
    assert [n.split(" and ")[1] for n in notices] == [
        "plays at Normal level now.",
        "plays at Easy level now.",
        "plays random moves now.",
    ]
    assert "illegal action" in caplog.text and "the easy bot divided by zero" in caplog.text


def test_levels_go_down_one_at_a_time() -> None:
    assert [weaker_level(level) for level in ("hard", "normal", "easy")] == ["normal", "easy", None]


def test_the_worker_sends_the_whole_traceback() -> None:
    state, _events = HIGHCARD.rules.new_game(["A"], 1)
    ticket, value, error = answer((3, CrashingBot(), state.view_for(0), 0))
    assert (ticket, value) == (3, None)
    assert error.startswith("ZeroDivisionError: the hard bot divided by zero")
    assert "Traceback (most recent call last)" in error and "in choose" in error
