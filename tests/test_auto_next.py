"""Confirm turn (Settings): a person's finished turn waits for Next ("Always", the default), goes
on by itself after two seconds in which Next and Undo still work, a bar on the Next button
emptying ("After 2 s"), or as soon as its steps have been shown ("Never"). A guided game still
waits for Next: its guide says when to press it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.blanco.entry import BLANCO
from game.core.session import Seat
from game.core.ui.settings import CONFIRM_DELAYS, Settings, load_settings
from game.luckybox.rules import Cross
from game.luckybox.ui.learn.guide import start_guided
from game.luckybox.ui.scenes.table import start_game
from tests.support import drive, to_first_number
from tests.test_blanco_ui import human_step, settle
from tests.ui_helpers import DT, click, click_widget, frames, screenshot, seen, wait

WHITE = (255, 255, 255)


def _cross(app: Any, table: Any) -> Cross:
    """Cross a square the number shows (no Lightning) by a click, and let its steps play."""
    seat = table.focus
    move = next(
        a for a in table.state.legal_actions(seat) if isinstance(a, Cross) and not a.lightning
    )
    click(app, table.kit.square_center(move.card, move.cell))
    for _ in range(600):
        if not table.animator.busy:
            break
        wait(app)  # (frames nobody sees: only whether the steps still play is read)
    seen(app)  # the last of them, as the tests read it next
    assert not table.animator.busy
    return move


def _count_next_clicks(table: Any) -> list[int]:
    """Counts the clicks on the table's Next button (the list grows by one each)."""
    clicks: list[int] = []
    button = table.controls.buttons["next"]
    clicked = button.on_click

    def counted() -> None:
        clicks.append(1)
        clicked()

    button.on_click = counted
    return clicks


def test_always_is_the_default_and_a_click_in_settings_chooses_another(app: Any) -> None:
    assert Settings().confirm == "always" and tuple(CONFIRM_DELAYS) == ("always", "timed", "never")
    settings = app.ctx.nav.push("settings")
    frames(app, 2)
    choice = settings.widget("confirm")
    assert choice.value == "always"
    screenshot(app, "settings_confirm_turn")
    click(app, choice.segment(1).center, 2)
    assert app.ctx.settings.confirm == "timed"
    click_widget(app, settings, "back", 2)  # leaving Settings keeps it
    assert load_settings(app.ctx.data_dir)[0].confirm == "timed"


def test_a_bad_confirm_in_the_settings_file_is_ignored_in_one_line(data_dir: Any) -> None:
    (data_dir / "settings.json").write_text('{"confirm": "sometimes", "pace": "slow"}')
    settings, warning = load_settings(data_dir)
    assert settings.confirm == "always" and settings.pace == "slow"
    assert warning == "Ignored bad settings: confirm."


def test_always_waits_for_next(app: Any) -> None:
    table = start_game(app.ctx, [Seat("Ann")], 17)
    to_first_number(app, table)
    index = table.seen.index
    _cross(app, table)
    frames(app, round(5 / DT))
    assert table.confirming == table.focus and table.seen.index == index
    assert not table.auto_next.counting


def test_after_two_seconds_the_turn_goes_on_with_a_bar_emptying(app: Any) -> None:
    app.ctx.settings.confirm = "timed"
    table = start_game(app.ctx, [Seat("Ann")], 17)
    to_first_number(app, table)
    index = table.seen.index
    _cross(app, table)
    button = table.controls.buttons["next"].rect

    def bar(part: float) -> tuple[int, int]:
        """The point `part` of the way along where the bar is drawn whole."""
        return round(button.x + 15 + (button.w - 30) * part), round(button.bottom - 9)

    waited = 0
    while table.confirming is not None:
        if waited == 6:  # the bar is nearly whole at first
            assert table.needs_redraw()  # it moves: frames are drawn while it empties
            image = app.window_image()
            assert image.get_at(bar(0.0))[:3] == WHITE and image.get_at(bar(0.9))[:3] == WHITE
            screenshot(app, "luckybox_next_counting")
        if waited == round(1.5 / DT):  # three quarters gone: from halfway on it is gone
            image = app.window_image()
            assert image.get_at(bar(0.0))[:3] == WHITE and image.get_at(bar(0.5))[:3] != WHITE
        frames(app)
        waited += 1
        assert waited < round(3 / DT), "the turn did not go on by itself"
    assert abs(waited * DT - CONFIRM_DELAYS["timed"]) < 0.1, waited
    assert table.auto_next.left is None
    for _ in range(300):  # the next number comes
        if table.seen.index != index:
            break
        frames(app)
    assert table.seen.index == index + 1


