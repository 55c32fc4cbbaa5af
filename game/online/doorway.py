"""Who the server lets in, and whom it lets go to make room: its door (limits.Door) at TCP
connect, before any WebSocket, with a fair share of the connections under pressure.

A connection is counted from the moment it is accepted. One from a trusted proxy
(proxies.py) is counted in all at once and under its client's address when its request
names the client (`claim`, websockets' `process_request`); any other under its own address
at once. Every limit per address then uses that address (`Guarded.address`).

Fair share, not first come: when the server holds all the connections it may, a new one
does not find the door shut while some of them hold no seat. The server lets one go to make
room, the least needed first: a connection at no table (not even watching) before a watcher,
from the address that holds the most connections, the oldest of those; never a seated
player's. Likewise a new connection from an address at its own cap lets that address's
oldest connection at no table go. Only when every candidate holds a seat (or, at an
address's cap, a seat or a table watched) is the newcomer refused, `503`.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Protocol

from websockets.asyncio.server import ServerConnection
from websockets.http11 import Request, Response

from .limits import Door, address_of
from .metrics import Metrics
from .proxies import TrustedProxies

log = logging.getLogger("game.online")

#: The answer to a connection refused at the door, before any WebSocket.
REFUSED = (
    b"HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Type: text/plain\r\n"
    b"Content-Length: 42\r\n\r\ntoo many connections: try again in a while\n"
)
REFUSED_TEXT = "too many connections: try again in a while\n"
IDLE, WATCHING, SEATED = 0, 1, 2  # what a connection holds: the order they are let go in
MADE_ROOM = 1013  # the close code of a connection let go for another ("try again later")


class Client(Protocol):
    """What the door reads of a connection's client (connection.Connection)."""

    @property
    def table(self) -> object | None: ...

    @property
    def seat(self) -> int: ...  # (WATCHER, -1: watching)

    @property
    def seating(self) -> object | None: ...  # a join or resume passed on, unanswered


def holding(client: Client | None) -> int:
    """IDLE, WATCHING or SEATED: what a connection's client holds (a seat asked of another
    server and not answered yet counts as held)."""
    if client is None:
        return IDLE
    if client.seating is not None or (client.table is not None and client.seat >= 0):
        return SEATED
    return IDLE if client.table is None else WATCHING


class Doorway:
    """The server's door and every connection it counts, oldest first: whom to let go."""

    def __init__(self, door: Door, proxies: TrustedProxies, metrics: Metrics) -> None:
        self.door = door
        self.proxies = proxies
        self.metrics = metrics
        self.inside: dict[Guarded, None] = {}  # every connection counted, oldest first
        self.by_address: dict[str, dict[Guarded, None]] = {}  # the same, per address
        # those at no table, the longest so first (a superset: each is looked at again)
        self.idle: dict[Guarded, None] = {}
        self.made_room = 0  # connections let go for another

    def enter(self, conn: Guarded, address: str | None) -> str | None:
        """Count a new connection in (`address` None: a trusted proxy's, its client to come),
        making room if the server is full: None, or why it is refused."""
        if self.door.full():
            self._make_room(None)
        if address is not None and self.door.address_full(address):
            self._make_room(address)
        why = self.door.admit(address)
        if why is None:
            self.inside[conn] = None
            self.idle[conn] = None
            if address is not None:
                self.by_address.setdefault(address, {})[conn] = None
        return why

    def claim(self, conn: Guarded, address: str) -> str | None:
        """A trusted proxy's connection, counted under its client's address now (making room
        there if it is full): None, or why it is refused."""
        if self.door.address_full(address):
            self._make_room(address)
        why = self.door.claim(address)
        if why is None:
            self.by_address.setdefault(address, {})[conn] = None
        else:
            self.door.refused += 1
        return why

    def left(self, conn: Guarded, address: str | None) -> None:
        self.inside.pop(conn, None)
        self.idle.pop(conn, None)
        if address is not None:
            mine = self.by_address.get(address)
            if mine is not None:
                mine.pop(conn, None)
                if not mine:
                    del self.by_address[address]
        self.door.left(address)

    def busy(self, conn: object) -> None:
        """The connection sits or watches now (server.GameServer tells)."""
        if isinstance(conn, Guarded):
            self.idle.pop(conn, None)

    def free(self, conn: object) -> None:
        """The connection is at no table now: the newest of those that are."""
        if isinstance(conn, Guarded) and conn in self.inside:
            self.idle.pop(conn, None)
            self.idle[conn] = None

    def _make_room(self, address: str | None) -> None:
        """Let one connection go to make room: on the whole server (`address` None) one at
        no table, else a watcher, from the address holding the most connections, the oldest;
        at an address's cap, that address's oldest at no table. Never a seated player."""
        victim = self._oldest_idle(address) if address is not None else self._least_needed()
        if victim is not None:
            self.made_room += 1
            self.metrics.refused("made_room")
            victim.let_go()

    def _oldest_idle(self, address: str) -> Guarded | None:
        for conn in self.by_address.get(address, {}):
            if conn.holds() == IDLE:
                return conn
        return None

    def _least_needed(self) -> Guarded | None:
        """The connection to let go on a full server (None: every one holds a seat): one at
        no table, else a watcher, from the address holding the most connections, the one
        longest so. (It looks at the connections at no table, then at the fullest addresses'
        first: a flood costs each newcomer a few look-ups, not one per connection.)"""
        counts, cap = self.door.open, self.door.limits.connections_per_address
        most = -1
        victim: Guarded | None = None
        for conn in self.idle:
            if conn.holds() != IDLE:  # (a seat asked of another server: held)
                continue
            count = counts.get(conn.counted_as or "", 0)
            if count > most:
                most, victim = count, conn
                if count >= cap:
                    break
        if victim is not None:
            return victim
        fullest = max(self.by_address, key=lambda a: counts.get(a, 0), default=None)
        ordered = [fullest] if fullest is not None else []
        for round_ in range(2):  # (the fullest address first; all of them, fullest first, next)
            for address in ordered:
                for conn in self.by_address.get(address, {}):
                    if conn.holds() == WATCHING:
                        return conn
            if round_ == 0:
                ordered = sorted(self.by_address, key=lambda a: -counts.get(a, 0))
        return None


