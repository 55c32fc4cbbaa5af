"""What one player (one address) may take of a server, so that nobody can sink it for the
others (docs/PROTOCOL.md, "Limits"): the limits themselves (`Limits`, each a server option),
who is let in (`Door`: connections per address and in all), failed look-ups slowed down and
then cut off (`Lookups`: the look-ups alone, never a seat), a repeated log line written once a
second at most (`OncePerSecond`) and the open-file limit raised to the hard one at start
(`raise_open_files`).

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
from typing import TypeVar

log = logging.getLogger("game.online")

#: A limit's value: a number, a switch, or several texts.
L = TypeVar("L", float, int, bool, tuple[str, ...])

FD_RESERVE = 64  # open files kept back from connections (the database, logs, bots' pipes)


def cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # (not on Linux)
        return max(1, os.cpu_count() or 1)


def _limit(
    default: L,
    option: str,
    what: str,
    unit: str = "",
    many: bool = False,
) -> L:
    """A limit's field: its default, its `--serve` option and what it says in --help (`many`:
    the option may be given several times, each value one more of the tuple)."""
    return dataclasses.field(
        default=default, metadata={"option": option, "help": what, "unit": unit, "many": many}
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
    cutoff_seconds: float = _limit(
        900.0, "--cutoff-seconds", "how long a cut-off of an address's look-ups lasts", "s"
    )
    lookup_budget: float = _limit(
        1.0,
        "--lookups-per-second",
        "look-ups a second the whole server answers from addresses that failed one lately "
        "(the others wait their turn)",
    )
    finished_kept: int = _limit(
        64, "--finished-kept", "finished tables kept in memory (the others read from the store)"
    )
    retention_days: float = _limit(
        30.0, "--retention-days", "finished and abandoned tables are deleted after", "days"
    )
    no_metrics: bool = _limit(
        False, "--no-metrics", "answer GET /metrics with 404 (docs/server.md: who may read it)"
    )
    trusted_proxies: tuple[str, ...] = _limit(
        (),
        "--trusted-proxy",
        "a reverse proxy (an address or a range, e.g. 127.0.0.1) whose X-Forwarded-For names "
        "its clients; may be given again for each (none: the header is ignored)",
        many=True,
    )

    def __post_init__(self) -> None:
        if self.thinking <= 0:  # (frozen: set through object's own setattr)
            object.__setattr__(self, "thinking", cpus())
        proxies = tuple(proxy_network(text) for text in self.trusted_proxies)
        object.__setattr__(self, "trusted_proxies", proxies)

    def with_open_files(self, soft: int) -> Limits:
        """These limits, the connections kept under an open-file limit of `soft`."""
        room = max(1, soft - FD_RESERVE)
        return dataclasses.replace(self, connections=min(self.connections, room))


def proxy_network(text: str) -> str:
    """An operator's `--trusted-proxy` value, an address or a CIDR range (IPv4 or IPv6), as
    its network's text; ValueError (one line) when it is neither."""
    try:
        return str(ipaddress.ip_network(text.strip(), strict=False))
    except ValueError:
        raise ValueError(
            f"{text[:60]!r} is not an address or a range of addresses (192.0.2.1, 10.0.0.0/8, "
            "2001:db8::/32)"
        ) from None


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
    all. A connection from a trusted proxy (proxies.py) is counted in all when it connects
    and under its client's address once its request names the client (`claim`)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.open: dict[str, int] = {}
        self.total = 0
        self.refused = 0

    def full(self) -> bool:
        return self.total >= self.limits.connections

    def address_full(self, address: str) -> bool:
        return self.open.get(address, 0) >= self.limits.connections_per_address

    def admit(self, address: str | None) -> str | None:
        """Count a new connection in (`address` None: in all only, its address to come):
        None, or why it is refused (not counted then)."""
        if self.full():
            why: str | None = f"the server holds {self.limits.connections} connections"
        elif address is not None:
            why = self.claim(address)
        else:
            why = None
        if why is None:
            self.total += 1
        else:
            self.refused += 1
        return why

    def claim(self, address: str) -> str | None:
        """Count a connection under its address: None, or why it is refused (not counted)."""
        if self.address_full(address):
            return f"{self.limits.connections_per_address} connections from one address"
        self.open[address] = self.open.get(address, 0) + 1
        return None

    def left(self, address: str | None) -> None:
        """A connection counted in all and (not None) under `address` is gone."""
        if address is not None:
            count = self.open.get(address, 0) - 1
            if count > 0:
                self.open[address] = count
            else:
                self.open.pop(address, None)
        self.total = max(0, self.total - 1)


class Lookups:
    """Failed look-ups (a code with no table, a token that holds no seat) per address: the
    first `lookup_free` in a window cost nothing (a mistyped code), each one past them waits
    twice as long as the one before (from 50 ms), and `lookup_cutoff` of them cut the
    address's look-ups off for `cutoff_seconds` (refused at once, `cut_off`; its seats, its
    actions and its connections are never touched: a guesser's neighbours on the address
    play on).

    Over all addresses, the look-ups of those that failed one lately share a budget of
    `lookup_budget` a second (a token bucket, bursts of BURST_SECONDS' worth): past it they
    wait their turn, so many addresses guessing together guess no faster than the budget; an
    address with no failure in the window never waits. Guessing a table's code or a seat's
    token is then hopeless: see docs/PROTOCOL.md for the arithmetic."""

    FIRST_DELAY = 0.05
    MAX_DELAY = 5.0
    BURST_SECONDS = 30.0  # the shared budget's burst: this many seconds' worth
    MAX_SHARED_WAIT = 10.0  # a look-up waits this long at most for the budget, else refused

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self.failures: dict[str, list[float]] = {}  # address -> when its failures were
        self.cut: dict[str, float] = {}  # address -> cut off until
        self.budget = limits.lookup_budget * self.BURST_SECONDS  # shared look-ups left...
        self.budget_at = clock()  # ...then

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
        """How long this address's next look-up waits for its own failures."""
        over = len(self._recent(address, self.clock())) - self.limits.lookup_free
        if over < 0:
            return 0.0
        return float(min(self.MAX_DELAY, self.FIRST_DELAY * 2.0**over))

    def wait(self, address: str) -> float | None:
        """How long this address's next look-up waits before it is served: its own delay, or
        its turn in the shared budget if longer (taken now). 0 for an address with no recent
        failure; None: refused, the budget spoken for longer than MAX_SHARED_WAIT."""
        now = self.clock()
        if not self._recent(address, now):
            return 0.0
        rate = self.limits.lookup_budget
        self.budget = min(rate * self.BURST_SECONDS, self.budget + (now - self.budget_at) * rate)
        self.budget_at = now
        shared = max(0.0, (1.0 - self.budget) / rate)  # until a look-up's worth is there
        if shared > self.MAX_SHARED_WAIT:
            return None
        self.budget -= 1.0
        return max(self.delay(address), shared)

    def failed(self, address: str) -> bool:
        """Count a failed look-up: whether the address's look-ups are cut off from now."""
        now = self.clock()
        times = self._recent(address, now)
        times.append(now)
        self.failures[address] = times
        if len(times) >= self.limits.lookup_cutoff:
            self.cut[address] = now + self.limits.cutoff_seconds
            del self.failures[address]
            log.warning(
                "cut off %s's look-ups for %.0f s: too many failed",
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
