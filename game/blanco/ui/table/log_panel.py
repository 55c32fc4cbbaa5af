"""The move log on Blanco's table, and the last-move highlights.

`log_panel`: the core's panel (game/core/ui/table/log_panel.py) in the right column's bottom
(`TableGeometry.log_area`) shows the last turns in words, newest at the bottom; the mouse wheel
over it goes back through the earlier ones (and forward again), a click (or L) opens it over
the whole right column and closes it again. What it says
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
from game.core.ui.table.log_panel import LogPanel, Source, lines_once
from game.core.ui.table.part import Part
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.paint import INK

from .log import MoveLog
from .others import Others
from .port import BlancoLook, BlancoView
from .spotlight import spotlit

LAST_MOVE = (255, 150, 60)  # the ring on a place changed since the viewer last acted


def log_panel(port: BlancoView, look: BlancoLook, others: Others, log: MoveLog) -> LogPanel:
    """The table's log panel (game/core/ui/table/log_panel.py), saying `log` for the table's viewer
    in the right column's bottom, opened over the whole column (a click, or L)."""

    def key() -> tuple[Any, str, int]:
        return look.viewer, language(), log.noted  # (all the lines depend on)

    def rows(key: tuple[Any, str, int]) -> list[tuple[str, bool]]:
        reader = key[0]
        return [
            (line.text, reader is not None and line.seat == reader) for line in log.lines(reader)
        ]

    lines = lines_once(key, rows)

    def place(open_: bool) -> pygame.FRect:
        area = look.geometry.log_area(len(others.seats()))
        if open_:  # over the whole right column
            top = look.geometry.others.y
            return pygame.FRect(area.x, top, area.w, area.bottom - top)
        return area

    def words() -> tuple[str, str, str]:
        return (
            t("blanco.log.title", "Last moves"),
            t("blanco.log.title_back", "Earlier moves (wheel down: newest)"),
            t("blanco.log.empty", "The moves will show here."),
        )

    return LogPanel(port, Source(lines, place, words), key=pygame.K_l)


class LastMoves(Part):
    """Rings on the places other players changed since the viewer last acted."""

    def __init__(self, port: BlancoView, look: BlancoLook, others: Others, log: MoveLog) -> None:
        super().__init__(port)
        self.look, self.others, self.log = look, others, log
        self._places: tuple[tuple[int | None, int], set[tuple[int, int, int]]] | None = None

    def places(self) -> set[tuple[int, int, int]]:
        reader = self.look.viewer
        key = (reader, self.log.noted)
        if self._places is None or self._places[0] != key:
            self._places = (key, self.log.changed_since_acted(reader))
        return self._places[1]

    def draw(self, surface: pygame.Surface) -> None:
        port = self.port
        places = self.places()
        if not places:
            return
        forward = spotlit(port)  # a panel brought forward covers the panels under it
        cover = self.others.panels().get(forward) if forward is not None else None
        by_seat: dict[int, list[tuple[int, int]]] = {}
        for seat, r, c in places:
            by_seat.setdefault(seat, []).append((r, c))
        for seat, cells in by_seat.items():
            if seat >= len(port.seen.players):
                continue
            rects = self.look.cell_rects(seat)
            for at in cells:
                rect = rects.get(at)
                if rect is None or ("cell", seat, *at) in self.look.hidden:
                    continue
                if cover is not None and seat != forward and cover.colliderect(rect):
                    continue
                width = 3 if rect.w >= 56 else 2
                gfx.rect(surface, INK, rect.inflate(6, 6), width + 2, border_radius=8)
                gfx.rect(surface, LAST_MOVE, rect.inflate(4, 4), width, border_radius=8)
