"""Server processes on one PostgreSQL database talk through LISTEN/NOTIFY (psycopg 3's async
notifies): a client may stay on any process, whichever one owns its table.

Three channels, each payload one small JSON object (PostgreSQL caps a payload at 8000 bytes):

- `online_req`: a process passes on a request of one of its clients for a table it does not
  own (`{"from": process, "conn": client, "code": table, "msg": the client's message, ...}`);
  the owner (whoever holds the table now) answers it as if the client were its own.
- `online_rep`: the owner's answers to that client (`ack`, `refused`, `seated`, `error`),
  addressed to the asking process (`{"to": process, "conn": client, "text": message}`).
- `online_tab`: the owner's word that a table changed (`{"code", "version", "seats"}`, and
  after a step `"row"`: the action it just stored): every process following the table plays
  that action (or, behind by more, reads its new actions from the database) and sends each of
  its clients its own view and redacted events.
The notices waiting to be sent go in one statement (one round trip for many). Every process
hears every notice; each payload starts with what says whom it is for (`"to"` for a reply,
`"code"` for the others), so a process passes over, undecoded, the replies to another and the
notices of tables it neither owns (requests) nor follows (changes).

Listening takes a connection of its own (psycopg's `notifies()` holds the connection it reads),
notifying another; a lost connection is opened again with backoff (notices sent meanwhile are
lost: requests are sent again by their senders, and a table's followers read every action
stored since their last, whatever the notice said).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable, Mapping

import psycopg
from psycopg.rows import TupleRow

from .codec import JSON
from .rows import StoreUnavailable

log = logging.getLogger("game.online")

REQUESTS = "online_req"
REPLIES = "online_rep"
CHANGES = "online_tab"
CHANNELS = (REQUESTS, REPLIES, CHANGES)
MAX_PAYLOAD = 7900  # bytes: PostgreSQL refuses a NOTIFY payload of 8000 or more
MAX_BACKOFF = 5.0
MAX_BATCH = 500  # notices sent in one statement

Handler = Callable[[str, dict[str, JSON]], Awaitable[None]]
Filter = Callable[[str, str], bool]


class Relay:
    """This process's two connections to the shared database's notices."""

    def __init__(self, url: str, on_notice: Handler, wanted: Filter | None = None) -> None:
        self.url = url
        self.name = secrets.token_hex(6)  # this process, in `from` and `to`
        self.on_notice = on_notice  # (channel, payload), awaited one at a time, in order
        # (channel, payload text) -> whether it is for this process at all: every process
        # hears every notice, and most are for another (its replies, its tables' requests,
        # tables nobody here follows), so they are passed over without decoding them
        self.wanted = wanted
        self.outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self.tasks: list[asyncio.Task[None]] = []
        self.listening = asyncio.Event()
        self.sent = 0
        self.heard = 0

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self.tasks = [loop.create_task(self._listen()), loop.create_task(self._send_loop())]

    def stop(self) -> None:
        for task in self.tasks:
            task.cancel()

    def send(self, channel: str, payload: Mapping[str, JSON]) -> bool:
        """Queue a notice (sent in order); False if it is too big to send."""
        text = json.dumps(payload, separators=(",", ":"))
        if len(text.encode("utf-8")) > MAX_PAYLOAD:
            log.warning("a %s notice of %d bytes is too big to send", channel, len(text))
            return False
        self.outbox.put_nowait((channel, text))
        return True

    async def _connect(self) -> psycopg.AsyncConnection[TupleRow]:
        return await psycopg.AsyncConnection.connect(self.url, autocommit=True, connect_timeout=10)

    async def _listen(self) -> None:
        backoff = 0.1
        while True:
            conn: psycopg.AsyncConnection[TupleRow] | None = None
            try:
                conn = await self._connect()
                for channel in CHANNELS:
                    await conn.execute(f"LISTEN {channel}")
                self.listening.set()
                backoff = 0.1
                async for notice in conn.notifies():
                    self.heard += 1
                    if self.wanted is not None and not self.wanted(notice.channel, notice.payload):
                        continue
                    try:
                        await self.on_notice(notice.channel, json.loads(notice.payload))
                    except StoreUnavailable as err:  # its table's followers read it later
                        log.warning("a %s notice waits for the database: %s", notice.channel, err)
                    except Exception:  # one bad notice never stops the relay
                        log.exception("a %s notice failed", notice.channel)
            except (psycopg.Error, OSError):
                log.warning("the relay's listening connection dropped; opening it again")
            finally:
                self.listening.clear()
                if conn is not None:
                    with contextlib.suppress(Exception):
                        await conn.close()
            await asyncio.sleep(backoff)
            backoff = min(MAX_BACKOFF, backoff * 2)

    async def _send_loop(self) -> None:
        conn: psycopg.AsyncConnection[TupleRow] | None = None
        try:
            while True:
                batch = [await self.outbox.get()]
                while not self.outbox.empty() and len(batch) < MAX_BATCH:
                    batch.append(self.outbox.get_nowait())
                channels, texts = [c for c, _ in batch], [t for _, t in batch]
                for attempt in (1, 2, 3):
                    try:
                        if conn is None or conn.closed:
                            conn = await self._connect()
                        # every notice waiting, in one round trip: one transaction, whose
                        # notices arrive in the order sent (unnest reads the arrays in order;
                        # two alike in one transaction arrive once: a resent request or its
                        # answer twice, which says nothing more)
                        await conn.execute(
                            # (binary arrays, %b: in text form every quote of the JSON was
                            # escaped by a regular expression, the largest part of a send)
                            "SELECT pg_notify(c, t) FROM unnest(%b::text[], %b::text[]) AS n(c, t)",
                            (channels, texts),
                        )
                        self.sent += len(batch)
                        break
                    except (psycopg.Error, OSError):
                        conn = None
                        if attempt == 3:
                            log.warning("%d notices could not be sent", len(batch))
                        else:
                            await asyncio.sleep(0.2 * attempt)
        finally:
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()
