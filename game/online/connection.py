"""One client's line on the server: its rate limit (a token bucket), its outgoing frames and
how a slow or vanished client is cut.

What goes out is written at once while the client's buffer has room, else queued and written
by the connection's own task, so a slow client never holds a table up: one that falls too far
behind (MAX_QUEUE frames or MAX_QUEUE_BYTES waiting, or one frame unwritten for SEND_TIMEOUT
seconds) is dropped at once, and it resumes to a fresh `state`. A client quiet for the ping
interval is pinged; one whose pong does not come in time is dropped (its line dead, its
process stopped). The server looks at every connection a few times a second (`check`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Protocol

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State as WsState

from . import protocol as p
from .mirror import TableOrMirror
from .rows import StoreUnavailable
from .seating import Seating
from .tables import WATCHER, TableError
from .writes import Corked, writable

log = logging.getLogger("game.online")

MAX_QUEUE = 2000  # frames waiting for a slow client before it is dropped...
MAX_QUEUE_BYTES = 8 * 1024 * 1024  # ...or bytes (a 12-seat table's views are big)
SEND_TIMEOUT = 10.0  # seconds one frame may wait to be written: longer, the client is dropped
CORKED = Corked()  # the frames of this turn of the loop, written at its end


class TokenBucket:
    def __init__(
        self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = burst
        self.last = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Connection:
    """One client: its outgoing queue, rate limit, bad-message count and seat."""

    def __init__(self, ws: ServerConnection, rate: float = p.RATE, address: str = "") -> None:
        self.ws = ws
        self.address = address  # where it comes from (limits.address_of: what limits count)
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.bucket = TokenBucket(rate, 2 * rate)
        self.bad = 0
        self.opened = 0
        self.table: TableOrMirror | None = None
        self.seat = WATCHER
        # Several servers: this client as the owner of a table elsewhere knows it (relay.py)
        self.key = secrets.token_hex(6)
        self.token: str | None = None  # its seat's token (the owner may ask again)
        self.pending: p.Act | None = None  # an action passed on, not answered yet...
        self.pending_at = 0.0  # ...since then
        self.seating: Seating | None = None  # a join or resume passed on, not answered yet
        self.said_at = -p.SAY_EVERY  # when it last said a phrase (monotonic)
        self.queued_bytes = 0
        self.dropped = False
        self.writing_since: float | None = None  # a frame being written since (the watchdog)
        self.heard_at = asyncio.get_running_loop().time()  # its last message (or pong)
        self.free_since: float | None = self.heard_at  # at no table since (None: at one)
        self.closing = False  # being closed by the server (idle, cut off)
        self.ping: asyncio.Task[Awaitable[float]] | None = None  # a ping sent, its pong awaited
        self.ping_at = 0.0

    def send(self, text: str) -> None:
        if self.dropped:
            return
        if self.writing_since is None and self.queue.empty() and writable(self.ws):
            # Nothing waits before it and the client's buffer has room: framed now and
            # written at the end of this turn with whatever else it is sent in it (a step's
            # state and its ack: one write), not through the queue and the writer (most
            # frames). Once the buffer is full, frames queue.
            CORKED.send(self.ws, text.encode())
            return
        if self.queue.qsize() >= MAX_QUEUE or self.queued_bytes + len(text) > MAX_QUEUE_BYTES:
            self.drop(f"it fell {self.queue.qsize()} frames behind")
            return
        self.queued_bytes += len(text)
        self.queue.put_nowait(text)

    def drop(self, why: str) -> None:
        """Cut a client that is not reading: what waits for it is thrown away, and no closing
        handshake is waited for (it would wait behind the frames it does not read). Its
        handler sees the line closed and leaves the table; the client resumes to a fresh
        `state` (its views are snapshots: nothing it missed is needed)."""
        if self.dropped:
            return
        self.dropped = True
        log.warning("dropped a client: %s", why)
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queued_bytes = 0
        self.queue.put_nowait(None)  # the writer stops
        self.ws.transport.abort()

    async def write_loop(self) -> None:
        """Write what is queued, in order. A frame that cannot be written (the client's
        buffers are full) is timed by `GameServer.watch_writes`, not by a timer per frame:
        nearly every frame is written at once, and a timer each would cost more than the
        write."""
        loop = asyncio.get_running_loop()
        ws, queue = self.ws, self.queue
        with contextlib.suppress(ConnectionClosed):
            while True:
                batch = [await queue.get()]
                while not queue.empty():  # (an ack and its state: one write for both)
                    batch.append(queue.get_nowait())
                last = batch.index(None) if None in batch else len(batch)
                self.writing_since = loop.time()
                # websockets' own `send`, for several frames at once: frame them all, then
                # write and wait for the client's buffer once (websockets is pinned)
                async with ws.send_context():
                    for text in batch[:last]:
                        assert text is not None
                        self.queued_bytes -= len(text)
                        ws.protocol.send_text(text.encode())
                self.writing_since = None
                if last < len(batch):
                    return

    def stalled(self, now: float) -> bool:
        """Whether a frame has waited SEND_TIMEOUT seconds to be written."""
        since = self.writing_since
        return since is not None and now - since >= SEND_TIMEOUT

    def keep_alive(self, now: float, interval: float, timeout: float) -> None:
        """Ping a client quiet for `interval` seconds; drop it if the pong takes longer than
        `timeout` (its line is dead, or its process stopped). A client that sends is not
        pinged: its messages show it is there (a busy server pings few of its clients)."""
        if self.ping is None:
            if now - self.heard_at >= interval and self.ws.protocol.state is WsState.OPEN:
                self.ping, self.ping_at = asyncio.ensure_future(self.ws.ping()), now
                self.ping.add_done_callback(_quietly)
            return
        if self.ping.done() and not self.ping.cancelled() and self.ping.exception() is None:
            pong = self.ping.result()
            if isinstance(pong, asyncio.Future) and pong.done():
                self.ping, self.heard_at = None, now
                return
        elif self.ping.done():  # the ping could not be sent: the connection is closing
            return
        if now - self.ping_at >= timeout:
            self.drop(f"no answer to a ping in {timeout:g} s")

    def check(self, now: float, interval: float | None, timeout: float) -> None:
        """Drop this client if one of its frames has waited SEND_TIMEOUT seconds to be
        written (its reader stalled); else ping it if it has been quiet (`keep_alive`)."""
        if self.stalled(now):
            self.drop(f"a frame waited {SEND_TIMEOUT:g} s to be written")
        elif interval is not None:
            self.keep_alive(now, interval, timeout)


def check_every(interval: float | None, timeout: float) -> float:
    """How often `Connection.check` is to be called: often enough for the send timeout and
    the pings to be kept to within a fraction."""
    return min(1.0, SEND_TIMEOUT / 4, *[t / 2 for t in (interval, timeout) if t])


def _quietly(task: asyncio.Task[object]) -> None:
    """A ping that could not be sent (the connection closing) is no news."""
    if not task.cancelled():
        task.exception()


UNAVAILABLE = p.Error("unavailable", "the server's database is away: try again in a moment")


class Answered(Protocol):
    """Whoever asked: told in one line when the request failed."""

    def send(self, text: str) -> None: ...


@contextlib.contextmanager
def failures_answered(
    client: Answered, what: str, refused: Callable[[str], None] | None = None
) -> Iterator[None]:
    """A request served inside: a refusal (TableError), the database away (the client asks
    again; the reference one does) or a bug in one table, told to `client` as an error and
    logged as `what` ("a Join message", "a relayed request"), never raised: one table's
    trouble never takes the server or the connection down. `refused` is told each refusal's
    code (the server counts failed look-ups)."""
    try:
        yield
    except TableError as err:
        client.send(p.encode(p.Error(err.code, err.message)))
        if refused is not None:
            refused(err.code)
    except StoreUnavailable as err:
        log.warning("%s waits for the database: %s", what, err)
        client.send(p.encode(UNAVAILABLE))
    except Exception:
        log.exception("%s failed", what)
        client.send(p.encode(p.Error("internal", "the server failed on that")))
