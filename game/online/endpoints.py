"""Plain HTTP on the server's WebSocket port, for the operator: `GET /healthz` (200 and the
version; 503 while the database is away, so a load balancer sends players elsewhere) and
`GET /metrics` (metrics.py, Prometheus' text format; 404 with `--no-metrics`). Any other
request goes on to the WebSocket handshake as before. These requests come through the same
door as players' connections (limits.Door: per address and in all) and cost one small answer.
"""

from __future__ import annotations

from typing import Protocol

from websockets.asyncio.server import ServerConnection
from websockets.http11 import Request, Response

from game.core.version import __version__

from .metrics import Metrics


class Served(Protocol):
    """What the HTTP answers read of the server."""

    metrics: Metrics
    troubled: bool  # the database is away

    @property
    def metrics_shown(self) -> bool: ...


def answer(server: Served, connection: ServerConnection, request: Request) -> Response | None:
    """websockets' `process_request` hook: an HTTP answer for /healthz and /metrics, None
    (the WebSocket handshake goes on) for anything else."""
    path = request.path.split("?", 1)[0]
    if path == "/healthz":
        if server.troubled:
            return connection.respond(503, f"unavailable {__version__}: the database is away\n")
        return connection.respond(200, f"ok {__version__}\n")
    if path == "/metrics":
        if not server.metrics_shown:
            return connection.respond(404, "metrics are off on this server (--no-metrics)\n")
        text, content_type = server.metrics.text()
        if not server.metrics.available:
            return connection.respond(501, text)
        response = connection.respond(200, text)
        del response.headers["Content-Type"]
        response.headers["Content-Type"] = content_type
        return response
    return None
