"""Where everything sits on Blanco's table (pure rectangles, no drawing).

The design is 1280x720 (the module's constants below); a window of another shape shows more
(`gfx.view`), and `TableGeometry.fit(view)` re-flows the design into it: the left column
(piles, buttons, prompt) keeps to the view's left edge, the other players' column to its right
edge, the banner, grid and hand take what is between; a taller view puts the hand at the bottom
and lets the grid's cards grow into the height. At 1280x720 it gives the design exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import pygame

from game.core.ui.toolkit.layout import LOGICAL_SIZE

from .spotlight import SPOT_MARGIN, SPOT_MIN_H

Pos = tuple[int, int]

BANNER = pygame.FRect(330, 6, 560, 46)
GRID_AREA = pygame.FRect(330, 56, 560, 458)
HAND_AREA = pygame.FRect(330, 536, 560, 174)
DRAW_PILE = pygame.FRect(36, 84, 110, 154)
DISCARD_PILE = pygame.FRect(184, 84, 110, 154)
PILES_BACK = pygame.FRect(14, 56, 302, 250)  # the darker felt under the piles
BOX_LABEL = (165, 292)
MATCH_LABEL = (165, 260)  # a match's line, between the piles and the box's count
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
PANEL_H = 230.0  # another player's panel at most
SOLO_PANEL_H = 200.0  # the solo challenge's panel
#: The move log's least height under this many other players' panels (index: their count):
#: room for four lines beside up to three panels, two beside more.
LOG_ROOM = (120.0, 120.0, 120.0, 110.0, 80.0)

BIG = (100, 140)
BIG_GAP = 12
HAND_CARD = (100, 140)
#: The largest grid (the second one): the grid's cards are sized so that it fits.
LARGEST_GRID = (3, 4)
#: Room kept around the grid inside its frame (a target's outline is 5 px wider each side).
GRID_PAD = (16, 14)

#: The places the hand is laid out in: its cards after a draw (BLANCO-RULES: 2, then 3).
HAND_SLOTS = 3
#: How far a chosen hand card rises: it stays clear of the "Your hand" label above it.
HAND_LIFT = 6


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


def _moved(rect: pygame.FRect, dx: float, dy: float = 0.0) -> pygame.FRect:
    return pygame.FRect(rect).move(dx, dy)


@dataclass(frozen=True)
class TableGeometry:
    """Every region of the table for one view (all the window shows, in the table's
    coordinates). Build it with `fit`; the table keeps one per view. Its rects are shared:
    copy one before moving it."""

    view: pygame.Rect
    banner: pygame.FRect
    grid_area: pygame.FRect
    hand_area: pygame.FRect
    draw_pile: pygame.FRect
    discard_pile: pygame.FRect
    piles_back: pygame.FRect
    box_label: tuple[float, float]
    match_label: tuple[float, float]
    buttons: Mapping[str, pygame.FRect]
    choices: pygame.FRect
    prompt: pygame.FRect
    others: pygame.FRect
    big: tuple[int, int]  # a card of the focused grid

    @staticmethod
    def fit(view: pygame.Rect | pygame.FRect | None = None) -> TableGeometry:
        """The table laid out in `view` (the 1280x720 design when None or 16:9)."""
        box = pygame.Rect(view) if view is not None else pygame.Rect((0, 0), LOGICAL_SIZE)
        return _fit(box)

    def big_grid(self, rows: int, cols: int) -> dict[Pos, pygame.FRect]:
        return grid_rects(self.grid_area, rows, cols, self.big, BIG_GAP)

    def hand_rects(self, count: int) -> list[pygame.FRect]:
        """The hand's cards from the left of `HAND_SLOTS` places centred in the hand's area
        (more places for a larger hand): a drawn card lands in the free place at the right
        and the others stay where they are (centring the cards moved each one under the
        pointer, so a click aimed at a card landed in the gap beside it)."""
        w, h = HAND_CARD
        gap = 22
        places = max(count, HAND_SLOTS)
        total = places * w + (places - 1) * gap
        x0 = self.hand_area.centerx - total / 2
        y = self.hand_area.y + 32  # room above for "Your hand" and a chosen card's lift
        return [pygame.FRect(x0 + i * (w + gap), y, w, h) for i in range(count)]

    def spot_top(self) -> float:
        """Where a panel brought forward (spotlight.py) starts: under the banner."""
        return max(self.others.y, self.banner.bottom + 6)

    def log_area(self, others: int) -> pygame.FRect:
        """The move log's place: the right column under the other players' panels (or the
        solo panel), as much as they leave, at least `LOG_ROOM` for this many panels; and
        never under the least panel brought forward (spotlight.py), which would hide the
        log's newest lines just while another seat plays (with one other player its column
        panel alone would leave the log's top there)."""
        column = self.others
        gap = 8
        if others == 0:
            top = column.y + SOLO_PANEL_H + gap
        else:
            room = LOG_ROOM[min(others, len(LOG_ROOM) - 1)]
            h = min(PANEL_H, (column.h - room - gap * others) / others)
            top = column.y + others * (h + gap)
            top = max(top, self.spot_top() + SPOT_MIN_H + SPOT_MARGIN)
        return pygame.FRect(column.x, top, column.w, column.bottom - top)

    def other_panels(self, seats: list[int]) -> dict[int, pygame.FRect]:
        """A panel per other seat, stacked in the right column (the move log under them)."""
        if not seats:
            return {}
        gap = 8
        log = self.log_area(len(seats))
        column = pygame.FRect(self.others.x, self.others.y, self.others.w, log.y - self.others.y)
        h = min(PANEL_H, (column.h - gap * len(seats)) / len(seats))
        return {
            seat: pygame.FRect(column.x, column.y + i * (h + gap), column.w, h)
            for i, seat in enumerate(seats)
        }


