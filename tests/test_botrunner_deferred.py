"""A computer's move is sent to the worker after the frame that asked for it is shown, not in
the middle of it: the write wakes the worker, which Linux may start on the table's own CPU,
stalling the frame 1-4 ms (the slowest frames of a demo). Without an app ending frames, a move
is sent when it is first asked about."""

from __future__ import annotations

import os
import signal
from typing import Any

from game.core.botrunner import BotRunner, send_pending
from game.core.session import Seat
from game.luckybox.ai import make_bot
from game.luckybox.rules import GameState


def _fresh(seed: int = 7) -> GameState:
    state, _ = GameState.new(["Ann", "Bob"], seed)
    return state


def test_a_move_waits_for_the_frames_end_then_is_answered():
    runner = BotRunner()
    try:
        state = _fresh()
        move = runner.submit(make_bot("normal", 7, 0), state.clone(), 0)
        assert len(runner._outbox) == 1  # asked, not yet written
        send_pending()
        assert not runner._outbox
        action, _bot = move.result()
        assert action == make_bot("normal", 7, 0).choose(state.clone(), 0)
    finally:
        runner.close()


def test_asking_about_a_move_sends_it_when_no_app_ends_frames():
    runner = BotRunner()
    try:
        move = runner.submit(make_bot("easy", 3, 0), _fresh(3).clone(), 0)
        polls = 0
        while not move.done():  # done() sends it: no frame end will
            polls += 1
            assert polls < 2_000_000
        assert move.result()[0] in _fresh(3).legal_actions(0)
    finally:
        runner.close()


def test_a_worker_gone_before_the_send_thinks_here_instead():
    runner = BotRunner()
    state = _fresh()
    runner.submit(make_bot("easy", 1, 0), state.clone(), 0).result()  # the worker is up
    os.kill(runner.worker_pid, signal.SIGKILL)
    os.waitpid(runner.worker_pid, 0)
    move = runner.submit(make_bot("easy", 1, 0), state.clone(), 0)
    try:
        action, _bot = move.result()
        assert action in state.legal_actions(0)
    except RuntimeError as err:  # the pipe took the bytes before it noticed: no reply came
        assert "stopped" in str(err)
    later = runner.submit(make_bot("easy", 1, 0), state.clone(), 0)
    assert later.result()[0] in state.legal_actions(0)  # inline from now on
    assert runner.worker_pid is None
    runner.close()


def test_a_table_sends_its_computers_moves_between_frames(app: Any, monkeypatch: Any):
    seats = [Seat(f"Bot {i + 1}", "normal") for i in range(3)]
    table = app.ctx.nav.make("blanco.start_game", seats=seats, seed=5, demo=True)
    app.ctx.settings.animation_speed = 8.0
    inside = {"step": False}
    sends: list[bool] = []  # for each send of a move: was it inside a frame?
    real_step, real_send = app.step, BotRunner.send

    def step(dt: float) -> bool:
        inside["step"] = True
        try:
            return real_step(dt)
        finally:
            inside["step"] = False

    def send(self: BotRunner) -> None:
        if self._outbox and self is table.runner:
            sends.append(inside["step"])
        real_send(self)

    monkeypatch.setattr(app, "step", step)
    monkeypatch.setattr(BotRunner, "send", send)
    for _ in range(600):  # as App.run does it
        app.step(1 / 60)
        app.finish_frame()
        # (as the clock's wait would, whatever a frame costs: the worker answers in between)
        table.turns.wait_for_computer()
        if len(sends) >= 3:
            break
    assert len(sends) >= 3, "the computers asked for no moves"
    assert not any(sends), "a move was written to the worker in the middle of a frame"
    assert table.runner.worker_pid is not None  # they think in the worker, not inline


def test_the_demo_loop_sends_moves_after_each_measured_frame(
    data_dir: Any, monkeypatch: Any, tmp_path: Any
) -> None:
    from game.catalog import game_uis
    from game.core.ui import launch
    from game.core.ui.app import App

    inside = {"step": False}
    sends: list[bool] = []
    real_step, real_send = App.step, BotRunner.send

    def step(self: App, dt: float | None = None) -> bool:
        inside["step"] = True
        try:
            return real_step(self, dt)
        finally:
            inside["step"] = False

    def send(self: BotRunner) -> None:
        if self._outbox:
            sends.append(inside["step"])
        real_send(self)

    monkeypatch.setattr(App, "step", step)
    monkeypatch.setattr(BotRunner, "send", send)
    # The test hook (SMLB_NO_FRAME_WAIT): the 400 frames without sleeping between them.
    monkeypatch.setattr("game.core.ui.app.FRAME_WAITS", False)
    stats = tmp_path / "stats.json"
    launch.demo(
        game_uis(),
        players=3,
        seed=5,
        speed=8.0,
        game="blanco",
        max_frames=400,
        frame_stats=str(stats),
    )
    assert stats.exists()
    assert sends and not any(sends)
