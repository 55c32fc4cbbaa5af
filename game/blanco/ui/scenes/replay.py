"""Watching a kept Blanco game again: the core replay screen (`game.core.ui.screens.replay`)
driving Blanco's table. Each seat's hand and looked-at cards show while it plays, as if watching
over each player's shoulder in turn: the game is over, nothing is secret any more (the table,
`driven`, shows the focused seat's cards)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.session import Session
from game.core.ui.screens.replay import ReplayScreen
from game.core.ui.table import Table

from ..table import geometry as geo
from .table import BlancoKit, blanco_table

if TYPE_CHECKING:
    import pygame


class ReplayScene(ReplayScreen):
    """A Blanco table driven by a record; its controls sit over the table's own buttons."""

    game_id = "blanco"

    def make_table(self, session: Session) -> Table:
        return blanco_table(self.ctx, session, demo=True, driven=True)

    def button_rects(self) -> dict[str, pygame.FRect]:
        # (asked before the table is made too: the design's places until it is drawn)
        table = getattr(self, "table", None)
        kit = table.kit if table is not None else None
        buttons = kit.geometry.buttons if isinstance(kit, BlancoKit) else geo.DESIGN.buttons
        return {
            "play": buttons["swap"],
            "step": buttons["undo"],
            "speed": buttons["hint"],
            "back": buttons["menu"],
        }
