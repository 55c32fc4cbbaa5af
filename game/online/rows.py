"""A stored table as the stores hand it over: its header and seats, and its actions (shared by
store.py and pg_store.py, so neither imports the other at load time)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import msgspec

if TYPE_CHECKING:
    from .protocol import JSON


@dataclass
class SeatRow:
    seat: int
    name: str
    kind: str  # "human" or "computer"
    level: str | None = None  # a computer's level (kept when the seat is handed back)
    token_hash: str | None = None  # None: nobody has taken the seat yet
    left_at: float | None = None  # when its player's last connection closed


@dataclass
class ActionRow:
    n: int  # the action's place in the table's order, from 0
    seat: int
    action_id: str
    action: dict[str, JSON]  # the action's wire JSON
    version: int  # the table's version once it was applied
    at: float


@dataclass
class TableRow:
    code: str
    game: str
    seed: int
    options: dict[str, JSON] | None
    host_hash: str
    hold: float
    created: float
    finished: float | None = None
    seats: list[SeatRow] = field(default_factory=list)
    # the commitment's salt (game.core.commitment): the record reveals it once the game is
    # over; None for a table made before commitments (its record has no `commit`)
    salt: str | None = None


def table_rows(tables: Sequence[Sequence[Any]], seats: Sequence[Sequence[Any]]) -> list[TableRow]:
    """Both stores' `tables` query rows (code, game, seed, options JSON, host hash, hold,
    created, finished, salt) with their `seats` rows (code first, then SeatRow's fields). The
    seed is stored as decimal text (SQLite) or NUMERIC (PostgreSQL): 128 bits pass neither
    store's 64-bit integers."""
    by_code: dict[str, list[SeatRow]] = {}
    for code, *rest in seats:
        by_code.setdefault(code, []).append(SeatRow(*rest))
    return [
        TableRow(
            code,
            game,
            int(seed),
            json.loads(options),
            host,
            hold,
            created,
            finished,
            by_code.get(code, []),
            salt,
        )
        for code, game, seed, options, host, hold, created, finished, salt in tables
    ]


#: The tables `delete_old` deletes (four times the same time, %s): finished before it, or
#: unfinished with nothing done since it (made before, no action and no player leaving after).
OLD_TABLES = """
SELECT code FROM tables t WHERE (finished IS NOT NULL AND finished < %s)
OR (finished IS NULL AND created < %s
    AND NOT EXISTS (SELECT 1 FROM actions a WHERE a.code = t.code AND a.at >= %s)
    AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.code = t.code AND s.left_at >= %s))
"""


class StoreUnavailable(OSError):
    """The database cannot be reached just now (it restarts, the network dropped): nothing was
    written, and the same call may be made again later."""


class TablesLost(Exception):
    """Some tables' actions were not written: after its database connection came back, this
    process could not take their ownership back (another process serves them now)."""

    def __init__(self, codes: set[str]) -> None:
        super().__init__(f"tables served elsewhere now: {', '.join(sorted(codes))}")
        self.codes = codes


_json = msgspec.json.Encoder()


def action_json(action: dict[str, JSON]) -> str:
    """An action's JSON as stored: compact, by msgspec (json.dumps took a good part of a
    batch's commit time; the text reads back the same)."""
    return _json.encode(action).decode("utf-8")
