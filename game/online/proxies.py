"""The reverse proxies the operator trusts (`--serve --trusted-proxy ADDR`, docs/server.md):
a connection from one of them stands for the client its `X-Forwarded-For` header names, so
that every limit kept per address (limits.py) counts each player behind the proxy as their
own machine, not all of them as the proxy's one address.

Only the entries the trusted proxies appended are believed: the header is read from its
right, past every entry that is itself a trusted proxy, and the first other entry is the
client (what the client wrote to its left, anything it likes, is never looked at). Without
a trusted proxy the header is not read at all: anyone may send it.
"""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import Iterable

from .limits import address_of

log = logging.getLogger("game.online")

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address
MAX_HEADER = 4096  # characters of X-Forwarded-For read (a longer one is garbled)


def _ip(text: str) -> Address | None:
    """One entry of X-Forwarded-For as an address: `1.2.3.4`, `1.2.3.4:5678`, `::1`,
    `[::1]:5678` (None: none of these)."""
    text = text.strip()
    if text.startswith("["):
        text = text[1:].split("]", 1)[0]
    elif text.count(":") == 1:  # an IPv4 address and its port
        text = text.split(":", 1)[0]
    try:
        ip = ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


class TrustedProxies:
    """The operator's trusted proxies (networks), and who a connection from one stands for."""

    def __init__(self, networks: Iterable[str]) -> None:
        self.networks: list[Network] = [ipaddress.ip_network(n, strict=False) for n in networks]

    def __bool__(self) -> bool:
        return bool(self.networks)

    def trusts(self, host: str | Address | None) -> bool:
        """Whether this peer (its IP) is one of the trusted proxies."""
        ip = _ip(host) if isinstance(host, str) else host
        return ip is not None and any(ip in network for network in self.networks)

    def client_of(self, proxy: str, forwarded: list[str]) -> str:
        """The address (limits.address_of) a trusted proxy's connection counts under: the
        right-most entry of its X-Forwarded-For headers (`forwarded`, in the order they came)
        that is not itself a trusted proxy, or, every entry a trusted proxy, the left-most of
        them. A missing or garbled header: the proxy's own address (`proxy`), logged."""
        joined = ",".join(forwarded)
        entries = joined.split(",") if joined.strip() and len(joined) <= MAX_HEADER else []
        chosen: Address | None = None
        for entry in reversed(entries):
            ip = _ip(entry)
            if ip is None:
                chosen = None
                break
            chosen = ip
            if not self.trusts(ip):
                break
        if chosen is None:
            log.warning(
                "a trusted proxy's request without a readable X-Forwarded-For: counted as the "
                "proxy's own address"
            )
            return address_of(proxy)
        return address_of(str(chosen))
