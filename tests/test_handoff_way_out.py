"""The pass screen ("Pass the screen to X") has a way out: Esc (or its Menu button) opens the
pause menu over it, the table still hidden; Resume comes back to the pass screen, Quit to the
title keeps the game for Continue."""

from __future__ import annotations

import pygame

from game.core.session import Seat
from game.core.ui.screens.dialog import ConfirmDialog
from game.core.ui.screens.handoff import HandoffScene
from game.core.ui.screens.pause import PauseScene
from game.core.ui.screens.title import TitleScene
from game.luckybox.ui.scenes.table import start_game
from tests.ui_helpers import click, click_widget, frames, press


def pass_screen(app) -> HandoffScene:
    start_game(app.ctx, [Seat("Ann", "human"), Seat("Bo", "human")], 4)
    frames(app, 3)
    top = app.stack.top
    assert isinstance(top, HandoffScene), top
    return top


def test_esc_on_the_pass_screen_opens_the_pause_menu_and_resume_comes_back(app):
    handoff = pass_screen(app)
    press(app, pygame.K_ESCAPE, 2)
    pause = app.stack.top
    assert isinstance(pause, PauseScene), "Esc offers a way out"
    assert app.stack.scenes[-2] is handoff, "the table stays hidden under the menu"
    press(app, pygame.K_ESCAPE, 2)  # Resume
    assert app.stack.top is handoff


def test_the_pass_screens_menu_button_quits_to_the_title_keeping_the_game(app):
    handoff = pass_screen(app)
    click(app, handoff.widgets["menu"].rect.center, 2)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    click_widget(app, pause, "quit", 2)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog)
    click_widget(app, dialog, "yes", 2)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    assert title.widgets["continue"].visible, "the game was kept: Continue brings it back"
