"""What Lucky Box's parts are handed: the core table's port, typed with Lucky Box's own state,
action and shown board (`LuckyBoxView`, what a part reads; `LuckyBoxPort`, with what it may
call), and `LuckyLook`, what only Lucky Box's kit knows that the event styles and controls ask:
how a card looks, and where a seat's cards, tokens and stars sit now.

A part is made with the port, the look or the `CardView` it draws with, and the sibling parts
it asks, by name (`Moves`, whose clicks return the core table's `Effects`, shown by the table
through `port.show`). Nothing here names a part, so no part imports this file back through
another; mypy checks the kit against `LuckyLook` where it hands itself over.
"""

from __future__ import annotations

from typing import Literal, Protocol

import pygame

from game.core.ui.table import Effects, TablePort, TableView
from game.luckybox.rules.actions import Action
from game.luckybox.rules.state import GameState

from ..cardview import CardView
from ..shown import Shown

#: The core table as Lucky Box's parts read it.
LuckyBoxView = TableView[GameState, Shown]
#: The core table as Lucky Box's kit and its acting parts read and call it.
LuckyBoxPort = TablePort[GameState, Action, Shown]
#: What, drawn over the focused board, can hide a place of it: the open move log, or another
#: player's cards kept large by a click.
Cover = Literal["log", "zoom"]


class LuckyLook(Protocol):
    """What Lucky Box's kit knows that its parts ask (see the module's docstring)."""

    @property
    def cards(self) -> CardView: ...
    def card_rect(self, seat: int, card: int) -> pygame.FRect | None: ...
    def seat_anchor(self, seat: int) -> tuple[float, float]: ...
    def pile_center(self, seat: int, token: str) -> tuple[float, float]: ...
    def star_slot(self, seat: int, round_index: int, slot: int) -> tuple[float, float]: ...


__all__ = ["Cover", "Effects", "LuckyBoxPort", "LuckyBoxView", "LuckyLook"]
