"""What Blanco's parts are handed: the core table's port, typed with Blanco's own state, action
and shown board (`BlancoView`, `BlancoPort`), and `BlancoLook`, what only Blanco's kit knows
(kit.py): who may see which card, where everything sits for the window's shape, the match and
the table's words.

A part is made with the port (what it reads and calls on the table), the `BlancoLook` if it
draws cards or asks where things are, and the sibling parts it asks, by name (`Moves`, whose
clicks return their `Effects`; `Others`, whose panels it reads). Nothing here names a part, so
no part imports this file back through another.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from game.blanco.rules.actions import Action
from game.blanco.rules.state import BlancoState
from game.core.ui.table import TablePort, TableView

from ..cardview import CardArt
from ..match import Match
from ..shown import Shown
from .geometry import TableGeometry

#: The core table as Blanco's parts read it.
BlancoView = TableView[BlancoState, Shown]
#: The core table as Blanco's kit and its acting parts read and call it.
BlancoPort = TablePort[BlancoState, Action, Shown]


class BlancoLook(Protocol):
    """What Blanco's kit knows that its parts read (see the module's docstring)."""

    art: CardArt
    #: This frame's: the targets highlighted, the cells an effect hides, the seats whose
    #: private faces were drawn (tests read it).
    targets: set[Any]
    hidden: set[Any]
    private_drawn: set[int]
    #: The match this game belongs to, if any.
    match: Match | None

    @property
    def geometry(self) -> TableGeometry: ...
    @property
    def viewer(self) -> int | None:
        """The one seat whose private cards this screen may show, or None."""
        ...

    @property
    def memory_aid(self) -> bool: ...
    def toggle_memory_aid(self) -> None: ...
    def undo_refusal(self) -> str | None: ...
    def turn_line(self) -> str: ...
    def cell_face(self, seat: int, at: tuple[int, int]) -> tuple[int, bool]: ...
    def draw_cell(
        self, surface: pygame.Surface, seat: int, at: tuple[int, int], rect: pygame.FRect
    ) -> None: ...
    def cell_rects(self, seat: int, shape: tuple[int, int] | None = None) -> dict[Any, Any]: ...
    def hand_slots(self, seat: int, count: int | None = None) -> list[pygame.FRect]: ...
    def seat_anchor(self, seat: int) -> tuple[float, float]: ...


__all__ = ["BlancoLook", "BlancoPort", "BlancoView"]
