"""Files in the player's data folder: an autosave (in its table's folder: game.core.saves),
finished games' records, and setting bad files aside. Pure Python (no pygame), so it can be
tested and fuzzed alone.

The folder is `$SMLB_DATA_DIR` if set (portable installs, tests), else the platform's user data
folder. Every write goes through safe_files.py (atomic: a crash or power cut leaves the previous
version whole), and the same functions are offered here. A file we cannot read is renamed aside
(`NAME.bad-STAMP`), never overwritten, and reported in one line; nothing here raises for a bad
file or a folder we cannot write.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

from game.core.entry import Game
from game.core.game import GameState, RecordError, RecordScores, StateT
from game.core.i18n import t
from game.core.records import game_of, read_json, replay, why
from game.core.safe_files import create_exclusive, indented_json, write_atomic, write_json_atomic
from game.core.safe_json import FILE_CAP, move_aside, move_exclusive, printable

if TYPE_CHECKING:  # the session (and the records it replays) is imported when a save is read
    from game.core.session import Session

APP_NAME = "super-mega-lucky-box"
AUTOSAVE = "autosave.json"
RECORDS = "records"
SAVE_KEY = "autosave"  # our own field in the autosave's record: where the table stood


def game_folder(folder: Path, game_id: str, legacy_top: bool = False) -> Path:
    """A game's own folder in the data folder (its autosave and records/). `legacy_top`: this
    game is the one the one-game version was (the catalog says which); the files that version
    kept at the folder's top are moved into this game's folder the first time it is asked for."""
    own = Path(folder) / game_id
    if legacy_top:
        _move_legacy_files(Path(folder), own)
    with contextlib.suppress(OSError):  # a folder we cannot write is reported when saving
        own.mkdir(parents=True, exist_ok=True)
    return own


def _move_legacy_files(top: Path, own: Path) -> None:
    """The one-game version's autosave and records into `own`, each by an exclusive move (never
    over a file there, even one another copy of the game moves in at the same moment). A record
    whose name is taken by another record comes in as `NAME-1.json`...; an old autosave meeting
    this game's own stays where it is, unread but safe, as does any file that cannot move."""
    old_save, old_records = top / AUTOSAVE, top / RECORDS
    if not old_save.is_file() and not old_records.is_dir():
        return
    with contextlib.suppress(OSError):
        own.mkdir(parents=True, exist_ok=True)
        if old_save.is_file():
            move_exclusive(old_save, own / AUTOSAVE)
    with contextlib.suppress(OSError):
        (own / RECORDS).mkdir(parents=True, exist_ok=True)
        for path in sorted(old_records.iterdir()):
            with contextlib.suppress(OSError):  # gone (another copy moved it) or unmovable
                if path.is_file():
                    _move_in_record(path, own / RECORDS)
        with contextlib.suppress(OSError):
            old_records.rmdir()


def _move_in_record(path: Path, records: Path) -> None:
    """Move a record into `records` under its name, or `STEM-N.json` if that is another file's."""
    for n in range(10_000):
        target = records / (path.name if n == 0 else f"{path.stem}-{n}{path.suffix}")
        if move_exclusive(path, target):
            return
        if os.path.samefile(path, target):  # an earlier move cut off after its link
            os.unlink(path)
            return
    raise FileExistsError(errno.EEXIST, "no free name", str(path))


