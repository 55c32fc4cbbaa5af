"""`PortFront`: the core table's members as a game's kit shows them to its parts.

A game's parts see one object, their game's port Protocol (`BlancoPort`, `LuckyBoxPort`): the
kit, which answers the game's own questions itself and the core table's through its `port`
(the `TablePort`). Every kit would otherwise forward the same members by hand; a kit takes
them from here (`class TheirKit(PortFront, TableKit)`) and adds its own. Each is read from the
port at every use: nothing is copied, so a view the online session replaces is the one read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.game import Outcome
from game.core.table_session import TableSession

from .kit import Effects
from .port import TablePort


class PortFront:
    """The core table's members, read through `self.port` (see the module's docstring)."""

    port: TablePort

    @property
    def ctx(self) -> Any:
        return self.port.ctx

    @property
    def session(self) -> TableSession:
        return self.port.session

    @property
    def state(self) -> Any:
        return self.port.state

    @property
    def seen(self) -> Any:
        return self.port.seen

    @property
    def focus(self) -> int:
        return self.port.focus

    @property
    def time(self) -> float:
        return self.port.time

    @property
    def demo(self) -> bool:
        return self.port.demo

    @property
    def driven(self) -> bool:
        return self.port.driven

    @property
    def animator(self) -> Any:
        return self.port.animator

    @property
    def turns(self) -> Any:
        return self.port.turns

    @property
    def acting(self) -> int | None:
        return self.port.acting

    @property
    def confirming(self) -> int | None:
        return self.port.confirming

    @property
    def message(self) -> str:
        return self.port.message

    @property
    def refusal(self) -> bool:
        return self.port.refusal

    @property
    def message_aside(self) -> str:
        return self.port.message_aside

    @property
    def status_line(self) -> Callable[[], str] | None:
        return self.port.status_line

    def human_turn(self) -> bool:
        return self.port.human_turn()

    def name(self, seat: int) -> str:
        return self.port.name(seat)

    def panel_name(self, seat: int) -> str:
        return self.port.panel_name(seat)

    def banner_name(self, seat: int) -> str:
        return self.port.banner_name(seat)

    def waiting_words(self, seat: int) -> str | None:
        return self.port.waiting_words(seat)

    def table_waits(self) -> str | None:
        return self.port.table_waits()

    def act(self, action: Any) -> Outcome:
        return self.port.act(action)

    def take(self, effects: Effects) -> None:
        """A part's effects shown by the table (the message, a flash, a sound)."""
        self.port.show(effects)

    def undo(self) -> str | None:
        return self.port.undo()

    def confirm_turn(self) -> None:
        self.port.confirm_turn()

    def open_menu(self) -> None:
        self.port.open_menu()

    def mark_ambient(self, rect: Any) -> None:
        self.port.mark_ambient(rect)
