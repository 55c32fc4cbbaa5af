"""The WebSocket server: `python main.py --serve [--host H] [--port P] [--db URL]`.

Each connection reads one message at a time: it must fit in MAX_MESSAGE bytes (bigger frames
close the connection, websockets' `max_size`), pass the rate limit (a token bucket per
connection) and decode as one of the protocol's messages; anything else is answered with an
`error`, and after MAX_BAD of those the connection is closed. A connection holds at most one
seat (or watches one table) and acts for that seat only. A slow client never holds a table up,
and one that vanished without closing is found by the pings (connection.py): its connection
is closed and its seat held, as for a client that left. Frames are not compressed
(permessage-deflate cost more of a move's CPU than anything else). A table's failure is logged
and answered with an error; the server and the other tables go on. A database that is away is
waited for (commits.py) and every client is told (`notice` `reconnecting`). What one address
may take (connections, tables, watchers, computers thinking, failed look-ups) is bounded by
limits.py's `Limits`, each a `--serve` option (docs/PROTOCOL.md, "Limits"); who is let in, and
who stands for whom behind a trusted proxy, is doorway.py's. A look-up is served beside the
connection's other messages: one slowed by failed ones never holds a player's actions up, and
one cut off refuses the look-ups alone, never a seat. The server plays the games its caller
hands it (`start(..., games)`: the command line, every game it knows) and names none.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import ssl
import time
from collections.abc import Sequence
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from game.core.entry import Game

from . import endpoints, protocol as p, seating
from .connection import Connection, check_every, failures_answered
from .doorway import Doorway, Guarded, guarded
from .hub import Hub
from .limits import Door, Limits, Lookups, address_of as peer_address, collapse_repeats, open_files
from .look_ups import CUT_OFF, LookUps
from .metrics import Metrics
from .mirror import Mirror, TableOrMirror
from .names import normal_code
from .proxies import TrustedProxies
from .relayed import Client, RelayedRequests, RemoteClient
from .rows import StoreUnavailable
from .store import Store
from .tables import WATCHER, AnyTable, TableError
from .thinking import share_the_interpreter

log = logging.getLogger("game.online")

MAX_BAD = 5  # bad messages a connection may send before it is closed
MAX_OPENS = 5  # tables one connection may open (each is stored: no filling the disk)
SEND_BUFFER = 128 * 1024  # the kernel's send buffer per client (unbounded, a stalled reader
# would hold megabytes of it, and the server would not see it stall until they were full)
PING_INTERVAL = 15.0  # seconds between pings of a quiet connection...
PING_TIMEOUT = 15.0  # ...and how long its pong may take before it is closed
CLOSE_TIMEOUT = 5.0  # how long a closing handshake may take before the line is cut
STOP_SECONDS = 1.5  # a stop (SIGTERM) waits this long at most for clients and the last commit
SWEEP_SECONDS = 2.0  # how often a process on a shared database looks for ownerless tables
CLEAN_SECONDS = 3600.0  # how often the tables past their retention are deleted
#: What looks a table or a seat up by its code or token: a failed one counts (limits.Lookups).
LOOKUPS = (p.Join, p.Resume, p.Watch, p.GetRecord, p.Rematch, p.HandOver)
LOOKUP_FAILURES = frozenset(("no_such_table", "bad_token", "not_host", "no_such_seat"))


class GameServer(RelayedRequests):
    def __init__(
        self,
        store: Store,
        games: Sequence[Game[Any]],
        rate: float = p.RATE,
        chosen_seeds: bool = False,
        limits: Limits | None = None,
    ) -> None:
        self.store = store
        # the protocol version this server speaks: a message that starts a conversation must
        # say the same, and the answers say it (a test stands for another build)
        self.protocol = p.PROTOCOL_VERSION
        self.rate = rate  # each connection's rate limit (messages a second; bursts of twice)
        self.limits = limits = limits or Limits()
        self.door = Door(limits)  # connections per address and in all
        self.proxies = TrustedProxies(limits.trusted_proxies)  # who stands for whom
        self.lookups = Lookups(limits)  # failed look-ups per address
        self.opened_by: dict[str, list[str]] = {}  # address -> the tables it opened
        self.hub = Hub(store, games, chosen_seeds=chosen_seeds, limits=limits)
        self.cleaner: asyncio.TimerHandle | None = None  # deletes the tables past retention
        self._closing: set[asyncio.Task[None]] = set()  # closes under way (kept from the GC)
        self.sweeper: asyncio.Task[None] | None = None
        self.watchdog: asyncio.TimerHandle | None = None  # drops clients that stopped reading
        self.ping_interval: float | None = PING_INTERVAL  # a quiet client is pinged after...
        self.ping_timeout = PING_TIMEOUT  # ...and dropped if its pong takes longer
        self.relay = None  # (relay.Relay on a shared PostgreSQL database: start_relay)
        self.resender: asyncio.Task[None] | None = None
        self.forwarded: dict[str, Client] = {}  # our clients at tables owned elsewhere
        self.remotes: dict[tuple[str, str], RemoteClient] = {}  # others' clients at ours
        self.connections: set[Connection] = set()  # every client connected here
        self.troubled = False  # the database is away (the clients have been told)
        self.hub.commits.on_trouble = self.set_troubled
        self.metrics = Metrics(self)  # the figures GET /metrics shows (metrics.py)
        self.hub.commits.on_committed = self.metrics.committed
        self.hub.places.on_wait = self.metrics.computer_waited
        self.doorway = Doorway(self.door, self.proxies, self.metrics)  # who is let in
        self.look_ups = LookUps(self.lookups, self.hub, self.metrics, self._serve)

    # -- what the metrics read (metrics.Watched) and /metrics' switch (http.Served) -------------
    def connection_count(self) -> int:
        return len(self.connections)

    def live_table_count(self) -> int:
        return sum(1 for code in self.hub.tables if code not in self.hub.finished)

    def thinking_count(self) -> int:
        return sum(len(table.computers.thinking) for table in self.hub.tables.values())

    @property
    def metrics_shown(self) -> bool:
        return not self.limits.no_metrics

    def set_troubled(self, troubled: bool) -> None:
        """Tell every client when the database goes away (its actions wait, unanswered) and
        when it is back."""
        if troubled == self.troubled:
            return
        self.troubled = troubled
        text = p.encode(trouble_notice(troubled))
        for conn in list(self.connections):
            conn.send(text)

    async def sweep_forever(self, every: float = SWEEP_SECONDS) -> None:
        """On a shared database: take over the tables of a process that died, within a few
        seconds, even if none of their clients asks (they find the table here when they
        reconnect). The query runs off the loop; a failure is logged and tried again."""
        shared = self.hub.shared
        if shared is None:
            return
        while True:
            await asyncio.sleep(every)
            try:
                orphans = await asyncio.to_thread(shared.orphans)
                if not self.hub.commits.troubled:
                    self.set_troubled(False)
                self.let_go(self.hub.drop_lost())
                taken = self.hub.sweep(orphans)
            except StoreUnavailable as err:  # the next sweep tries again
                log.warning("the takeover sweep waits for the database: %s", err)
                self.set_troubled(True)
                continue
            except Exception:
                log.exception("the takeover sweep failed")
                continue
            if taken:
                log.info("took over %d tables whose server is gone", taken)

    def let_go(self, tables: list[AnyTable]) -> None:
        """Tables another process serves now (this one's database connection broke and it
        claimed them meanwhile): our clients there are closed, so they resume at the owner
        (through the relay, wherever they connect); others' clients are forgotten (their
        process sends their actions again, to the owner)."""
        for table in tables:
            for listener in list(table.listeners):
                if isinstance(listener, Connection):
                    listener.table = None
                    self._closing.add(
                        asyncio.create_task(listener.ws.close(1012, "the table moved"))
                    )
            table.listeners.clear()
            for key, remote in list(self.remotes.items()):
                if remote.table is table:
                    del self.remotes[key]

    def watch_connections(self) -> None:
        """Drop every client one of whose frames has waited SEND_TIMEOUT seconds to be
        written (its reader stalled), and ping the quiet ones (`Connection.keep_alive`):
        looked at a few times a second, for every client at once (a timer, not a task:
        nothing is left pending when the loop stops)."""
        loop = asyncio.get_running_loop()
        now = loop.time()
        interval, timeout = self.ping_interval, self.ping_timeout
        idle = self.limits.idle_seconds
        for conn in list(self.connections):
            conn.check(now, interval, timeout)
            since = conn.free_since
            if since is not None and now - since >= idle and conn.seating is None:
                self.close(conn, f"no seat taken nor table watched in {idle:g} s")
        self.watchdog = loop.call_later(check_every(interval, timeout), self.watch_connections)

    def stop_sweeping(self) -> None:
        if self.watchdog is not None:
            self.watchdog.cancel()
        if self.sweeper is not None:
            self.sweeper.cancel()
        if self.relay is not None:
            self.relay.stop()
        if self.resender is not None:
            self.resender.cancel()
        if self.cleaner is not None:
            self.cleaner.cancel()

    def clean_old(self, every: float = CLEAN_SECONDS) -> None:
        """Delete the tables past their retention (Hub.delete_old), forget the failed
        look-ups and tables opened long ago, and do it again in `every` seconds (a timer, not
        a task: nothing is left pending when the loop stops)."""
        try:
            self.hub.delete_old()
        except Exception:  # the next round tries again
            log.exception("deleting the old tables failed")
        self.lookups.forget_old()
        for address, codes in list(self.opened_by.items()):
            if not any(self.hub.live(c) for c in codes):
                del self.opened_by[address]
        loop = asyncio.get_running_loop()
        self.cleaner = loop.call_later(every, self.clean_old, every)

    def close(self, conn: Connection, why: str) -> None:
        """Close a connection from the server's side (1008, `why`), in the background."""
        if conn.closing:
            return
        conn.closing = True
        self._leave(conn)
        self._closing.add(asyncio.create_task(conn.ws.close(1008, why)))
        for task in [t for t in self._closing if t.done()]:
            self._closing.discard(task)

    def _refused(self, conn: Connection, code: str) -> None:
        """A request refused: counted, and a failed look-up counted against its address (the
        one that cuts its look-ups off is followed by `cut_off`)."""
        self.metrics.refused(code)
        if code in LOOKUP_FAILURES and self.lookups.failed(conn.address):
            conn.send(p.encode(CUT_OFF))

    def _serve(self, conn: Connection, message: p.ClientMessage) -> None:
        with failures_answered(
            conn, f"a {type(message).__name__} message", lambda c: self._refused(conn, c)
        ):
            self.dispatch(conn, message)

    async def handler(self, ws: ServerConnection) -> None:
        sock = ws.transport.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        loop = asyncio.get_running_loop()
        if isinstance(ws, Guarded):  # (the address a trusted proxy's request named, if any)
            conn = Connection(ws, self.rate, ws.address)
            ws.client = conn
        else:
            conn = Connection(ws, self.rate, peer_address(ws.remote_address))
        writer = asyncio.create_task(conn.write_loop())
        self.connections.add(conn)
        if self.troubled:
            conn.send(p.encode(trouble_notice(True)))
        try:
            async for raw in ws:
                conn.heard_at = loop.time()
                if conn.bad >= MAX_BAD or conn.closing:
                    continue  # closing: read on (and drop) until the client's close arrives
                if not conn.bucket.take():
                    await self._bad(conn, "rate_limited", "too many messages: slow down")
                    continue
                try:
                    message = p.decode_client(raw)
                except p.BadMessage as err:
                    await self._bad(conn, "bad_message", str(err))
                    continue
                if isinstance(message, LOOKUPS):
                    self.look_ups.look_up(conn, message)
                else:
                    self._serve(conn, message)
        except ConnectionClosed:
            pass
        finally:
            self.connections.discard(conn)
            self.look_ups.forget(conn)
            self._leave(conn)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._drain(conn), 1.0)
            writer.cancel()

    @staticmethod
    async def _drain(conn: Connection) -> None:
        while not conn.queue.empty() and conn.ws.state.name == "OPEN":
            await asyncio.sleep(0.01)

    async def _bad(self, conn: Connection, code: str, message: str) -> None:
        """Answer a bad message; after MAX_BAD of them, close the connection (in the
        background: the handler reads on, so the client's closing frame is seen)."""
        conn.bad += 1
        self.metrics.refused(code)
        conn.send(p.encode(p.Error(code, message)))
        if conn.bad >= MAX_BAD:
            self._leave(conn)
            await self._drain(conn)
            self._closing.add(asyncio.create_task(conn.ws.close(1008, "too many bad messages")))
            for task in [t for t in self._closing if t.done()]:
                self._closing.discard(task)

    def _leave(self, conn: Client) -> None:
        """The client is off its table, and off any seating request it had passed on."""
        if conn.table is not None:
            try:
                conn.table.detach(conn)
            except Exception:
                log.exception("table %s: leaving failed", conn.table.code)
            if conn.table.code in self.hub.mirrors:  # the owner is told its player left
                self._pass_on(conn, conn.table.code, None)
                self.hub.forget_mirror(conn.table)
            conn.table = None
        self._drop_seating(conn)  # moved on: an answer to a request left is not awaited
        self.forwarded.pop(conn.key, None)
        if isinstance(conn, Connection) and conn.free_since is None:
            conn.free_since = asyncio.get_running_loop().time()
            self.doorway.free(conn.ws)

    def _sit(self, conn: Client, table: TableOrMirror, seat: int) -> None:
        self._leave(conn)
        conn.table, conn.seat = table, seat
        if isinstance(conn, Connection):
            conn.free_since = None
            self.doorway.busy(conn.ws)
        table.attach(conn, seat)

    def _elsewhere(self, conn: Client, code: str, message: p.ClientMessage) -> bool:
        """With the relay, a request for a table another process owns is served from here:
        whether it was (else the caller answers as for a table of its own)."""
        if self.relay is None or code in self.hub.tables:
            return False
        try:
            self.hub.table(code)
            return False  # nobody owned it: taken over here
        except TableError as err:
            if err.code not in ("elsewhere", "unavailable"):
                raise
        mirror = self.hub.mirror(code)
        if isinstance(message, p.Watch):
            self._watch(conn, mirror)
        elif isinstance(message, p.GetRecord):
            conn.send(p.encode(p.Record(mirror.code, mirror.record())))
        else:
            if isinstance(message, p.Resume):
                conn.token = message.token
            if isinstance(message, p.Join | p.Resume):  # answered once, maybe sent again
                self._drop_seating(conn)  # an earlier one still unanswered: left
                seating.passed_on(conn, mirror.code, message)
            self._pass_on(conn, mirror.code, message)
        return True

    def dispatch(self, conn: Client, message: p.ClientMessage) -> None:
        sent = getattr(message, "protocol", self.protocol)  # (a message that starts one)
        if sent != self.protocol:
            raise TableError(
                "version", f"{p.VERSION_LINE} (the server {self.protocol}, the game {sent})"
            )
        if isinstance(message, p.Act):
            if conn.table is None or conn.seat == WATCHER:
                raise TableError("no_seat", "take a seat (join or resume) before acting")
            if isinstance(conn.table, Mirror):  # (owned elsewhere: hub.mirrors)
                conn.pending, conn.pending_at = message, time.monotonic()
                self._pass_on(conn, conn.table.code, message)
                return
            conn.table.act(self.metrics.answering(conn), conn.seat, message)
            return
        if isinstance(message, p.Say):
            self._say(conn, message)
            return
        if isinstance(message, p.Rematch):  # taken as a resume of the rematch's seat
            again = self.hub.rematch(message)
            self.dispatch(conn, p.Resume(again, message.seat, message.token, message.protocol))
            return
        code = getattr(message, "table", None)
        if isinstance(code, str) and self._elsewhere(conn, normal_code(code), message):
            return
        if isinstance(message, p.Open):
            if conn.opened >= MAX_OPENS:
                raise TableError("too_many_tables", f"one connection opens {MAX_OPENS} tables")
            address = getattr(conn, "address", "")
            live = [c for c in self.opened_by.get(address, []) if self.hub.live(c)]
            if len(live) >= self.limits.tables_per_address:
                raise TableError(
                    "too_many_tables",
                    f"one address has {self.limits.tables_per_address} unfinished tables open",
                )
            table, host_token = self.hub.open(message, address)
            conn.opened += 1
            self.opened_by[address] = [*live, table.code]
            conn.send(p.encode(p.Opened(table.code, host_token, self.rate, self.protocol)))
            if message.sit is not None:
                seat, token = table.take_free_seat(message.sit)
                conn.send(p.encode(p.Seated(table.code, seat, token, self.rate, self.protocol)))
                self._sit(conn, table, seat)
            else:
                table.start_computers()
        elif isinstance(message, p.Join):
            table = self.hub.table(message.table)
            seat, token = table.take_free_seat(
                message.seat, seating.join_token(conn, message), message.name
            )
            conn.send(p.encode(p.Seated(table.code, seat, token, self.rate, self.protocol)))
            self._sit(conn, table, seat)
        elif isinstance(message, p.Resume):
            table = self.hub.table(message.table)
            table.resume_seat(message.seat, message.token)
            conn.send(
                p.encode(
                    p.Seated(table.code, message.seat, message.token, self.rate, self.protocol)
                )
            )
            self._sit(conn, table, message.seat)
        elif isinstance(message, p.Watch):
            self._watch(conn, self.hub.table(message.table))
        elif isinstance(message, p.HandOver):
            self.hub.table(message.table).hand_over(message.host_token, message.seat, message.level)
        elif isinstance(message, p.GetRecord):
            table = self.hub.table(message.table)
            conn.send(p.encode(p.Record(table.code, table.record())))

    def _watch(self, conn: Client, table: TableOrMirror) -> None:
        """Watch a table (at most `watchers_per_table` at one)."""
        watchers = sum(1 for s in table.listeners.values() if s == WATCHER)
        if conn.table is not table and watchers >= self.limits.watchers_per_table:
            raise TableError(
                "too_many_watchers", f"table {table.code} has {watchers} watchers already"
            )
        conn.send(p.encode(p.Watching(table.code, self.rate, self.protocol)))
        self._sit(conn, table, WATCHER)

    def _say(self, conn: Client, message: p.Say) -> None:
        """A seat's phrase, to everyone at its table: said by the table's owner (passed on to
        it from a process that follows the table), at most one every SAY_EVERY seconds."""
        if conn.table is None or conn.seat == WATCHER:
            raise TableError("no_seat", "take a seat (join or resume) before saying anything")
        now = time.monotonic()
        if now - conn.said_at < p.SAY_EVERY:
            raise TableError("rate_limited", f"one phrase every {p.SAY_EVERY:.0f} s")
        conn.said_at = now
        if conn.table.code in self.hub.mirrors:
            self._pass_on(conn, conn.table.code, message)
            return
        conn.table.say(conn.seat, message.phrase)
        if self.relay is not None:  # the processes that follow the table tell their clients
            self.tell_followers(conn.table.code, conn.seat, message.phrase)


