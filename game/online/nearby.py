"""Tables nearby: the tables a server hosts, announced on the local network by multicast DNS
(DNS-SD, service type `_smlb._tcp.local.`, the `zeroconf` package), and found by the Join
screen's browser, so a friend on the same network joins with one click instead of a typed
address and code.

Announcing (`Announcer`, on the server's asyncio loop): one service per table that has a free
seat, named by its code; its TXT record holds the game, the host's name, the free seats, the
table's code, the protocol's version (and `tls` when the server serves wss://), its SRV record
the server's port. The hub tells the announcer of every table made, changed or gone
(`Hub.observers`); a table with no free seat, over, or gone from the hub is withdrawn at once,
and every announcement is withdrawn when the server stops (mDNS "goodbye" packets).

Browsing (`Browser`, in a thread of its own with its own asyncio loop, never the app's frame):
every announcement read is hostile (anyone on the network may send one). `read_announcement`
keeps one only if its TXT record is small, every field has its type and range, the game is one
this app plays and the protocol its own; the host's name goes through the one clean-up of
every text from the network (names.clean_text). At most MAX_KEPT announcements are kept (a
flood adds nothing past that); the screen shows a few. docs/PROTOCOL.md ("Tables nearby")
lists the limits and what they do not stop.

SMLB_MDNS_INTERFACES (addresses, comma-separated) binds both sides to those interfaces alone:
the tests use 127.0.0.1, so they never talk to another network."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import os
import re
import socket
import threading
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from . import protocol as p
from .names import CODE_ALPHABET, clean_text, normal_code

log = logging.getLogger("game.online")

SERVICE_TYPE = "_smlb._tcp.local."
TTL = 120  # seconds an announcement lives unrefreshed (a host killed is gone within that)
MAX_ANNOUNCED = 32  # tables one server announces (a public server's others are not)
MAX_KEPT = 32  # announcements a browser keeps (past that, new ones are ignored)
MAX_TXT = 400  # bytes of a TXT record read (a bigger one is ignored whole)
MAX_HOST = 24  # characters of a host's name shown
MAX_FREE = 99  # free seats an announcement may claim (more: malformed)
RESOLVE_MS = 3000  # how long a browser waits for an announcement's records
ENV_INTERFACES = "SMLB_MDNS_INTERFACES"
_GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,31}")
_CODE = re.compile(f"[{CODE_ALPHABET}]{{3}}-[{CODE_ALPHABET}]{{3}}")


@dataclass(frozen=True)
class Nearby:
    """A table announced nearby, as read and cleaned: what the Join screen shows and joins."""

    name: str  # the service's name (the announcement's key)
    game: str  # a game id this app plays
    host: str  # the host's name, cleaned
    free: int  # free seats, at least 1
    code: str  # the table's code, canonical
    url: str  # the server: ws[s]://address:port


# -- the announcement -------------------------------------------------------------------------
class AnnouncedSeat(Protocol):
    @property
    def kind(self) -> str: ...

    @property
    def token_hash(self) -> str | None: ...

    @property
    def name(self) -> str: ...


class AnnouncedRow(Protocol):
    @property
    def game(self) -> str: ...

    @property
    def seats(self) -> Sequence[AnnouncedSeat]: ...


class AnnouncedState(Protocol):
    def is_terminal(self) -> bool: ...


class AnnouncedTable(Protocol):
    """What an announcement reads of a table (tables.Table)."""

    @property
    def code(self) -> str: ...

    @property
    def row(self) -> AnnouncedRow: ...

    @property
    def state(self) -> AnnouncedState: ...


class Observed(Protocol):
    """What the announcer is handed of the server (hub.Hub): its tables, and the list of
    those told of every table made, changed or gone."""

    @property
    def tables(self) -> Mapping[str, Any]: ...

    @property
    def observers(self) -> list[Callable[[Any], None]]: ...


def free_seats(table: AnnouncedTable) -> int:
    """Seats a friend may take: human seats nobody holds yet."""
    return sum(1 for s in table.row.seats if s.kind == "human" and s.token_hash is None)


def host_of(table: AnnouncedTable, fallback: str) -> str:
    """The host's name as announced: the first seat taken by a person (the host sits first
    when they open a table), else `fallback` (the server's own name)."""
    for seat in table.row.seats:
        if seat.kind == "human" and seat.token_hash is not None:
            return clean_text(seat.name, MAX_HOST) or fallback
    return fallback


def properties(table: AnnouncedTable, host_name: str, tls: bool = False) -> dict[str, str] | None:
    """The TXT record announcing the table, or None when it is not announced (over, or no
    seat free)."""
    free = free_seats(table)
    if free == 0 or table.state.is_terminal():
        return None
    txt = {
        "game": table.row.game,
        "host": host_of(table, host_name),
        "free": str(free),
        "code": table.code,
        "v": str(p.PROTOCOL_VERSION),
    }
    if tls:
        txt["tls"] = "1"
    return txt


def _text(value: object, limit: int) -> str | None:
    """A TXT value as text: bytes of UTF-8 at most `limit` long (None: missing, too long,
    not UTF-8)."""
    if not isinstance(value, bytes) or len(value) > limit:
        return None
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        return None


def read_announcement(
    name: str,
    txt: Mapping[bytes, bytes | None],
    text_size: int,
    addresses: Sequence[str],
    port: int | None,
    games: Collection[str],
    networks: Sequence[ipaddress.IPv4Network] = (),
) -> Nearby | None:
    """The table an announcement names, cleaned, or None when any part is malformed: a TXT
    record past MAX_TXT bytes, a game this app does not play, another protocol version, a
    code not a table code, free seats not a number from 1 to MAX_FREE, no IPv4 address or no
    port. The host's name is cleaned (names.clean_text); one with nothing left shows "?"."""
    if text_size > MAX_TXT or port is None or not 0 < port < 65536:
        return None
    game = _text(txt.get(b"game"), 32)
    code = _text(txt.get(b"code"), 16)
    free = _text(txt.get(b"free"), 3)
    version = _text(txt.get(b"v"), 8)
    host = _text(txt.get(b"host"), MAX_TXT)
    if game is None or not _GAME_ID.fullmatch(game) or game not in games:
        return None
    if version != str(p.PROTOCOL_VERSION) or code is None or host is None:
        return None
    code = normal_code(code)
    if not _CODE.fullmatch(code):
        return None
    if free is None or not free.isascii() or not free.isdigit() or not 0 < int(free) <= MAX_FREE:
        return None
    address = _best_address(addresses, networks)
    if address is None:
        return None
    scheme = "wss" if txt.get(b"tls") == b"1" else "ws"
    return Nearby(
        name,
        game,
        clean_text(host, MAX_HOST) or "?",
        int(free),
        code,
        f"{scheme}://{address}:{port}",
    )


def _best_address(
    addresses: Iterable[str], networks: Sequence[ipaddress.IPv4Network] = ()
) -> str | None:
    """The IPv4 address to reach an announced server at: one in a network this machine is on
    first (a host with several interfaces announces them all), then any other that is not
    loopback, then a loopback one (a server on this very machine)."""
    found: list[ipaddress.IPv4Address] = []
    for text in addresses:
        with contextlib.suppress(ValueError):
            address = ipaddress.ip_address(text)
            if isinstance(address, ipaddress.IPv4Address) and not address.is_multicast:
                found.append(address)

    def rank(address: ipaddress.IPv4Address) -> int:
        if address.is_loopback:
            return 2
        return 0 if any(address in network for network in networks) else 1

    found.sort(key=rank)
    return str(found[0]) if found else None


def local_networks() -> list[ipaddress.IPv4Network]:
    """The IPv4 networks this machine is on (loopback's aside)."""
    import ifaddr

    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                with contextlib.suppress(ValueError):
                    found.append(ipaddress.ip_network(f"{ip.ip}/{ip.network_prefix}", strict=False))
    return [n for n in found if isinstance(n, ipaddress.IPv4Network)]


# -- where ------------------------------------------------------------------------------------
def chosen_interfaces() -> list[str] | None:
    """The interfaces SMLB_MDNS_INTERFACES names (None: not set)."""
    text = os.environ.get(ENV_INTERFACES, "").strip()
    return [part.strip() for part in text.split(",") if part.strip()] or None


def interfaces_for(listen_host: str) -> list[str] | None:
    """Where a server listening on `listen_host` is announced: SMLB_MDNS_INTERFACES if set,
    else that address alone when it is one IPv4 address (127.0.0.1: this machine only), else
    (every address: "", 0.0.0.0, ::, a name) None, every interface."""
    chosen = chosen_interfaces()
    if chosen is not None:
        return chosen
    with contextlib.suppress(ValueError):
        address = ipaddress.ip_address(listen_host)
        if isinstance(address, ipaddress.IPv4Address) and not address.is_unspecified:
            return [str(address)]
    return None


def machine_addresses() -> list[str]:
    """This machine's IPv4 addresses, loopback last."""
    import ifaddr

    found = {
        ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips if isinstance(ip.ip, str)
    }
    return sorted(found, key=lambda a: (a.startswith("127."), a))


def _zeroconf(interfaces: list[str] | None) -> Any:
    from zeroconf import InterfaceChoice, IPVersion
    from zeroconf.asyncio import AsyncZeroconf

    if interfaces is None:
        return AsyncZeroconf(interfaces=InterfaceChoice.All, ip_version=IPVersion.V4Only)
    return AsyncZeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)


