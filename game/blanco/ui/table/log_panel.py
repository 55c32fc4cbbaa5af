"""The move log on Blanco's table, and the last-move highlights.

`LogPanel`: the right column's bottom (`TableGeometry.log_area`) shows the last turns in words,
newest at the bottom; the mouse wheel over it goes back through the earlier ones (and forward
again), a click (or L) opens it over the whole right column and closes it again. What it says
is `MoveLog`'s (log.py), read for the table's viewer: never a card that seat may not know.

`LastMoves`: a ring on every grid place another player changed since the viewer last acted
(a card played, swapped, turned up, looked at), on their panels and on the viewer's own grid.

Both cost nothing on a still screen: the panel's pixels are kept with everything they were
drawn from and blitted back; the places are worked out once per event shown.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.i18n import language, t
from game.core.ui import gfx
from game.core.ui.paint import INK, WHITE, YELLOW, draw_panel
from game.core.ui.shells.part import Part

from .log import LogLine, MoveLog
from .spotlight import spotlit

PANEL = (30, 58, 64)
LINE = 18  # px: a log line's text size
GAP = 2  # px between lines
HEAD = 26  # px: the title row
PAD = 8
LAST_MOVE = (255, 150, 60)  # the ring on a place changed since the viewer last acted
WRAPS_KEPT = 2000  # lines' wrappings kept (the log holds a few hundred lines)
INDENT = "   "  # a wrapped line's continuation
MINE = (150, 230, 255)  # the reader's own lines, told apart from the others'


class LogPanel(Part):
    """The last turns in words (see the module's docstring)."""

    def __init__(self, table: Any, log: MoveLog) -> None:
        super().__init__(table)
        self.log = log
        self.back = 0  # rows scrolled back from the newest
        self.open = False
        self._kept: tuple[tuple[Any, ...], pygame.Surface, pygame.Rect] | None = None
        self.rows_drawn: list[str] = []  # the rows as last drawn (tests read them)
        self.mouse: tuple[float, float] | None = None  # where the mouse was last seen
        self._wrapped: dict[tuple[Any, ...], list[str]] = {}  # each line's rows, as wrapped
        self._rows: tuple[tuple[Any, ...], list[tuple[str, bool]]] | None = None  # all, last

    @property
    def reader(self) -> int | None:
        return self.table.viewer

    def rect(self) -> pygame.FRect:  # type: ignore[override]  # follows the table's geometry
        table = self.table
        others = len(table.others.seats())
        area = table.geometry.log_area(others)
        if self.open:  # over the whole right column
            top = table.geometry.others.y
            return pygame.FRect(area.x, top, area.w, area.bottom - top)
        return area

    def rows(self, width: float) -> list[tuple[str, bool]]:
        """Every line of the log wrapped to `width`: (text, the reader's own). Each line is
        wrapped once (kept by its words, the width and the text size)."""
        text = self.ctx.text
        reader = self.reader
        whole = (reader, language(), self.log.noted, width, text.scale, gfx.render_scale())
        if self._rows is not None and self._rows[0] == whole:
            return self._rows[1]
        out: list[tuple[str, bool]] = []
        if len(self._wrapped) > WRAPS_KEPT:
            self._wrapped.clear()
        for line in self.log.lines(reader):
            mine = reader is not None and line.seat == reader
            key = (line.text, width, text.scale, gfx.render_scale())
            pieces = self._wrapped.get(key)
            if pieces is None:
                first, *rest = text.wrap(line.text, LINE, width) or [""]
                pieces = [first]
                if rest:  # the rest of a long line, indented: each turn starts at the edge
                    pieces += [INDENT + p for p in text.wrap(" ".join(rest), LINE, width - 12)]
                self._wrapped[key] = pieces
            out.extend((piece, mine) for piece in pieces)
        self._rows = (whole, out)
        return out

    def lines(self) -> list[LogLine]:
        return self.log.lines(self.reader)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_l:
            self.toggle()
            return True
        pos = getattr(event, "pos", None)
        if event.type == pygame.MOUSEMOTION and pos is not None:
            self.mouse = pos  # (a wheel event says no place: it scrolls what is under this)
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self.mouse is not None and self.rect().collidepoint(self.mouse):
                self.scroll(getattr(event, "y", 0))
                return True
            return False
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and pos is not None
            and getattr(event, "button", 1) == 1
            and self.rect().collidepoint(pos)
        ):
            self.toggle()
            return True
        return False

    def toggle(self) -> None:
        self.open = not self.open
        self.back = 0

    def scroll(self, clicks: int) -> None:
        """The wheel: up goes back to earlier turns, down to the newest."""
        self.back = max(0, self.back + clicks)

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect()
        if rect.h < HEAD + LINE:
            return
        text = self.ctx.text
        width = rect.w - 2 * PAD
        rows = self.rows(width)
        per_row = LINE + GAP
        fits = max(1, int((rect.h - HEAD - PAD) // per_row))
        self.back = min(self.back, max(0, len(rows) - fits))
        end = len(rows) - self.back
        start = max(0, end - fits)
        while 0 < start < end and rows[start][0].startswith(INDENT):
            start += 1  # no line's tail alone at the top: the whole line, or none of it
        shown = rows[start:end]
        key = (
            tuple(rect),
            tuple(shown),
            self.back,
            self.open,
            language(),
            text.scale,
            surface.get_size(),
            gfx.render_scale(),
        )
        area = pygame.Rect(rect).union(pygame.Rect(rect).move(1, 3)).clip(gfx.view(surface))
        if self._kept is not None and self._kept[0] == key:
            surface.blit(self._kept[1], self._kept[2].topleft)
            return
        self.rows_drawn = [row for row, _mine in shown]
        draw_panel(surface, rect, colour=PANEL, radius=12, border=2, shadow=3)
        title = t("blanco.log.title", "Last moves")
        if self.back:
            title = t("blanco.log.title_back", "Earlier moves (wheel down: newest)")
        size = text.fit_size(title, 20, width, min_size=12)
        text.blit_centered(
            surface, title, size, YELLOW, (rect.centerx, rect.y + HEAD / 2 + 2), outline=INK, px=2
        )
        if not rows:
            quiet = t("blanco.log.empty", "The moves will show here.")
            size = text.fit_size(quiet, LINE, width, min_size=12)
            text.blit_centered(surface, quiet, size, WHITE, (rect.centerx, rect.y + HEAD + 14))
        y = rect.y + HEAD
        for row, mine in shown:
            size = text.fit_size(row, LINE, width, min_size=12)
            img = text.render(row, size, MINE if mine else WHITE)
            surface.blit(img, (round(rect.x + PAD), round(y)))
            y += per_row
        self._kept = (key, surface.subsurface(area).copy(), area)


class LastMoves(Part):
    """Rings on the places other players changed since the viewer last acted."""

    def __init__(self, table: Any, log: MoveLog) -> None:
        super().__init__(table)
        self.log = log
        self._places: tuple[tuple[int | None, int], set[tuple[int, int, int]]] | None = None

    def places(self) -> set[tuple[int, int, int]]:
        reader = self.table.viewer
        key = (reader, self.log.noted)
        if self._places is None or self._places[0] != key:
            self._places = (key, self.log.changed_since_acted(reader))
        return self._places[1]

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        places = self.places()
        if not places:
            return
        forward = spotlit(table)  # a panel brought forward covers the panels under it
        cover = table.others.panels().get(forward) if forward is not None else None
        by_seat: dict[int, list[tuple[int, int]]] = {}
        for seat, r, c in places:
            by_seat.setdefault(seat, []).append((r, c))
        for seat, cells in by_seat.items():
            if seat >= len(table.seen.players):
                continue
            rects = table.cell_rects(seat)
            for at in cells:
                rect = rects.get(at)
                if rect is None or ("cell", seat, *at) in table.hidden:
                    continue
                if cover is not None and seat != forward and cover.colliderect(rect):
                    continue
                width = 3 if rect.w >= 56 else 2
                gfx.rect(surface, INK, rect.inflate(6, 6), width + 2, border_radius=8)
                gfx.rect(surface, LAST_MOVE, rect.inflate(4, 4), width, border_radius=8)
