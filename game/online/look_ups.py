"""A connection's look-ups (`join`, `resume`, `watch`, `get_record`, `rematch`, `hand_over`:
what finds a table or a seat by its code or token), served beside its other messages.

Failed look-ups slow an address's next ones and then cut them off (limits.Lookups); a
look-up that carries the right token of a table held here is a player's own and is served at
once, slowed or cut off never. One that must wait is served in the background: the
connection's actions go on meanwhile (a seated player who mistyped a code still plays), and
its next look-up is refused until this one is answered, so waiting costs one task per
connection at most.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import Protocol

from . import protocol as p
from .connection import Connection
from .limits import Lookups
from .names import normal_code
from .seats import proves_token
from .store import TableRow

CUT_OFF = p.Error(
    "cut_off", "too many failed look-ups from your address: look-ups wait a while (seats play on)"
)
ONE_AT_A_TIME = p.Error("rate_limited", "one look-up at a time while they are slowed: wait")
BUDGET_SPENT = p.Error("rate_limited", "too many look-ups on this server: try again in a moment")


class Held(Protocol):
    """A table as its look-ups read it."""

    @property
    def row(self) -> TableRow: ...


class Tables(Protocol):
    """The tables held here (hub.Hub): those in memory, and those followed (several servers)."""

    @property
    def tables(self) -> Mapping[str, Held]: ...

    @property
    def mirrors(self) -> Mapping[str, Held]: ...


class Refusals(Protocol):
    def refused(self, code: str) -> None: ...


class LookUps:
    """The look-ups of every connection: `look_up` one, `forget` a connection's waiting one."""

    def __init__(
        self,
        lookups: Lookups,
        hub: Tables,
        metrics: Refusals,
        serve: Callable[[Connection, p.ClientMessage], None],
    ) -> None:
        self.lookups = lookups
        self.hub = hub
        self.metrics = metrics
        self.serve = serve  # the server's own answer to a message
        self.waiting: dict[Connection, asyncio.Task[None]] = {}  # look-ups slowed, under way

    def proven(self, message: p.ClientMessage) -> bool:
        """Whether a look-up carries the right token of a table held here."""
        code = normal_code(str(getattr(message, "table", "")))
        table = self.hub.tables.get(code) or self.hub.mirrors.get(code)
        return table is not None and proves_token(table.row, message)

    def look_up(self, conn: Connection, message: p.ClientMessage) -> None:
        """Serve a look-up now, later (in the background) or refuse it, as its address's
        failures and the server's budget say."""
        if self.proven(message):
            self.serve(conn, message)
        elif self.lookups.cut_off(conn.address):
            self.metrics.refused("cut_off")
            conn.send(p.encode(CUT_OFF))
        elif conn in self.waiting:
            conn.send(p.encode(ONE_AT_A_TIME))
        else:
            wait = self.lookups.wait(conn.address)
            if wait is None:
                self.metrics.refused("rate_limited")
                conn.send(p.encode(BUDGET_SPENT))
            elif not wait:
                self.serve(conn, message)
            else:
                self.waiting[conn] = asyncio.create_task(self._later(conn, message, wait))

    async def _later(self, conn: Connection, message: p.ClientMessage, wait: float) -> None:
        try:
            await asyncio.sleep(wait)
            if conn.closing:
                return
            if self.lookups.cut_off(conn.address) and not self.proven(message):
                conn.send(p.encode(CUT_OFF))  # (cut off meanwhile, by its other look-ups)
            else:
                self.serve(conn, message)
        finally:
            self.waiting.pop(conn, None)

    def forget(self, conn: Connection) -> None:
        """The connection is gone: its waiting look-up is not served."""
        waiting = self.waiting.pop(conn, None)
        if waiting is not None:
            waiting.cancel()
