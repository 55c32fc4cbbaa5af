"""Blanco's table driven headless by posted mouse and key events.

The test "player" asks a bot (on the seat's own view) what it wants to do, as a person reads the
table, then clicks where the table draws those cards, piles and buttons.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.blanco.rules import Clear, Discard, Draw, Look, Play, Setup, Swap
from game.blanco.rules.game import BLANCO
from game.blanco.ui.scenes.gameend import GameEndScene
from game.blanco.ui.scenes.table import TableScene
from game.blanco.ui.table import geometry as geo
from game.core.session import Seat
from tests.ui_helpers import click, frames, press, screenshot


def settle(app: Any, table: TableScene, limit: int = 4000) -> None:
    """Run frames until the table waits for a human (or the game leaves the table)."""
    for _ in range(limit):
        if app.stack.top is not table or table.human_turn():
            return
        if table.animator.busy:
            press(app, pygame.K_SPACE)
        else:
            frames(app, 1)
    raise AssertionError("the table never settled")


def cell_at(table: TableScene, at: tuple[int, int]) -> tuple[float, float]:
    return table.grid.rects()[at].center


def click_action(app: Any, table: TableScene, action: Any, shots: set | None = None) -> None:
    """Make `action` by clicks, as a person would."""
    def shot(name: str) -> None:
        if shots is not None and name not in shots:
            shots.add(name)
            frames(app, 1)
            screenshot(app, f"blanco_{name}")

    if isinstance(action, Setup):
        click(app, cell_at(table, action.reveal))
        shot("setup_choose")
        click(app, cell_at(table, action.look))
    elif isinstance(action, Draw):
        shot("turn_draw")
        click(app, (geo.DRAW_PILE if action.source == "pile" else geo.DISCARD_PILE).center)
    elif isinstance(action, Play):
        index = table.state.hand(table.focus).index(action.card)
        click(app, table.hand.rects()[index].center)
        shot("play_selected")
        click(app, cell_at(table, action.at))
    elif isinstance(action, Discard):
        index = table.state.hand(table.focus).index(action.card)
        click(app, table.hand.rects()[index].center)
        click(app, geo.DISCARD_PILE.center)
        if action.reveal is not None:
            shot("discard_reveal")
            click(app, cell_at(table, action.reveal))
    elif isinstance(action, Swap):
        click(app, table.controls.buttons["swap"].rect.center)
        click(app, cell_at(table, action.a))
        click(app, cell_at(table, action.b))
        if action.reveal is not None:
            shot("swap_reveal")
            click(app, cell_at(table, action.reveal))
    elif isinstance(action, Clear):
        shot("clear_choice")
        button = table.controls.choices()[f"clear_{action.line}_{action.index}"]
        click(app, button.rect.center)
    elif isinstance(action, Look):
        click(app, cell_at(table, action.at))
        choices = table.controls.choices()
        if "reveal" in choices:
            shot("look_reveal")
            click(app, choices["reveal" if action.reveal else "keep"].rect.center)
    else:  # pragma: no cover
        raise AssertionError(action)


def human_step(app: Any, table: TableScene, bot: Any, shots: set | None = None) -> Any:
    """One step of the human whose turn it is, by clicks; returns the action."""
    seat = table.focus
    count = len(table.state.actions)
    action = bot.choose(table.state.view_for(seat), seat)
    click_action(app, table, action, shots)
    assert len(table.state.actions) == count + 1, (action, table.message)
    assert table.state.actions[-1] == action
    return action


def test_solo_game_by_clicks(app) -> None:
    app.ctx.settings.animation_speed = 4.0
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Solo")], seed=5)
    bot = BLANCO.make_bot("normal", 5, 0)
    shots: set = set()
    frames(app, 30)
    screenshot(app, "blanco_deal")
    for _ in range(600):
        settle(app, table)
        if app.stack.top is not table:
            break
        human_step(app, table, bot, shots)
        assert table.seen.matches(table.state) or table.animator.busy
    end = app.stack.top
    assert isinstance(end, GameEndScene)
    assert table.state.is_terminal() and table.state.winner == 0
    frames(app, 5)
    screenshot(app, "blanco_game_end")


def test_refusals_are_said_and_flashed(app) -> None:
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Ann")], seed=11)
    settle(app, table)
    click(app, table.hand.rects()[0].center)  # set-up: a hand card is not a choice
    assert table.refusal and table.message
    assert table.moves.flash is not None and table.moves.flash[0] == ("hand", 0)
    click(app, table.controls.buttons["undo"].rect.center)
    assert "Can't undo" in table.message
    click(app, cell_at(table, (0, 0)))
    click(app, cell_at(table, (1, 1)))
    settle(app, table)
    assert table.state.phase == "turn"
    click(app, cell_at(table, (2, 2)))  # a grid card before drawing
    assert table.refusal and "Draw" in table.message
    click(app, geo.DISCARD_PILE.center)  # draw the discard: undoable
    settle(app, table)
    assert table.state.phase == "play"
    assert table.state.can_undo(0) is None
    click(app, table.controls.buttons["undo"].rect.center)
    settle(app, table)
    assert table.state.phase == "turn" and table.message == "Undone."
    assert table.seen.matches(table.state)


def test_title_chooses_blanco_and_remembers_it(app) -> None:
    from game.blanco.ui.scenes.setup import SetupScene
    from game.core.ui.scenes.title import TitleScene

    app.stack.push(TitleScene(app.ctx))
    frames(app, 60)
    screenshot(app, "blanco_title_luckybox")
    title = app.stack.top
    assert title.game == "luckybox"
    click(app, title.widget("game_blanco").rect.center, 60)
    assert title.game == "blanco"
    screenshot(app, "blanco_title")
    click(app, title.widget("new_game").rect.center, 2)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    click(app, setup.widget("seat_plus").rect.center)
    click(app, setup.widget("computer_1").rect.center)  # seat 2 back to human
    click(app, setup.widget("level_2").rect.center)  # seat 3: normal -> hard
    screenshot(app, "blanco_setup_scene")
    seats, _seed = setup.chosen()
    assert [s.kind for s in seats] == ["human", "human", "hard"]
    click(app, setup.widget("start").rect.center, 2)
    table = app.stack.scenes[0]
    assert isinstance(table, TableScene) and table.session.game is BLANCO
    # The choice is remembered: a new title shows Blanco.
    assert TitleScene(app.ctx).game == "blanco"
