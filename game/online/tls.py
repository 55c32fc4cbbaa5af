"""TLS for the clients (wss://): a certificate a public authority vouches for is taken as any
browser takes it; one nobody vouches for (self-signed) only when the user said to trust that
server's certificate, remembered by its SHA-256 fingerprint (`PINS`, kept by the app in its
data folder: `online/trusted.json`). A server whose certificate changed is refused again: the
user is asked anew. Nothing is sent to a server before its certificate passed: the seat's token
crosses the network only inside TLS that was checked. No pygame.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import ssl
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect

from game.core import safe_json
from game.core.storage import write_json_atomic

TRUST_FILE = "trusted.json"  # in the app's `online` folder: {server: fingerprint}
MAX_TRUSTED = 50
PROBE_TIMEOUT = 10.0  # seconds to fetch an untrusted server's certificate for the question

#: server ("wss://host:port") -> the fingerprint of the certificate the user trusted for it
PINS: dict[str, str] = {}


class UntrustedCertificate(Exception):
    """A wss:// server whose certificate no authority vouches for (`changed` False) or whose
    certificate is not the one the user trusted for it (`changed` True). Not an OSError: no
    reconnect loop tries it again by itself."""

    def __init__(self, server: str, fingerprint: str, changed: bool) -> None:
        what = "changed its certificate" if changed else "has a certificate nobody vouches for"
        super().__init__(f"{server} {what} (SHA-256 {fingerprint})")
        self.server = server
        self.fingerprint = fingerprint
        self.changed = changed


def server_of(url: str) -> str:
    """The server a URL names, as trust is kept: "wss://host:port" (443 when not given)."""
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    shown = f"[{host}]" if ":" in host else host
    return f"{parts.scheme.lower()}://{shown}:{parts.port or 443}"


def fingerprint(der: bytes) -> str:
    """A certificate's SHA-256 fingerprint as `openssl x509 -fingerprint -sha256` prints it."""
    digest = hashlib.sha256(der).hexdigest().upper()
    return ":".join(digest[i : i + 2] for i in range(0, len(digest), 2))


def _unverified() -> ssl.SSLContext:
    """TLS that checks nothing by itself: the caller compares the fingerprint."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def _peer(ws: ClientConnection) -> str:
    tls = ws.transport.get_extra_info("ssl_object")
    der = tls.getpeercert(binary_form=True) if tls is not None else None
    return fingerprint(der) if der else ""


async def peer_fingerprint(url: str) -> str:
    """The fingerprint of the certificate the server at `url` shows (nothing else is said)."""
    parts = urlsplit(url)
    host, port = parts.hostname or "", parts.port or 443
    _reader, writer = await asyncio.wait_for(
        asyncio.open_connection(host, port, ssl=_unverified(), server_hostname=host),
        PROBE_TIMEOUT,
    )
    try:
        tls = writer.get_extra_info("ssl_object")
        der = tls.getpeercert(binary_form=True) if tls is not None else None
        return fingerprint(der) if der else ""
    finally:
        writer.close()
        with contextlib.suppress(Exception):
            await writer.wait_closed()


def _pinned(server: str, pin: str) -> type[ClientConnection]:
    """A connection that compares the server's certificate with `pin` once TLS is up and
    before its opening handshake writes a byte (the upgrade request names the path, and a
    client's next message carries its seat's token): UntrustedCertificate when it differs."""

    class Pinned(ClientConnection):
        async def handshake(self, *args: Any, **kwargs: Any) -> None:
            found = _peer(self)
            if found != pin:
                raise UntrustedCertificate(server, found, True)  # (connect aborts the line)
            await super().handshake(*args, **kwargs)

    return Pinned


async def open_connection(url: str, **kwargs: Any) -> ClientConnection:
    """websockets' `connect(url)`, with the trust rules above for wss://: UntrustedCertificate
    when the user has not trusted this server's certificate (or it changed), before anything
    is sent to it."""
    if urlsplit(url).scheme.lower() != "wss":
        return await connect(url, **kwargs)
    server = server_of(url)
    pin = PINS.get(server)
    if pin is None:
        try:
            return await connect(url, **kwargs)
        except ssl.SSLCertVerificationError:
            raise UntrustedCertificate(server, await peer_fingerprint(url), False) from None
    return await connect(url, ssl=_unverified(), create_connection=_pinned(server, pin), **kwargs)


# -- the app's trust file ----------------------------------------------------------------------
def load_trusted(data_dir: Path) -> dict[str, str]:
    """The servers whose certificate the user trusted (into `PINS` too); a damaged file is no
    trust at all (never raises)."""
    try:
        data = safe_json.read_json(Path(data_dir) / "online" / TRUST_FILE)
    except (OSError, ValueError):
        data = {}
    kept = {
        k: v
        for k, v in (data.items() if isinstance(data, dict) else [])
        if isinstance(k, str) and isinstance(v, str)
    }
    PINS.update(kept)
    return kept


def trust(data_dir: Path, server: str, found: str) -> None:
    """Trust this server's certificate (by its fingerprint) from now on, and remember it."""
    PINS[server] = found
    kept = load_trusted(data_dir)
    kept.pop(server, None)
    kept[server] = found
    while len(kept) > MAX_TRUSTED:
        kept.pop(next(iter(kept)))
    with contextlib.suppress(OSError):
        write_json_atomic(Path(data_dir) / "online" / TRUST_FILE, kept)
