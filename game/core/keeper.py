"""Keeping a table's game safe, for any game: the autosave after every change (in the table's
own folder, `game.core.saves`, so other games in progress are never touched), and the finished
game filed as a record (then the table's folder goes). Never raises; a failure is said once
through `tell` and play goes on. Pure: no pygame."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from game.core.daily_history import keep_finished
from game.core.i18n import t
from game.core.saves import new_table, remove_table
from game.core.storage import (
    finished_extra,
    keep_record,
    lock_saves,
    save_game,
)
from game.core.version import __version__ as VERSION


class GameKeeper:
    """Writes one session's autosave into its table's folder (`session.table_folder`, made
    at the first save of a new game, inside the game's `folder`), and files it when it ends.
    `saving` False (demos, replays): nothing is written. Saving needs the table's autosave to
    itself: when another copy of the game on the same data folder is playing this table, this
    one plays without an autosave and says so (`saving` turns False, `locked_out` True), and
    still keeps its record when it ends (records are kept by an exclusive create, so both
    copies' records are safe): neither game is lost. `companions`: the files a table of this
    game keeps beside its autosave (they go with it when its game ends)."""

    def __init__(
        self,
        session: Any,
        folder: Path,
        saving: bool,
        tell: Callable[[str], None],
        companions: Sequence[str] = (),
    ) -> None:
        self.session = session
        self.folder = folder
        self._saving = saving
        self.tell = tell
        self.companions = tuple(companions)
        self.finished = False  # the game's end was filed
        self.warning: str | None = None
        table = getattr(session, "table_folder", None)
        self.locked_out = saving and table is not None and not lock_saves(table)
        if self.locked_out:
            self._saving = False
            tell(
                t(
                    "storage.in_use",
                    "Another copy of the game is saving this game in the same "
                    "data folder: this game will not be saved as it goes, "
                    "only its record when it ends.",
                )
            )

    @property
    def saving(self) -> bool:
        """Whether this copy writes the game's autosave (and files its record at the end)."""
        return self._saving

    @saving.setter
    def saving(self, value: bool) -> None:
        # Turned off from outside (a lesson, not a game to keep): no record at the end either.
        self._saving = value
        if not value:
            self.locked_out = False

    def table(self) -> Path | None:
        """The table's own folder, made now for a new game that is being kept (None when it
        is not)."""
        if not self.saving:
            return None
        table: Path | None = self.session.table_folder
        if table is None:
            table = new_table(self.folder)
            self.session.table_folder = table
            lock_saves(table)  # new: nobody else can hold it
        return table

    def save(self, unshown: int, confirming: int | None) -> None:
        """The autosave: the record so far plus where the table stands."""
        if not self.saving or self.finished:
            return
        table = self.table()
        assert table is not None
        warning = save_game(table, self.session.save(unshown, confirming))
        if warning and warning != self.warning:
            self.tell(warning)
        self.warning = warning

    def file_finished(self) -> None:
        """The game is over: keep its record for Replays and Statistics; drop the autosave (a
        copy locked out of the autosave keeps the record and leaves the other's autosave)."""
        if not (self.saving or self.locked_out) or self.finished:
            return
        self.finished = True
        session = self.session
        record = session.record(
            finished_extra(
                session.state, [s.kind for s in session.seats], VERSION, game=session.game
            )
        )
        daily_warning = keep_finished(self.folder, session)
        if daily_warning:
            self.tell(daily_warning)
        _path, warning = keep_record(self.folder, record)
        if warning:
            self.tell(warning)  # the autosave stays: the game is not lost
        elif self.saving and self.session.table_folder is not None:
            remove_table(self.session.table_folder, self.companions)
