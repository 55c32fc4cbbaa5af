"""Blanco's How to play pages: each a title, a sentence or two, and an example drawn with the
table's own card art (`CardArt`). The rules are `../shared/spec/BLANCO-RULES.md`;
`docs/rules-blanco.md` says them in full for players."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.blanco.rules.cards import card_id
from game.blanco.ui.cardview import CardArt
from game.blanco.ui.table.parts import eye_icon
from game.core.i18n import t
from game.core.ui.screens.howto import Page
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.paint import GREEN, YELLOW, draw_panel
from game.core.ui.toolkit.sketch import (
    Pictures,
    draw_arrow,
    draw_caption,
    draw_ring,
    draw_tag,
    pulse,
)

if TYPE_CHECKING:
    from game.core.ui.toolkit.text import TextCache


_ART: dict[int, tuple[TextCache, CardArt]] = {}
CARD = (84, 118)  # a card's size on the pages
GAP = 10
CYCLE = 2.4  # seconds an animated example takes before it starts again
RED, ORANGE, YELLOW_C, LGREEN, DGREEN, LBLUE, DBLUE, PURPLE, PINK, BROWN = range(10)


def _art(ctx: Pictures) -> CardArt:
    held = _ART.get(id(ctx.text))
    if held is None or held[0] is not ctx.text:
        held = _ART[id(ctx.text)] = (ctx.text, CardArt(ctx.text))
    return held[1]


def _phase(time: float, steps: int, length: float = CYCLE) -> int:
    return int(time / length * steps) % steps


def _cells(
    x: float, y: float, rows: int, cols: int, card: tuple[int, int] = CARD
) -> dict[tuple[int, int], pygame.FRect]:
    w, h = card
    return {
        (r, c): pygame.FRect(x + c * (w + GAP), y + r * (h + GAP), w, h)
        for r in range(rows)
        for c in range(cols)
    }


def _grid(
    surface: pygame.Surface,
    ctx: Pictures,
    x: float,
    y: float,
    cards: list[list[int]],
    card: tuple[int, int] = CARD,
) -> dict[tuple[int, int], pygame.FRect]:
    """Cards row by row (0: face down); returns each cell's rect."""
    rows, cols = len(cards), len(cards[0]) if cards else 0
    rects = _cells(x, y, rows, cols, card)
    art = _art(ctx)
    for (r, c), rect in rects.items():
        value = cards[r][c]
        surface.blit(art.get(value, card, value > 0), rect.topleft)
    return rects


def _glow(surface: pygame.Surface, rects: list[pygame.FRect], time: float) -> None:
    k = pulse(time, 5)
    colour = (255, round(200 + 55 * k), 60)
    for rect in rects:
        gfx.rect(surface, colour, rect.inflate(10, 10), 5, border_radius=12)


def _width(cols: int, card: tuple[int, int] = CARD) -> float:
    return cols * card[0] + (cols - 1) * GAP


# ------------------------------------------------------------------- the pages


def _the_grid(surface: pygame.Surface, r: pygame.FRect, ctx: Pictures, time: float) -> None:
    cards = [[0, 0, 0], [0, 0, card_id(PINK, 9)], [0, 0, 0]]
    x, y = r.x + 120, r.y + 10
    rects = _grid(surface, ctx, x, y, cards)
    up, looked = rects[(1, 2)], rects[(2, 2)]
    eye = eye_icon(30)
    surface.blit(eye, (looked.right - 32, looked.y + 4))
    hand_x = r.x + 590
    # Each label beside its card, between the grid and the hand: never over a card.
    room = hand_x - 20 - (up.right + 12)
    for label, place in (
        (t("blanco.howto.grid.up", "Turned up"), up),
        (t("blanco.howto.grid.looked", "Looked at"), looked),
    ):
        size = ctx.text.fit_size(label, 22, room - 20)
        width = ctx.text.font(size).size(label)[0] + 20
        draw_tag(surface, ctx.text, label, (place.right + 12 + width / 2, place.centery), size)
    draw_caption(
        surface,
        ctx.text,
        t("blanco.howto.grid.hand", "Your hand"),
        (hand_x + CARD[0] + GAP / 2, r.y + 60),
        30,
        YELLOW,
    )
    for i, card in enumerate((card_id(LBLUE, 4), card_id(ORANGE, 12))):
        surface.blit(_art(ctx).get(card, CARD), (hand_x + i * (CARD[0] + GAP), r.y + 90))
    goal = t("blanco.howto.grid.goal", "Clear the grid: first to win")
    centre = hand_x + CARD[0] + GAP / 2  # under the hand, clear of the labels beside the grid
    size = ctx.text.fit_size(goal, 26, 2 * (r.right - 16 - centre) - 20)
    draw_tag(surface, ctx.text, goal, (centre, r.bottom - 36), size)


