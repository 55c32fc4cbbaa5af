"""A table part: one region of a game's table, with its events and its drawing. The core table
(`game.core.ui.table.Table`) draws its kit's `parts` in order and offers clicks to its
`clickable` ones.

For a new game's author: subclass `Part` (made with what it reads the table through: the kit,
or the port; annotate `table` with that Protocol), name its `region` (a rect of the game's
layout, read through `ctx.layout`; or override `rect`), draw it from the shown board (`seen`) in
`draw`, and return True from `handle_event` when it used the event (a click on it, usually
handed to the game's moves)."""

from __future__ import annotations

from typing import Any

import pygame


class Part:
    """One region of the table: its rect, its events and its drawing."""

    region = ""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.ctx = table.ctx

    @property
    def rect(self) -> pygame.FRect:
        return self.ctx.layout.region(self.region)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pass
