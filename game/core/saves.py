"""Several games in progress per game: each table (solo, pass-and-play, daily deal, a match)
keeps its autosave in its own folder, `<game>/tables/<name>/`, beside the files that belong
to that table alone (its lock; Blanco's match and pending look). Pure Python (no pygame).

- A table gets its folder when it is first saved (`new_table`: an exclusive mkdir, so two
  copies of the game never share one), keeps it while it is played and resumed, and loses it
  when its game is filed as finished (`remove_table`).
- The title lists them (`list_saved`), most recently played first.
- At most `CAP` per game are started from the title: there New game and Daily deal, with
  `CAP` tables in progress, open the list and say why (finish or delete one first), as
  Board Game Arena refuses a game past its limit of games in progress. Nothing is ever
  dropped to make room: a game in progress is only ever removed by its end or by the
  player's own Delete. (A game started elsewhere, Replays' same deal, is not refused.)
- The one-save version's `<game>/autosave.json` (and its companions) moves into a table
  folder of its own the first time the list is read (`migrate_single_save`): each file by an
  exclusive move, never over another, so nothing is lost; a copy of the old version writing
  there keeps it where it is.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.entry import Game
from game.core.safe_json import move_exclusive
from game.core.storage import (
    AUTOSAVE,
    LOCK_FILE,
    LoadedSave,
    load_save,
    no_other_writer,
    unlock_saves,
)

TABLES = "tables"  # in a game's folder: one folder per table in progress
CAP = 10  # tables in progress per game that the title lets start (two pages of the list)


@dataclass
class SavedTable:
    """One table in progress as the title lists it: its folder, when it was last saved
    (seconds since the epoch) and its game replayed once (`storage.LoadedSave`)."""

    folder: Path
    saved_at: float
    loaded: LoadedSave

    @property
    def session(self) -> Any:
        return self.loaded.session


def tables_dir(folder: Path) -> Path:
    return Path(folder) / TABLES


def new_table(folder: Path) -> Path:
    """A new table's own folder in the game's `folder`, made now by an exclusive mkdir (named
    by the time, then `-2`, `-3`...). A folder that cannot be made is still named: saving
    into it says why it failed, once, as any failed save does."""
    root = tables_dir(folder)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    candidate = root / stamp
    with contextlib.suppress(OSError):
        root.mkdir(parents=True, exist_ok=True)
    for n in range(1, 10_000):
        candidate = root / (stamp if n == 1 else f"{stamp}-{n}")
        try:
            candidate.mkdir()
        except FileExistsError:
            continue
        except OSError:
            return candidate
        return candidate
    return candidate


def saved_at(table: Path) -> float:
    """When the table's autosave was last written (0 when it cannot be read)."""
    try:
        return (Path(table) / AUTOSAVE).stat().st_mtime
    except OSError:
        return 0.0


def table_folders(folder: Path) -> list[Path]:
    """The game's tables that hold an autosave, most recently saved first."""
    try:
        found = [p for p in tables_dir(folder).iterdir() if (p / AUTOSAVE).is_file()]
    except OSError:
        return []
    return sorted(found, key=lambda p: (saved_at(p), p.name), reverse=True)


def in_use(table: Path) -> bool:
    """Whether another copy of the game is playing this table now (it holds its lock)."""
    return not no_other_writer(Path(table))


def remove_table(table: Path, also: Sequence[str] = ()) -> None:
    """A table's game is over (or the player deleted it): its autosave, lock and the files
    named in `also` go, then its folder if nothing else is left in it (a damaged save set
    aside there stays, and so does the folder)."""
    table = Path(table)
    unlock_saves(table)
    _replayed.pop(table, None)
    for name in (AUTOSAVE, LOCK_FILE, *also):
        with contextlib.suppress(OSError):
            (table / name).unlink()
    with contextlib.suppress(OSError):
        table.rmdir()


def migrate_single_save(folder: Path, companions: Sequence[str] = ()) -> None:
    """The one-save version's autosave (and the `companions` it kept beside it, such as
    Blanco's match) into a table folder of its own. Each file moves by an exclusive move, so
    nothing is ever written over; a copy of the old version holding the game's lock (it may
    be writing that autosave now) keeps it where it is until a later visit. A file that
    cannot move stays where it was, unread but safe."""
    folder = Path(folder)
    if not (folder / AUTOSAVE).is_file() or not no_other_writer(folder):
        return
    table = new_table(folder)
    try:
        moved = move_exclusive(folder / AUTOSAVE, table / AUTOSAVE)
    except OSError:
        moved = False
    if not moved:
        with contextlib.suppress(OSError):
            table.rmdir()
        return
    for name in companions:
        with contextlib.suppress(OSError):
            if (folder / name).is_file():
                move_exclusive(folder / name, table / name)
    for stale in folder.glob(f"{AUTOSAVE}.*.tmp"):  # a write of the old version cut off
        with contextlib.suppress(OSError):
            stale.unlink()


def list_saved(
    folder: Path, games: Sequence[Game[Any]], companions: Sequence[str] = ()
) -> tuple[list[SavedTable], list[str]]:
    """The game's tables in progress, each replayed once, most recently played first, and one
    line per damaged save (set aside in its table's folder by `storage.load_save`; the others
    are listed all the same). The one-save version's autosave is moved in first."""
    migrate_single_save(folder, companions)
    found = table_folders(folder)
    if (Path(folder) / AUTOSAVE).is_file():  # could not move (a read-only folder, an old copy
        # playing it): still listed, played and filed where it is, as the old version did
        found = sorted([*found, Path(folder)], key=saved_at, reverse=True)
    tables: list[SavedTable] = []
    problems: list[str] = []
    for table in found:
        when = saved_at(table)
        key = _file_key(table)
        cached = _replayed.get(table)
        if cached is not None and cached[0] == key:
            loaded: LoadedSave | None = cached[1]
        else:
            loaded, warning = load_save(table, games)
            if warning:
                problems.append(warning)
            if loaded is not None and key is not None:
                _replayed[table] = (key, loaded)
        if loaded is not None:
            loaded.session.table_folder = table
            tables.append(SavedTable(table, when, loaded))
    return tables, problems


# A save replayed for the list, kept while its file stays the same: coming back to the title
# after one game replays that game's save only (a late Blanco save takes about 50 ms to
# replay, docs/measurements.md). Taken out when its game goes back on the table (`taken`):
# the table plays on that very session.
_replayed: dict[Path, tuple[tuple[int, int, int], LoadedSave]] = {}


def _file_key(table: Path) -> tuple[int, int, int] | None:
    try:
        info = (Path(table) / AUTOSAVE).stat()
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_size, info.st_ino)


def forget_replays() -> None:
    """Every kept replay dropped (the next list replays every save: a first show)."""
    _replayed.clear()


def taken(table: Path) -> None:
    """The table's game goes back on the table: its replay is the table's now, never listed
    again (a later list replays the file)."""
    _replayed.pop(Path(table), None)


__all__ = [
    "CAP",
    "TABLES",
    "SavedTable",
    "forget_replays",
    "in_use",
    "list_saved",
    "migrate_single_save",
    "new_table",
    "remove_table",
    "saved_at",
    "table_folders",
    "taken",
]