def _actions(surface: pygame.Surface, r: pygame.FRect, ctx: Pictures, time: float) -> None:
    step = _phase(time, 3, CYCLE * 1.5)
    art = _art(ctx)
    pile = pygame.FRect(r.x + 40, r.y + 40, *CARD)
    discard = pygame.FRect(r.x + 150, r.y + 40, *CARD)
    surface.blit(art.back(CARD), pile.topleft)
    surface.blit(art.get(card_id(DGREEN, 7), CARD), discard.topleft)
    draw_caption(
        surface,
        ctx.text,
        t("blanco.howto.actions.draw", "1. Draw"),
        (r.x + 140, r.y + 214),  # under the arrow's curve (at 190 the curve crossed it)
        30,
        YELLOW,
    )
    hand = [card_id(LBLUE, 4), card_id(ORANGE, 12), card_id(RED, 5)]
    hx = r.x + 330
    for i, card in enumerate(hand[: 3 if step >= 1 else 2]):
        surface.blit(art.get(card, CARD), (hx + i * (CARD[0] + GAP), r.y + 40))
    if step == 0:
        draw_arrow(surface, pile.midbottom, (hx + 2 * (CARD[0] + GAP) + 40, r.y + 170), bend=60)
    grid = [[card_id(RED, 5), card_id(PURPLE, 5), 0], [0, 0, 0]]
    if step == 2:
        grid[0][2] = card_id(RED, 5)
    gx = r.right - 40 - _width(3)
    rects = _grid(surface, ctx, gx, r.y + 40, grid)
    draw_caption(
        surface,
        ctx.text,
        t("blanco.howto.actions.play", "2. Play it into your grid"),
        (gx + _width(3) / 2, r.bottom - 40),
        28,
        YELLOW,
    )
    if step >= 1:
        src = (hx + 2 * (CARD[0] + GAP) + CARD[0] / 2, r.y + 160)
        draw_arrow(surface, src, rects[(0, 2)].midleft, bend=-50)
    draw_tag(
        surface,
        ctx.text,
        t("blanco.howto.actions.or", "or discard it and turn up a face-down card"),
        (r.x + 330, r.bottom - 40),
        24,
    )


def _swap(surface: pygame.Surface, r: pygame.FRect, ctx: Pictures, time: float) -> None:
    swapped = _phase(time, 2) == 1
    a, b = card_id(YELLOW_C, 3), card_id(BROWN, 8)
    row = [b, a] if swapped else [a, 0]
    x = r.centerx - _width(2) / 2
    rects = _grid(surface, ctx, x, r.y + 70, [row, [0, card_id(YELLOW_C, 11)]])
    left, right = rects[(0, 0)], rects[(0, 1)]
    draw_arrow(surface, (left.centerx, left.y - 6), (right.centerx, right.y - 6), bend=-50)
    draw_arrow(
        surface, (right.centerx, right.bottom + 6), (left.centerx, left.bottom + 6), bend=-50
    )
    draw_tag(
        surface,
        ctx.text,
        t("blanco.howto.swap.side", "Side by side, not diagonally"),
        (r.x + 200, r.y + 60),
        24,
    )
    draw_tag(
        surface,
        ctx.text,
        t("blanco.howto.swap.up", "A face-down card turns face up"),
        (r.right - 200, r.y + 60),
        24,
    )