def _label(text: str) -> str:
    """A DNS label from any text: lower-case letters, digits and hyphens."""
    return re.sub(r"[^a-z0-9-]+", "-", text.lower()).strip("-")[:40] or "host"


# -- the server's side ----------------------------------------------------------------------
class Announcer:
    """Announces a server's tables with a free seat (one DNS-SD service each) and withdraws
    them as they fill, end or go. `changed(table)` is the hub's observer, called on the
    server's loop: it only notes what should be announced; a task of its own registers,
    updates and withdraws (a registration probes the network for a second or two first)."""

    def __init__(
        self,
        port: int,
        listen_host: str,
        host_name: str | None = None,
        tls: bool = False,
    ) -> None:
        self.port = port
        self.interfaces = interfaces_for(listen_host)
        self.host_name = clean_text(host_name or socket.gethostname(), MAX_HOST) or "?"
        self.tls = tls
        self.server = f"smlb-{_label(socket.gethostname())}-{port}.local."
        self.wanted: dict[str, dict[str, str] | None] = {}  # code -> TXT (None: withdraw)
        self.announced: dict[str, Any] = {}  # code -> its ServiceInfo, registered
        self.zeroconf: Any = None
        self.hub: Observed | None = None
        self.wake = asyncio.Event()
        self.worker: asyncio.Task[None] | None = None

    def addresses(self) -> list[str]:
        """The addresses friends reach the server at: the interfaces it is announced on, or
        this machine's every address."""
        if self.interfaces is not None:
            return list(self.interfaces)
        return machine_addresses()

    async def start(self, hub: Observed) -> None:
        """Listen to the hub's tables and announce every one with a free seat. OSError when
        the network cannot be joined (no multicast): the server goes on unannounced."""
        self.zeroconf = _zeroconf(self.interfaces)
        self.hub = hub
        hub.observers.append(self.changed)
        for table in list(hub.tables.values()):
            self.changed(table)
        self.worker = asyncio.create_task(self._work())

    def changed(self, table: AnnouncedTable) -> None:
        """The hub's observer: a table made, its seats or its state changed, or gone."""
        hub = self.hub
        here = hub is not None and hub.tables.get(table.code) is table
        txt = properties(table, self.host_name, self.tls) if here else None
        if txt is None and table.code not in self.announced and table.code not in self.wanted:
            return
        if txt is not None and table.code not in self.announced:
            pending = sum(1 for t in self.wanted.values() if t is not None)
            if len(self.announced) + pending >= MAX_ANNOUNCED:
                return
        self.wanted[table.code] = txt
        self.wake.set()

    async def _work(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            while self.wanted:
                code, txt = self.wanted.popitem()
                try:
                    await self._apply(code, txt)
                except asyncio.CancelledError:
                    raise
                except Exception as err:  # (the network went away): the table goes on
                    log.warning("table %s: announcing it failed: %s", code, err)

    async def _apply(self, code: str, txt: dict[str, str] | None) -> None:
        from zeroconf import ServiceInfo

        old = self.announced.get(code)
        if txt is None:
            if old is not None:
                del self.announced[code]
                await self.zeroconf.async_unregister_service(old)
            return
        info = ServiceInfo(
            SERVICE_TYPE,
            f"{code}.{SERVICE_TYPE}",
            port=self.port,
            properties=txt,
            parsed_addresses=self.addresses(),
            server=self.server,
            host_ttl=TTL,
            other_ttl=TTL,
        )
        if old is None:
            self.announced[code] = info  # (from now: a change meanwhile is applied after)
            try:
                await await_registered(self.zeroconf, info)
            except BaseException:
                self.announced.pop(code, None)
                raise
        elif old.properties != info.properties:
            self.announced[code] = info
            await self.zeroconf.async_update_service(info)

    async def close(self) -> None:
        """Withdraw every announcement (goodbye packets) and leave the network."""
        if self.hub is not None and self.changed in self.hub.observers:
            self.hub.observers.remove(self.changed)
        if self.worker is not None:
            self.worker.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.worker
        if self.zeroconf is not None:
            with contextlib.suppress(Exception):
                await self.zeroconf.async_unregister_all_services()
            with contextlib.suppress(Exception):
                await self.zeroconf.async_close()
        self.announced.clear()

    def stop(self) -> asyncio.Task[None]:
        """`close()` from a caller that cannot wait (a hook run as the server stops): its
        goodbyes go out while the server's own stop goes on, on the same loop."""
        task = asyncio.get_running_loop().create_task(self.close())
        _closing.add(task)
        task.add_done_callback(_closing.discard)
        return task


_closing: set[asyncio.Task[None]] = set()  # announcers closing (kept from the GC)


async def await_registered(zeroconf: Any, info: Any) -> None:
    """Register a service and wait until it is announced (its probing done)."""
    registered = await zeroconf.async_register_service(info, allow_name_change=True)
    await registered


async def announce(
    hub: Observed, listen_host: str, port: int, tls: bool = False, host_name: str | None = None
) -> Announcer | None:
    """Announce the tables of a server listening on `listen_host`:`port` (the hook
    `--serve --announce` and the app's own server call, on the server's loop); None, logged
    in one line, when the network cannot be joined (the server goes on unannounced).
    `await announcer.close()` before the server stops."""
    announcer = Announcer(port, listen_host, host_name, tls)
    try:
        await announcer.start(hub)
    except OSError as err:
        log.warning("tables are not announced nearby: %s", err)
        await announcer.close()
        return None
    return announcer


class Hosted(Protocol):
    """What the announcement of the app's own server reads of it (hosting.HostedServer)."""

    @property
    def port(self) -> int: ...

    @property
    def game_server(self) -> Any: ...

    @property
    def on_serving(self) -> list[Callable[[Any], None]]: ...

    @property
    def on_stopping(self) -> list[Callable[[Any], None]]: ...


def announce_hosted(hosted: Hosted, host_name: str | None = None) -> None:
    """Announce the tables of the app's own server ("Host on this computer") while it
    serves: started when it serves, withdrawn as it stops (its hooks, run on its loop)."""
    running: dict[str, Any] = {}

    def serving(server: Hosted) -> None:
        async def started() -> None:
            hub = server.game_server.hub if server.game_server is not None else None
            if hub is not None:
                running["announcer"] = await announce(hub, "", server.port, host_name=host_name)

        running["starting"] = asyncio.get_running_loop().create_task(started())

    def stopping(_server: Hosted) -> None:
        starting = running.pop("starting", None)
        if starting is not None and not starting.done():
            starting.cancel()
        announcer = running.pop("announcer", None)
        if announcer is not None:
            announcer.stop()

    hosted.on_serving.append(serving)
    hosted.on_stopping.append(stopping)


# -- the player's side ----------------------------------------------------------------------
class Browser:
    """Finds the tables announced nearby, in a thread of its own (joining the network and
    reading announcements never holds a frame). `tables()` is what it knows now; `version`
    counts its changes (a screen redraws when it moves); `problem` is set when the network
    could not be joined. `close()` returns at once (the thread leaves by itself)."""

    def __init__(self, games: Collection[str], interfaces: list[str] | None = None) -> None:
        self.games = frozenset(games)
        self.interfaces = interfaces if interfaces is not None else chosen_interfaces()
        self.lock = threading.Lock()
        self.found: dict[str, Nearby] = {}
        self.version = 0
        self.problem = ""
        self.loop: asyncio.AbstractEventLoop | None = None
        self.stop: asyncio.Event | None = None
        self.closed = False
        self.pending: set[str] = set()  # names being read
        self.networks: list[ipaddress.IPv4Network] = []  # this machine's (its thread reads them)
        self._tasks: set[asyncio.Task[None]] = set()
        self.thread = threading.Thread(target=self._run, name="tables-nearby", daemon=True)

    def start(self) -> Browser:
        self.thread.start()
        return self

    def tables(self) -> list[Nearby]:
        """The tables known now, by host's name then code."""
        with self.lock:
            found = list(self.found.values())
        return sorted(found, key=lambda n: (n.host.casefold(), n.code))

    def close(self) -> None:
        """Stop looking (the thread closes its sockets and ends by itself)."""
        with self.lock:
            self.closed = True
            loop, stop = self.loop, self.stop
        if loop is not None and stop is not None:
            with contextlib.suppress(RuntimeError):  # (its loop already closed)
                loop.call_soon_threadsafe(stop.set)

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as err:
            self._failed(err)

    def _failed(self, err: BaseException) -> None:
        with self.lock:
            self.problem = " ".join(str(err).split()) or type(err).__name__
            self.version += 1
        log.info("tables nearby cannot be looked for: %s", self.problem)

    async def _main(self) -> None:
        from zeroconf.asyncio import AsyncServiceBrowser

        with self.lock:
            if self.closed:
                return
            self.loop, self.stop = asyncio.get_running_loop(), asyncio.Event()
            stop = self.stop
        try:
            self.networks = local_networks()
            zc = _zeroconf(self.interfaces)
        except OSError as err:
            self._failed(err)
            return
        browser = AsyncServiceBrowser(zc.zeroconf, SERVICE_TYPE, handlers=[self._heard])
        try:
            await stop.wait()
        finally:
            for task in list(self._tasks):
                task.cancel()
            with contextlib.suppress(Exception):
                await browser.async_cancel()
            with contextlib.suppress(Exception):
                await zc.async_close()

    def _heard(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        """An announcement came, changed or went (on the browser's loop)."""
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            self._forget(name)
            return
        with self.lock:
            known = name in self.found or name in self.pending
            if not known and len(self.found) + len(self.pending) >= MAX_KEPT:
                return  # a flood: the first MAX_KEPT alone are kept
            self.pending.add(name)
        task = asyncio.get_running_loop().create_task(self._read(zeroconf, service_type, name))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _read(self, zeroconf: Any, service_type: str, name: str) -> None:
        from zeroconf.asyncio import AsyncServiceInfo

        info = AsyncServiceInfo(service_type, name)
        try:
            got = await info.async_request(zeroconf, RESOLVE_MS)
            table = None
            if got:
                txt = info.properties if isinstance(info.properties, dict) else {}
                size = len(info.text) if isinstance(info.text, bytes) else MAX_TXT + 1
                addresses = info.parsed_addresses()
                table = read_announcement(
                    name, txt, size, addresses, info.port, self.games, self.networks
                )
        except asyncio.CancelledError:
            raise
        except Exception as err:  # a malformed announcement is one the browser ignores
            log.info("an announcement nearby was not read: %s", err)
            got, table = True, None
        with self.lock:
            self.pending.discard(name)
            before = self.found.get(name)
            if table is not None:
                self.found[name] = table
            elif got:  # read, and malformed (one not answered in time stays as it was)
                self.found.pop(name, None)
            if self.found.get(name) != before:
                self.version += 1

    def _forget(self, name: str) -> None:
        with self.lock:
            self.pending.discard(name)
            if self.found.pop(name, None) is not None:
                self.version += 1
