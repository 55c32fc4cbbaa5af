"""Which online tables wait for a seat this app keeps (online/seats.json), asked of their
servers off the frame loop. No pygame.

`tables_waiting` watches each kept table once (one connection per server, short timeouts) and
reads its `state`: a table whose `waiting` holds our seat, and which is not over, waits for us.
`TurnWatcher` asks that in a daemon thread at once and then every `every` seconds, until
closed; the title's line ("Your turn at 2 online tables") reads its `count()`.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Iterable
from itertools import groupby

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.online import protocol as p
from game.online.tls import UntrustedCertificate, open_connection

from .seats_file import HeldSeat

TIMEOUT = 3.0  # seconds a server may take to answer: a slow one is asked again next time
EVERY = 30.0  # seconds between two rounds of questions
MAX_FOLLOW = 3  # `elsewhere` answers followed for one table (several servers)
TableKey = tuple[str, str]  # (server address, table code)


async def _state_of(ws: ClientConnection, table: str) -> p.State | str:
    """The table's state as a watcher gets it, or where else to ask (`elsewhere`'s address)."""
    await ws.send(p.encode(p.Watch(table)))
    while True:
        message = p.decode_server(await asyncio.wait_for(ws.recv(), TIMEOUT))
        if isinstance(message, p.State) and message.table == table:
            return message
        if isinstance(message, p.Error):
            if message.code == "elsewhere" and message.message.startswith("ws"):
                return message.message
            raise LookupError(message.code)


#: What asking a server may end in, besides an answer: not known now, asked again later.
UNANSWERED = (
    OSError,
    TimeoutError,
    ConnectionClosed,
    InvalidHandshake,
    InvalidURI,
    LookupError,
    p.BadMessage,
    UntrustedCertificate,  # (the table's screen asks the user; a probe only stays quiet)
)


async def watched_state(url: str, table: str) -> p.State | None:
    """The table's state as a watcher gets it, asked of `url` and of the process it names if
    another serves the table (None after MAX_FOLLOW such answers); UNANSWERED errors raise."""
    where = url
    for _ in range(MAX_FOLLOW):
        async with await open_connection(where, open_timeout=TIMEOUT, close_timeout=1) as ws:
            state = await _state_of(ws, table)
        if not isinstance(state, str):
            return state
        where = state  # another process serves it: ask there
    return None


async def _ask_server(url: str, seats: list[HeldSeat]) -> set[TableKey]:
    """The tables of `seats` (all on the server `url`) that wait for their seat."""
    waiting: set[TableKey] = set()
    for seat in seats:
        try:
            state = await watched_state(url, seat.table)
        except UNANSWERED:
            continue  # not known now: asked again next round
        if state is not None and seat.seat in state.waiting and not state.over:
            waiting.add((seat.url, seat.table))
    return waiting


async def tables_waiting(seats: Iterable[HeldSeat]) -> set[TableKey]:
    """Every kept table whose server says it waits for our seat there (servers asked at once;
    one unreachable or slow server leaves out only its own tables)."""
    by_url = sorted(seats, key=lambda s: s.url)
    rounds = [_ask_server(url, list(group)) for url, group in groupby(by_url, key=lambda s: s.url)]
    waiting: set[TableKey] = set()
    for found in await asyncio.gather(*rounds):
        waiting |= found
    return waiting


class TurnWatcher:
    """Asks, in a daemon thread, whether the kept seats' tables wait for us: at once, then every
    `every` seconds. Nothing here blocks the caller; `close()` ends the thread's loop."""

    def __init__(self, seats: list[HeldSeat], every: float = EVERY) -> None:
        self.seats = list(seats)
        self.every = every
        self._waiting: set[TableKey] = set()
        self._rounds = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True, name="turn-watcher")
        self.thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            found: set[TableKey] = set()
            with contextlib.suppress(Exception):  # a round that failed says nothing new
                found = asyncio.run(tables_waiting(self.seats))
            with self._lock:
                self._waiting = found
                self._rounds += 1
            self._stop.wait(self.every)

    def waiting(self) -> set[TableKey]:
        with self._lock:
            return set(self._waiting)

    def count(self) -> int:
        with self._lock:
            return len(self._waiting)

    def rounds(self) -> int:
        """How many rounds of questions have finished (tests wait on it)."""
        with self._lock:
            return self._rounds

    def close(self) -> None:
        self._stop.set()


class TableProbe:
    """Whether a table is there yet (a rematch, which whichever of its players asks first
    makes), asked in a daemon thread every `every` seconds until it is or `close()`:
    `on_found(state)` is called once, from that thread, with the table's state as a watcher
    sees it."""

    EVERY = 3.0  # seconds between two questions: a person at the end screen waits this long

    def __init__(self, url: str, table: str, on_found: Callable[[p.State], None]) -> None:
        self.url, self.table, self.on_found, self.every = url, table, on_found, self.EVERY
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True, name="table-probe")
        self.thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            state = None
            with contextlib.suppress(Exception):  # not there (yet), or not reachable now
                state = asyncio.run(watched_state(self.url, self.table))
            if state is not None and not self._stop.is_set():
                self.on_found(state)
                return
            self._stop.wait(self.every)

    def close(self) -> None:
        self._stop.set()