def _fit(view: pygame.Rect) -> TableGeometry:
    left, top, width, height = view.x, view.y, view.w, view.h
    design_w, design_h = LOGICAL_SIZE
    # Each side column moves by the room beside the design on its side (none in a narrower
    # or equal view: the canvas never shows less than the design).
    to_left = min(0.0, float(left))
    to_right = max(0.0, float(left + width - design_w))
    to_top = min(0.0, float(top))
    to_bottom = max(0.0, float(top + height - design_h))
    middle_x = GRID_AREA.x + to_left
    middle_w = GRID_AREA.w - to_left + to_right
    banner = pygame.FRect(middle_x, BANNER.y + to_top, middle_w, BANNER.h)
    hand_area = pygame.FRect(middle_x, HAND_AREA.y + to_bottom, middle_w, HAND_AREA.h)
    grid_top = GRID_AREA.y + to_top
    grid_area = pygame.FRect(middle_x, grid_top, middle_w, GRID_AREA.h + to_bottom - to_top)
    rows, cols = LARGEST_GRID
    design_grid_w = cols * BIG[0] + (cols - 1) * BIG_GAP
    design_grid_h = rows * BIG[1] + (rows - 1) * BIG_GAP
    grow = min(
        (grid_area.w - GRID_PAD[0]) / design_grid_w,
        (grid_area.h - GRID_PAD[1]) / design_grid_h,
    )
    grow = max(1.0, grow)  # never smaller than the design's cards
    big = (round(BIG[0] * grow), round(BIG[1] * grow))
    buttons = {name: _moved(rect, to_left, to_top) for name, rect in BUTTONS.items()}
    return TableGeometry(
        view=pygame.Rect(view),
        banner=banner,
        grid_area=grid_area,
        hand_area=hand_area,
        draw_pile=_moved(DRAW_PILE, to_left, to_top),
        discard_pile=_moved(DISCARD_PILE, to_left, to_top),
        piles_back=_moved(PILES_BACK, to_left, to_top),
        box_label=(BOX_LABEL[0] + to_left, BOX_LABEL[1] + to_top),
        match_label=(MATCH_LABEL[0] + to_left, MATCH_LABEL[1] + to_top),
        buttons=buttons,
        choices=_moved(CHOICES, to_left, to_top),
        prompt=_moved(PROMPT, to_left, to_bottom),
        others=pygame.FRect(
            OTHERS.x + to_right, OTHERS.y + to_top, OTHERS.w, OTHERS.h + to_bottom - to_top
        ),
        big=big,
    )


#: The 1280x720 design's layout (tools and tests that draw the table at that size).
DESIGN = TableGeometry.fit()


def mini_card(panel: pygame.FRect) -> tuple[float, float]:
    """The size of a card in a panel: 3 rows in the panel under its title line (and 4 columns
    across its grid's side, in a panel wider than the column: a turn brought forward)."""
    h = min(64.0, (panel.h - 40) / 3 - 4)
    if panel.w > OTHERS.w:
        h = min((panel.h - 40) / 3 - 4, (panel.w * 0.62 - 12) / 4 / 0.72)
    return (round(h * 0.72), round(h))


def mini_grid(panel: pygame.FRect, rows: int, cols: int) -> dict[Pos, pygame.FRect]:
    area = pygame.FRect(panel.x + 8, panel.y + 32, panel.w * 0.62, panel.h - 38)
    return grid_rects(area, rows, cols, mini_card(panel), 4)


def panel_hand(panel: pygame.FRect) -> pygame.FRect:
    """Where a panel shows its player's hand (as backs) and counts."""
    return pygame.FRect(panel.x + panel.w * 0.64, panel.y + 32, panel.w * 0.34, panel.h - 38)
