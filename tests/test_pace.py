"""The player chooses how fast computers' turns go by (issue 22, item 14): brisk by default,
chosen in Settings by a click, a 4-seat Blanco round of computers in about 2-3 s when brisk;
and a click while a computer plays shows its turn at once."""

from __future__ import annotations

from typing import Any

from game.core.session import Seat
from game.core.ui.settings import PACES, Settings, load_settings
from tests.ui_helpers import click, click_widget, frames, wait

DT = 1 / 60


def _table(app: Any) -> Any:
    app.ctx.settings.pass_screen = False
    seats = [Seat("Ann", "human")] + [Seat(f"Bot {i}", "easy") for i in range(1, 4)]
    app.ctx.nav.make("blanco.start_game", seats=seats, seed=7)
    return app.stack.scenes[0]


def _computer_rounds(app: Any, table: Any, rounds: int = 3) -> list[float]:
    """Seconds (of the table's clock) from the person's Next to their next turn."""
    times: list[float] = []
    clock, start = 0.0, None
    for _ in range(60 * 120):
        if table.human_turn() and not table.animator.busy:
            if start is not None:
                times.append(clock - start)
                start = None
                if len(times) == rounds:
                    return times
            table.moves.apply(table.state.legal_actions(0)[0])
        if table.turns.confirming is not None and not table.animator.busy:
            table.confirm_turn()
            start = clock
        if table.turns.thinking is not None:
            table.turns.wait_for_computer()  # the bots' thinking costs no table time here
        wait(app, 1, dt=DT)
        clock += DT
    raise AssertionError(f"only {len(times)} rounds")


def test_brisk_is_the_default_and_a_click_in_settings_chooses_the_pace(app: Any) -> None:
    assert Settings().pace == "brisk" and PACES == ("brisk", "normal", "slow")
    settings = app.ctx.nav.push("settings")
    frames(app, 2)
    pace = settings.widget("pace")
    assert pace.value == "brisk"
    click(app, pace.segment(PACES.index("slow")).center, 2)
    assert app.ctx.settings.pace == "slow"
    click_widget(app, settings, "back", 2)  # leaving Settings keeps it
    assert load_settings(app.ctx.data_dir)[0].pace == "slow"


def test_a_brisk_round_of_three_computers_takes_two_to_three_seconds(app: Any) -> None:
    table = _table(app)
    app.ctx.settings.pace = "brisk"
    brisk = _computer_rounds(app, table)
    app.ctx.settings.pace = "slow"
    slow = _computer_rounds(app, table)
    assert max(brisk) < 3.8 and sum(brisk) / len(brisk) < 3.2, brisk
    assert min(slow) > max(brisk), (slow, brisk)


def test_a_click_while_a_computer_plays_shows_its_turn_at_once(app: Any) -> None:
    table = _table(app)
    app.ctx.settings.pace = "slow"
    for _ in range(60 * 30):  # to the first computer's turn, past the person's first
        if table.human_turn() and not table.animator.busy:
            table.moves.apply(table.state.legal_actions(0)[0])
        if table.turns.confirming is not None and not table.animator.busy:
            table.confirm_turn()
            break
        wait(app, 1, dt=DT)
    seat = table.turns.acting
    assert seat is not None and table.session.seats[seat].is_computer
    moves_before = len(table.state.actions)
    click(app, (640, 300))  # a click anywhere on the table
    for _ in range(3):
        if table.turns.thinking is not None:
            table.turns.wait_for_computer()
        frames(app, 1, dt=DT)
    # Within a few frames (far less than the slow beat and animation) the computer's step is
    # played and shown: nothing of it is still animating.
    assert len(table.state.actions) > moves_before
    assert not table.animator.busy or table.turns.acting != seat
    assert not app.errors, app.errors[0]
