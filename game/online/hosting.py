"""The server this app runs for friends ("Host on this computer"): the very server that
`python main.py --serve` runs (server.start), on its own SQLite file in the data folder
(`online/hosted.sqlite3`: apart from the command's `tables.sqlite3`, so the app and a server
started from a terminal never share one file), listening on every interface (IPv4 and IPv6 on
one port where the system has both) so friends on the local network reach it. No pygame.

It runs in a thread of the app's process, on its own asyncio loop, not in a child process:

- The app's frame loop never waits for it. `start()` only binds the listening socket (a few
  microseconds, so a port taken or no network is one line at once) and hands it to the thread,
  where the store is opened, the stored tables restored and clients served. `stop()` tells the
  clients the host's app closed (a `notice` `host_left`: their table waits for it), then asks
  that loop for the command line's graceful stop (stopping.stop_gracefully: clients told the
  server is going, the last commit written, the database closed) and waits STOP_WAIT seconds
  at most.
- Nothing has to cross a process boundary: the app looks at the running server (who sits at its
  tables, for the question before quitting; `game_server` and `port` for an announcement on the
  local network) on the server's own loop, with no protocol to define and nothing to serialize.
- It lives and dies with the app. A crash or a kill -9 of the app ends the server too, and
  leaves no orphan holding the port against the next start (a child would outlive a killed
  parent unless it watched it); everything the server acknowledged is in SQLite already (each
  action is committed before anyone hears of it), so the next start takes every table back.

The price is the app's GIL, shared: a move costs the server about a millisecond, and its
computers think in worker threads that Python switches every few milliseconds, so frames go on.

For other parts of the app (an mDNS announcement): `HostedServer.port` and `.game_server` (the
running server.GameServer, None while stopped), `running`, and `on_serving` / `on_stopping`,
callables run on the server's loop with the HostedServer once it serves and as it stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
import logging
import socket
import sqlite3
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from game.core.entry import Game

from . import protocol as p
from .limits import Limits
from .server import STOP_SECONDS, GameServer, start
from .stopping import run_without_waiting, say_to_everyone, stop_gracefully
from .store import SqliteStore
from .tables import WATCHER

log = logging.getLogger("game.online.hosting")

DB_FILE = "hosted.sqlite3"  # in the data folder's online/
STOP_WAIT = STOP_SECONDS + 1.0  # how long stop() waits for the graceful stop at most
LOOK_WAIT = 1.0  # how long a look at the running server (who sits where) may take
FAREWELL_WAIT = 0.3  # how long the friends' "the host left" may take to leave, at most
#: What the friends' apps are told as this app closes, before their line drops: the table waits
#: for the host (docs/PROTOCOL.md, `notice` `host_left`).
HOST_LEFT = p.encode(p.Notice("host_left", "the host's app closed: the table waits for it"))
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
#: Where a UDP socket is "connected" to learn which address the default route leaves by (no
#: packet is sent; TEST-NET-1, which no real host has).
ROUTE_PROBE = ("192.0.2.1", 9)


@dataclass(frozen=True)
class Failure:
    """Why the server could not start, for one line: `kind` is "port_taken", "not_allowed"
    (a port under 1024), "no_network", "storage" or "other"; `detail` the system's words."""

    kind: str
    port: int
    detail: str


@dataclass(frozen=True)
class Seated:
    """People at an unfinished table this server serves, other than this app's own seats."""

    table: str
    game: str
    count: int


def listening_socket(port: int) -> socket.socket:
    """A socket listening on every interface at `port` (0: a free one): IPv6 and IPv4 on one
    socket where the system can, else IPv4 alone. OSError when it cannot (the port taken)."""
    if socket.has_dualstack_ipv6():
        try:
            return socket.create_server(
                ("::", port), family=socket.AF_INET6, dualstack_ipv6=True, backlog=64
            )
        except OSError as err:
            if err.errno in (errno.EADDRINUSE, errno.EACCES):
                raise  # IPv4 would say the same
    return socket.create_server(("0.0.0.0", port), backlog=64)


