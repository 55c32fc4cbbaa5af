"""A seat's client for the online protocol (docs/PROTOCOL.md), and the headless
`python main.py --demo --online URL` that plays a whole table with one client per seat.

`SeatClient` opens a table, joins one by its code or resumes a seat by its token, then `play`s:
whenever its seat may act on a version it has not acted on, it asks `decide(view, seat)` (the
view rebuilt as the game's own object: the game's bots decide from it) and sends the action
with that version and a fresh action id. A dropped connection or a restarted server is met by
reconnecting (backoff with full jitter, its ceiling doubling up to 30 s), resuming the seat and
sending the unanswered action again with the same id: the server answers it once, never
applies it twice. What the server sends is hostile input like any other: capped per message
(MAX_FRAME, and the protocol's caps: protocol.decode_server).
"""

from __future__ import annotations

import asyncio
import json
import math
import random
import secrets
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.uri import parse_uri

from game.core.entry import Game

from . import protocol as p
from .codec import action_to_json, view_from_json, wire_of
from .tls import open_connection
from .writes import send_now

MAX_BACKOFF = 30.0
FIRST_BACKOFF = 0.1  # the first reconnect's ceiling (seconds); each further one doubles it
MAX_MOVES = 5  # `elsewhere` answers a join follows in a row before giving up
#: Addresses learned from `elsewhere` kept beside the ones a client was given (the oldest
#: learned one goes first): a server naming a new address each time grows nothing.
MAX_LEARNED = 4
#: The biggest frame a client takes from a server: the biggest honest `state` (a 12-seat Lucky
#: Box table at its end, its view holding the whole game's actions) is about 50 KB, its record
#: 35 KB; twenty times that. A bigger frame closes the connection (1009).
MAX_FRAME = 1024 * 1024
STORAGE_RETRY = 0.5  # seconds before an action the server could not store is sent again
KEEP_UNDER = 0.8  # a client keeps well under the server's rate limit (see `keep_under`)
#: Seconds a connection may take to open (the websocket handshake) before the link gives up on it.
OPEN_TIMEOUT = 10
# The reconnect delays' jitter: its own generator, so a client never moves the random module's
# shared state under other code (a game seeded from it, a test's generated examples).
_JITTER = random.Random()

Decide = Callable[[Any, int], Any]
M = TypeVar("M")
FrameHook = Callable[["SeatClient", str], None]
#: What turns a frame's text into a message (protocol.decode_server unless a client says).
Read = Callable[[str], p.ServerMessage]


def checked_address(address: str, current: str) -> str:
    """An `elsewhere` address a client may go to: ws:// or wss:// with a host and no user name,
    and never plain from a wss:// server (the seat's token would cross in the clear). Anything
    else is a message refused whole (protocol.BadMessage)."""
    try:
        uri = parse_uri(address)
    except InvalidURI as err:
        raise p.BadMessage("`elsewhere` names no server address") from err
    if uri.username is not None or uri.password is not None:
        raise p.BadMessage("`elsewhere` names an address with a user name")
    if current.startswith("wss://") and not uri.secure:
        raise p.BadMessage("`elsewhere` names a plain ws:// address from a wss:// server")
    return address


def backoff_ceiling(attempt: int, cap: float, first: float = FIRST_BACKOFF) -> float:
    """The most a reconnect waits before its `attempt`-th try (from 0): `first`, doubling
    each time, never past `cap`."""
    return min(cap, first * 2.0 ** min(attempt, 32))


def backoff_delay(attempt: int, cap: float, first: float = FIRST_BACKOFF) -> float:
    """A reconnect's wait before its `attempt`-th try: anywhere from 0 to its ceiling (full
    jitter), so that clients a server dropped together do not all come back together."""
    return _JITTER.uniform(0, backoff_ceiling(attempt, cap, first))