def _clearing(surface: pygame.Surface, r: pygame.FRect, ctx: Pictures, time: float) -> None:
    row = [[card_id(RED, 7), card_id(LGREEN, 7), card_id(DBLUE, 7)]]
    rects = _grid(surface, ctx, r.x + 60, r.y + 90, row)
    _glow(surface, list(rects.values()), time)
    draw_caption(
        surface,
        ctx.text,
        t("blanco.howto.clear.row", "A row: one number"),
        (r.x + 60 + _width(3) / 2, r.y + 50),
        30,
        YELLOW,
    )
    col = [[card_id(PURPLE, 2)], [card_id(PURPLE, 11)], [card_id(PURPLE, 6)]]
    cx = r.right - 260
    rects = _grid(surface, ctx, cx, r.y + 10, col, (70, 98))
    _glow(surface, list(rects.values()), time)
    draw_caption(
        surface,
        ctx.text,
        t("blanco.howto.clear.col", "A column: one colour"),
        (cx - 130, r.centery),
        30,
        YELLOW,
    )
    draw_tag(
        surface,
        ctx.text,
        t("blanco.howto.clear.up", "All face up, 2 cards or more"),
        (r.x + 60 + _width(3) / 2, r.bottom - 70),
        24,
    )


def _close_up(surface: pygame.Surface, r: pygame.FRect, ctx: Pictures, time: float) -> None:
    small = (64, 90)
    before = [
        [card_id(RED, 1), 0, card_id(PINK, 10)],
        [card_id(BROWN, 4), card_id(DGREEN, 4), card_id(ORANGE, 4)],
        [0, card_id(LBLUE, 2), 0],
    ]
    rects = _grid(surface, ctx, r.x + 80, r.y + 50, before, small)
    _glow(surface, [rects[(1, c)] for c in range(3)], time)
    draw_arrow(surface, (r.centerx - 70, r.centery), (r.centerx + 50, r.centery))
    after = [before[0], before[2]]
    ax = r.right - 80 - _width(3, small)
    shift = (small[1] + GAP) * (1 - min(1.0, (time % CYCLE) / (CYCLE * 0.5)))
    rects_after = _cells(ax, r.y + 50, 2, 3, small)
    art = _art(ctx)
    for (row, c), rect in rects_after.items():
        card = after[row][c]
        dy = shift if row == 1 else 0
        surface.blit(art.get(card, small, card > 0), (rect.x, rect.y + dy))
    draw_tag(
        surface,
        ctx.text,
        t("blanco.howto.closeup.tag", "Rows below move up"),
        (ax + _width(3, small) / 2, r.bottom - 50),
        24,
    )
    draw_tag(
        surface,
        ctx.text,
        t("blanco.howto.closeup.cleared", "A row of 4s is cleared"),
        (r.x + 80 + _width(3, small) / 2, r.bottom - 50),
        24,
    )


def _chain(surface: pygame.Surface, r: pygame.FRect, ctx: Pictures, time: float) -> None:
    step = _phase(time, 3, CYCLE * 1.5)
    grid = [[card_id(BROWN, 9), card_id(DBLUE, 3)], [0, card_id(PINK, 5)]]
    x = r.x + 120
    rects = _grid(surface, ctx, x, r.y + 40, grid)
    hidden = rects[(1, 0)]
    eye = eye_icon(40)
    surface.blit(eye, eye.get_rect(center=hidden.center))
    if step >= 1:
        draw_ring(surface, hidden.center, 56, time)
    draw_caption(
        surface,
        ctx.text,
        t("blanco.howto.chain.one", "1 line cleared: look at a card"),
        (x + _width(2) / 2, r.bottom - 50),
        28,
        YELLOW,
    )
    rx = r.right - 300
    draw_panel(
        surface,
        pygame.FRect(rx - 40, r.y + 40, 320, 230),
        colour=(40, 70, 70),
        radius=16,
        border=3,
        shadow=4,
    )
    draw_caption(
        surface,
        ctx.text,
        t("blanco.howto.chain.two", "2 lines or more:"),
        (rx + 120, r.y + 80),
        30,
        YELLOW,
    )
    draw_caption(
        surface,
        ctx.text,
        t("blanco.howto.chain.also", "a chain reaction"),
        (rx + 120, r.y + 118),
        30,
        YELLOW,
    )
    card = card_id(BROWN, 5) if step == 2 else 0
    surface.blit(_art(ctx).get(card, CARD, card > 0), (rx + 78, r.y + 140))
    draw_caption(
        surface,
        ctx.text,
        t("blanco.howto.chain.reveal", "look, then you may reveal it"),
        (rx + 120, r.bottom - 50),
        26,
        GREEN,
    )