def test_undo_while_the_bar_empties_takes_the_cross_back_and_nothing_goes_on(app: Any) -> None:
    app.ctx.settings.confirm = "timed"
    table = start_game(app.ctx, [Seat("Ann")], 17)
    to_first_number(app, table)
    index, masks = table.seen.index, list(table.state.players[0].masks)
    _cross(app, table)
    frames(app, round(1 / DT))
    assert table.confirming == 0 and table.auto_next.counting
    click(app, table.kit.buttons["undo"].rect.center, 2)
    assert table.confirming is None and table.auto_next.left is None
    assert list(table.state.players[0].masks) == masks
    frames(app, round(3 / DT))  # nothing to confirm: the number stays
    assert table.seen.index == index and table.human_turn()


def test_next_during_the_two_seconds_goes_on_at_once(app: Any) -> None:
    app.ctx.settings.confirm = "timed"
    table = start_game(app.ctx, [Seat("Ann")], 17)
    to_first_number(app, table)
    _cross(app, table)
    frames(app, 10)
    assert table.auto_next.counting
    click(app, table.kit.buttons["next"].rect.center, 2)
    assert table.confirming is None and table.auto_next.left is None


@pytest.mark.parametrize("players", [["Ann"], ["Ann", "Bo"]])
def test_never_plays_a_whole_lucky_box_game_without_a_click_on_next(
    app: Any, players: list[str]
) -> None:
    app.ctx.settings.confirm = "never"
    table = start_game(app.ctx, [Seat(name) for name in players], 23)
    clicks = _count_next_clicks(table)
    went_on: list[int] = []
    confirm = table.confirm_turn

    def counted() -> None:
        went_on.append(1)
        confirm()

    table.confirm_turn = counted
    end, handoffs = drive(app, table, random.Random(5))
    assert table.state.is_terminal() and end.session is table.session
    assert clicks == [] and len(went_on) >= 36 * len(players)  # every number's turn, by itself
    if len(players) > 1:  # the pass screen still comes between the two
        assert handoffs[:2] == players


def test_never_plays_blanco_turns_on_to_the_computer_without_next(app: Any) -> None:
    app.ctx.settings.confirm = "never"
    app.ctx.settings.animation_speed = 4.0
    seats = [Seat("Ann"), Seat("Bot", "easy")]
    table = app.ctx.nav.make("blanco.start_game", seats=seats, seed=5)
    clicks = _count_next_clicks(table)  # (settle clicks Next whenever a turn waits for it)
    bot = BLANCO.bots.make_bot("normal", 5, 0)
    movers = []
    for _ in range(40):
        settle(app, table)
        if app.stack.top is not table:
            break
        human_step(app, table, bot)
        movers.append(table.state.turn_id)
    assert clicks == [] and len(set(movers)) > 5  # turns went by, none waiting for Next


def test_a_guided_game_waits_for_next_whatever_the_setting(app: Any) -> None:
    app.ctx.settings.confirm = "never"
    table = start_guided(app.ctx)
    assert not table.auto_next.on
    to_first_number(app, table)
    _cross(app, table)
    frames(app, round(3 / DT))
    assert table.confirming == table.focus  # the guide's "press Next" still has its Next
