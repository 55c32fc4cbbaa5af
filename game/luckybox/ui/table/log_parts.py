"""Lucky Box's move log on the table, and the last-move highlights (issue 67).

Where the log goes: in the current player's board region, in the room its cards leave (they
keep their size). Below the cards when the window is taller than they need (1024x768), beside
them when it is wider (2560x1080); where neither leaves room (a 16:9 window, five cards) it is
one row in the message strip showing the newest line, and a click or M opens it over the
board. Open, it covers the board's lower part (a click or M closes it). What it says is
`MoveLog`'s (log.py) read for the screen's owner: another seat's moves of a choice still open
are not said until it closes, as that seat's board does not show them.

`LastMoves`: a ring on every square another player crossed since the viewer last acted (their
crosses of the number before, shown as it closed), on their boards; dark-edged orange, drawn
round the square, so it reads with any palette and beside the red crosses.

Both cost nothing on a still screen: the log panel keeps its pixels
(game/core/ui/table/log_panel.py);
the squares are worked out once per event shown.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.core.i18n import language, t
from game.core.ui.table.log_panel import LogPanel, Source, lines_once
from game.core.ui.table.part import Part
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.layout import grid_in
from game.core.ui.toolkit.paint import INK

from ..cardview import CardView
from .log import MoveLog
from .port import LuckyBoxView

CARD_GAP = 14  # the focused board's gap between cards (boards.FocusBoard.rects)
BELOW_MIN = 96  # the least spare height that holds the log below the cards (4 rows)
BELOW_MAX = 190
SIDE_MIN = 200  # the least spare width that holds it beside them
SIDE_MAX = 380
MARGIN = 8
LAST_MOVE = (255, 150, 60)  # the ring round a square crossed since the viewer last acted


class OtherSeats(Protocol):
    """The other players' boards as the log reads them (boards.OtherBoards, which places
    the focused board by `cards_area`: so named here, not imported)."""

    def hides_choices(self) -> bool: ...
    def panels(self) -> dict[int, pygame.FRect]: ...
    def player(self, seat: int) -> Any: ...
    def card_rects(self, seat: int, panel: pygame.FRect) -> list[pygame.FRect]: ...
    def square_rect(self, card_rect: pygame.FRect, cell: int) -> pygame.FRect: ...


SPARES_KEPT = 64  # board regions' spare room remembered (a table uses one or two at a time)
_spares: dict[tuple[tuple[float, ...], int, float], tuple[float, float]] = {}


def _spare(port: LuckyBoxView, cards: CardView) -> tuple[pygame.FRect, float, float]:
    """The board region, and the height and width its cards leave free at their size (worked
    out once per region, card count and card shape: asked several times a frame)."""
    region = port.ctx.layout.region("current_board")
    count = max(3, len(port.seen.players[port.focus].cards))
    key = (tuple(region), count, cards.aspect)
    spare = _spares.get(key)
    if spare is None:
        boxes = grid_in(region, count, cards.aspect, gap=CARD_GAP)
        if boxes:
            used = boxes[0].unionall(boxes[1:])
            spare = (region.h - used.h, region.w - used.w)
        else:
            spare = (0.0, 0.0)
        if len(_spares) >= SPARES_KEPT:
            _spares.clear()
        _spares[key] = spare
    return region, *spare


def cards_area(port: LuckyBoxView, cards: CardView) -> pygame.FRect:
    """Where the focused player's cards go: the board region less the log's strip."""
    region, tall, wide = _spare(port, cards)
    if tall >= BELOW_MIN:
        return pygame.FRect(region.x, region.y, region.w, region.h - min(BELOW_MAX, tall - 4))
    if wide >= SIDE_MIN:
        return pygame.FRect(region.x, region.y, region.w - min(SIDE_MAX, wide - 4), region.h)
    return region


def log_place(port: LuckyBoxView, cards: CardView, open_: bool) -> pygame.FRect:
    """The log's rect: closed, in the room the cards leave (else the message strip's row);
    open, over the board's lower part."""
    region, tall, wide = _spare(port, cards)
    if tall >= BELOW_MIN:
        h = min(BELOW_MAX, tall - 4) - MARGIN
        closed = pygame.FRect(region.x + MARGIN, region.bottom - h, region.w - 2 * MARGIN, h)
    elif wide >= SIDE_MIN:
        w = min(SIDE_MAX, wide - 4) - MARGIN
        closed = pygame.FRect(region.right - w, region.y + MARGIN, w, region.h - 2 * MARGIN)
    else:  # no room: a row in the message strip
        closed = pygame.FRect(port.ctx.layout.region("message"))
    if not open_:
        return closed
    bottom = closed.bottom
    top = min(closed.top, region.y + region.h * 0.35)
    left = min(closed.left, region.centerx - region.w * 0.3)
    return pygame.FRect(left, top, max(closed.right, region.right) - left, bottom - top)


def reader_of(port: LuckyBoxView, others: OtherSeats) -> int | None:
    """Whose view the log says: the screen's owner where others' choices are hidden from it
    (a person plays here), else nobody's in particular: everything as it shows (a demo)."""
    return port.focus if others.hides_choices() else None


def move_log_panel(
    port: LuckyBoxView, cards: CardView, others: OtherSeats, log: MoveLog
) -> LogPanel:
    """The table's log panel, saying `log` for `reader_of(port, others)`."""

    def key() -> tuple[Any, str, int]:
        return reader_of(port, others), language(), log.noted  # (all the lines depend on)

    def rows(key: tuple[Any, str, int]) -> list[tuple[str, bool]]:
        reader = key[0]
        said = log.lines(reader, hides=reader is not None)
        return [(line.text, reader is not None and line.seat == reader) for line in said]

    lines = lines_once(key, rows)

    def words() -> tuple[str, str, str]:
        return (
            t("luckybox.log.title", "Last moves (M)"),
            t("luckybox.log.title_back", "Earlier moves (wheel down: newest)"),
            t("luckybox.log.empty", "The moves will show here."),
        )

    def place(open_: bool) -> pygame.FRect:
        return log_place(port, cards, open_)

    return LogPanel(port, Source(lines, place, words), pygame.K_m)


class LastMoves(Part):
    """Rings round the squares other players crossed since the viewer last acted."""

    def __init__(self, port: LuckyBoxView, others: OtherSeats, log: MoveLog) -> None:
        super().__init__(port)
        self.others, self.log = others, log
        self._squares: tuple[tuple[Any, ...], set[tuple[int, int, int]]] | None = None

    def squares(self) -> set[tuple[int, int, int]]:
        """(seat, card, cell) of each square ringed now."""
        reader = reader_of(self.port, self.others)
        key = (reader, self.log.noted, language())
        if self._squares is None or self._squares[0] != key:
            self._squares = (key, self.log.changed_since_acted(reader, hides=True))
        return self._squares[1]

    def square_rects(self) -> list[pygame.FRect]:
        """Where the rings go: each square on its player's compact board."""
        others = self.others
        panels = others.panels()
        out: list[pygame.FRect] = []
        for seat, card, cell in sorted(self.squares()):
            panel = panels.get(seat)
            if panel is None:
                continue
            cards = others.player(seat).cards
            if card not in cards:
                continue
            rects = others.card_rects(seat, panel)
            index = cards.index(card)
            if index < len(rects):
                out.append(others.square_rect(rects[index], cell))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        if not self.squares():
            return
        for rect in self.square_rects():
            gfx.rect(surface, INK, rect.inflate(5, 5), 4, border_radius=3)
            gfx.rect(surface, LAST_MOVE, rect.inflate(3, 3), 2, border_radius=3)