class Served(Protocol):
    """What the door reads of the server."""

    doorway: Doorway


def guarded(server: Served) -> type[ServerConnection]:
    """The server's connections, let in by its door as soon as they connect, before any
    WebSocket: one refused is answered 503 and closed, and costs no more."""

    class Guarded_(Guarded):
        doorway = server.doorway

    return Guarded_


class Guarded(ServerConnection):
    """A connection counted by the door: under `counted_as` (None: in all only, a trusted
    proxy's whose client is not known yet); `address` is what every limit per address
    counts it under; `client` its server-side client once its WebSocket is open."""

    doorway: Doorway
    address = ""
    counted = False
    counted_as: str | None = None
    proxied = False  # from a trusted proxy: the request names the client
    client: Client | None = None

    def holds(self) -> int:
        """IDLE, WATCHING or SEATED: what this connection holds now."""
        return holding(self.client)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        doorway = self.doorway
        peer = transport.get_extra_info("peername")
        self.address = address_of(peer)
        host = peer[0] if isinstance(peer, tuple) and peer else None
        self.proxied = bool(doorway.proxies) and doorway.proxies.trusts(host)
        counted_as = None if self.proxied else self.address
        full = doorway.door.full()
        why = doorway.enter(self, counted_as)
        if why is None:
            self.counted, self.counted_as = True, counted_as
            return
        doorway.metrics.refused("server_full" if full else "address_full")
        log.warning("refused a connection from %s: %s", self.address, why)
        assert isinstance(transport, asyncio.WriteTransport)
        transport.write(REFUSED)
        transport.close()

    def claim(self, request: Request) -> Response | None:
        """A trusted proxy's request: the connection stands for the client it names from
        now, counted under that address (None), or is refused (503) at its cap."""
        if not self.proxied or not self.counted or self.counted_as is not None:
            return None
        forwarded = request.headers.get_all("X-Forwarded-For")
        self.address = self.doorway.proxies.client_of(self.address, forwarded)
        why = self.doorway.claim(self, self.address)
        if why is None:
            self.counted_as = self.address
            return None
        self.doorway.metrics.refused("address_full")
        log.warning("refused a connection from %s: %s", self.address, why)
        return self.respond(503, REFUSED_TEXT)

    def let_go(self) -> None:
        """Closed to make room for another: uncounted now (its file is given back within
        moments), told why if its WebSocket is open and its line writable."""
        if self.counted:
            self.counted = False
            self.doorway.left(self, self.counted_as)
        transport = self.transport
        if self.client is not None and transport.get_write_buffer_size() == 0:
            try:
                self.protocol.send_close(MADE_ROOM, "the server is full: try again later")
                self.send_data()
                transport.close()
                return
            except Exception:  # (a closing connection: cut it)
                pass
        transport.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        if self.counted:
            self.counted = False
            self.doorway.left(self, self.counted_as)
