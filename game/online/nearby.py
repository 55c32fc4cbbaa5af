"""Tables nearby: the tables a server hosts, announced on the local network by multicast DNS
(DNS-SD, service type `_smlb._tcp.local.`, the `zeroconf` package; announcer.py announces
them), and found by the Join screen's browser, so a friend on the same network joins with one
click instead of a typed address and code.

An announcement is one service per table that has a free seat, named by its code; its TXT
record holds the game, the host's name, the free seats, the table's code, the protocol's
version (and `tls` when the server serves wss://), its SRV record the server's port.

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
import threading
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

from . import protocol as p
from .names import CODE_ALPHABET, clean_text, normal_code

if TYPE_CHECKING:  # (zeroconf is imported on first use: see zeroconf_api)
    from zeroconf import ServiceStateChange, Zeroconf
    from zeroconf.asyncio import AsyncZeroconf

log = logging.getLogger("game.online")

SERVICE_TYPE = "_smlb._tcp.local."
TTL = 120  # seconds an announcement lives unrefreshed (a host killed is gone within that)
MAX_KEPT = 32  # announcements a browser keeps (past that, new ones are ignored)
MAX_TXT = 400  # bytes of a TXT record read (a bigger one is ignored whole)
MAX_HOST = 24  # characters of a host's name shown
MAX_FREE = 99  # free seats an announcement may claim (more: malformed)
RESOLVE_MS = 3000  # how long a browser waits for an announcement's records
ENV_INTERFACES = "SMLB_MDNS_INTERFACES"
#: Another service type to announce and look under (`_name._tcp.local.`): the tests take one of
#: their own per run, so no other run's tables (nor a player's) show on their Join screens.
ENV_SERVICE = "SMLB_MDNS_SERVICE"
_SERVICE = re.compile(r"_[a-z0-9][a-z0-9-]{0,14}\._tcp\.local\.")
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
def service_type() -> str:
    """The service type tables are announced and looked for under: SERVICE_TYPE, or the one
    SMLB_MDNS_SERVICE names (a malformed one is ignored)."""
    text = os.environ.get(ENV_SERVICE, "").strip()
    return text if _SERVICE.fullmatch(text) else SERVICE_TYPE


def chosen_interfaces() -> list[str] | None:
    """The interfaces SMLB_MDNS_INTERFACES names (None: not set)."""
    text = os.environ.get(ENV_INTERFACES, "").strip()
    return [part.strip() for part in text.split(",") if part.strip()] or None


_IMPORTING = threading.Lock()


def zeroconf_api() -> ModuleType:
    """The zeroconf package with its asyncio part, imported on first use (it takes about
    130 ms: never at the app's start) under one lock: two threads importing it for the first
    time at once (the app's own server announcing, the Join screen looking) could each find
    the other's half made ("partially initialized module")."""
    with _IMPORTING:
        import zeroconf
        import zeroconf.asyncio
    return zeroconf


def zeroconf_on(interfaces: list[str] | None) -> AsyncZeroconf:
    """An AsyncZeroconf on these interfaces (None: every one), IPv4 (OSError: none there)."""
    zc = zeroconf_api()
    chosen = zc.InterfaceChoice.All if interfaces is None else interfaces
    made: AsyncZeroconf = zc.asyncio.AsyncZeroconf(
        interfaces=chosen, ip_version=zc.IPVersion.V4Only
    )
    return made


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
        with self.lock:
            if self.closed:
                return
            self.loop, self.stop = asyncio.get_running_loop(), asyncio.Event()
            stop = self.stop
        try:
            self.networks = local_networks()
            zc = zeroconf_on(self.interfaces)
        except OSError as err:
            self._failed(err)
            return
        browsing = zeroconf_api().asyncio.AsyncServiceBrowser
        browser = browsing(zc.zeroconf, service_type(), handlers=[self._heard])
        try:
            await stop.wait()
        finally:
            for task in list(self._tasks):
                task.cancel()
            with contextlib.suppress(Exception):
                await browser.async_cancel()
            with contextlib.suppress(Exception):
                await zc.async_close()

    def _heard(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        """An announcement came, changed or went (on the browser's loop)."""
        log.debug("nearby: %s %s", state_change.name, name)
        if state_change is zeroconf_api().ServiceStateChange.Removed:
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

    async def _read(self, zeroconf: Zeroconf, service_type: str, name: str) -> None:
        info = zeroconf_api().asyncio.AsyncServiceInfo(service_type, name)
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
        log.debug("nearby: read %s: %s", name, table if got else "no answer")
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
