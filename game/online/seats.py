"""A server table's seats as stored: who holds which (a token's hash), when a seat's player
left, and which seats a computer plays. Each change is stored, and the store's word is the
rule: a seat is given away only once the database knows of it.

A table holds one `Seats` (its row's seats, the store, the clock) and decides what follows a
change (a computer made or let go, the seats told, the state dealt again under a new name);
the checks on who may take, resume or hand over a seat are here, each refusal a `TableError`.
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
from collections.abc import Callable, Collection
from typing import Any

from . import protocol as p
from .names import clean_name, shown_name, token_hash, token_matches
from .rows import SeatRow, StoreUnavailable, TableRow
from .store import Store

log = logging.getLogger("game.online")


class TableError(Exception):
    """A request a table refuses: sent back as an `error` with this code and message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Seats:
    def __init__(self, row: TableRow, store: Store, clock: Callable[[], float]) -> None:
        self.row = row  # the table's (its seats are changed in place)
        self.code = row.code
        self.store = store
        self.clock = clock

    def seat(self, seat: int) -> SeatRow:
        if not 0 <= seat < len(self.row.seats):
            raise TableError("no_such_seat", f"table {self.code} has no seat {seat}")
        return self.row.seats[seat]

    def held(self, seat: int | None, token: str) -> SeatRow | None:
        """The seat this token holds (the one asked for, or any), if it holds one."""
        for held in self.row.seats:
            if (seat is None or held.seat == seat) and token_matches(token, held.token_hash):
                return held
        return None

    def take(self, seat: int | None, token: str | None, name: str | None) -> tuple[int, str, bool]:
        """Give a free human seat (the one asked for, or the first) to this token (None: a new
        one), under the taker's own `name` if they gave one: (seat, token, whether the seat
        was renamed)."""
        if seat is None:
            free = [s.seat for s in self.row.seats if s.kind == "human" and s.token_hash is None]
            if not free:
                raise TableError("no_free_seat", f"table {self.code} has no free seat")
            seat = free[0]
        row = self.seat(seat)
        if row.kind != "human" or row.token_hash is not None:
            raise TableError("seat_taken", f"seat {seat} is not free")
        token = token or secrets.token_urlsafe(16)
        named = clean_name(name)
        if named is None or named == row.name:
            self._store(row, token_hash=token_hash(token), left_at=None)
            return seat, token, False
        self._store(row, token_hash=token_hash(token), left_at=None, name=named)
        return seat, token, True

    def _store(self, row: SeatRow, **changes: Any) -> None:
        """Store the seat with these changes, then make them here (a failed write changes
        nothing: no seat is given away that the database does not know of)."""
        self.store.update_seat(self.code, dataclasses.replace(row, **changes))
        for name, value in changes.items():
            setattr(row, name, value)

    def resume(self, seat: int, token: str) -> None:
        """A player back with their token: the seat is a human's again."""
        row = self.seat(seat)
        if not token_matches(token, row.token_hash):
            raise TableError("bad_token", "that token does not hold that seat")
        self._store(row, kind="human", left_at=None)

    def hand_over(
        self,
        host_token: str,
        seat: int,
        level: str,
        levels: Collection[str],
        here: bool,
        keep_human: bool = True,
    ) -> SeatRow:
        """The host gives a seat whose player has been away longer than the hold (or that
        nobody took) to a computer of one of the game's `levels` (`here`: the seat's player
        is connected, and keeps it): the seat, a computer's now. `keep_human`: the table's
        last human seat stays a human's (`last_human`: no table of computers alone)."""
        if not token_matches(host_token, self.row.host_hash):
            raise TableError("not_host", "only the host may hand a seat to a computer")
        row = self.seat(seat)
        if level not in levels:
            raise TableError("bad_level", f"no computer level {level!r}")
        if row.kind != "human":
            raise TableError("not_human", f"seat {seat} is already a computer")
        if keep_human and not any(s.kind == "human" for s in self.row.seats if s is not row):
            raise TableError(
                "last_human",
                f"seat {seat} is the table's last human seat: a table keeps one for a person",
            )
        if here:
            raise TableError("seat_connected", f"seat {seat}'s player is here")
        if row.token_hash is not None:
            away = self.clock() - (row.left_at if row.left_at is not None else self.clock())
            if row.left_at is None or away < self.row.hold:
                raise TableError(
                    "held",
                    f"seat {seat} is held for its player ({self.row.hold:.0f} s after they leave)",
                )
        row.kind, row.level = "computer", level
        self.store.update_seat(self.code, row)
        return row

    def left(self, seat: int) -> None:
        """The last connection holding this seat closed: a human seat's hold starts now."""
        row = self.row.seats[seat]
        if row.kind == "human":
            row.left_at = self.clock()
            try:
                self.store.update_seat(self.code, row)
            except StoreUnavailable as err:  # the hold is counted here all the same
                log.warning("table %s: seat %d's leaving not stored: %s", self.code, seat, err)


def seat_infos(row: TableRow, connected: Collection[int]) -> list[p.SeatInfo]:
    """A table's seats as clients are told them (`connected`: the seats someone holds here)."""
    return [
        p.SeatInfo(
            shown_name(s.name),
            s.kind,
            s.level,
            s.kind == "human" and s.token_hash is None,
            s.seat in connected,
        )
        for s in row.seats
    ]


def humans(row: TableRow) -> int:
    """The table's human seats (taken, free or held for a player who left)."""
    return sum(1 for s in row.seats if s.kind == "human")


def proves_token(row: TableRow, message: p.ClientMessage) -> bool:
    """Whether a look-up carries the token it needs for this table: a `resume` or `rematch`
    its seat's, a `hand_over` the host's (such a look-up is never slowed nor cut off: it is
    a player's own, not a guess)."""
    if isinstance(message, p.Resume | p.Rematch):
        seats = row.seats
        return 0 <= message.seat < len(seats) and token_matches(
            message.token, seats[message.seat].token_hash
        )
    if isinstance(message, p.HandOver):
        return token_matches(message.host_token, row.host_hash)
    return False
