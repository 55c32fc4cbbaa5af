"""What one player (one address) may take of a server, so that nobody can sink it for the
others (docs/PROTOCOL.md, "Limits"): the limits themselves (`Limits`, each a server option),
who is let in (`Door`: connections per address and in all), failed look-ups slowed down and
then cut off (`Lookups`), a repeated log line written once a second at most (`OncePerSecond`)
and the open-file limit raised to the hard one at start (`raise_open_files`).

An address is a client's IP address; IPv6 addresses count by their /64 network (one machine
commonly holds a whole /64, so one address each would be no limit at all).
"""

from __future__ import annotations

import dataclasses
import ipaddress
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

log = logging.getLogger("game.online")

FD_RESERVE = 64  # open files kept back from connections (the database, logs, bots' pipes)


def cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # (not on Linux)
        return max(1, os.cpu_count() or 1)


def _limit(default: float | int | bool, option: str, what: str, unit: str = "") -> Any:
    """A limit's field: its default, its `--serve` option and what it says in --help."""
    return dataclasses.field(
        default=default, metadata={"option": option, "help": what, "unit": unit}
    )


@dataclass(frozen=True)
class Limits:
    """Every limit of the server, with its default (the safe one; docs/PROTOCOL.md's table
    says what each protects). `--serve` takes each as an option (the fields' metadata)."""

    connections: int = _limit(
        4096, "--max-connections", "open connections in all (kept under the open-file limit)"
    )
    connections_per_address: int = _limit(
        16, "--max-connections-per-address", "open connections from one address"
    )
    idle_seconds: float = _limit(
        10.0, "--idle-seconds", "a connection at no table (no seat, not watching) is closed", "s"
    )
    handshake_seconds: float = _limit(
        5.0, "--handshake-seconds", "to open the WebSocket once connected", "s"
    )
    watchers_per_table: int = _limit(50, "--max-watchers", "connections watching one table")
    tables_per_address: int = _limit(
        8, "--max-tables-per-address", "unfinished tables one address has opened"
    )
    computer_tables: bool = _limit(
        False, "--allow-computer-tables", "let a table have computer seats only (no human)"
    )
    thinking: int = _limit(
        0, "--max-thinking", "computer seats thinking at once, the others queued"
    )
    lookup_free: int = _limit(
        10, "--lookups-free", "failed look-ups (bad codes, tokens) of an address answered at once"
    )
    lookup_cutoff: int = _limit(
        20, "--lookups-cutoff", "failed look-ups that cut an address off (each slower before)"
    )
    lookup_window: float = _limit(
        600.0, "--lookups-window", "failed look-ups are counted over this long", "s"
    )
    cutoff_seconds: float = _limit(900.0, "--cutoff-seconds", "how long a cut-off lasts", "s")
    finished_kept: int = _limit(
        64, "--finished-kept", "finished tables kept in memory (the others read from the store)"
    )
    retention_days: float = _limit(
        30.0, "--retention-days", "finished and abandoned tables are deleted after", "days"
    )
    no_metrics: bool = _limit(
        False, "--no-metrics", "answer GET /metrics with 404 (docs/server.md: who may read it)"
    )

    def __post_init__(self) -> None:
        if self.thinking <= 0:  # (frozen: set through object's own setattr)
            object.__setattr__(self, "thinking", cpus())

    def with_open_files(self, soft: int) -> Limits:
        """These limits, the connections kept under an open-file limit of `soft`."""
        room = max(1, soft - FD_RESERVE)
        return dataclasses.replace(self, connections=min(self.connections, room))


