"""The daily deal's seed and the record's `daily` field, for any game (by its id): what a
game's records check (`check_daily`), with no words, so rules may import it.

The seed is the records' contract (GAME-RECORD.md, BLANCO-RECORD.md): the first 6 bytes,
big-endian, of SHA-256 of the UTF-8 text `<game id>/daily/YYYY-MM-DD`, so any program deals the
same cards on the same date. `game.core.daily` adds today's date and the line a player shares.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from datetime import date
from typing import TYPE_CHECKING

from game.core.game import RecordError

if TYPE_CHECKING:
    from game.core.safe_json import JSON

FIELD = "daily"  # the record's field: the date, "YYYY-MM-DD"
PRACTICE_FIELD = "daily_practice"  # our own field: a later game of that day (it does not count)
_DAY_TEXT = re.compile(r"\d{4}-\d{2}-\d{2}\Z", re.ASCII)


def parse_day(text: object) -> date | None:
    """The date a "YYYY-MM-DD" text names; None when it is not that shape or not a real day."""
    if not isinstance(text, str) or not _DAY_TEXT.match(text):
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:  # 2026-02-30
        return None


def daily_seed(game_id: str, day: date | str) -> int:
    """The daily deal's seed of `game_id` on `day` (the records' contract)."""
    text = day.isoformat() if isinstance(day, date) else day
    digest = hashlib.sha256(f"{game_id}/daily/{text}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def check_daily(record: Mapping[str, JSON], game_id: str, seed: int) -> str | None:
    """A record's `daily` date once it is checked against its seed (None: not a daily deal).
    RecordError (the contract's one line) when it is not a date, not a real one, or the seed is
    not that date's daily seed."""
    if FIELD not in record:
        return None
    value = record[FIELD]
    if not isinstance(value, str) or not _DAY_TEXT.match(value):
        raise RecordError('daily must be a date "YYYY-MM-DD"')
    if parse_day(value) is None:
        raise RecordError(f"daily: {value} is not a real date")
    if seed != daily_seed(game_id, value):
        raise RecordError(f"not the daily deal of {value}")
    return value