def failure_of(port: int, err: BaseException) -> Failure:
    number = getattr(err, "errno", None)
    detail = " ".join(str(getattr(err, "strerror", None) or err).split())
    if number == errno.EADDRINUSE:
        return Failure("port_taken", port, detail)
    if number == errno.EACCES:
        return Failure("not_allowed", port, detail)
    if number in (errno.EADDRNOTAVAIL, errno.ENETDOWN, errno.ENETUNREACH, errno.EAFNOSUPPORT):
        return Failure("no_network", port, detail)
    return Failure("other", port, detail)


def _usable(ip: str) -> bool:
    """An address a friend on the same network can use: not loopback, not link-local (an
    IPv6 link-local address needs the friend's own interface name), not unspecified."""
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return False
    return not (address.is_loopback or address.is_link_local or address.is_unspecified)


def _route_address() -> str | None:
    """The address the default route leaves by (no packet sent), None without one."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(ROUTE_PROBE)
        address: str = probe.getsockname()[0]
        return address
    return None


def local_addresses() -> list[str]:
    """This machine's addresses on its networks that friends can reach: IPv4 first (the one
    the default route leaves by first of all), then IPv6 (global or unique-local); never
    loopback. Empty when the machine is on no network."""
    found: list[str] = []
    try:
        import ifaddr

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                text = ip.ip if isinstance(ip.ip, str) else ip.ip[0]
                found.append(text)
    except Exception:  # (no ifaddr, or an adapter it cannot read): the host's name's addresses
        with contextlib.suppress(OSError):
            for info in socket.getaddrinfo(socket.gethostname(), None):
                found.append(str(info[4][0]))
    usable = list(dict.fromkeys(ip for ip in found if _usable(ip)))
    first = _route_address()
    usable.sort(key=lambda ip: (":" in ip, ip != first))
    return usable


def link_for(address: str, port: int) -> str:
    """The server's address as a friend types it (an IPv6 address in brackets)."""
    host = f"[{address}]" if ":" in address else address
    return f"ws://{host}:{port}"


def loopback_port(url: str) -> int | None:
    """The port of a ws:// address on this machine's loopback (None: elsewhere, or none)."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme != "ws" or parts.hostname not in LOOPBACK_NAMES or not port:
        return None
    return port


def stored_tables(db: Path) -> set[str]:
    """The codes of the tables the file holds (read only; empty when there is no file)."""
    if not db.is_file():
        return set()
    try:
        with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
            return {row[0] for row in conn.execute("SELECT code FROM tables")}
    except sqlite3.Error:
        return set()


@dataclass(frozen=True)
class StoredTable:
    """An unfinished table the file holds: its game, and each seat's (name, kind)."""

    code: str
    game: str
    seats: tuple[tuple[str, str], ...]


def unfinished_tables(db: Path) -> dict[str, StoredTable]:
    """The unfinished tables the file holds, by code (read only; empty when there is none or
    the file cannot be read)."""
    if not db.is_file():
        return {}
    try:
        with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
            games = dict(conn.execute("SELECT code, game FROM tables WHERE finished IS NULL"))
            seats: dict[str, list[tuple[str, str]]] = {code: [] for code in games}
            for code, name, kind in conn.execute(
                "SELECT code, name, kind FROM seats ORDER BY code, seat"
            ):
                if code in seats:
                    seats[code].append((str(name), str(kind)))
    except sqlite3.Error:
        return {}
    return {code: StoredTable(code, str(games[code]), tuple(seats[code])) for code in games}