def trouble_notice(troubled: bool) -> p.Notice:
    if troubled:
        return p.Notice("reconnecting", "the server's database is away: your moves wait")
    return p.Notice("reconnected", "the server's database is back")


async def start(
    host: str,
    port: int,
    store: Store,
    games: Sequence[Game[Any]],
    ping_interval: float = PING_INTERVAL,
    ping_timeout: float = PING_TIMEOUT,
    close_timeout: float = CLOSE_TIMEOUT,
    rate: float = p.RATE,
    tls: ssl.SSLContext | None = None,
    chosen_seeds: bool = False,
    limits: Limits | None = None,
    sock: socket.socket | None = None,
) -> tuple[Server, GameServer]:
    """A listening server (port 0: a free one) playing `games` (a table of another is refused,
    and not restored), with every unfinished stored table restored (those past their retention
    deleted first); `rate`: each connection's rate limit,
    messages a second (bursts of twice that); `tls`: serve wss:// (`tls_context`);
    `chosen_seeds`: a client may choose any table's seed (a private server); `limits`: the
    others (limits.Limits), the connections kept under the open-file limit; `sock`: a socket
    already listening, served instead of `host` and `port` (the app's own server binds it
    first: a port taken is known at once, and IPv4 and IPv6 share one port)."""
    limits = (limits or Limits()).with_open_files(open_files())
    collapse_repeats("game.online", "websockets", "asyncio")
    share_the_interpreter()  # (computers think in worker threads)
    game_server = GameServer(store, games, rate, chosen_seeds, limits)
    game_server.ping_interval, game_server.ping_timeout = ping_interval, ping_timeout
    game_server.clean_old()  # (before the restore: what is past its retention is not loaded)
    restored = game_server.hub.restore()
    if restored:
        log.info("restored %d tables", restored)
    server = await serve(
        game_server.handler,
        None if sock is not None else host,
        None if sock is not None else port,
        sock=sock,
        max_size=p.MAX_MESSAGE,
        max_queue=4,
        # No permessage-deflate: compressing every frame was the largest part of a move's
        # CPU, and a table's frames are a few KB on lines that carry them easily.
        compression=None,
        ping_interval=None,  # quiet clients alone are pinged, by the watchdog
        close_timeout=close_timeout,
        ssl=tls,
        open_timeout=limits.handshake_seconds,
        create_connection=guarded(game_server),
        process_request=lambda conn, request: process_request(game_server, conn, request),
    )
    game_server.watch_connections()
    if game_server.hub.shared is not None:
        game_server.sweeper = asyncio.create_task(game_server.sweep_forever())
        url = getattr(store, "url", None)
        if isinstance(url, str):  # PostgreSQL: clients may stay on any process (relay.py)
            game_server.start_relay(url)
            game_server.resender = asyncio.create_task(game_server.resend_forever())
    return server, game_server


def process_request(
    game_server: GameServer, conn: ServerConnection, request: Request
) -> Response | None:
    """websockets' `process_request`: a trusted proxy's connection counted under the client its
    request names (doorway.py; `503` if that address is full), then the HTTP answers."""
    if isinstance(conn, Guarded):
        refused = conn.claim(request)
        if refused is not None:
            return refused
    return endpoints.answer(game_server, conn, request)


def bound_port(server: Server) -> int:
    port: int = next(iter(server.sockets)).getsockname()[1]
    return port


def tls_context(cert: str, key: str) -> ssl.SSLContext:
    """The server's TLS (wss://): the certificate chain and its private key, PEM files; TLS 1.2
    at least. OSError or ssl.SSLError (one line) when they cannot be read or do not match."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    return context
