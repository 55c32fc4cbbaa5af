"""A finished turn waits for Next, in a solo Blanco game too.

Alone at the table, the next turn is the player's own at once: clicks and the hint once took
it up (a draw, a chosen card) while the table still said "Turn done. Press Next", and a
chosen card's Cancel button came to lie over Next. Now the turn done holds the table until
Next, as at a table of several: a click says why, H points to Next, and Enter is Next.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.blanco.entry import BLANCO
from game.blanco.rules import Draw
from game.core.session import Seat
from tests.keys_helpers import key
from tests.test_blanco_ui import click_action, settle
from tests.ui_helpers import click, frames

DONE = "Your turn is done: press Next (Enter)"


def first_turn_done(app: Any) -> Any:
    """A solo table whose first turn (after the set-up) was just played by clicks."""
    app.ctx.settings.animation_speed = 8.0
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Solo")], seed=20261126)
    bot = BLANCO.bots.make_bot("normal", 20261126, 0)
    for _ in range(40):
        settle(app, table)
        click_action(app, table, bot.choose(table.state.view_for(0), 0))
        while table.animator.busy:
            key(app, pygame.K_SPACE)
        if table.turns.confirming is not None:
            return table
    raise AssertionError("no turn was done")


def test_a_click_on_the_pile_while_the_turn_is_done_says_press_next(app) -> None:
    table = first_turn_done(app)
    assert table.state.waiting_for() == [0], "the next turn is the solo player's own"
    taken = len(table.state.actions)
    click(app, table.kit.geometry.draw_pile.center)
    assert len(table.state.actions) == taken, "nothing drawn before Next"
    assert table.message.startswith(DONE), table.message
    hand = table.kit.hand.rects()
    click(app, hand[0].center)
    assert table.moves.hand_card is None, "no card chosen before Next"
    assert "cancel" not in table.controls.choices(), "no Cancel over Next"
    # Next, then the same click draws.
    click(app, table.controls.buttons["next"].rect.center)
    assert table.turns.confirming is None
    frames(app, 2)
    click(app, table.kit.geometry.draw_pile.center)
    assert table.state.actions[taken:] == [Draw(0, "pile")], table.message


def test_h_then_enter_while_the_turn_is_done_is_next_not_the_next_move(app) -> None:
    table = first_turn_done(app)
    taken = len(table.state.actions)
    key(app, pygame.K_h)
    assert table.moves.hint is None, "no hint for a turn not begun"
    assert table.message.startswith(DONE), table.message
    key(app, pygame.K_RETURN)
    assert table.turns.confirming is None, "Enter was Next"
    assert len(table.state.actions) == taken, "and made no move"
    # The new turn's hint is the next move, and Enter makes it.
    frames(app, 2)
    key(app, pygame.K_h)
    hint = table.moves.hint
    assert hint is not None
    for _ in range(4):
        if len(table.state.actions) > taken:
            break
        key(app, pygame.K_RETURN)
    assert table.state.actions[taken] == hint
