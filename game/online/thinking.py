"""The server's thinking places, handed to its computers in turns (`Thinking`): round-robin over
the addresses that opened the tables, then over each address's tables, then over each table's
seats waiting to think. A table's next decision so waits for at most one decision of each
other table (one address with eight tables of computers gets no more turns than an address
with one), where a single queue for the whole server made an honest table wait behind every
decision of every attacker's table (issue 71).

A table thinks one decision at a time: its other seats wait until that one is done (a move
thought while another seat's move was applied is thought again, the table having moved on,
so a second place would be wasted). An entry whose decision is no longer wanted when its turn
comes (the table moved on, its seat was taken back, the table was let go) is dropped, not
thought. An idle server hands a place out at once.

It names no game and holds no table: an owner and a table are strings (an address and a table
code), a seat a number, and whether a decision is still wanted a function of the caller's.
Everything here runs on the server's event loop; the thinking itself is the caller's (in a
worker thread, while it holds its place).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
import time
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import NamedTuple

log = logging.getLogger("game.online")

SERVED_KEPT = 4096  # the latest decisions handed a place, kept for the tests and the operator
#: Seconds a thread runs Python before another waiting for the interpreter gets it (Python's
#: default is 5 ms): the event loop, woken by a client's action, waits for it behind the
#: computers thinking in worker threads. At 1 ms an honest move's round trip took a third as
#: long (median; p95 0.4 times) with 64 tables of Hard computers playing, measured with
#: bench/abuse_computers.py.
SWITCH_SECONDS = 0.001


def share_the_interpreter() -> None:
    """Let the event loop have the interpreter sooner while computers think in threads
    (`SWITCH_SECONDS`; never a longer interval than the process has)."""
    sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_SECONDS))


class Served(NamedTuple):
    """One decision handed a place: the `number`th handed out (from 0), `since` how many had
    been handed out when it could first have had one (queued, and its table's previous
    decision over), and whose it was."""

    number: int
    since: int
    owner: str
    table: str
    seat: int


class Place:
    """A decision's thinking place, held until `thought()` (said once; again is nothing)."""

    __slots__ = ("_give_back",)

    def __init__(self, give_back: Callable[[], None] | None) -> None:
        self._give_back = give_back

    def thought(self) -> None:
        give_back, self._give_back = self._give_back, None
        if give_back is not None:
            give_back()


@dataclass
class _Entry:
    """A seat waiting for a place: told True (a place is its) or False (dropped)."""

    owner: str
    table: str
    seat: int
    wanted: Callable[[], bool]
    answer: asyncio.Future[bool]
    queued: float  # the clock when it was queued
    since: int  # the places handed out when it could first have had one


