"""What a game's kit and its parts may read and call on the core table: the `TablePort`.

The core `Table` implements it (mypy checks that where the table hands itself to the kit). A
part reads the table's state through it each time (`port.state`, `port.seen`: the online
session replaces its state when a view arrives, so nothing keeps the object), and acts only
through `act`, `show`, `undo`, `confirm_turn`, `open_menu`: the table applies a step to the
session and tells the turn controller, and shows the effects an input returns.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import pygame

from game.core.game import Outcome
from game.core.table_session import TableSession

from .kit import Effects


class TablePort(Protocol):
    """The core table as a game's kit and parts see it."""

    #: The app's services (text, layout, play, settings, nav, stack, assets).
    ctx: Any
    #: The seat the screen is turned to.
    focus: int
    #: Seconds since the table opened (a highlight's pulse).
    time: float
    #: All the window shows, in the table's 1280x720 coordinates.
    view: pygame.Rect
    #: The table's line (a refusal, a hint, what a click did); "" for the prompt.
    message: str
    #: Whether the line says why a click was refused.
    refusal: bool
    #: A phrase a player said (online): the line when it stands beside what to do.
    message_aside: str
    #: A driver's own status line (a replay's progress), if any.
    status_line: Callable[[], str] | None
    #: The generic animator playing the game's event styles (`effects`, `busy`, `skip`).
    animator: Any
    #: The turn controller (`confirming`, `shown_human`, `acting`).
    turns: Any

    @property
    def session(self) -> TableSession: ...
    @property
    def state(self) -> Any:
        """The session's state as this screen may know it, read anew at every use."""
        ...

    @property
    def seen(self) -> Any:
        """The board as shown so far (the animator moves it on as each step starts)."""
        ...

    @property
    def driven(self) -> bool:
        """A replay says what happens next: the table only shows it."""
        ...

    @property
    def demo(self) -> bool: ...
    @property
    def resumed(self) -> bool:
        """The table shows a saved game brought back (its first frame hands the screen over)."""
        ...

    @property
    def acting(self) -> int | None: ...
    @property
    def confirming(self) -> int | None: ...
    def human_turn(self) -> bool: ...
    def computers_playing(self) -> bool: ...
    def on_top(self) -> bool:
        """Whether the table is the scene in front (no hand-off screen or menu over it)."""
        ...

    def name(self, seat: int) -> str: ...
    def panel_name(self, seat: int) -> str: ...
    def banner_name(self, seat: int) -> str: ...
    def waiting_words(self, seat: int) -> str | None: ...
    def table_waits(self) -> str | None: ...
    def act(self, action: Any) -> Outcome:
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
    def say_until_turn(self, line: str) -> None: ...
    def clear_message(self) -> None: ...
    def mark_ambient(self, rect: Any) -> None: ...
    def table_folder(self) -> Path | None:
        """This table's own folder beside its autosave (None: the game is not kept)."""
        ...


__all__ = ["TablePort"]
