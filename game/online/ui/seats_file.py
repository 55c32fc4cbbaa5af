"""The seats this app holds at online tables, kept in the data folder (`online/seats.json`,
written atomically), so the app takes them back after a crash or a restart. A seat's token is
its only way back; a host token lets the host hand a seat to a computer. No pygame.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game.core import safe_json
from game.core.storage import write_json_atomic

FILE = "seats.json"
MAX_KEPT = 20  # the newest seats; an old table's seat falls off the list


@dataclass(frozen=True)
class HeldSeat:
    url: str
    table: str
    seat: int
    token: str
    game: str
    host_token: str | None = None
    saved_at: float = 0.0


def folder(data_dir: Path) -> Path:
    return Path(data_dir) / "online"


def load(data_dir: Path) -> list[HeldSeat]:
    """The kept seats, newest first; a damaged file or entry is skipped (never raises)."""
    try:
        data = safe_json.read_json(folder(data_dir) / FILE)
    except (OSError, ValueError):
        return []
    seats: list[HeldSeat] = []
    for entry in data.get("seats", []) if isinstance(data, dict) else []:
        with contextlib.suppress(TypeError, ValueError):
            seat = HeldSeat(**entry)
            if isinstance(seat.seat, int) and isinstance(seat.token, str):
                seats.append(seat)
    return seats


def host_token(data_dir: Path, url: str, table: str) -> str | None:
    """The host's token kept for that table (None: this app is not its host)."""
    return next(
        (s.host_token for s in load(data_dir) if (s.url, s.table) == (url, table) and s.host_token),
        None,
    )


def keep(data_dir: Path, seat: HeldSeat) -> str | None:
    """Add (or refresh) a seat, newest first; a write failure is returned as one line."""
    kept = [
        s for s in load(data_dir) if (s.url, s.table, s.seat) != (seat.url, seat.table, seat.seat)
    ]
    fresh = HeldSeat(**{**asdict(seat), "saved_at": time.time()})
    return _write(data_dir, [fresh, *kept][:MAX_KEPT])


def forget(data_dir: Path, url: str, table: str) -> str | None:
    kept = [s for s in load(data_dir) if (s.url, s.table) != (url, table)]
    return _write(data_dir, kept)


def _write(data_dir: Path, seats: list[HeldSeat]) -> str | None:
    payload: dict[str, Any] = {"seats": [asdict(s) for s in seats]}
    try:
        write_json_atomic(folder(data_dir) / FILE, payload)
    except OSError as err:
        return str(err)
    return None


SERVER_FILE = "server.json"
DEFAULT_SERVER = "ws://127.0.0.1:8765"


def last_server(data_dir: Path) -> str:
    """The server address used last (the default the first time)."""
    try:
        data = safe_json.read_json(folder(data_dir) / SERVER_FILE)
    except (OSError, ValueError):
        return DEFAULT_SERVER
    url = data.get("url") if isinstance(data, dict) else None
    if isinstance(url, str) and "#" in url:  # a share link kept by an earlier version
        url = url.partition("#")[0].rstrip("/")
    return url if isinstance(url, str) and url else DEFAULT_SERVER


def last_name(data_dir: Path) -> str | None:
    """The name this player gave last when hosting or joining (None: none yet)."""
    try:
        data = safe_json.read_json(folder(data_dir) / SERVER_FILE)
    except (OSError, ValueError):
        return None
    name = data.get("name") if isinstance(data, dict) else None
    return name.strip() or None if isinstance(name, str) else None


def hosts_here(data_dir: Path) -> bool:
    """Whether Host offers this computer first: as chosen last time there, else when no
    other server than the default was ever used."""
    try:
        data = safe_json.read_json(folder(data_dir) / SERVER_FILE)
    except (OSError, ValueError):
        data = None
    here = data.get("here") if isinstance(data, dict) else None
    return here if isinstance(here, bool) else last_server(data_dir) == DEFAULT_SERVER


def remember_server(
    data_dir: Path, url: str, name: str | None = None, here: bool | None = None
) -> None:
    """Keep the server's address (and the player's name, when given; and whether they host on
    this computer, when said) for next time."""
    kept: dict[str, Any] = {"url": url}
    name = (name or "").strip() or last_name(data_dir)
    if name:
        kept["name"] = name
    if here is None:
        with contextlib.suppress(OSError, ValueError):
            data = safe_json.read_json(folder(data_dir) / SERVER_FILE)
            if isinstance(data, dict) and isinstance(data.get("here"), bool):
                here = data["here"]
    if here is not None:
        kept["here"] = here
    with contextlib.suppress(OSError):  # only a convenience
        write_json_atomic(folder(data_dir) / SERVER_FILE, kept)