class Thinking:
    """`places` thinking places handed out in turns (the module's docstring). `on_wait` is told
    each wait from queued to a place, in seconds (the server's metrics)."""

    def __init__(
        self, places: int, clock: Callable[[], float] = time.monotonic, kept: int = SERVED_KEPT
    ) -> None:
        self.places = max(1, places)
        self.clock = clock
        self.on_wait: Callable[[float], None] | None = None
        self.handed = 0  # places handed out since the server started
        self.dropped = 0  # entries dropped: no longer wanted when their turn came
        self.served: deque[Served] = deque(maxlen=kept)
        # owner -> its tables waiting, each -> its seats waiting; the first of each is next
        self._queue: OrderedDict[str, OrderedDict[str, OrderedDict[int, _Entry]]] = OrderedDict()
        self._held = 0  # places held: decisions being thought
        self._busy: set[str] = set()  # the tables with a decision under way (one each at most)

    # -- what the caller uses ----------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def turn(
        self, owner: str, table: str, seat: int, wanted: Callable[[], bool]
    ) -> AsyncIterator[Place | None]:
        """Wait for this seat's turn: a `Place` (think, then say `thought()`: the place is
        free for another table's decision, while this table's others wait until the block
        ends, its move applied), or None: the decision was no longer wanted when its turn came
        (or its table left the queue), and nothing is to be thought."""
        if not await self._wait(owner, table, seat, wanted):
            yield None
            return
        place = Place(self._give_back)
        try:
            yield place
        finally:
            place.thought()
            self._table_done(table)

    def leave(self, table: str, seat: int | None = None) -> None:
        """A table let go (or one of its seats taken back from its computer): its entries
        leave the queue at once, their waiters told False."""
        for tables in list(self._queue.values()):
            seats = tables.get(table)
            if seats is None:
                continue
            for entry in [e for s, e in seats.items() if seat is None or s == seat]:
                self._remove(entry)
                if not entry.answer.done():
                    entry.answer.set_result(False)

    @property
    def queued(self) -> int:
        """Decisions waiting for a place."""
        return sum(len(seats) for tables in self._queue.values() for seats in tables.values())

    @property
    def thinking(self) -> int:
        """Places held now (decisions being thought)."""
        return self._held

    # -- the queue ---------------------------------------------------------------------------
    async def _wait(self, owner: str, table: str, seat: int, wanted: Callable[[], bool]) -> bool:
        tables = self._queue.setdefault(owner, OrderedDict())
        seats = tables.setdefault(table, OrderedDict())
        if seat in seats:  # (one decision per seat at a time: the caller's loop is one)
            raise RuntimeError(f"table {table}: seat {seat} is queued already")
        answer: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        entry = _Entry(owner, table, seat, wanted, answer, self.clock(), self.handed)
        seats[seat] = entry
        self._hand_out()
        try:
            return await answer  # (at once when a place was free: a done future)
        except asyncio.CancelledError:
            if answer.done() and not answer.cancelled() and answer.result():
                self._give_back()  # handed a place just as its waiter was cancelled
                self._table_done(table)
            else:
                self._remove(entry)
            raise

    def _give_back(self) -> None:
        """A decision thought: its place is free for the next."""
        self._held -= 1
        self._hand_out()

    def _table_done(self, table: str) -> None:
        """A table's decision over (its move applied, or given up): its next may come."""
        self._busy.discard(table)
        for tables in self._queue.values():  # its seats waiting may have a place from now
            for entry in tables.get(table, {}).values():
                entry.since = self.handed
        self._hand_out()

    def _hand_out(self) -> None:
        """Hand the free places out in turns, dropping the entries no longer wanted."""
        while self._held < self.places:
            entry = self._next()
            if entry is None:
                return
            self._remove(entry)
            if entry.answer.done():  # (its waiter was cancelled)
                continue
            if not self._still_wanted(entry):
                self.dropped += 1
                entry.answer.set_result(False)
                continue
            self._held += 1
            self._busy.add(entry.table)
            self._rotate(entry.owner, entry.table)
            self.served.append(
                Served(self.handed, entry.since, entry.owner, entry.table, entry.seat)
            )
            self.handed += 1
            entry.answer.set_result(True)
            if self.on_wait is not None:
                self.on_wait(self.clock() - entry.queued)

    def _next(self) -> _Entry | None:
        """The first seat of the first table not thinking, of the first owner that has one."""
        for tables in self._queue.values():
            for table, seats in tables.items():
                if table not in self._busy:
                    return next(iter(seats.values()))
        return None

    @staticmethod
    def _still_wanted(entry: _Entry) -> bool:
        try:
            return entry.wanted()
        except Exception:  # (the caller's check failed: nothing to think, and said once)
            log.exception("table %s: whether seat %d still thinks failed", entry.table, entry.seat)
            return False

    def _rotate(self, owner: str, table: str) -> None:
        """After a turn: the table goes behind its owner's others, the owner behind the
        others (each only if it still has seats waiting)."""
        tables = self._queue.get(owner)
        if tables is None:
            return
        if table in tables:
            tables.move_to_end(table)
        self._queue.move_to_end(owner)

    def _remove(self, entry: _Entry) -> None:
        """The entry out of the queue (if it is there), its table and owner with it once
        they have nothing waiting; their places in the turns stay as they were otherwise."""
        tables = self._queue.get(entry.owner)
        seats = tables.get(entry.table) if tables is not None else None
        if tables is None or seats is None or seats.get(entry.seat) is not entry:
            return
        del seats[entry.seat]
        if not seats:
            del tables[entry.table]
        if not tables:
            del self._queue[entry.owner]
