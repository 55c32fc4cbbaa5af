"""A closed table's worker is kept for the next table: the next game's computers answer at once
(no process to start, nothing to import) and exactly as before; a worker that could mislead
the next table (dead, another command, an answer still on its way) is never kept."""

from __future__ import annotations

import subprocess
import sys

import pytest

from game.core import botrunner
from game.core.botrunner import BotRunner, close_spare
from game.luckybox.ai import make_bot
from game.luckybox.rules import GameState


@pytest.fixture(autouse=True)
def no_spare_before_or_after():
    close_spare()
    yield
    close_spare()


def _answer(runner: BotRunner, level: str, seed: int) -> object:
    state, _ = GameState.new(["Ann", "Bob"], seed)
    action, _bot = runner.submit(make_bot(level, seed, 0), state.clone(), 0).result()
    assert action == make_bot(level, seed, 0).choose(state.clone(), 0)
    return action


def _process(runner: BotRunner) -> subprocess.Popen[bytes]:
    """The runner's worker process (to see later whether it was ended)."""
    assert runner._worker is not None
    return runner._worker.process


def _ended(process: subprocess.Popen[bytes]) -> bool:
    return process.poll() is not None


def test_the_next_table_thinks_in_the_worker_the_last_one_closed() -> None:
    first = BotRunner()
    _answer(first, "hard", 3)
    pid, process = first.worker_pid, _process(first)
    first.close()
    assert first.worker_pid is None and not _ended(process)
    second = BotRunner()
    try:
        _answer(second, "normal", 4)  # the same answers as thinking here
        assert second.worker_pid == pid
    finally:
        second.close()
    assert not _ended(process)
    close_spare()
    assert _ended(process)


def _a_table_that_answered() -> tuple[BotRunner, subprocess.Popen[bytes]]:
    runner = BotRunner()
    _answer(runner, "easy", 1)
    return runner, _process(runner)


def _the_next_table_starts_a_worker_of_its_own(old: subprocess.Popen[bytes]) -> None:
    runner = BotRunner()
    try:
        _answer(runner, "easy", 2)
        assert runner.worker_pid not in (None, old.pid)
    finally:
        runner.close()


def test_a_kept_worker_that_died_is_replaced() -> None:
    first, process = _a_table_that_answered()
    first.close()
    process.kill()
    process.wait()
    _the_next_table_starts_a_worker_of_its_own(process)


def test_a_worker_started_by_another_command_is_not_taken(monkeypatch) -> None:
    first, process = _a_table_that_answered()
    first.close()
    main = str(botrunner.ROOT / "main.py")
    monkeypatch.setattr(botrunner, "worker_command", lambda: [sys.executable, main, "--bot-worker"])
    _the_next_table_starts_a_worker_of_its_own(process)
    assert _ended(process)  # the one it could not take was ended


def test_a_worker_owing_an_answer_is_not_kept() -> None:
    """A move asked for and not answered when the table closes: its answer would reach the next
    table under a ticket of that table's, so that worker ends with its table."""
    first, process = _a_table_that_answered()
    state, _ = GameState.new(["Ann", "Bob"], 5)
    first.submit(make_bot("hard", 5, 0), state.clone(), 0)
    first.send()
    first.close()
    assert _ended(process)
    _the_next_table_starts_a_worker_of_its_own(process)


def test_one_worker_at_most_is_kept() -> None:
    tables = [_a_table_that_answered() for _ in range(2)]  # both open at once
    processes = [process for _runner, process in tables]
    assert processes[0].pid != processes[1].pid
    for runner, _worker_process in tables:
        runner.close()
    assert [worker.process for worker in botrunner._spare] == [processes[1]]
    assert _ended(processes[0])
