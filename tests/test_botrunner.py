"""The computer players' worker process: answers match thinking in-process, and a dead worker
never freezes the table."""

from __future__ import annotations

import io
import os
import signal

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
