"""What surrounds a table: a `TableHost`. The core table is the same wherever its game is kept;
its host says what differs around it. `LocalHost`: a game on this machine (computers think in
the bot worker, pass screens between people, Esc opens the pause menu, the end is the game's
end scene). The online host (`game.online.ui.table.OnlineHost`) polls the link's updates each
frame, plays only its screen's seat, keeps nothing here, and ends with a rematch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from game.core.botrunner import BotRunner
from game.core.table_session import TableSession
from game.core.turns import TurnController
from game.core.ui.context import Context
from game.core.ui.toolkit.animator import Animator

if TYPE_CHECKING:
    from game.core.ui.scene import Scene


class HostedTable(Protocol):
    """The table as its host reads and sets it (the core `Table`): the host turns the screen
    (`focus`), says the line, and reads what is shown and moving."""

    ctx: Context
    focus: int
    message: str
    message_aside: str
    turns: TurnController
    animator: Animator
    runner: BotRunner  # the bot worker a local table's computers think in

    @property
    def session(self) -> TableSession[Any, Any]: ...
    @property
    def seen(self) -> Any: ...
    def needs_confirm(self, seat: int) -> bool: ...
    def ambient_live(self) -> bool: ...
    def flashing(self) -> bool: ...
    def human_turn(self) -> bool: ...  # (online: a line about the table waits for it)


class TableHost(Protocol):
    """The table's surroundings (see the module's docstring). The table calls `attach` once,
    while it is being built, before anything else."""

    #: Whether this screen keeps the game (its autosave): never for a game a server keeps.
    keeps_game: bool
    #: Whether the table opens on a seat's view mid-game (the kit's `shown_view`), not on the
    #: deal about to be shown (`shown_board`).
    from_view: bool

    def attach(self, table: HostedTable) -> None:
        """The table this host surrounds (built up to its turn controller)."""
        ...

    def make_turns(self, table: HostedTable) -> TurnController:
        """The table's turn controller."""
        ...

    def start(self) -> None:
        """The table is built (its parts and shown board): set what the host decides."""
        ...

    def before_update(self, dt: float) -> None:
        """Each frame, first: what arrived since the last."""
        ...

    def may_act(self, seat: int) -> bool:
        """Whether the focused human may act now, by the host (a move on its way: no)."""
        ...

    def undo_words(self, refusal: object) -> str | None:
        """The host's own words for an undo refused (None: the table's)."""
        ...

    def banner_name(self, seat: int, name: str) -> str:
        """The banner's title for a seat, as the host says it."""
        ...

    def waiting_words(self, seat: int) -> str | None:
        """What the turn line says while `seat`'s player is away (None: "... is playing")."""
        ...

    def table_waits(self) -> str | None:
        """What the whole table waits for, in a few words for its banner (online: the host's
        app closed), in place of whose turn it is; None while it plays on."""
        ...

    def needs_redraw(self) -> bool | None:
        """The host's rule for a still screen (None: the table's own)."""
        ...

    def redraw_key(self) -> object | None:
        """What may change with no input, by the host (None: the table's own key)."""
        ...

    def open_menu(self) -> bool:
        """Esc: the host's menu (False: the table's pause menu)."""
        ...

    def end_scene(self) -> Scene | None:
        """The scene after the last step (None: the game's own)."""
        ...

    def exit(self) -> None:
        """The table closes."""
        ...


class LocalHost:
    """A game on this machine: the table's own rules everywhere."""

    keeps_game = True
    from_view = False

    def attach(self, table: HostedTable) -> None:
        self.table = table

    def make_turns(self, table: HostedTable) -> TurnController:
        return TurnController(
            table.session,
            table.runner.submit,
            table.needs_confirm,
            pass_screen=lambda: table.ctx.settings.pass_screen,
        )

    def start(self) -> None:
        pass

    def before_update(self, dt: float) -> None:
        pass

    def may_act(self, seat: int) -> bool:
        return True

    def undo_words(self, refusal: object) -> str | None:
        return None

    def banner_name(self, seat: int, name: str) -> str:
        return name

    def waiting_words(self, seat: int) -> str | None:
        return None

    def table_waits(self) -> str | None:
        return None

    def needs_redraw(self) -> bool | None:
        return None

    def redraw_key(self) -> object | None:
        return None

    def open_menu(self) -> bool:
        return False

    def end_scene(self) -> Scene | None:
        return None

    def exit(self) -> None:
        pass


__all__ = ["HostedTable", "LocalHost", "TableHost"]