def _second_grid(surface: pygame.Surface, r: pygame.FRect, ctx: Pictures, time: float) -> None:
    small = (60, 84)
    cards = [[0] * 4 for _ in range(3)]
    cards[1][2] = card_id(ORANGE, 6)
    x = r.x + 90
    _grid(surface, ctx, x, r.y + 60, cards, small)
    draw_caption(
        surface,
        ctx.text,
        t("blanco.howto.second.grid", "12 new cards, 3 rows of 4"),
        (x + _width(4, small) / 2, r.y + 30),
        28,
        YELLOW,
    )
    tx = r.right - 250
    draw_caption(
        surface,
        ctx.text,
        t("blanco.howto.second.win", "Clear it first: you win!"),
        (tx, r.y + 120),
        34,
        YELLOW,
    )
    draw_caption(
        surface,
        ctx.text,
        t("blanco.howto.second.solo", "Solo: in as few turns"),
        (tx, r.y + 180),
        28,
    )
    draw_caption(
        surface, ctx.text, t("blanco.howto.second.solo2", "as you can"), (tx, r.y + 214), 28
    )


def pages() -> list[Page]:
    """The pages, in reading order."""
    return [
        Page(
            "grid",
            lambda: t("blanco.howto.grid.title", "Your grid"),
            lambda: t(
                "blanco.howto.grid.body",
                "Everyone has 9 cards face down in a 3x3 grid: turn one up and secretly look "
                "at another. You hold 2 cards. Clear your whole grid to win.",
            ),
            _the_grid,
        ),
        Page(
            "draw",
            lambda: t("blanco.howto.actions.title", "Action 1: draw a card"),
            lambda: t(
                "blanco.howto.actions.body",
                "Take the top card of the draw pile or the discard pile. Play a card into your "
                "grid (the card there is discarded), or discard one and turn up a card.",
            ),
            _actions,
        ),
        Page(
            "swap",
            lambda: t("blanco.howto.swap.title", "Action 2: swap two cards"),
            lambda: t(
                "blanco.howto.swap.body",
                "Instead of drawing, swap two neighbouring cards of your grid. If both were "
                "face down, you choose which one to turn up.",
            ),
            _swap,
        ),
        Page(
            "clearing",
            lambda: t("blanco.howto.clear.title", "Clearing rows and columns"),
            lambda: t(
                "blanco.howto.clear.body",
                "A row whose cards all show one number, or a column whose cards are all one "
                "colour, is cleared at once: its cards go into the box.",
            ),
            _clearing,
        ),
        Page(
            "close_up",
            lambda: t("blanco.howto.closeup.title", "The grid closes up"),
            lambda: t(
                "blanco.howto.closeup.body",
                "After a clear there is never a gap: rows below move up, columns to the right "
                "move left. The smaller grid can complete new lines.",
            ),
            _close_up,
        ),
        Page(
            "chain",
            lambda: t("blanco.howto.chain.title", "Rewards and chain reactions"),
            lambda: t(
                "blanco.howto.chain.body",
                "Clear a line and you look at one of your face-down cards. Clear two or more "
                "in one turn (a chain reaction) and you may also turn it face up.",
            ),
            _chain,
        ),
        Page(
            "second_grid",
            lambda: t("blanco.howto.second.title", "The second grid"),
            lambda: t(
                "blanco.howto.second.body",
                "When your first grid is empty you get a second one of 12 cards. The first "
                "player to clear it wins; alone, count your turns.",
            ),
            _second_grid,
        ),
    ]
