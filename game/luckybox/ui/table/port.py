"""What Lucky Box's table parts may read and call on their table: the `LuckyBoxPort`.

Every part (boards, controls, help, log, staging, the arranger, the keyboard's targets and
`Moves`) is handed its table as a `LuckyBoxPort`, so mypy proves each part touches only what
is listed here, and proves that what hands itself over (Lucky Box's kit, table/kit.py, which
answers from the core table's `TablePort` and its own parts) provides all of it. The list is
the parts' whole reach: the session, the state and the shown board (read at each use, never
kept: an online table's state object is replaced as views arrive), the turn and the focus,
the sibling parts they read, the geometry the parts share, and a few calls (Next, Undo, the
menu, `act`, `take`).

A click's meaning is worked out by `Moves`: a step goes to the session through `act` (the turn
controller hears of it), and what else the click changed (the message line, a refusal's sound
and red flash, the "not now" mark, the choice in progress) comes back as the core table's
`Effects` (game/core/ui/table/kit.py), which the table applies (`take`): no part writes into
another.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.core.game import Outcome
from game.core.table_session import TableSession
from game.core.ui.table import Effects

if TYPE_CHECKING:
    from game.core.turns import TurnController
    from game.core.ui.animator import Animator
    from game.core.ui.widgets import Button

    from ..cardview import CardView
    from ..shown import Shown
    from .boards import FocusBoard, OtherBoards
    from .controls import Bonuses, Controls
    from .moves import Moves
    from .parts import NumberDeck, ScoreCard


class LuckyBoxPort(Protocol):
    """A Lucky Box table as its parts see it (see the module's docstring)."""

    # ------------------------------------------------------------ what is played and shown

    @property
    def ctx(self) -> Any: ...
    @property
    def session(self) -> TableSession: ...
    @property
    def state(self) -> Any:
        """The engine's state as this screen may know it, read at each use."""
        ...

    @property
    def seen(self) -> Shown:
        """The board as shown so far (the animator moves it on step by step)."""
        ...

    @property
    def cards(self) -> CardView: ...
    @property
    def animator(self) -> Animator: ...
    @property
    def turns(self) -> TurnController: ...
    @property
    def focus(self) -> int:
        """The seat the screen is turned to."""
        ...

    @property
    def demo(self) -> bool: ...
    @property
    def driven(self) -> bool: ...
    @property
    def time(self) -> float: ...
    @property
    def message(self) -> str: ...
    @property
    def status_line(self) -> Callable[[], str] | None: ...

    # ------------------------------------------------------------ the sibling parts read

    @property
    def moves(self) -> Moves: ...
    @property
    def board(self) -> FocusBoard: ...
    @property
    def others(self) -> OtherBoards: ...
    @property
    def controls(self) -> Controls: ...
    @property
    def bonuses(self) -> Bonuses: ...
    @property
    def deck(self) -> NumberDeck: ...
    @property
    def scorecard(self) -> ScoreCard: ...
    @property
    def buttons(self) -> dict[str, Button]: ...

    # ------------------------------------------------------------ turns and names

    @property
    def acting(self) -> int | None: ...
    @property
    def confirming(self) -> int | None: ...
    def human_turn(self) -> bool: ...
    def name(self, seat: int) -> str: ...
    def banner_name(self, seat: int) -> str: ...
    def panel_name(self, seat: int) -> str: ...
    def waiting_words(self, seat: int) -> str | None: ...

    # ------------------------------------------------------------ geometry the parts share

    def card_rect(self, seat: int, card: int) -> pygame.FRect | None: ...
    def seat_anchor(self, seat: int) -> tuple[float, float]: ...
    def pile_center(self, seat: int, token: str) -> tuple[float, float]: ...
    def star_slot(self, seat: int, round_index: int, slot: int) -> tuple[float, float]: ...
    def mark_ambient(self, rect: Any) -> None: ...

    # ------------------------------------------------------------ what the parts ask of it

    def open_menu(self) -> None: ...
    def confirm_turn(self) -> None: ...
    def undo(self) -> str | None:
        """Take back the focused seat's step: None, or the line saying why not."""
        ...

    def act(self, action: Any) -> Outcome:
        """The focused human's step to the session (taken: the turn controller hears of it)."""
        ...

    def take(self, effects: Effects) -> None:
        """Show what a click changed (the line, a refusal, its flash, the choice)."""
        ...
