"""Issue 67 at the real Lucky Box table, by posted events: the move log tells a computer's
crosses once their number closes, and rings the squares it crossed until the player acts; the
wheel goes back through the log, a click or M opens it; it finds room beside the cards at
1024x768 and 2560x1080 with up to 12 players, without covering them."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.core.session import Seat
from game.core.ui.toolkit import window as window_mode
from game.luckybox.ui.cardview import MINI_CROSSED
from game.luckybox.ui.scenes.table import start_game
from game.luckybox.ui.table.boards import FULL_ART_WIDTH
from game.luckybox.ui.table.log_parts import LAST_MOVE, LastMoves
from tests.support import take_turn, to_first_number
from tests.ui_helpers import click, frames, press


def next_turn(app: Any, table: Any) -> None:
    """Say Next and let the computers play, until it is the person's turn again."""
    for _ in range(3000):
        if table.human_turn() and not table.animator.busy:
            return
        if table.confirming is not None and not table.animator.busy:
            click(app, table.kit.buttons["next"].rect.center)
        else:
            press(app, pygame.K_SPACE)
    raise AssertionError("the person's turn did not come back")


def rings(table: Any) -> LastMoves:
    return next(part for part in table.parts if isinstance(part, LastMoves))


@pytest.mark.parametrize("others", [1, 3])  # their cards drawn with their art; for a glance
def test_a_computers_cross_is_logged_and_ringed_until_the_player_acts(
    app: Any, others: int
) -> None:
    app.ctx.settings.animation_speed = 4.0
    names = ["Bo", "Cy", "Di"][:others]
    table = start_game(app.ctx, [Seat("Ann"), *(Seat(n, "easy") for n in names)], 11)
    to_first_number(app, table)
    rng = random.Random(3)
    ring = rings(table)
    for _ in range(9):
        take_turn(app, table, rng, None)
        frames(app, 2)
        own = table.kit.log_panel.rows_drawn
        assert any(row.startswith("Ann ") for row in own), own  # one's own move, at once
        next_turn(app, table)
        frames(app, 2)
        if ring.squares():
            break
    squares = ring.squares()
    assert squares and 0 not in {seat for seat, _card, _cell in squares}, squares
    lines = [line.text for line in table.kit.move_log.lines(0, hides=True)]
    seat, card, _cell = sorted(squares)[0]
    assert any(text.startswith(f"{names[seat - 1]} ") and " crossed " in text for text in lines)
    assert lines[-1].startswith("Number "), "the crosses are told before the number they closed"
    rect = ring.square_rects()[0]
    x, y = round(rect.x), round(rect.centery)
    edge = [tuple(app.screen.get_at((x - d, y)))[:3] for d in range(4)]
    assert LAST_MOVE in edge, edge  # the ring, round the square
    width = table.kit.others.card_rects(seat, table.kit.others.panels()[seat])[0].w
    assert (width < FULL_ART_WIDTH) == (others == 3)
    if width < FULL_ART_WIDTH:  # drawn for a glance: the ring is round the crossed square
        corners = [(rect.x + 3, rect.y + 3), (rect.right - 4, rect.bottom - 4)]
        inside = [tuple(app.screen.get_at((round(cx), round(cy))))[:3] for cx, cy in corners]
        assert inside == [MINI_CROSSED, MINI_CROSSED], inside
    take_turn(app, table, rng, None)  # Ann acts: what the others did has been seen
    frames(app, 1)
    assert not ring.squares()
    assert not app.errors


def test_the_wheel_goes_back_and_a_click_or_m_opens_the_log(app: Any) -> None:
    window_mode.the_window().size = (1024, 768)  # room below the cards: several rows
    app.settle_window()
    app.ctx.settings.animation_speed = 4.0
    seats = [Seat("Ann"), Seat("Bo", "easy"), Seat("Cy", "easy")]
    table = start_game(app.ctx, seats, 8)
    to_first_number(app, table)
    rng = random.Random(5)
    for _ in range(4):
        take_turn(app, table, rng, None)
        next_turn(app, table)
    frames(app, 1)
    panel = table.kit.log_panel
    newest = list(panel.rows_drawn)
    assert len(newest) >= 4, newest
    closed = panel.rect()
    played = len(table.state.actions)
    cards = table.kit.board.rects(table.focus)
    assert not any(closed.colliderect(card) for card in cards), "the log leaves the cards be"
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=closed.center, rel=(1, 1), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2))
    frames(app, 2)
    assert panel.back == 2 and panel.rows_drawn != newest
    assert panel.rows_drawn[-1] == newest[-3], "two rows back"
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5))
    frames(app, 2)
    assert panel.back == 0 and panel.rows_drawn == newest
    click(app, closed.center, 2)
    assert panel.open and panel.rect().h > closed.h + 60
    assert len(panel.rows_drawn) > len(newest), "the open log shows more turns"
    press(app, pygame.K_m, 2)
    assert not panel.open and panel.rect() == closed
    assert len(table.state.actions) == played, "none of it played a move"
    assert not app.errors


