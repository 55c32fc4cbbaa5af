"""The players at the last game's set-up, remembered for the next one. Pure (no pygame).

One file for both games, `players.json` in the data folder: each game's last table (seat
names, human or computer level, in seat order), and which game was set up last. A game's
set-up starts with its own last table; a game never set up before starts with the names from
the other game's (the same people sit at this computer: they should not type their names
twice), their count cut to what it allows. A missing or damaged file is no error: set-up
starts with its defaults, "Player 1" (and "Computer 2" for a seat that starts as a computer);
a damaged file is read through game.core.safe_json, set aside, never overwritten, and `tell`
says so in one line.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.core import safe_json
from game.core.game import BOT_LEVELS
from game.core.i18n import t
from game.core.seat_names import is_default_name
from game.core.storage import set_aside, write_json_atomic

if TYPE_CHECKING:
    from game.core.safe_json import JSON

Tell = Callable[[str], None]

FILE_NAME = "players.json"
HUMAN = "human"
NAME_MAX = 16
MAX_SEATS = 12  # the most any game seats


def _seats(raw: JSON) -> list[tuple[str, str]]:
    """Well-formed seats from the file's list; anything odd is dropped, not trusted."""
    if not isinstance(raw, list):
        return []
    seats = []
    for item in raw[:MAX_SEATS]:
        if not isinstance(item, dict):
            return []
        name, kind = item.get("name"), item.get("kind", HUMAN)
        if not isinstance(name, str) or kind not in (HUMAN, *BOT_LEVELS):
            return []
        seats.append((" ".join(name.split())[:NAME_MAX], kind))
    return seats


def _read(folder: Path, tell: Tell | None = None) -> dict[str, JSON]:
    path = Path(folder) / FILE_NAME
    try:
        return safe_json.read_object(path)
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as err:
        aside = set_aside(path)
        if tell is not None:
            tell(
                t(
                    "names.damaged",
                    "The remembered players could not be read ({why}); the file was {aside}.",
                    why=err,
                    aside=aside,
                )
            )
        return {}


def last_seats(
    folder: Path, game_id: str, max_seats: int = MAX_SEATS, tell: Tell | None = None
) -> list[tuple[str, str]]:
    """(name, kind) per seat of this game's last set-up; else the other game's last table
    (at most `max_seats`); [] when nothing was kept. `tell` hears of a damaged file."""
    data = _read(folder, tell)
    own = _seats(data.get(game_id))
    if own:
        return own[:max_seats]
    other = data.get("last")
    if isinstance(other, str) and other != game_id:
        return _seats(data.get(other))[:max_seats]
    return []


def remember_seats(folder: Path, game_id: str, seats: list[tuple[str, str]]) -> None:
    """Keep this game's table for its next set-up. Never raises: names are a convenience."""
    data = _read(folder)
    data[game_id] = [{"name": name, "kind": kind} for name, kind in seats[:MAX_SEATS]]
    data["last"] = game_id
    with contextlib.suppress(OSError):
        write_json_atomic(Path(folder) / FILE_NAME, data)


def last_options(folder: Path, game_id: str, tell: Tell | None = None) -> dict[str, JSON]:
    """The other choices of this game's last set-up (e.g. Blanco's match), as kept: the caller
    checks each value before using it."""
    options = _read(folder, tell).get("options")
    own = options.get(game_id) if isinstance(options, dict) else None
    return dict(own) if isinstance(own, dict) else {}


def remember_options(folder: Path, game_id: str, options: Mapping[str, JSON]) -> None:
    """Keep this game's other set-up choices (plain JSON values). Never raises."""
    data = _read(folder)
    kept = data.get("options")
    kept = kept if isinstance(kept, dict) else {}
    kept[game_id] = dict(options)
    data["options"] = kept
    with contextlib.suppress(OSError):
        write_json_atomic(Path(folder) / FILE_NAME, data)


def person_name(data_dir: Any, game_id: str) -> str | None:
    """The first person's name at this game's last set-up on this computer (the same person
    most likely plays the daily deal or hosts online), or None: none kept, or only a
    "Player 1" default, which is no one's name."""
    for i, (name, kind) in enumerate(last_seats(data_dir, game_id)):
        if kind == HUMAN:
            name = name.strip()
            return name if name and not is_default_name(name, i) else None
    return None


__all__ = [
    "FILE_NAME",
    "last_options",
    "last_seats",
    "person_name",
    "remember_options",
    "remember_seats",
]
