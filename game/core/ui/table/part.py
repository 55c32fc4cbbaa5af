"""A table part: one region of a game's table, with its events and its drawing. The core table
(`game.core.ui.table.Table`) draws its kit's `parts` in order and offers clicks to its
`clickable` ones.

For a new game's author: subclass `Part`, made with what it reads: the table's port (a
`TableView`, or the whole `TablePort` for a part that also acts; `self.port`), and, passed to
its own `__init__`, the sibling parts or the kit's Protocol it asks. Name its `region` (a rect
of the game's layout, read through `ctx.layout`; or override `rect`), draw it from the shown
board (`port.seen`) in `draw`, and return True from `handle_event` when it used the event (a
click on it, usually handed to the game's moves). A part that keeps what it drew forgets it in
`forget_kept`."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.ui.game_ui.port import TableServices, TableView


class Part:
    """One region of the table: its rect, its events and its drawing."""

    region = ""

    def __init__(self, port: TableView[Any, Any]) -> None:
        self.port = port
        self.ctx: TableServices = port.ctx

    @property
    def rect(self) -> pygame.FRect:
        return self.ctx.layout.region(self.region)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def forget_kept(self) -> None:
        """Draw afresh next frame, nothing kept blitted back (`Table.draw_anew`): a part that
        keeps its pixels (`game.core.ui.toolkit.snapshot`) forgets them here. By default a
        part keeps nothing."""
        return None
