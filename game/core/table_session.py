"""What a table plays: a `TableSession`. The local `game.core.session.Session` and the online
session (a seat at a table a server keeps) both implement it, and the table, its turn
controller and its parts see only this; mypy checks both against it (`tests/test_table_seam`).

A session answers for one table: the game's state as this screen may know it, who sits where,
the events not yet shown (`feed`), and the moves (`apply`, `advance`, `undo`). Its `policy`
says what differs between a game kept on this machine and one a server keeps (whether it is
autosaved, whether Undo exists, whether this screen's controller plays the computers), and
`take_updates()` brings what arrived since the last frame (nothing, for a local game). No pygame.

It is generic in the game's state and action types (`TableSession[BlancoState, Action]`): the
table and its port carry them, so mypy follows a click's action to `apply`. A part that knows
no game (the turn controller, the online session) says `TableSession[Any, Any]`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from game.core.entry import Game
from game.core.game import GameState, Outcome

#: The game's state class, as a table reads it (only returned: covariant).
StateT_co = TypeVar("StateT_co", bound=GameState, covariant=True)
#: The game's action type, as a table hands it in (only taken: contravariant).
ActionT_contra = TypeVar("ActionT_contra", contravariant=True)


class SeatLike(Protocol):
    """A seat as a table reads it."""

    @property
    def name(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def is_computer(self) -> bool: ...


@dataclass(frozen=True)
class TablePolicy:
    """What a session's table does beyond the moves, by who keeps the game.

    - `autosave`: every change is written to this machine's saves (a local game); a server
      keeps an online one.
    - `undo`: a seat may take back its step (the rules still say when).
    - `plays_computers`: this screen's turn controller plays the computer seats (locally, in
      the bot worker); online the server plays them and relays every other seat.
    - `shares_screen`: several people may sit at this screen (hand-off screens between them).
    - `confirms_turns`: a finished turn may wait for Next (undo stays possible until then).
    """

    autosave: bool = True
    undo: bool = True
    plays_computers: bool = True
    shares_screen: bool = True
    confirms_turns: bool = True


#: A game on this machine.
LOCAL = TablePolicy()
#: A seat at a table a server keeps: no autosave, no undo, the server plays the others.
REMOTE = TablePolicy(
    autosave=False,
    undo=False,
    plays_computers=False,
    shares_screen=False,
    confirms_turns=False,
)


class TableSession(Protocol[StateT_co, ActionT_contra]):
    """One table's game as a screen plays it (see the module's docstring)."""

    @property
    def game(self) -> Game[Any]: ...
    @property
    def state(self) -> StateT_co: ...
    @property
    def seats(self) -> Sequence[SeatLike]: ...
    @property
    def feed(self) -> deque[Any]: ...
    @property
    def seed(self) -> int: ...
    @property
    def bots(self) -> dict[int, Any]: ...
    @property
    def daily(self) -> str | None: ...
    @property
    def policy(self) -> TablePolicy: ...

    on_change: Callable[[], None] | None

    @property
    def humans(self) -> list[int]: ...
    def name_of(self, seat: int) -> str: ...
    def is_away(self, seat: int) -> bool: ...
    def is_free(self, seat: int) -> bool: ...
    def next_seat(self) -> int | None: ...
    def chance_due(self) -> bool: ...
    def describe(self) -> str: ...
    def apply(self, action: ActionT_contra) -> Outcome: ...
    def advance(self) -> Sequence[object]: ...
    def undo(self, seat: int) -> Outcome: ...
    def record(self, extra: dict[str, object] | None = None) -> dict[str, object]: ...
    def save(self, unshown: int = 0, confirming: int | None = None) -> dict[str, object]: ...
    def take_updates(self) -> Sequence[object]:
        """What arrived for this table since the last call (a local game: nothing)."""
        ...