def test_the_log_finds_room_at_twelve_players(app: Any) -> None:
    """At twelve seats the move log finds room at 4:3, 21:9 and 16:9: inside the window, over
    no card, board, button or pile; several rows beside the cards, or one row that opens where
    there is no room beside them. One game dealt to its first number (eleven computers'
    drafts), the window then given each shape, as a player resizing it."""
    seats = [Seat("Ann"), *(Seat(f"Computer {i}", "easy") for i in range(1, 12))]
    table = start_game(app.ctx, seats, 4)
    to_first_number(app, table)
    for size in ((1024, 768), (2560, 1080), (1280, 720)):  # (16:9 last: M opens its log)
        window_mode.the_window().size = size
        app.settle_window()
        frames(app, 2)
        assert pygame.display.get_surface().get_size() == size
        rect = table.kit.log_panel.rect()
        view = pygame.FRect(table.view)
        assert view.contains(rect), (size, rect, view)
        for card in table.kit.board.rects(table.focus):
            assert not rect.colliderect(card), f"never over the player's cards ({size})"
        for panel in table.kit.others.panels().values():
            assert not rect.colliderect(panel), size
        layout = app.ctx.layout
        for region in ("scorecard", "button_pass", "button_menu", "lightning_pile"):
            assert not rect.colliderect(layout.region(region)), (size, region)
        if size == (1280, 720):  # no room beside the cards: one row, that opens
            assert rect.h < 60
            press(app, pygame.K_m, 2)
            assert table.kit.log_panel.rect().h > 200
        else:
            assert rect.h >= 96 or rect.w >= 190, (size, rect)  # several rows
            assert len(table.kit.log_panel.rows_drawn) >= 1, size
    assert not app.errors


def test_pass_and_play_the_next_player_does_not_read_the_last_ones_move(app: Any) -> None:
    """Two people at one screen choose in turn for the same number: the second reads nothing
    of the first's move for it (their board does not show it either), and it is told once the
    next number is revealed."""
    from game.core.ui.screens.handoff import HandoffScene
    from tests.ui_helpers import click_widget

    app.ctx.settings.animation_speed = 4.0
    table = start_game(app.ctx, [Seat("Ann"), Seat("Bo")], 6)
    to_first_number(app, table)
    rng = random.Random(7)
    assert table.focus == 0
    take_turn(app, table, rng, None)
    frames(app, 2)
    said = [line.text for line in table.kit.move_log.lines(0, hides=True)]
    assert said[-1].startswith("Ann "), said  # Ann reads her own move
    ann_move = said[-1]
    for _ in range(600):  # Next, then the pass screen to Bo
        if isinstance(app.stack.top, HandoffScene):
            click_widget(app, app.stack.top, "go", 2)
        elif app.stack.top is table and table.focus == 1 and table.human_turn():
            break
        elif table.confirming is not None and not table.animator.busy:
            click(app, table.kit.buttons["next"].rect.center)
        else:
            press(app, pygame.K_SPACE)
    assert table.focus == 1 and table.human_turn()
    frames(app, 2)
    bo_reads = [line.text for line in table.kit.move_log.lines(1, hides=True)]
    assert bo_reads[-1].startswith("Number "), bo_reads  # nothing of Ann's after it
    assert not any(text.startswith(ann_move) for text in bo_reads), bo_reads
    assert not any(row.startswith("Ann ") for row in table.kit.log_panel.rows_drawn[-1:])
    assert not any(seat == 0 for seat, _c, _cell in rings(table).squares())
    take_turn(app, table, rng, None)
    for _ in range(600):  # Next, the number closes, the pass screen to Ann
        if isinstance(app.stack.top, HandoffScene):
            click_widget(app, app.stack.top, "go", 2)
        elif app.stack.top is table and table.focus == 0 and table.human_turn():
            break
        elif table.confirming is not None and not table.animator.busy:
            click(app, table.kit.buttons["next"].rect.center)
        else:
            press(app, pygame.K_SPACE)
    bo_now = [line.text for line in table.kit.move_log.lines(1, hides=True)]
    assert any(text.startswith(ann_move) for text in bo_now), "told once the number closed"
    assert not app.errors