class ClientError(RuntimeError):
    """The server refused what this client asked for (its `error` or `refused` code)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.detail = message


class SeatClient:
    def __init__(
        self,
        url: str,
        game: Any,
        on_frame: FrameHook | None = None,
        max_backoff: float = MAX_BACKOFF,
        urls: list[str] | None = None,
        lazy_views: bool = False,
        read: Read | None = None,
    ) -> None:
        self.url = url
        self.read = read  # (None: protocol.decode_server)
        # views kept as their JSON text until `view()` asks (p.LazyState): for clients that
        # look at few of them (the bench's)
        self.lazy_views = lazy_views
        # every server address this client may use: a reconnect that fails moves to the next
        self.urls = list(urls) if urls else [url]
        self.given = len(self.urls)  # the first `given` of them; the rest learned (MAX_LEARNED)
        self.game = game
        # the protocol version this client speaks: every message that starts a conversation
        # says it, and the server's answer must say the same (a test stands for another build)
        self.protocol = p.PROTOCOL_VERSION
        self.on_frame = on_frame  # sees every raw frame the server sends (tests, logs)
        self.max_backoff = max_backoff
        self.ws: ClientConnection | None = None
        self.table: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.host_token: str | None = None
        self.version = -1
        self.view_json: p.JSON = None  # (a msgspec.Raw of it for a client with lazy views)
        self.waiting: list[int] = []
        self.over = False
        self.seats: list[p.SeatInfo] = []
        self.pending: p.Act | None = None
        self.acted_on = -1  # the last version this client chose an action against
        self.reconnects = 0
        self.acks: list[p.Ack] = []
        self.notices: list[p.Notice] = []  # the server's news (its database away and back)
        self.said: list[p.Said] = []  # the phrases said at its table
        # The deal's commitment H its table sent (verified later): the first one heard for the
        # table, the promise; a later one, changed or not, promises nothing more.
        self.commit: str | None = None
        self.commit_table: str | None = None  # the table `commit` is for
        self.rematch_table: str | None = None  # the code of its rematch, once the game is over
        self.retry_pending = False  # the pending action was not stored: send it again
        # The client's own token bucket (see `send`), under the usual limit until the server
        # says its own (`keep_under`); it starts full.
        self.rate = self.burst = self.allowance = math.inf
        self.keep_under(p.RATE)
        self.sent_at = time.monotonic()
        # the address this client connects from (None: the system's choice; tests and
        # benches stand for other machines with other addresses of 127.0.0.0/8)
        self.local_addr: tuple[str, int] | None = None
        self.id_prefix = secrets.token_hex(6) + "."  # this client's action ids: prefix + count
        self.actions_sent = 0

    # -- connection ---------------------------------------------------------------------------
    async def connect(self) -> None:
        # (no compression: the server offers none, it costs more CPU than the bytes it saves)
        # wss://: a certificate an authority vouches for, or the one the user trusted (tls.py)
        extra: dict[str, Any] = {"local_addr": self.local_addr} if self.local_addr else {}
        self.ws = await open_connection(
            self.url, max_size=MAX_FRAME, open_timeout=OPEN_TIMEOUT, compression=None, **extra
        )

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
            self.ws = None

    def drop(self) -> None:
        """Forget a line that failed, its socket closed at once: a dead line would not answer
        a closing handshake, and one merely forgotten stays open until collected."""
        if self.ws is not None:
            self.ws.transport.abort()
            self.ws = None

    def keep_under(self, rate: float) -> None:
        """Pace what this client sends under a server's limit of `rate` messages a second
        (bursts of twice that): at 0.8 of it, in bursts of half the server's."""
        self.rate, self.burst = rate * KEEP_UNDER, rate
        self.allowance = min(self.allowance, self.burst)

    async def send(self, message: p.ClientMessage) -> None:
        """Send, keeping under the server's rate limit (a fast bot waits its turn)."""
        if self.ws is None:
            raise ConnectionError("not connected")
        now = time.monotonic()
        self.allowance = min(self.burst, self.allowance + (now - self.sent_at) * self.rate)
        self.sent_at = now
        if self.allowance < 1:
            await asyncio.sleep((1 - self.allowance) / self.rate)
            self.allowance = 1.0
            self.sent_at = time.monotonic()
        self.allowance -= 1
        data = p.encode_bytes(message)
        if not send_now(self.ws, data):  # the line is busy: wait for room as websockets does
            await self.ws.send(data.decode("utf-8"))

    async def receive(self) -> p.ServerMessage:
        """The next message, after it has updated what this client knows."""
        if self.ws is None:
            raise ConnectionError("not connected")
        raw = await self.ws.recv()
        text = raw if isinstance(raw, str) else raw.decode("utf-8")
        if self.on_frame is not None:
            self.on_frame(self, text)
        if self.read is not None:
            message = self.read(text)
        else:
            message = p.decode_server(text, self.lazy_views)
        self._note(message)
        return message

    def _note(self, message: p.ServerMessage) -> None:
        if isinstance(message, p.State):
            self.version, self.view_json = message.version, message.view
            self.waiting, self.over, self.seats = message.waiting, message.over, message.seats
            if message.commit is not None and self.commit_table != message.table:
                self.commit, self.commit_table = message.commit, message.table
            if message.rematch is not None:
                self.rematch_table = message.rematch
        elif isinstance(message, p.Seats):
            self.seats = message.seats
        elif isinstance(message, p.Ack):
            self.acks.append(message)
            if self.pending is not None and message.id == self.pending.id:
                self.pending = None
        elif isinstance(message, p.Notice):
            self.notices.append(message)
        elif isinstance(message, p.Said):
            self.said.append(message)
        elif isinstance(message, p.Refused):
            if self.pending is not None and message.id == self.pending.id:
                if message.code == "storage":  # not stored: the same action again, soon
                    self.retry_pending = True
                    return
                self.pending = None
                if message.code != "stale":
                    raise ClientError(message.code, message.reason)
        elif isinstance(message, p.Opened | p.Seated | p.Watching) and (
            message.protocol != self.protocol
        ):
            raise ClientError(
                "version",
                f"{p.VERSION_LINE} (the server {message.protocol}, the game {self.protocol})",
            )
        elif isinstance(message, p.Opened):
            self.table, self.host_token = message.table, message.host_token
            self.keep_under(message.rate)
        elif isinstance(message, p.Seated):
            self.table, self.seat, self.token = message.table, message.seat, message.token
            self.keep_under(message.rate)
        elif isinstance(message, p.Watching):
            self.keep_under(message.rate)

    async def _until(self, *kinds: type[M]) -> M:
        """Read on until a message of one of these kinds; an `error` raises ClientError."""
        while True:
            message = await self.receive()
            if isinstance(message, p.Error):
                if message.code == "bad_message" and "`protocol`" in message.message:
                    # a server of version 1 knows no `protocol` field: it is older than this game
                    raise ClientError("version", p.VERSION_LINE)
                raise ClientError(message.code, message.message)
            if isinstance(message, kinds):
                return message

    # -- taking a seat ------------------------------------------------------------------------
    async def open(
        self,
        seats: list[p.SeatSpec],
        seed: int | None = None,
        options: dict[str, p.JSON] | None = None,
        sit: int | None = 0,
        hold: float = 300.0,
    ) -> str:
        """Open a table (and sit at `sit`): its code."""
        if self.ws is None:
            await self.connect()
        await self.send(p.Open(self.game.id, seats, seed, options, hold, sit, self.protocol))
        await self._until(p.Opened)
        if sit is not None:
            await self._until(p.Seated)
            await self._until(p.State)
        assert self.table is not None
        return self.table

    async def join(self, code: str, seat: int | None = None, name: str | None = None) -> int:
        """Take a free seat at the table with this code: the seat's number; `name`, the
        joiner's own, replaces the host's name for the seat. A server that does not hold the
        table names the one that does (`elsewhere`): the client goes there."""
        for _ in range(MAX_MOVES):
            if self.ws is None:
                await self.connect()
            await self.send(p.Join(code, seat, name, self.protocol))
            try:
                await self._until(p.Seated)
            except ClientError as err:
                if err.code != "elsewhere":
                    raise
                await self._move_to(err.detail)
                continue
            await self._until(p.State)
            assert self.seat is not None
            return self.seat
        raise ClientError("elsewhere", f"sent on more than {MAX_MOVES} times")

    async def _move_to(self, address: str) -> None:
        """Leave this server for the one that holds the table (an address checked first:
        `checked_address`)."""
        address = checked_address(address, self.url)
        await self.close()
        if address not in self.urls:
            self.urls.append(address)
            if len(self.urls) > self.given + MAX_LEARNED:
                del self.urls[self.given]
        self.url = address

    async def watch(self, code: str) -> None:
        if self.ws is None:
            await self.connect()
        await self.send(p.Watch(code, self.protocol))
        await self._until(p.Watching)
        await self._until(p.State)

    async def resume(self) -> None:
        """Take this client's seat back (its token) and resend the unanswered action."""
        assert self.table is not None and self.seat is not None and self.token is not None
        await self.connect()
        await self.send(p.Resume(self.table, self.seat, self.token, self.protocol))
        await self._until(p.Seated)
        await self._until(p.State)
        if self.pending is not None:
            await self.send(self.pending)

    async def rematch(self) -> str:
        """Once this seat's game is over: the same seat at the table's rematch (made by the
        first of its players to ask, found by the others), the same token taking it. The
        rematch's code; this client plays there from now on."""
        assert self.table is not None and self.seat is not None and self.token is not None
        table, seat, token = self.table, self.seat, self.token
        if self.ws is None:
            await self.connect()
        await self.send(p.Rematch(table, seat, token, self.protocol))
        try:
            await self._until(p.Seated)
        except ClientError as err:  # made on, or by, another server: taken back there
            if err.code not in ("elsewhere", "unavailable") or self.rematch_table is None:
                raise
            self.table = self.rematch_table  # (the code the finished table's state said)
            self.rematch_table = None
            await self.close()
            await self.reconnect()
            assert self.table is not None
            return self.table
        await self._until(p.State)
        self.rematch_table = None  # (the new table's own comes at its end)
        assert self.table is not None
        return self.table

    def commit_for(self, table: str) -> str | None:
        """The commitment the first `state` of `table` heard here carried (None: none did)."""
        return self.commit if self.commit_table == table else None

    async def reconnect(self) -> None:
        """Resume, retrying with backoff (`backoff_delay`: up to 0.1 s first, the ceiling
        doubling up to max_backoff) until it works. A server that sends the client elsewhere
        is followed at once the first time, and after the backoff from then on."""
        attempt = moves = 0
        while True:
            try:
                await self.resume()
                self.reconnects += 1
                return
            except (TimeoutError, OSError, ConnectionClosed, InvalidHandshake):
                self.drop()
                self._next_url()
            except ClientError as err:  # not here (another process holds it) or not yet
                if err.code not in ("elsewhere", "unavailable"):
                    raise
                if err.code == "elsewhere":
                    await self._move_to(err.detail)
                    moves += 1
                    if moves == 1:  # the usual one hop goes straight there; a server that
                        continue  # sends the client on and on is met at the backoff's pace
                else:
                    await self.close()
            await asyncio.sleep(backoff_delay(attempt, self.max_backoff))
            attempt += 1

    def _next_url(self) -> None:
        if self.url in self.urls and len(self.urls) > 1:
            self.url = self.urls[(self.urls.index(self.url) + 1) % len(self.urls)]

    async def say(self, phrase: str) -> None:
        """A phrase (protocol.PHRASES) to everyone at this client's table."""
        await self.send(p.Say(phrase))

    async def hand_over(self, seat: int, level: str = "normal") -> None:
        assert self.table is not None and self.host_token is not None
        await self.send(p.HandOver(self.table, self.host_token, seat, level))

    async def record(self) -> dict[str, p.JSON]:
        """The table's record (once the game is over)."""
        assert self.table is not None
        if self.ws is None:
            await self.reconnect()
        await self.send(p.GetRecord(self.table, self.protocol))
        message: p.Record = await self._until(p.Record)
        return message.record

    # -- playing ------------------------------------------------------------------------------
    def view(self) -> Any:
        """The last view the server sent, as the game's own object."""
        return view_from_json(wire_of(self.game), self.view_json)

    def may_act(self) -> bool:
        return (
            not self.over
            and self.seat in self.waiting
            and self.pending is None
            and self.acted_on != self.version
        )

    async def act(self, action: object) -> p.Act:
        """Send an action chosen against the current version."""
        obj = action_to_json(wire_of(self.game), action)
        self.actions_sent += 1  # this client's prefix and a count: unique, and no randomness
        self.pending = p.Act(self.version, f"{self.id_prefix}{self.actions_sent}", obj)
        self.acted_on = self.version
        await self.send(self.pending)
        return self.pending

    async def play(self, decide: Decide, pace: float = 0.0) -> None:
        """Play this seat until the game is over, reconnecting whenever the line drops."""
        while not self.over:
            try:
                if self.ws is None:
                    await self.reconnect()
                if self.retry_pending and self.pending is not None:
                    self.retry_pending = False
                    await asyncio.sleep(STORAGE_RETRY)
                    await self.send(self.pending)
                    continue
                if self.may_act():
                    assert self.seat is not None
                    if pace:
                        await asyncio.sleep(pace)
                    action = await asyncio.to_thread(decide, self.view(), self.seat)
                    await self.act(action)
                    continue
                message = await self.receive()
                if isinstance(message, p.Error):
                    raise ClientError(message.code, message.message)
            except (OSError, ConnectionClosed):
                self.drop()


