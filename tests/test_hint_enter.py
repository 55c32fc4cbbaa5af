"""H (or a click on Hint), then Enter plays the hint, in both games, even when the mouse was
used last and the focus ring is hidden: the hint marks its move on the board itself, so Enter
is not a blind move. Without a hint, Enter with the ring hidden still makes no move on the
board (its first press only shows the ring)."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.session import Seat
from game.luckybox.rules import Cross
from tests.keys_helpers import key
from tests.test_keyboard_blanco import hint_followed_by_enter, settle
from tests.test_keyboard_table import solo_table
from tests.ui_helpers import click, frames


def test_lucky_box_hint_clicked_then_enter_plays_it(app: Any) -> None:
    table = solo_table(app, seed=8)
    played = 0
    for _ in range(6):  # a few numbers, whatever kind of move the hint is
        while not table.human_turn():
            if table.confirming is not None and not table.animator.busy:
                table.confirm_turn()
            frames(app, 1)
        click(app, table.controls.buttons["hint"].rect.center)
        assert not app.ring.visible, "the mouse was used last: the ring is hidden"
        hint = table.kit.hint
        assert hint is not None, "the click gave a hint"
        before = len(table.state.actions)
        # One Enter a step: the square (a Lightning cross: the square, then Spend), or Pass.
        steps = 2 if isinstance(hint, Cross) and hint.lightning else 1
        for _ in range(steps):
            key(app, pygame.K_RETURN)
            frames(app, 1)
        assert table.state.actions[before:] == [hint], "Enter played the hinted move"
        assert not app.ring.visible, "no press went to showing the ring first"
        played += 1
    assert played == 6


def test_lucky_box_enter_without_a_hint_makes_no_move_while_the_ring_is_hidden(app: Any) -> None:
    table = solo_table(app, seed=8)
    board = table.kit.board.rects(table.focus)[0]
    click(app, (board.left + 2, board.bottom + 40))  # the mouse, on nothing
    assert not app.ring.visible
    before = len(table.state.actions)
    key(app, pygame.K_RETURN)
    assert len(table.state.actions) == before, "no move made unseen"
    assert app.ring.visible, "the first Enter showed where the focus is"


def test_blanco_h_then_enter_plays_the_hint_after_the_mouse(app: Any) -> None:
    app.ctx.settings.animation_speed = 8.0
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Solo")], seed=7)
    followed = 0
    for _ in range(5):
        settle(app, table)
        if app.stack.top is not table:
            break
        click(app, (4, 4))  # the mouse was used last: the ring is hidden
        assert not app.ring.visible
        hint_followed_by_enter(app, table)
        assert not app.ring.visible, "no press went to showing the ring first"
        followed += 1
    assert followed >= 3


def test_lucky_box_draft_hint_then_enter_keeps_the_dashed_cards(app: Any) -> None:
    """The draft's Hint only dashes the cards (nothing is chosen for the player); then each
    Enter chooses the next dashed card and the last one keeps them."""
    from game.luckybox.ui.scenes.draft import DraftScene
    from game.luckybox.ui.scenes.table import start_game

    table = start_game(app.ctx, [Seat("Ann")], 12)
    frames(app, 2)
    draft = app.stack.top
    assert isinstance(draft, DraftScene) and draft.need == 3
    click(app, draft.widgets["hint"].rect.center)
    hinted = set(draft.hinted)
    assert len(hinted) == 3 and not draft.selected, "the hint chose nothing by itself"
    assert not app.ring.visible
    for _ in range(3):
        key(app, pygame.K_RETURN)
        frames(app, 1)
    assert set(draft.selected) == hinted, "each Enter chose a dashed card"
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert app.stack.top is not draft, "the last Enter kept them"
    assert set(table.state.players[0].cards) == hinted
