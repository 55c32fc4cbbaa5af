"""Pass-and-play secrecy after a resume (issue 22, item 1): whatever stopped the game (the window
closed, the app quit), Continue shows the pass screen naming the seat to play before any seat's
private view, and after "I'm ready!" that seat's table. Driven with posted events."""

from __future__ import annotations

import random

import pygame

from game.blanco.entry import BLANCO
from game.blanco.rules import Setup
from game.blanco.ui.scenes.table import start_game as start_blanco
from game.blanco.ui.table.kit import BlancoKit
from game.core.session import Seat
from game.core.ui.app import App
from game.core.ui.screens.handoff import HandoffScene
from game.luckybox.ui.scenes.draft import DraftScene
from game.luckybox.ui.scenes.table import is_lucky_box_table, start_game
from tests.support import (
    click_widget_table,
    fresh_app,
    kit_table,
    take_turn,
    title,
    to_first_number,
)
from tests.ui_helpers import click, click_widget, frames, press


def close_window(app: App) -> App:
    """The player closes the window (the app saves as it ends) and starts the game again."""
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert frames(app, 1) is False
    return fresh_app(app)


def continue_on_title(app: App, game_id: str) -> None:
    top = title(app)
    if top.game != game_id:
        click_widget(app, top, f"game_{game_id}", 2)
        top = app.stack.top
    assert top.widgets["continue"].visible
    click_widget(app, top, "continue", 1)


def assert_pass_screen_first(app: App, name: str) -> None:
    """The first frame after Continue: the pass screen naming `name`, covering every table."""
    top = app.stack.top
    assert isinstance(top, HandoffScene), f"the first frame shows {type(top).__name__}"
    assert top.name == name
    assert app.drew_last and top.opaque


def test_lucky_box_continue_while_a_seat_waits_for_next_shows_the_pass_screen(app, data_dir):
    table = start_game(app.ctx, [Seat("Ann"), Seat("Bo")], 5)
    to_first_number(app, table)
    assert table.focus == 0
    take_turn(app, table, random.Random(2), None)
    while table.confirming is None:
        frames(app, 1)
    app2 = close_window(app)
    try:
        continue_on_title(app2, "luckybox")
        assert_pass_screen_first(app2, "Ann")  # Ann's turn waits for her Next
        click_widget(app2, app2.stack.top, "go", 2)
        resumed = app2.stack.scenes[0]
        assert is_lucky_box_table(resumed) and app2.stack.top is resumed
        assert resumed.focus == 0 and resumed.confirming == 0
        assert app2.errors == []
    finally:
        pygame.quit()


def test_lucky_box_continue_after_the_hand_over_names_the_next_seat(app, data_dir):
    table = start_game(app.ctx, [Seat("Ann"), Seat("Bo")], 5)
    to_first_number(app, table)
    take_turn(app, table, random.Random(2), None)
    while table.confirming is None:
        frames(app, 1)
    click_widget_table(app, table, "next")
    frames(app, 3)
    for _ in range(200):  # Bo takes the screen and plays his part of the number
        top = app.stack.top
        if isinstance(top, HandoffScene):
            click_widget(app, top, "go", 2)
        elif top is table and table.human_turn() and table.focus == 1:
            break
        else:
            press(app, pygame.K_SPACE)
    take_turn(app, table, random.Random(3), None)
    frames(app, 2)
    app2 = close_window(app)
    try:
        continue_on_title(app2, "luckybox")
        resumed = app2.stack.scenes[0]
        seat = resumed.confirming if resumed.confirming is not None else resumed.acting
        assert_pass_screen_first(app2, resumed.name(seat))
        click_widget(app2, app2.stack.top, "go", 2)
        assert resumed.focus == seat
        assert app2.stack.top is resumed or isinstance(app2.stack.top, DraftScene)
        assert app2.errors == []
    finally:
        pygame.quit()


def test_blanco_continue_while_a_seat_waits_for_next_shows_the_pass_screen(app, data_dir):
    table = start_blanco(app.ctx, [Seat("Ann"), Seat("Bo")], 3)
    for _ in range(400):  # the deal, the pass screen, Ann's set-up
        top = app.stack.top
        if isinstance(top, HandoffScene):
            click_widget(app, top, "go", 2)
        elif top is table and table.human_turn():
            break
        else:
            press(app, pygame.K_SPACE)
    seat = table.focus
    setup = BLANCO.bots.make_bot("normal", 3, seat).choose(table.state.view_for(seat), seat)
    assert isinstance(setup, Setup)
    click(app, table.kit.grid.rects()[setup.reveal].center)
    click(app, table.kit.grid.rects()[setup.look].center)
    frames(app, 2)
    assert table.confirming == seat  # her set-up waits for her Next
    app2 = close_window(app)
    try:
        continue_on_title(app2, "blanco")
        resumed = app2.stack.scenes[0]
        assert kit_table(resumed, BlancoKit)
        assert_pass_screen_first(app2, resumed.name(seat))
        assert resumed.kit.viewer is None
        click_widget(app2, app2.stack.top, "go", 2)
        frames(app2, 30)
        assert app2.stack.top is resumed and resumed.focus == seat
        assert resumed.confirming == seat and resumed.kit.viewer == seat
        assert app2.errors == []
    finally:
        pygame.quit()


def test_a_resumed_lucky_box_logs_the_steps_shown_with_their_cards_places(app, data_dir):
    """The steps shown before the window closed are in the resumed table's move log as they
    were said at the time: a cross names its card's place on the board (1 = leftmost)."""
    table = start_game(app.ctx, [Seat("Ann")], 5)
    to_first_number(app, table)
    take_turn(app, table, random.Random(2), None)
    while table.confirming is None or table.animator.busy:
        frames(app, 1)
    said = [line.text for line in table.kit.move_log.lines(0, hides=True)]
    crossed = [text for text in said if "crossed" in text]
    assert crossed and all(" on card 0" not in text for text in crossed), said
    app2 = close_window(app)
    try:
        continue_on_title(app2, "luckybox")
        resumed = app2.stack.scenes[0]
        assert is_lucky_box_table(resumed)
        again = [line.text for line in resumed.kit.move_log.lines(0, hides=True)]
        assert [text for text in again if "crossed" in text] == crossed, again
        assert app2.errors == []
    finally:
        pygame.quit()