class HostedServer:
    """The app's own server playing `games` (the app's): `start(port)`, `stop()`; `port` once
    started, `url` (this app's own way in: loopback), `running`, `failure` (why it stopped or
    never started)."""

    def __init__(self, db: Path, games: Sequence[Game[Any]], limits: Limits | None = None) -> None:
        self.db = Path(db)
        self.games = list(games)
        self.limits = limits
        self.port = 0
        self.failure: Failure | None = None
        self.game_server: GameServer | None = None
        self.on_serving: list[Callable[[HostedServer], None]] = []
        self.on_stopping: list[Callable[[HostedServer], None]] = []
        self.ready = threading.Event()  # serving, or failed to
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None

    @property
    def running(self) -> bool:
        thread = self._thread
        return thread is not None and thread.is_alive() and self.failure is None

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, port: int) -> Failure | None:
        """Listen at `port` (0: a free one) and serve from a thread; returns at once. The
        failure to listen is returned (and kept in `failure`); one to open the store comes
        later, in `failure` once `ready` is set. Already running: nothing (its port stays)."""
        if self.running:
            return None
        self.stop()
        try:
            sock = listening_socket(port)
        except OSError as err:
            self.failure = failure_of(port, err)
            return self.failure
        self.port = int(sock.getsockname()[1])
        self.failure = None
        self.ready.clear()
        self._thread = threading.Thread(
            target=self._run, args=(sock,), daemon=True, name="hosted-server"
        )
        self._thread.start()
        return None

    def stop(self) -> None:
        """Stop serving (gracefully, STOP_WAIT seconds at most); nothing when not running."""
        thread = self._thread
        if thread is None:
            return
        self.ready.wait(STOP_WAIT)
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None:
            with contextlib.suppress(RuntimeError):  # (its loop already closed)
                loop.call_soon_threadsafe(stop.set)
        thread.join(STOP_WAIT)
        self._thread = None

    def seated(self, mine: set[tuple[str, int]]) -> list[Seated]:
        """Who sits (connected) at each unfinished table here, but the seats in `mine`
        (table, seat): this app's own. Looked at on the server's loop, LOOK_WAIT at most."""
        loop, game_server = self._loop, self.game_server
        if loop is None or game_server is None or not self.running:
            return []

        async def look() -> list[Seated]:
            return people_at(game_server, mine)

        try:
            return asyncio.run_coroutine_threadsafe(look(), loop).result(LOOK_WAIT)
        except Exception:  # (stopping meanwhile)
            return []

    # -- the server's thread -----------------------------------------------------------------
    def _run(self, sock: socket.socket) -> None:
        try:
            run_without_waiting(self._serve(sock))
        except Exception as err:
            log.exception("the hosted server stopped")
            self.failure = Failure("other", self.port, str(err))
        finally:
            self.game_server = None
            self._loop = None
            self.ready.set()

    async def _serve(self, sock: socket.socket) -> int:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        try:
            store = SqliteStore(self.db)
        except (OSError, sqlite3.Error) as err:
            sock.close()
            self.failure = Failure("storage", self.port, " ".join(str(err).split()))
            return 2
        try:
            server, game_server = await start(
                "", 0, store, self.games, limits=self.limits, sock=sock
            )
        except Exception as err:
            store.close()
            sock.close()
            self.failure = failure_of(self.port, err)
            return 2
        self.game_server = game_server
        log.info("hosting on port %d", self.port)
        self.ready.set()
        self._tell(self.on_serving)
        try:
            await self._stop.wait()
        finally:
            self._tell(self.on_stopping)
            await say_to_everyone(game_server, HOST_LEFT, FAREWELL_WAIT)
            await stop_gracefully(server, game_server, store, STOP_SECONDS)
        return 0

    def _tell(self, hooks: list[Callable[[HostedServer], None]]) -> None:
        for hook in list(hooks):
            try:
                hook(self)
            except Exception:  # another part's failure does not stop the server
                log.exception("a hosting hook failed")


def people_at(game_server: GameServer, mine: set[tuple[str, int]]) -> list[Seated]:
    """(On the server's loop) the people connected at each unfinished table, but `mine`."""
    hub = game_server.hub
    found: list[Seated] = []
    for code, table in list(hub.tables.items()):
        if code in hub.finished:
            continue
        seats = {s for s in table.listeners.values() if s != WATCHER and (code, s) not in mine}
        if seats:
            found.append(Seated(code, table.game.id, len(seats)))
    return found
