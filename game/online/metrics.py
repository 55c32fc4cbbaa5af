"""The server's figures for its operator, in Prometheus' text format (`GET /metrics`, endpoints.py),
kept with the official client library `prometheus_client` (the `server` extra:
`pip install .[server]`; without it the server runs and /metrics says what to install).

Every figure is a count or a duration over the whole server: no table code, token, name, seed
or address is ever a label (docs/server.md lists them; docs/PROTOCOL.md's threat model says who
may read them). Each server has a registry of its own (several run in one test process).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # (an optional package: imported when the metrics start)
    from prometheus_client import CollectorRegistry

log = logging.getLogger("game.online")

#: Seconds: from a player's action received to its answer (the commit is most of it).
MOVE_BUCKETS = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: Seconds one group commit (one transaction, one disk flush) takes.
COMMIT_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0)
#: Seconds a computer's decision waits for a thinking place (queued to thinking).
WAIT_BUCKETS = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
MISSING = "metrics need prometheus_client: pip install .[server]\n"


class Sender(Protocol):
    def send(self, text: str) -> None: ...


class Watched(Protocol):
    """What the metrics read from the server when they are scraped."""

    def connection_count(self) -> int: ...

    def live_table_count(self) -> int: ...

    def thinking_count(self) -> int: ...


class Metrics:
    """The server's counters, gauges and histograms (no-ops without prometheus_client)."""

    def __init__(self, server: Watched) -> None:
        try:
            from prometheus_client import (
                CollectorRegistry,
                Counter,
                Gauge,
                Histogram,
                ProcessCollector,
            )
        except ImportError:
            self.registry: CollectorRegistry | None = None
            return
        self.registry = registry = CollectorRegistry()
        ProcessCollector(registry=registry)  # process_*: its CPU, memory and open files
        gauges: Iterable[tuple[str, str, Callable[[], int]]] = (
            ("smlb_connections", "WebSocket clients connected", server.connection_count),
            ("smlb_tables_live", "unfinished tables this process serves", server.live_table_count),
            (
                "smlb_computers_thinking",
                "computer seats thinking of a move (or queued for a thinking place)",
                server.thinking_count,
            ),
        )
        for name, what, read in gauges:
            Gauge(name, what, registry=registry).set_function(read)
        self.moves = Counter(
            "smlb_moves", "actions committed (players' and computers')", registry=registry
        )
        self.move_seconds = Histogram(
            "smlb_move_latency_seconds",
            "a player's action received to its answer (ack or refusal) sent",
            buckets=MOVE_BUCKETS,
            registry=registry,
        )
        self.commit_seconds = Histogram(
            "smlb_store_commit_seconds",
            "one group commit of actions to the database",
            buckets=COMMIT_BUCKETS,
            registry=registry,
        )
        self.computer_wait_seconds = Histogram(
            "smlb_computer_wait_seconds",
            "a computer's decision queued to its thinking place handed out (thinking.py: in "
            "turns across the addresses that opened tables, then their tables)",
            buckets=WAIT_BUCKETS,
            registry=registry,
        )
        self.refusals = Counter(
            "smlb_refusals",
            "requests and connections refused, by reason (a protocol error code)",
            ["reason"],
            registry=registry,
        )

    @property
    def available(self) -> bool:
        return self.registry is not None

    def text(self) -> tuple[str, str]:
        """The exposition (text, content type); without the library, what to install."""
        if self.registry is None:
            return MISSING, "text/plain; charset=utf-8"
        from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

        return generate_latest(self.registry).decode("utf-8"), CONTENT_TYPE_LATEST

    def committed(self, actions: int, seconds: float) -> None:
        """One group commit of `actions` actions took `seconds` (commits.GroupCommit)."""
        if self.registry is not None:
            self.moves.inc(actions)
            self.commit_seconds.observe(seconds)

    def computer_waited(self, seconds: float) -> None:
        """A computer's decision waited `seconds` for its thinking place (thinking.Thinking)."""
        if self.registry is not None:
            self.computer_wait_seconds.observe(seconds)

    def refused(self, reason: str) -> None:
        """A refusal; `reason` is a protocol code or a fixed word, never a client's text."""
        if self.registry is not None:
            self.refusals.labels(reason).inc()

    def answering(self, conn: Sender) -> Sender:
        """`conn`, timed: its first send (the answer to an action) is the move's latency."""
        if self.registry is None:
            return conn
        return Answer(conn, self)


class Answer:
    """Stands for a connection while its action is answered: the first text sent to it
    (an `ack`, a `refused` or an `error`) ends the move's latency, and a refusal is counted
    by its code."""

    __slots__ = ("conn", "metrics", "began")

    def __init__(self, conn: Sender, metrics: Metrics) -> None:
        self.conn = conn
        self.metrics: Metrics | None = metrics
        self.began = time.monotonic()

    def send(self, text: str) -> None:
        metrics, self.metrics = self.metrics, None
        if metrics is not None:
            metrics.move_seconds.observe(time.monotonic() - self.began)
            if not text.startswith('{"type":"ack"'):
                metrics.refused(refusal_code(text))
        self.conn.send(text)


def refusal_code(text: str) -> str:
    """The code of a `refused` or `error` answer (the rules' refusal codes: a fixed set)."""
    try:
        code = json.loads(text).get("code")
    except (ValueError, AttributeError):
        return "internal"
    return code if isinstance(code, str) and code.isidentifier() and len(code) <= 40 else "other"
