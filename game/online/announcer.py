"""The server's side of tables nearby (nearby.py): its tables with a free seat announced on
the local network by mDNS (`Announcer`, on the server's asyncio loop), one DNS-SD service
each, registered, updated and withdrawn as they change. The hub tells the announcer of every
table made, changed or gone (`Hub.observers`); a table with no free seat, over, or gone from
the hub is withdrawn at once, and every announcement is withdrawn when the server stops (mDNS
"goodbye" packets). At most MAX_ANNOUNCED tables are announced. Started by
`--serve --announce` (`announce`) and by the app's own server (`announce_hosted`)."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import re
import socket
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from . import protocol as p
from .names import clean_text
from .nearby import (
    MAX_HOST,
    TTL,
    chosen_interfaces,
    service_type,
    zeroconf_api,
    zeroconf_on,
)

if TYPE_CHECKING:  # (zeroconf is imported on first use: see nearby.zeroconf_api)
    from zeroconf import ServiceInfo
    from zeroconf.asyncio import AsyncZeroconf

log = logging.getLogger("game.online")

MAX_ANNOUNCED = 32  # tables one server announces (a public server's others are not)


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
    def tables(self) -> Mapping[str, AnnouncedTable]: ...

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


def _label(text: str) -> str:
    """A DNS label from any text: lower-case letters, digits and hyphens."""
    return re.sub(r"[^a-z0-9-]+", "-", text.lower()).strip("-")[:40] or "host"


# -- announcing ------------------------------------------------------------------------------
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
        self.announced: dict[str, ServiceInfo] = {}  # code -> its registered announcement
        self.zeroconf: AsyncZeroconf | None = None
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
        self.zeroconf = zeroconf_on(self.interfaces)
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
        zeroconf = self.zeroconf
        assert zeroconf is not None, "the worker runs once the announcer has started"
        old = self.announced.get(code)
        if txt is None:
            if old is not None:
                del self.announced[code]
                await zeroconf.async_unregister_service(old)
            return
        service = service_type()
        info = zeroconf_api().ServiceInfo(
            service,
            f"{code}.{service}",
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
                await await_registered(zeroconf, info)
            except BaseException:
                self.announced.pop(code, None)
                raise
        elif old.properties != info.properties:
            self.announced[code] = info
            await zeroconf.async_update_service(info)

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


async def await_registered(zeroconf: AsyncZeroconf, info: ServiceInfo) -> None:
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
