"""The computer players' worker thinks as a batch job (Linux): sending it a move never lets it
take the CPU from the table's frame (writes to it stalled frames by 1-7 ms on a busy machine)."""

from __future__ import annotations

import os
import sys

import pytest

from game.core.botrunner import BotRunner
from game.luckybox.ai import make_bot
from game.luckybox.rules import GameState
from tests.worker_helpers import ReportsTheCollector


@pytest.mark.skipif(
    not hasattr(os, "sched_getscheduler") or not sys.platform.startswith("linux"),
    reason="scheduling policies are Linux's",
)
def test_the_worker_runs_as_a_batch_job_and_still_answers():
    state, _ = GameState.new(["Ann", "Bob"], 7)
    runner = BotRunner()
    try:
        move = runner.submit(make_bot("normal", 7, 0), state.clone(), 0)
        action, _bot = move.result()  # answered: the worker has set its policy by now
        assert action in state.legal_actions(0)
        assert runner.worker_pid is not None
        assert os.sched_getscheduler(runner.worker_pid) == os.SCHED_BATCH
    finally:
        runner.close()
    assert os.sched_getscheduler(0) != os.SCHED_BATCH  # the table itself is untouched


@pytest.mark.parametrize("command", ["module", "app flag"])
def test_the_worker_collects_garbage_rarely(command, monkeypatch):
    """Both ways of starting the worker (`-m game.core.bot_worker`, and the frozen app's
    `--bot-worker`) think with the raised thresholds, not Python's 700."""
    from game.core import bot_worker, botrunner, paths

    if command == "app flag":
        main = str(paths.ROOT / "main.py")
        monkeypatch.setattr(
            botrunner, "worker_command", lambda: [sys.executable, main, "--bot-worker"]
        )
    runner = BotRunner()
    try:
        thresholds, _bot = runner.submit(ReportsTheCollector(), None, 0).result()
    finally:
        runner.close()
    assert thresholds == bot_worker.THINKING_GC_THRESHOLDS
    assert thresholds[0] > 700 * 10
