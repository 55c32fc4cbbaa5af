"""What Lucky Box's table parts may read and call on their table (`LuckyBoxPort`), and what a
click changes there (`Effects`).

Every part (boards, controls, help, log, staging, the arranger, the keyboard's targets and
`Moves`) is handed the table as a `LuckyBoxPort`, so mypy proves each part touches only what
is listed here, and proves the table that hands itself over provides all of it. The list is
the parts' whole reach: the session, the state and the shown board (read at each use, never
kept: an online table's state object is replaced as views arrive), the turn and the focus,
the sibling parts they read, the geometry the parts share, and a few calls (Next, Undo, the
menu, `take`).

A click's meaning is worked out by `Moves` (and the parts that hand it clicks), which
returns an `Effects`: the message line, the "not now" mark, the refusal's sound and red
flash, the step the turn controller hears of, the Spend button's cost, the marks to work out
anew. The table applies it (`take`), so no part writes into another.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.core.game import Outcome
from game.core.table_session import SeatLike

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


@dataclass(frozen=True)
class Effects:
    """What a click (or a key, or a button) changed at the table, for the table to apply
    (`LuckyBoxPort.take`). The default changes nothing."""

    #: The message line's new text ("" clears it); None leaves it as it was.
    message: str | None = None
    #: The message is a "not now" line ("Wait for your turn."): it gives way when the turn comes.
    until_turn: bool = False
    #: A feedback sound to play ("refuse").
    sound: str | None = None
    #: (card, cell): a refused square of the focused board flashes red for a moment.
    flash: tuple[int, int] | None = None
    #: The seat whose step the session took (the turn controller hears of it).
    acted: int | None = None
    #: A Lightning square was chosen: the Spend button says how many tokens it spends.
    spend: int | None = None
    #: The focused board's marks are worked out anew (the choice or the hint changed).
    restage: bool = False


#: A click that changed nothing.
NOTHING = Effects()


class PortSession(Protocol):
    """The session as Lucky Box's parts read it (a part of `game.core.table_session`'s
    `TableSession`): who sits where, their names, and the moves."""

    @property
    def seats(self) -> Sequence[SeatLike]: ...
    @property
    def humans(self) -> list[int]: ...
    def name_of(self, seat: int) -> str: ...
    def is_free(self, seat: int) -> bool: ...
    def apply(self, action: Any) -> Outcome: ...


class LuckyBoxPort(Protocol):
    """A Lucky Box table as its parts see it (see the module's docstring)."""

    # ------------------------------------------------------------ what is played and shown

    @property
    def ctx(self) -> Any: ...
    @property
    def session(self) -> PortSession: ...
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

    def take(self, effects: Effects) -> bool:
        """Apply what a click changed; True when it took a step."""
        ...
