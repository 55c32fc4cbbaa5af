"""Where everything sits on Blanco's 1280x720 table (pure rectangles, no drawing)."""

from __future__ import annotations

import pygame

Pos = tuple[int, int]

BANNER = pygame.FRect(330, 6, 560, 46)
GRID_AREA = pygame.FRect(330, 56, 560, 458)
HAND_AREA = pygame.FRect(330, 536, 560, 174)
DRAW_PILE = pygame.FRect(36, 84, 110, 154)
DISCARD_PILE = pygame.FRect(184, 84, 110, 154)
BOX_LABEL = (165, 292)
BUTTONS = {
    "swap": pygame.FRect(26, 316, 134, 48),
    "undo": pygame.FRect(170, 316, 134, 48),
    "hint": pygame.FRect(26, 372, 134, 48),
    "menu": pygame.FRect(170, 372, 134, 48),
    "aid": pygame.FRect(26, 428, 278, 36),
    "next": pygame.FRect(26, 480, 278, 60),  # shown while a finished turn waits for Next
}
CHOICES = pygame.FRect(26, 474, 278, 130)
PROMPT = pygame.FRect(16, 610, 302, 104)
OTHERS = pygame.FRect(906, 10, 362, 700)

BIG = (100, 140)
BIG_GAP = 12
HAND_CARD = (100, 140)


def grid_rects(
    area: pygame.FRect, rows: int, cols: int, card: tuple[float, float], gap: float
) -> dict[Pos, pygame.FRect]:
    """Each cell's rect, the grid centred in `area`."""
    if rows <= 0 or cols <= 0:
        return {}
    w, h = card
    total_w, total_h = cols * w + (cols - 1) * gap, rows * h + (rows - 1) * gap
    x0, y0 = area.centerx - total_w / 2, area.centery - total_h / 2
    return {
        (r, c): pygame.FRect(x0 + c * (w + gap), y0 + r * (h + gap), w, h)
        for r in range(rows)
        for c in range(cols)
    }


def big_grid(rows: int, cols: int) -> dict[Pos, pygame.FRect]:
    return grid_rects(GRID_AREA, rows, cols, BIG, BIG_GAP)


#: How far a chosen hand card rises: it stays clear of the "Your hand" label above it.
HAND_LIFT = 6


def hand_rects(count: int) -> list[pygame.FRect]:
    w, h = HAND_CARD
    gap = 22
    total = count * w + max(0, count - 1) * gap
    x0 = HAND_AREA.centerx - total / 2
    y = HAND_AREA.y + 32  # room above for "Your hand" and a chosen card's lift (HAND_LIFT)
    return [pygame.FRect(x0 + i * (w + gap), y, w, h) for i in range(count)]


def other_panels(seats: list[int]) -> dict[int, pygame.FRect]:
    """A panel per other seat, stacked in the right column."""
    if not seats:
        return {}
    gap = 8
    h = min(230.0, (OTHERS.h - gap * (len(seats) - 1)) / len(seats))
    return {
        seat: pygame.FRect(OTHERS.x, OTHERS.y + i * (h + gap), OTHERS.w, h)
        for i, seat in enumerate(seats)
    }


def mini_card(panel: pygame.FRect) -> tuple[float, float]:
    """The size of a card in a panel: 3 rows in the panel under its title line."""
    h = min(64.0, (panel.h - 40) / 3 - 4)
    return (round(h * 0.72), round(h))


def mini_grid(panel: pygame.FRect, rows: int, cols: int) -> dict[Pos, pygame.FRect]:
    area = pygame.FRect(panel.x + 8, panel.y + 32, panel.w * 0.62, panel.h - 38)
    return grid_rects(area, rows, cols, mini_card(panel), 4)


def panel_hand(panel: pygame.FRect) -> pygame.FRect:
    """Where a panel shows its player's hand (as backs) and counts."""
    return pygame.FRect(panel.x + panel.w * 0.64, panel.y + 32, panel.w * 0.34, panel.h - 38)