def address_of(peer: object) -> str:
    """The address a peer counts under: its IP, an IPv6 one as its /64 network."""
    host = peer[0] if isinstance(peer, tuple) and peer else str(peer)
    try:
        ip = ipaddress.ip_address(str(host).split("%")[0])
    except ValueError:
        return str(host)
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class Door:
    """The connections open (counted from the moment they connect, before their WebSocket
    is open: a client that connects and says nothing holds a file too), per address and in
    all; `admit` says whether one more may come in."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.open: dict[str, int] = {}
        self.total = 0
        self.refused = 0

    def admit(self, address: str) -> str | None:
        """Count a new connection in: None, or why it is refused (not counted then)."""
        if self.total >= self.limits.connections:
            why = f"the server holds {self.limits.connections} connections"
        elif self.open.get(address, 0) >= self.limits.connections_per_address:
            why = f"{self.limits.connections_per_address} connections from one address"
        else:
            self.open[address] = self.open.get(address, 0) + 1
            self.total += 1
            return None
        self.refused += 1
        return why

    def left(self, address: str) -> None:
        count = self.open.get(address, 0) - 1
        if count > 0:
            self.open[address] = count
        else:
            self.open.pop(address, None)
        self.total = max(0, self.total - 1)


class Lookups:
    """Failed look-ups (a code with no table, a token that holds no seat) per address: the
    first `lookup_free` in a window cost nothing (a mistyped code), each one past them waits
    twice as long as the one before (from 50 ms), and `lookup_cutoff` of them cut the address
    off for `cutoff_seconds` (its connections closed, new ones refused). Guessing a table's
    code or a seat's token is then hopeless: see docs/PROTOCOL.md for the arithmetic."""

    FIRST_DELAY = 0.05
    MAX_DELAY = 5.0

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self.failures: dict[str, list[float]] = {}  # address -> when its failures were
        self.cut: dict[str, float] = {}  # address -> cut off until

    def _recent(self, address: str, now: float) -> list[float]:
        times = self.failures.get(address)
        if times is None:
            return []
        since = now - self.limits.lookup_window
        while times and times[0] < since:
            times.pop(0)
        if not times:
            del self.failures[address]
        return times

    def cut_off(self, address: str) -> bool:
        until = self.cut.get(address)
        if until is None:
            return False
        if self.clock() < until:
            return True
        del self.cut[address]
        return False

    def delay(self, address: str) -> float:
        """How long this address's next look-up waits before it is answered."""
        over = len(self._recent(address, self.clock())) - self.limits.lookup_free
        if over < 0:
            return 0.0
        return float(min(self.MAX_DELAY, self.FIRST_DELAY * 2.0**over))

    def failed(self, address: str) -> bool:
        """Count a failed look-up: whether the address is cut off now."""
        now = self.clock()
        times = self._recent(address, now)
        times.append(now)
        self.failures[address] = times
        if len(times) >= self.limits.lookup_cutoff:
            self.cut[address] = now + self.limits.cutoff_seconds
            del self.failures[address]
            log.warning(
                "cut off %s for %.0f s: too many failed look-ups",
                address,
                self.limits.cutoff_seconds,
            )
            return True
        return False

    def forget_old(self) -> None:
        """Drop what is past (addresses come and go: the maps stay small)."""
        now = self.clock()
        for address in list(self.failures):
            self._recent(address, now)
        for address, until in list(self.cut.items()):
            if until <= now:
                del self.cut[address]


class OncePerSecond(logging.Filter):
    """Lets a log line through once a second at most per (logger, message template, level):
    a flood of one error (thousands of "Too many open files" a second, a client refused
    again and again) writes one line a second, then says how many were left out."""

    def __init__(self, every: float = 1.0, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.every = every
        self.clock = clock
        self.last: dict[tuple[str, object, int], tuple[float, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, record.msg, record.levelno)
        now = self.clock()
        seen = self.last.get(key)
        if seen is not None and now - seen[0] < self.every:
            self.last[key] = (seen[0], seen[1] + 1)
            return False
        if len(self.last) > 10_000:  # (templates are few; a flood of distinct ones is not)
            self.last.clear()
        self.last[key] = (now, 0)
        if seen is not None and seen[1]:
            record.msg = f"{record.msg} (and {seen[1]} more like it in the last second)"
        return True


ONCE_PER_SECOND = OncePerSecond()  # the server's: one for every logger it is put on


def collapse_repeats(*loggers: str) -> OncePerSecond:
    """Put the one OncePerSecond filter on these loggers (asyncio's accept errors,
    websockets', the server's own), or, none named, on the root logger's handlers (every
    logger's lines, as a command's server writes them). Not both: a line would pass the
    same filter twice, and be taken for its own repeat."""
    once = ONCE_PER_SECOND
    if any(once in handler.filters for handler in logging.getLogger().handlers):
        return once  # (on every line already)
    targets: list[logging.Filterer] = (
        [logging.getLogger(name) for name in loggers]
        if loggers
        else list(logging.getLogger().handlers)
    )
    for target in targets:
        if once not in target.filters:
            target.addFilter(once)
    return once


def raise_open_files() -> int:
    """Raise this process's soft open-file limit to its hard limit (the soft one is often
    1,024, which a thousand idle connections would fill): the soft limit now."""
    try:
        import resource
    except ImportError:  # (not on Unix)
        return 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    if want > soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            soft = want
        except (ValueError, OSError) as err:
            log.warning("could not raise the open-file limit from %d: %s", soft, err)
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def open_files() -> int:
    """The soft open-file limit as it stands."""
    try:
        import resource
    except ImportError:
        return 1024
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return soft if soft != resource.RLIM_INFINITY else 1 << 20