def data_dir() -> Path:
    """$SMLB_DATA_DIR, else the platform's user data folder (not created here)."""
    override = os.environ.get("SMLB_DATA_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


# ---------------------------------------------------------------- setting aside


def set_aside(path: Path) -> str:
    """Rename a bad file out of the way (byte for byte), never over an earlier one; returns
    what happened, in words."""
    target = move_aside(path)
    if target is None:
        return t("storage.left_in_place", "left in place")
    return t("storage.kept_as", "kept as {name}", name=printable(target.name))


# ---------------------------------------------------------------- the autosave


def save_game(folder: Path, record: Mapping[str, object]) -> str | None:
    """Write the game in progress; returns a one-line warning if it could not be saved."""
    try:
        write_atomic(Path(folder) / AUTOSAVE, indented_json(record))
    except OSError as err:
        return t(
            "storage.cant_save",
            "Can't save the game ({why}); playing on without saving.",
            why=why(err),
        )
    return None


LOCK_FILE = "autosave.lock"
_held_locks: dict[str, int] = {}  # folder -> the open lock file this process holds


def lock_saves(folder: Path) -> bool:
    """Take this game's autosave for this copy of the game (a lock on `autosave.lock` in its
    folder, held until `unlock_saves` or the process ends). False when another copy holds it:
    two copies writing one autosave would each overwrite the other's game. A folder where no
    lock can be made (read-only, no locking) is True: saving there reports its own failure."""
    key = os.path.abspath(folder)
    if key in _held_locks:
        return True
    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
        fd = os.open(Path(folder) / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        return True
    try:
        _lock_fd(fd)
    except BlockingIOError:
        os.close(fd)
        return False
    except OSError:  # a file system without locks: nothing to share safely, nothing to refuse
        os.close(fd)
        return True
    _held_locks[key] = fd
    return True


def no_other_writer(folder: Path) -> bool:
    """Whether no other copy of the game holds this game's autosave right now."""
    key = os.path.abspath(folder)
    if key in _held_locks:
        return True
    if not lock_saves(folder):
        return False
    if key in _held_locks:  # taken only to look: let it go
        unlock_saves(folder)
    return True


def unlock_saves(folder: Path) -> None:
    """Let another copy of the game save this game's autosave again."""
    fd = _held_locks.pop(os.path.abspath(folder), None)
    if fd is not None:
        with contextlib.suppress(OSError):
            os.close(fd)  # closing drops the lock on every platform


def _lock_fd(fd: int) -> None:
    """An exclusive lock without waiting; BlockingIOError when another process holds it."""
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError as err:
            raise BlockingIOError(errno.EAGAIN, "locked") from err
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


@dataclass
class LoadedSave:
    """A saved game read and replayed once: its record and `Session.resume`'s result."""

    record: dict[str, object]
    # Session.resume's (session, state as dealt, events shown, seat confirming)
    resumed: tuple[Session[Any, Any], GameState, int, int | None]

    @property
    def session(self) -> Session[Any, Any]:
        return self.resumed[0]


def load_save(folder: Path, games: Sequence[Game[Any]]) -> tuple[LoadedSave | None, str | None]:
    """The saved game (of one of `games`, by its format), replayed (once: the title shows it
    and Continue plays it on); or None and, for a bad file, one line saying so (the file is
    then kept aside). Never raises."""
    from game.core.session import Session

    path = Path(folder) / AUTOSAVE
    if no_other_writer(folder):  # else the temporary file may be another copy's write
        for stale in Path(folder).glob(f"{AUTOSAVE}.*.tmp"):  # a write cut off by a crash
            with contextlib.suppress(OSError):
                stale.unlink()
    try:
        obj = read_json(path, FILE_CAP)
        if isinstance(obj, dict) and not isinstance(obj.get(SAVE_KEY, {}), dict):
            raise RecordError(f'"{SAVE_KEY}" must be an object')
        resumed = Session.resume(obj, game_of(obj, games))  # every action must still be legal
    except FileNotFoundError:
        return None, None
    except RecordError as err:
        aside = set_aside(path)
        return None, t(
            "storage.bad_save",
            "The saved game could not be read ({why}); it was {aside}.",
            why=err,
            aside=aside,
        )
    except Exception as err:  # a loader bug must still not take the game down
        aside = set_aside(path)
        return None, t(
            "storage.bad_save",
            "The saved game could not be read ({why}); it was {aside}.",
            why=type(err).__name__,
            aside=aside,
        )
    return LoadedSave(obj, resumed), None


# ---------------------------------------------------------------- finished games


@dataclass
class RecordInfo:
    """What the Replays and Statistics screens show of one kept record."""

    path: Path
    finished_at: str  # ISO date-time, or "" when unknown (a foreign record)
    names: list[str]
    kinds: list[str]  # "human" or a computer level per seat ("human" when unknown)
    totals: list[int]
    winners: list[int]
    finished: bool
    seed: int
    rating: str | None = None
    record: dict[str, object] = field(default_factory=dict, repr=False)
    game: str = ""  # the id of the record's game
    turns: list[int] = field(default_factory=list)  # turns per seat, for games that count them

    @property
    def solo(self) -> bool:
        return len(self.names) == 1


def finished_extra(
    state: StateT, kinds: list[str], version: str, *, game: Game[StateT]
) -> dict[str, object]:
    """Our own fields on a finished game's record: who was a computer, when, and the result
    (`game`: the state's game, which the table knows)."""
    return {
        "seats": list(kinds),
        "game_version": version,
        "finished_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "result": game.rules.summary(state),
    }


def keep_record(folder: Path, record: Mapping[str, object]) -> tuple[Path | None, str | None]:
    """File a finished game under records/; returns (path, None) or (None, one-line warning)."""
    records = Path(folder) / RECORDS
    stamp = time.strftime("%Y%m%d-%H%M%S")
    name = f"{stamp}-seed{record.get('seed', 0)}"
    try:  # an exclusive create: a name another copy just took is never overwritten
        path = create_exclusive(
            records / f"{name}.json", json.dumps(record, indent=1, ensure_ascii=False) + "\n"
        )
    except OSError as err:
        return None, t("storage.cant_keep", "Can't keep this game's record ({why}).", why=why(err))
    return path, None


_replay = replay


def read_record_info(path: Path, games: Sequence[Game[Any]], replay: bool = False) -> RecordInfo:
    """A record file's players, scores and date. Uses the record's own "result" when it has a
    well-formed one (fast, for lists); otherwise, or with `replay`, replays it. RecordError
    (one line) if it is not a valid record. Its game is found among `games` by its format."""
    obj = read_json(path)
    game = game_of(obj, games)
    names, seed = game.rules.parse_record(obj)[:2]
    scores = None if replay else record_scores(game, obj.get("result"), len(names))
    if scores is None:
        scores = record_scores(game, game.rules.summary(_replay(obj, game).state), len(names))
        if scores is None:  # our own summary always fits; a game that breaks that is a bug
            raise RecordError("the game's result could not be read")
    kinds = obj.get("seats")
    if not (
        isinstance(kinds, list)
        and len(kinds) == len(names)
        and all(isinstance(k, str) for k in kinds)
    ):
        kinds = ["human"] * len(names)
    finished_at = obj.get("finished_at")
    return RecordInfo(
        path=Path(path),
        finished_at=finished_at if isinstance(finished_at, str) else "",
        names=list(names),
        kinds=list(kinds),
        totals=scores["totals"],
        winners=scores["winners"],
        finished=scores["finished"],
        seed=seed,
        rating=scores.get("rating"),
        record=obj,
        game=game.id,
        turns=scores.get("turns", []),
    )


def record_scores(game: Game[Any], result: object, seats: int) -> RecordScores | None:
    """A record's "result" read by its game (`GameRecords.record_scores`: totals, winners, finished,
    maybe turns and a rating); None when it is missing or malformed (then it is replayed)."""
    return game.rules.record_scores(result, seats)


def list_records(folder: Path, games: Sequence[Game[Any]]) -> tuple[list[RecordInfo], list[str]]:
    """The kept records (each of one of `games`), newest first, and one line per file that
    could not be read. A bad record is set aside (`NAME.bad-STAMP`, its bytes untouched) so it
    is reported once, not on every visit; one our own code fails on (a bug, not the file)
    stays where it is."""
    records = Path(folder) / RECORDS
    try:
        paths = sorted(records.glob("*.json"))
    except OSError as err:
        return [], [t("storage.cant_list", "Can't read the records folder ({why}).", why=why(err))]
    infos: list[RecordInfo] = []
    problems: list[str] = []
    for path in paths:
        name = printable(path.name)
        try:
            infos.append(read_record_info(path, games))
        except FileNotFoundError:
            continue  # gone since the listing (another copy set it aside)
        except (RecordError, OSError) as err:
            reason = why(err) if isinstance(err, OSError) else printable(str(err))
            problems.append(
                t(
                    "storage.bad_record",
                    "{file}: {why} ({aside})",
                    file=name,
                    why=reason,
                    aside=set_aside(path),
                )
            )
        except Exception as err:  # never a traceback for a file on disk
            problems.append(
                t(
                    "storage.unreadable",
                    "{file}: unreadable ({why})",
                    file=name,
                    why=type(err).__name__,
                )
            )
    infos.sort(key=lambda info: (info.finished_at, info.path.name), reverse=True)
    return infos, problems


__all__ = [
    "AUTOSAVE",
    "RECORDS",
    "RecordInfo",
    "create_exclusive",
    "data_dir",
    "lock_saves",
    "unlock_saves",
    "finished_extra",
    "keep_record",
    "list_records",
    "load_save",
    "read_json",
    "read_record_info",
    "save_game",
    "set_aside",
    "write_atomic",
    "write_json_atomic",
]
