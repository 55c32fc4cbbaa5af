"""Which of the table's layouts fits the focused player's cards best.

A player holds 3 cards at first and one more after each of rounds 1-3 (up to 6; cards they
complete leave). In a window of 16:9 or wider the cards' region is short (416 of 720 logical
px): from five cards on they stand in two rows, each card limited by the height to about 186
px, and a third of the table's width stays empty beside them. The layout's variant "big_hand"
(table.tmx, layer "regions:big_hand") then tightens the top band (the banner, the hint panel,
the Number cards and the other boards) so the cards' region grows by 52 px: two rows of cards
about 210 px wide. It is used only where it makes the cards larger (not for three or four
cards, which take one row, nor for five or six in one row of a 21:9 window), and where the
other players' boards, in their shorter band, stay readable: at least 120 px wide, or as wide
as they were (a table of ten to twelve keeps the plain layout in a 16:9 window).
"""

from __future__ import annotations

from typing import Any

from game.core.ui.toolkit.layout import Layout, grid_in

from ..cardview import CardView
from .boards import OtherBoards, panel_boxes
from .port import LuckyBoxView

BIG_HAND = "big_hand"
BIG_HAND_FROM = 5  # cards: fewer stand in one row, the top band keeps its room
CARD_GAP = 14  # px between the focused player's cards (FocusBoard.rects)
GAIN = 1.04  # the variant is worth its change only for cards this much wider
PANEL_LEAST = 120  # px: another player's board no narrower for it (names, counts, cards)


def card_width(layout: Layout, variant: str | None, count: int, aspect: float) -> float:
    """How wide `count` cards lie in the board region of `variant` at the window's shape."""
    boxes = grid_in(layout.region_in("current_board", variant), count, aspect, gap=CARD_GAP)
    return boxes[0].w if boxes else 0.0


def panel_width(layout: Layout, variant: str | None, others: int) -> float:
    """How wide the other players' boards lie in the variant's band at the window's shape."""
    boxes = panel_boxes(layout.region_in("other_boards", variant), others)
    return boxes[0].w if boxes else 0.0


def best_variant(layout: Layout, count: int, aspect: float, others: int = 1) -> str | None:
    """The layout for a hand of `count` cards at a table of `others` other players: the big
    hand's where it makes the cards larger and leaves the other boards readable."""
    if count < BIG_HAND_FROM or BIG_HAND not in layout.variants:
        return None
    plain = card_width(layout, None, count, aspect)
    big = card_width(layout, BIG_HAND, count, aspect)
    if big <= plain * GAIN:
        return None
    least = min(PANEL_LEAST, panel_width(layout, None, others))
    return BIG_HAND if panel_width(layout, BIG_HAND, others) >= least - 0.5 else None


class Arranger:
    """Lays a table out for its focused player's hand as shown now: called before the table
    handles an event, moves on or draws, so clicks and pictures agree. Weighed again only when
    the hand's size or the window's shape changes (a still screen costs nothing)."""

    def __init__(self, port: LuckyBoxView, cards: CardView, others: OtherBoards) -> None:
        self.port, self.cards, self.others = port, cards, others
        self._key: tuple[Any, ...] | None = None
        self._variant: str | None = None

    def __call__(self) -> None:
        port = self.port
        layout = port.ctx.layout
        count = len(port.seen.players[port.focus].cards)
        others = len(self.others.seats())
        key = (count, others, tuple(layout.view), self.cards.aspect)
        if key != self._key:
            self._key = key
            self._variant = best_variant(layout, count, self.cards.aspect, others)
        layout.use(self._variant)
