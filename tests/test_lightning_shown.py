"""Issue 67, "Lightning shown when it matters": while the player holds Lightning, the squares it
reaches (blue, with their cost) show when the player asks, not all game. Played on the real
table with mouse and key events: at first only the gold squares are marked; the square under
the mouse shows its cost; L (or a click on the Lightning pile) shows every one, and again hides
them; the gold squares stay clear of any cost throughout; with no gold square left, the blue
ones show by themselves (Lightning or Pass is all there is)."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.session import Seat
from game.luckybox.rules import Cross
from game.luckybox.ui.cardview import EXACT, LIGHTNING
from game.luckybox.ui.scenes.table import start_game
from tests.keys_helpers import key
from tests.support import to_first_number
from tests.ui_helpers import click, frames


def blue_and_gold(table: Any) -> tuple[list[Cross], list[Cross]]:
    legal = [a for a in table.state.legal_actions(table.focus) if isinstance(a, Cross)]
    gold = [a for a in legal if not a.lightning]
    golden = {(a.card, a.cell) for a in gold}
    blue = [a for a in legal if a.lightning and (a.card, a.cell) not in golden]
    return blue, gold


def shown_blue(table: Any) -> set[tuple[int, int]]:
    return {
        (card, cell)
        for card, (squares, _costs) in table.kit.board.shown_marks().items()
        for cell, mark in squares.items()
        if mark == LIGHTNING
    }


def square_pixels(app: Any, table: Any, card: int, cell: int) -> bytes:
    rect = table.kit.board.rects(table.focus)[table.seen.players[table.focus].cards.index(card)]
    square = pygame.Rect(table.kit.cards.cell_rect(rect, cell))
    return pygame.image.tobytes(app.screen.subsurface(square).copy(), "RGB")


def move_to(app: Any, pos: Any) -> None:
    p = (round(pos[0]), round(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 2)


def test_lightning_shows_when_the_player_asks_and_gold_stays_clear(app: Any) -> None:
    table = start_game(app.ctx, [Seat("Ann")], 5)
    to_first_number(app, table)
    blue, gold = blue_and_gold(table)
    assert blue and gold, "this deal's first number has gold squares and Lightning ones"
    move_to(app, (5, 5))  # the mouse over nothing
    assert shown_blue(table) == set(), "no blue square before the player asks"
    for card, (squares, costs) in table.kit.board.shown_marks().items():
        assert not costs and set(squares.values()) <= {EXACT}, (card, squares, costs)
    first = blue[0]
    plain = square_pixels(app, table, first.card, first.cell)
    move_to(app, table.kit.square_center(first.card, first.cell))  # hovering it: its cost shows
    assert shown_blue(table) == {(first.card, first.cell)}
    assert table.kit.board.shown_marks()[first.card][1][first.cell] == abs(first.lightning)
    assert square_pixels(app, table, first.card, first.cell) != plain, "drawn blue"
    move_to(app, (5, 5))
    assert shown_blue(table) == set()
    assert square_pixels(app, table, first.card, first.cell) == plain, "and plain again"
    key(app, pygame.K_l)  # every square Lightning reaches
    everywhere = {(a.card, a.cell) for a in blue}
    assert shown_blue(table) == everywhere
    for a in gold:  # the gold squares: gold, no cost
        squares, costs = table.kit.board.shown_marks()[a.card]
        assert squares[a.cell] == EXACT and a.cell not in costs
    key(app, pygame.K_l)
    assert shown_blue(table) == set(), "L again hides them"
    pile = app.ctx.layout.region("lightning_pile")
    click(app, pile.center)  # the pile does as L does
    assert shown_blue(table) == everywhere
    click(app, pile.center)
    assert shown_blue(table) == set()
    assert len(table.state.actions) == 1, "none of it played a move (only the first Keep)"


def test_with_no_gold_square_the_blue_ones_show_by_themselves(app: Any) -> None:
    for seed in range(1, 60):  # a first number with no gold square but Lightning ones
        table = start_game(app.ctx, [Seat("Ann")], seed)
        to_first_number(app, table)
        blue, gold = blue_and_gold(table)
        if blue and not gold:
            break
    else:
        raise AssertionError("no deal without a gold square on its first number")
    move_to(app, (5, 5))
    assert shown_blue(table) == {(a.card, a.cell) for a in blue}
