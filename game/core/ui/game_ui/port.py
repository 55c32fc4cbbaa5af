"""What a game's kit and its parts may read and call on the core table, in three small
Protocols the core `Table` implements (mypy checks that where the table hands itself over):

- `TableView`: what a part reads, anew at every use (`port.state`, `port.seen`: the online
  session replaces its state when a view arrives, so nothing keeps the object), with the
  app's services it draws with (`TableServices`);
- `TableCalls`: what a part may ask of the table: `act` (the step to the session; the turn
  controller hears of it), `show` (an input's `Effects`), Undo, Next, the menu;
- `TablePort`: both, and what only the kit reads while it builds (a resumed table, its folder).

They are generic in the game's state, action and shown-board types
(`TablePort[BlancoState, Action, Shown]`), so mypy follows a click's action from the part that
made it to the session's `apply`. They name no concrete part of any table, so nothing here
imports the table back.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TypeVar

import pygame

from game.core.game import GameState, Outcome
from game.core.table_session import TableSession
from game.core.turns import TurnController
from game.core.ui.game_ui.kit import Effects
from game.core.ui.settings import Settings
from game.core.ui.toolkit.animator import Animator
from game.core.ui.toolkit.assets import Assets
from game.core.ui.toolkit.layout import Layout
from game.core.ui.toolkit.nav import Navigator
from game.core.ui.toolkit.text import TextCache

#: The game's state class, its action type and its shown board, as the table carries them.
StateT_co = TypeVar("StateT_co", bound=GameState, covariant=True)
ActionT_contra = TypeVar("ActionT_contra", contravariant=True)
BoardT_co = TypeVar("BoardT_co", covariant=True)


class TableServices(Protocol):
    """The app's services a table's parts draw and speak with (the scenes' `Context` provides
    them): text, the layout's regions, pictures, settings, sounds, the scenes by name, the
    data folder, and the app's one-line notice."""

    message: str

    @property
    def text(self) -> TextCache: ...
    @property
    def layout(self) -> Layout: ...
    @property
    def assets(self) -> Assets: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def nav(self) -> Navigator: ...
    @property
    def data_dir(self) -> Path: ...
    def play(self, sound: str) -> None: ...


class TableView(Protocol[StateT_co, BoardT_co]):
    """What a game's part reads of the table."""

    @property
    def ctx(self) -> TableServices: ...
    @property
    def session(self) -> TableSession[StateT_co, Any]: ...
    @property
    def state(self) -> StateT_co:
        """The session's state as this screen may know it, read anew at every use."""
        ...

    @property
    def seen(self) -> BoardT_co:
        """The board as shown so far (the animator moves it on as each step starts)."""
        ...

    @property
    def focus(self) -> int:
        """The seat the screen is turned to."""
        ...

    @property
    def time(self) -> float:
        """Seconds since the table opened (a highlight's pulse)."""
        ...

    @property
    def view(self) -> pygame.Rect:
        """All the window shows, in the table's 1280x720 coordinates."""
        ...

    @property
    def driven(self) -> bool:
        """A replay says what happens next: the table only shows it."""
        ...

    @property
    def demo(self) -> bool: ...
    @property
    def animator(self) -> Animator:
        """The generic animator playing the game's event styles (`effects`, `busy`, `skip`)."""
        ...

    @property
    def turns(self) -> TurnController:
        """The turn controller (`confirming`, `shown_human`, `acting`)."""
        ...

    @property
    def message(self) -> str:
        """The table's line (a refusal, a hint, what a click did); "" for the prompt."""
        ...

    @property
    def refusal(self) -> bool:
        """Whether the line says why a click was refused."""
        ...

    @property
    def message_aside(self) -> str:
        """A phrase a player said (online): the line when it stands beside what to do."""
        ...

    @property
    def status_line(self) -> Callable[[], str] | None:
        """A driver's own status line (a replay's progress), if any."""
        ...

    def human_turn(self) -> bool:
        """Whether the focused human may act on the table now."""
        ...

    def panel_name(self, seat: int) -> str: ...
    def banner_name(self, seat: int) -> str: ...
    def waiting_words(self, seat: int) -> str | None: ...
    def table_waits(self) -> str | None: ...
    def mark_ambient(self, rect: Any) -> None:
        """Say, while drawing, that `rect` shows ambient motion (a pulse)."""
        ...


class TableCalls(Protocol[ActionT_contra]):
    """What a game's part may ask of the table."""

    def act(self, action: ActionT_contra) -> Outcome:
        """Apply the focused human's step: on success the turn controller hears of it."""
        ...

    def show(self, effects: Effects) -> None:
        """Show what an input did (the line, a refusal's sound, the game's flash)."""
        ...

    def undo(self) -> str | None:
        """Take back the focused seat's last step; None, or the line saying why not."""
        ...

    def confirm_turn(self) -> None: ...
    def open_menu(self) -> None: ...


class TablePort(
    TableView[StateT_co, BoardT_co],
    TableCalls[ActionT_contra],
    Protocol[StateT_co, ActionT_contra, BoardT_co],
):
    """The core table as a game's kit sees it: what its parts read and call, and what the kit
    alone asks (parts are handed the `TableView` or `TableCalls` they need, or this)."""

    @property
    def resumed(self) -> bool:
        """The table shows a saved game brought back (its first frame hands the screen over)."""
        ...

    def on_top(self) -> bool:
        """Whether the table is the scene in front (no hand-off screen or menu over it)."""
        ...

    def table_folder(self) -> Path | None:
        """This table's own folder beside its autosave (None: the game is not kept)."""
        ...


__all__ = ["TableCalls", "TablePort", "TableServices", "TableView"]
