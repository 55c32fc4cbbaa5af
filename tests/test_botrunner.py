"""The computer players' worker process: answers match thinking in-process, and a dead worker
never freezes the table."""

from __future__ import annotations

import io
import logging
import os
import signal

import pytest

from game.catalog import game_by_id, games
from game.core.bot_worker import read_message, serve, write_message
from game.core.botrunner import BotRunner, worker_peak_mb
from game.luckybox.ai import make_bot
from game.luckybox.rules import GameState


def _fresh(seed: int = 7):
    state, _ = GameState.new(["Ann", "Bob"], seed)
    return state


def test_worker_answers_like_thinking_in_process():
    runner = BotRunner()
    try:
        for seat in (0, 1):
            state = _fresh()
            move = runner.submit(make_bot("normal", 7, seat), state.clone(), seat)
            action, bot = move.result()
            expected = make_bot("normal", 7, seat).choose(state.clone(), seat)
            assert action == expected
            assert action in state.legal_actions(seat)
            assert runner.worker_pid is not None
    finally:
        runner.close()
    assert runner.worker_pid is None
    assert worker_peak_mb() is not None and worker_peak_mb() < 100


@pytest.mark.parametrize(
    ("game_id", "level"), [(game.id, level) for game in games() for level in game.bots.bot_levels]
)
def test_every_level_of_every_game_thinks_in_the_worker(
    game_id: str, level: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Each computer player goes to the worker (by pickle) and answers there as it would here.
    A bot that could not travel (Lucky Box's Expert once held a closure) made every computer
    of its table think in the game's own process, the window stalling at each decision."""
    game = game_by_id(game_id)
    state, _ = game.rules.new_game(["Ann", "Bob"], 7)
    seat = state.waiting_for()[0]
    runner = BotRunner()
    try:
        with caplog.at_level(logging.WARNING):
            move = runner.submit(game.bots.make_bot(level, 7, seat), state.view_for(seat), seat)
            assert move._runner is runner, "the move was not sent to the worker"
            action, _bot = move.result()
        assert runner.worker_pid is not None
        assert not caplog.records, [r.getMessage() for r in caplog.records]
        assert action == game.bots.make_bot(level, 7, seat).choose(state.view_for(seat), seat)
        assert action in state.legal_actions(seat)
    finally:
        runner.close()


def test_a_bot_that_cannot_travel_thinks_here_and_the_others_still_go_to_the_worker(
    caplog: pytest.LogCaptureFixture,
) -> None:
    state = _fresh()
    odd = make_bot("normal", 7, 0)
    odd.note = lambda: None  # a closure: no pickle takes it
    runner = BotRunner()
    try:
        with caplog.at_level(logging.WARNING):
            here = runner.submit(odd, state.clone(), 0)
        assert here._runner is None and "in-process" in caplog.text
        assert here.result()[0] in state.legal_actions(0)
        there = runner.submit(make_bot("normal", 7, 1), state.clone(), 1)
        assert there._runner is runner
        assert there.result()[0] in state.legal_actions(1)
        assert runner.worker_pid is not None
    finally:
        runner.close()


def test_a_dead_worker_fails_its_move_and_later_moves_think_inline():
    runner = BotRunner()
    state = _fresh()
    first = runner.submit(make_bot("easy", 1, 0), state.clone(), 0)
    first.result()
    pid = runner.worker_pid
    os.kill(pid, signal.SIGKILL)
    second = runner.submit(make_bot("easy", 1, 0), state.clone(), 0)
    try:
        second.result()
        died_after_answering = True  # the kill raced the answer: acceptable, it answered
    except RuntimeError as err:
        died_after_answering = False
        assert "stopped" in str(err)
    third = runner.submit(make_bot("easy", 1, 0), state.clone(), 0)
    action, _bot = third.result()
    assert action in state.legal_actions(0)
    if not died_after_answering:
        assert runner.worker_pid is None  # no new process after a failure: inline from now on
    runner.close()


def test_done_never_blocks_and_settles_once_answered():
    runner = BotRunner()
    try:
        move = runner.submit(make_bot("hard", 3, 0), _fresh(3).clone(), 0)
        polls = 0
        while not move.done():
            polls += 1
            assert polls < 2_000_000
        assert move.result()[0] in _fresh(3).legal_actions(0)
    finally:
        runner.close()


class Broken:
    """A bot whose thinking fails."""

    def choose(self, state, seat):
        raise ValueError("no idea")


def test_the_worker_protocol_round_trips_and_reports_bot_errors():
    inp = io.BytesIO()
    write_message(inp, (1, make_bot("easy", 2, 0), _fresh(2), 0))
    write_message(inp, (2, Broken(), _fresh(2), 0))
    write_message(inp, None)
    inp.seek(0)
    out = io.BytesIO()
    serve(inp, out)
    out.seek(0)
    ok, first = read_message(out)
    assert ok and first[0] == 1 and first[2] is None
    assert first[1][0] in _fresh(2).legal_actions(0)
    ok, second = read_message(out)
    assert ok and second[:2] == (2, None)
    reason, _newline, trace = second[2].partition("\n")
    assert reason == "ValueError: no idea" and trace.startswith("Traceback")
    assert read_message(out) == (False, None)


def test_serving_ignores_ctrl_c_only_while_it_serves():
    """The worker ignores SIGINT while it answers (the game ends it by closing the pipe), then
    gives the old handler back: a test process that served would otherwise ignore Ctrl-C from
    then on, and pass that on to every game it starts (an early Ctrl-C was then lost and the
    demo played on: tests/test_two_games.py hung whenever it ran after this file)."""
    ignored_while_serving = []

    class Watching(io.BytesIO):
        def read(self, *args):
            ignored_while_serving.append(signal.getsignal(signal.SIGINT) == signal.SIG_IGN)
            return super().read(*args)

    # A handler to find again, whatever the test run had (it may itself ignore SIGINT).
    run_had = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        inp = Watching()
        write_message(inp, None)
        inp.seek(0)
        serve(inp, io.BytesIO())
        assert ignored_while_serving and all(ignored_while_serving)
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, run_had)