# -- the headless demo -------------------------------------------------------------------------
async def play_table(
    url: str,
    game: Game[Any],
    players: int,
    level: str,
    seed: int | None,
    pace: float = 0.0,
    on_frame: FrameHook | None = None,
) -> tuple[list[SeatClient], dict[str, p.JSON]]:
    """One table played by `players` clients, each its own connection and bot: (the clients,
    the server's record). `seed` None: the server deals (a server refuses a chosen seed for a
    table of several people unless it was started with `--chosen-seeds`)."""
    clients = [SeatClient(url, game, on_frame) for _ in range(players)]
    seats = [p.SeatSpec(f"Player {i + 1}") for i in range(players)]
    code = await clients[0].open(seats, seed=seed, sit=0)
    for i, client in enumerate(clients[1:], start=1):
        await client.join(code, i)
    bots = [game.bots.make_bot(level, seed if seed is not None else 0, i) for i in range(players)]
    try:
        await asyncio.gather(*(c.play(bots[i].choose, pace) for i, c in enumerate(clients)))
        record = await clients[0].record()
    finally:
        for client in clients:
            await client.close()
    return clients, record


def demo(
    url: str,
    game: Game[Any],
    players: int,
    level: str,
    seed: int | None,
    speed: float,
    save_record: str | None,
) -> int:
    """`--demo --online URL`: play a whole table of `game` (the command line's choice) through
    the server; print its result."""
    from game.core import records

    if not game.rules.min_players <= players <= game.rules.max_players:
        print(
            f"{game.title} is for {game.rules.min_players} to {game.rules.max_players} players",
            file=sys.stderr,
        )
        return 2
    pace = 0.3 / speed if speed > 0 else 0.0
    try:
        clients, record = asyncio.run(play_table(url, game, players, level, seed, pace))
    except (OSError, InvalidHandshake) as err:
        print(f"cannot reach {url}: {err}", file=sys.stderr)
        return 2
    except ClientError as err:
        print(f"the server refused: {err}", file=sys.stderr)
        return 1
    if save_record:
        Path(save_record).write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    done = records.replay(record, game)
    summary = done.game.rules.summary(done.state)
    print(f"table {clients[0].table}: {json.dumps(summary, ensure_ascii=False)}")
    return 0
