"""Issue 66, item 3: input made while the player's own move animates is not lost. The click or
Enter shows the animation at once, as before, and is then applied to the table as it stands
after it: Enter to cross then Enter for Next, however quick; a hand card clicked while the
drawn card slides in is chosen. A click during a computer's step only shows it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.blanco.entry import BLANCO
from game.blanco.rules import Draw
from game.blanco.rules.state import PLAY, TURN
from game.core.session import Seat
from game.luckybox.rules import Cross
from tests.keys_helpers import focus_key, key
from tests.test_blanco_ui import click_action, human_step, settle
from tests.test_keyboard_table import solo_table
from tests.test_online_ui import ServerThread, host_table, until
from tests.ui_helpers import click, frames


def test_enter_then_enter_during_the_cross_is_cross_then_next(app: Any) -> None:
    table = solo_table(app)
    app.ctx.settings.animation_speed = 1.0  # the game's own pace: the cross takes a while
    number, index = table.state.number, table.state.index
    gold = [a for a in table.state.legal_actions(0) if isinstance(a, Cross) and not a.lightning]
    assert gold, "this deal has a gold square on the first number"
    key(app, getattr(pygame, f"K_{number}"))  # the ring on a gold square showing it
    assert focus_key(app)[0] == "square"
    before = len(table.state.actions)
    key(app, pygame.K_RETURN)  # cross
    assert len(table.state.actions) == before + 1
    assert table.animator.busy, "the cross is being drawn"
    key(app, pygame.K_RETURN)  # Next, while it is still drawn
    frames(app, 3)
    assert table.confirming is None, "the second Enter was Next, not lost"
    assert table.state.index == index + 1, "the next number came"


def test_a_click_during_a_computers_step_only_shows_it(app: Any) -> None:
    table = app.ctx.nav.make(
        "luckybox.start_game", seats=[Seat("Ann"), Seat("Bot", "easy")], seed=5
    )
    for _ in range(3000):  # until a computer's step animates
        frames(app, 1)
        if table.animator.busy and table.computers_playing():
            break
        top = app.stack.top
        if top is not table and hasattr(top, "hand"):  # the draft: keep the first cards
            for card in top.hand[: top.need]:
                click(app, top.card_center(card))
            click(app, top.widgets["confirm"].rect.center)
    else:
        raise AssertionError("no computer step animated")
    mine = [a for a in table.state.actions if a.player == 0]
    click(app, table.kit.buttons["pass"].rect.center)  # only shows the step
    for _ in range(600):  # on to the player's own turn: the click did not pass it
        if table.human_turn():
            break
        frames(app, 1)
    assert table.human_turn()
    assert [a for a in table.state.actions if a.player == 0] == mine


def test_a_hand_card_clicked_while_the_draw_slides_in_is_chosen(app: Any) -> None:
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Solo")], seed=5)
    app.ctx.settings.animation_speed = 4.0
    frames(app, 30)
    bot = BLANCO.bots.make_bot("normal", 5, 0)
    while table.state.phase != TURN:  # the set-up, by clicks
        settle(app, table)
        human_step(app, table, bot)
    app.ctx.settings.animation_speed = 1.0
    settle(app, table)
    assert any(isinstance(a, Draw) for a in table.state.legal_actions(0)), table.state.phase
    click(app, table.kit.geometry.draw_pile.center)  # draw
    assert table.state.phase == PLAY
    assert table.animator.busy, "the drawn card is sliding in"
    hand = table.kit.hand.rects()
    click(app, hand[0].center)  # the first hand card, during the slide
    frames(app, 3)
    assert table.moves.hand_card == table.state.hand(0)[0], "the click chose the hand card"
    click(app, table.kit.geometry.discard_pile.center)  # and the discard is not refused
    assert "First click the hand card" not in table.message, table.message


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    """A real game server on 127.0.0.1, its tables in a file of the test's own."""
    running = ServerThread(tmp_path / "tables.sqlite3")
    yield running
    running.close()


def test_online_a_hand_card_clicked_while_the_draw_slides_in_is_chosen(
    app: Any, server: ServerThread
) -> None:
    """The playtest's case: an online Blanco table, our draw answered by the server and
    sliding in, a hand card clicked during the slide: chosen, and the discard then taken."""
    app.ctx.settings.animation_speed = 8.0
    lobby = host_table(app, server.url, ["normal"])
    until(app, lambda: app.stack.top is not lobby, what="the table")
    table = app.stack.top
    seat = table.session.seat
    bot = BLANCO.bots.make_bot("normal", 5, seat)
    until(app, table.human_turn, what="our set-up")
    version = table.session.version
    click_action(app, table, bot.choose(table.state.view_for(seat), seat))
    until(app, lambda: table.session.version != version, what="the set-up taken")
    until(app, lambda: table.human_turn() and table.state.phase == TURN, what="our first turn")
    app.ctx.settings.animation_speed = 0.5  # a slow slide: the click surely lands in it
    click(app, table.kit.geometry.draw_pile.center)
    until(app, lambda: table.state.phase == PLAY and table.animator.busy, what="the slide")
    click(app, table.kit.hand.rects()[0].center)
    until(app, lambda: not table.animator.busy and table.human_turn(), what="our play")
    assert table.moves.hand_card == table.state.hand(seat)[0], table.message
    click(app, table.kit.geometry.discard_pile.center)
    assert "First click the hand card" not in table.message, table.message
