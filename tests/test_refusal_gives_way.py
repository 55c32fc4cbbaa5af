"""A "not now" refusal gives way once the player's turn comes: Enter on one of her squares
while a computer plays says "Wait for your turn." until then, not after (an online table has
no Next to clear it, and it would tell the player the opposite of what is true)."""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.core.session import Seat
from game.luckybox.ui.scenes.table import start_game
from tests.keys_helpers import key, show_ring
from tests.support import take_turn
from tests.test_keyboard_table import kept_the_first_cards
from tests.ui_helpers import click, frames


def test_wait_for_a_computer_goes_once_it_is_the_players_turn(app: Any) -> None:
    table = start_game(app.ctx, [Seat("Bot", "hard"), Seat("Ann")], 6)
    app.ctx.settings.animation_speed = 8.0
    rng = random.Random(6)
    refused = cleared = 0
    for _ in range(6000):
        if kept_the_first_cards(app):
            pass
        elif table.human_turn():
            if refused > cleared:
                assert table.message == "", "the refusal gave way to the player's turn"
                cleared += 1
                if cleared == 3:
                    break
            take_turn(app, table, rng, None)  # her move, by a click where the layout puts it
        elif table.confirming is not None and not table.animator.busy:
            click(app, table.kit.buttons["next"].rect.center)
        elif (
            refused == cleared
            and table.acting == 0
            and table.focus == 1
            and table.seen.number  # a number is shown: the cards are on the table
            and not table.animator.busy
            and app.stack.top is table
        ):
            # Enter on one of her squares (a click would hurry the computer instead).
            show_ring(app)
            assert app.ring.focus(table, ("square", table.seen.players[1].cards[0], 4))
            key(app, pygame.K_RETURN)
            assert table.message == "Wait for your turn.", table.message
            refused += 1
        frames(app, 1)
    assert cleared == 3, (refused, cleared)
