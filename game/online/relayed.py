"""Requests for tables another process owns, on a shared PostgreSQL database (relay.py).

A client may stay connected to any process: its requests for a table owned elsewhere are passed
on to the owner (`_pass_on`), which answers them as its own clients' (`_serve_request`, through
a `RemoteClient` stand-in), and the answers come back to be handed on (`_take_reply`). What is
not answered (the owner died, a notice was lost) is sent again, or served here once the table
is taken over. A mixin of `GameServer` (server.py), which provides the attributes below.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Protocol

import msgspec

from . import protocol as p, seating
from .codec import JSON
from .connection import failures_answered
from .hub import Hub
from .mirror import Mirror, TableOrMirror
from .store import ActionRow
from .tables import WATCHER, AnyTable


def _int(value: JSON) -> int:
    """A number of another process's notice as an integer (a string of digits too); ValueError
    for anything else, as int() raises."""
    if isinstance(value, int | float | str):
        return int(value)
    raise ValueError(f"not a number: {value!r}")


def _action_row(row: list[JSON]) -> ActionRow:
    """A stored action's row as another process's notice lists it (n, seat, action_id,
    action, version, at); ValueError if it is not one."""
    n, seat, action_id, action, version, at = row
    if not isinstance(action, dict) or not isinstance(at, int | float):
        raise ValueError("not an action's row")
    return ActionRow(_int(n), _int(seat), str(action_id), action, _int(version), float(at))


if TYPE_CHECKING:  # (imported when the relay starts: psycopg is loaded on PostgreSQL only)
    from .relay import Relay

RESEND_SECONDS = 1.5  # an action passed on to the owner and not answered is sent again


class Client(Protocol):
    """A client as the server's requests see it: a connection here (connection.Connection),
    or another process's client at a table owned here (`RemoteClient`)."""

    key: str  # (several servers: the client as the owner of its table knows it)
    table: TableOrMirror | None  # the table it is at (a mirror: owned elsewhere)
    seat: int  # the seat it holds there (WATCHER for a watcher)
    token: str | None  # its seat's token (the owner may ask again)
    opened: int  # tables it opened
    pending: p.Act | None  # an action passed on to the owner, not answered yet...
    pending_at: float  # ...since then
    seating: seating.Seating | None  # a join or resume passed on, not answered yet
    said_at: float  # when it last said a phrase (monotonic)

    def send(self, text: str) -> None: ...


class RelayedRequests:
    """The relay's side of `GameServer`."""

    hub: Hub
    relay: Relay | None  # on a shared PostgreSQL database
    forwarded: dict[str, Client]  # our clients at tables owned elsewhere
    remotes: dict[tuple[str, str], RemoteClient]  # others' clients at ours

    if TYPE_CHECKING:  # (GameServer's)

        def dispatch(self, conn: Client, message: p.ClientMessage) -> None: ...

        def _leave(self, conn: Client) -> None: ...

        def _sit(self, conn: Client, table: TableOrMirror, seat: int) -> None: ...

    @property
    def notices(self) -> Relay:
        """The relay (what is relayed runs only on a shared database, where it is)."""
        if self.relay is None:
            raise RuntimeError("no relay: the server's database is not shared")
        return self.relay

    def start_relay(self, url: str) -> None:
        from .relay import CHANGES, Relay

        self.relay = relay = Relay(url, self.on_notice, self.wants_notice)

        def changed(table: AnyTable) -> None:
            seats = msgspec.to_builtins(table.seat_infos())
            notice: dict[str, JSON] = {"code": table.code, "version": table.version, "seats": seats}
            row = table.last_row
            if row is not None and row.version == table.version:  # the step just stored
                notice["row"] = [row.n, row.seat, row.action_id, row.action, row.version, row.at]
            relay.send(CHANGES, notice)

        self.hub.on_change = changed  # (every table of the hub tells it: Hub._changed)
        relay.start()

    def tell_followers(self, code: str, seat: int, phrase: str) -> None:
        """A phrase said at a table owned here, to the processes that follow it (mirrors):
        each says it to its own clients there, players and watchers."""
        from .relay import CHANGES

        self.notices.send(CHANGES, {"code": code, "said": {"seat": seat, "phrase": phrase}})

    def wants_notice(self, channel: str, payload: str) -> bool:
        """Whether a notice is for this process, from its payload's first key, undecoded: a
        reply to one of our clients, a request for a table owned here, a change of a table
        followed here (a payload of another shape is decoded and judged as before)."""
        from .relay import CHANGES, REPLIES, REQUESTS

        if channel == REPLIES:
            return payload.startswith(f'{{"to":"{self.notices.name}"')
        if not payload.startswith('{"code":"'):
            return True
        code = payload[9 : payload.find('"', 9)]
        if channel == CHANGES:
            return code in self.hub.mirrors
        if channel == REQUESTS:
            return code in self.hub.tables
        return True

    async def on_notice(self, channel: str, data: dict[str, JSON]) -> None:
        from .relay import CHANGES, REPLIES, REQUESTS

        if channel == REQUESTS:
            self._serve_request(data)
        elif channel == REPLIES and data.get("to") == self.notices.name:
            await self._take_reply(data)
        elif channel == CHANGES:
            mirror = self.hub.mirrors.get(str(data.get("code")))
            said = data.get("said")
            if mirror is not None and isinstance(said, dict):
                mirror.say(_int(said.get("seat", -1)), str(said.get("phrase", "")))
            elif mirror is not None:
                seats = msgspec.convert(data.get("seats"), list[p.SeatInfo])
                row = data.get("row")
                stored = [_action_row(row)] if isinstance(row, list) and len(row) == 6 else []
                await mirror.catch_up(_int(data.get("version", 0)), stored)
                mirror.seats_changed(seats)

    def _pass_on(self, conn: Client, code: str, message: p.ClientMessage | None) -> None:
        """A request of our client for a table another process owns, to that owner."""
        from .relay import REQUESTS

        self.forwarded[conn.key] = conn
        # the code first: the other processes pass over, undecoded, what is not theirs
        payload: dict[str, JSON] = {"code": code, "from": self.notices.name, "conn": conn.key}
        if message is None:
            payload["leave"] = True
        else:
            payload["msg"] = p.encode(message)
        if isinstance(message, p.Act):
            payload["seat"], payload["token"] = conn.seat, conn.token
        payload.update(seating.fields(conn, message))
        if not self.notices.send(REQUESTS, payload):
            conn.send(p.encode(p.Error("bad_message", "too big to pass on to the table's server")))

    def _serve_request(self, data: dict[str, JSON]) -> None:
        """Another process's client's request for a table owned here: answered as our own."""
        table = self.hub.tables.get(str(data.get("code")))
        if table is None:
            return  # not ours (the owner answers), or ours no more (it is asked again)
        if data.get("from") == self.notices.name:
            self._serve_own_request(data)
            return
        key = (str(data["from"]), str(data["conn"]))
        remote = self.remotes.get(key)
        if data.get("leave"):
            if remote is not None:
                self._leave(remote)
                del self.remotes[key]
            return
        if remote is None:
            remote = self.remotes[key] = RemoteClient(self.notices, *key)
        try:
            with failures_answered(remote, "a relayed request"):
                message = p.decode_client(str(data["msg"]))
                remote.seating = seating.heard(data, message)  # its answer says which request
                if isinstance(message, p.Act) and (remote.table is not table or remote.seat < 0):
                    # a new owner (a takeover) meets this client first with an action: seat it
                    seat, token = _int(data["seat"]), str(data["token"])
                    table.resume_seat(seat, token)
                    self._sit(remote, table, seat)
                self.dispatch(remote, message)
        finally:
            remote.seating = None

    def _serve_own_request(self, data: dict[str, JSON]) -> None:
        """A request this process passed on while another one owned the table, heard back
        after taking the table over (the owner died with it in flight: an action resent to
        it just before the sweep): served for the client itself. A stand-in (RemoteClient)
        would carry the client's own key, and seating it would take the client out of
        `forwarded`: the stand-in's answer would find nobody and the action would never be
        sent again, the client waiting for its ack forever."""
        conn = self.forwarded.get(str(data.get("conn")))
        if conn is None or data.get("leave"):
            return  # the client is gone (or this is its leaving): nothing to answer
        message = p.decode_client(str(data["msg"]))  # (our own encoding of a good one)
        if isinstance(message, p.Act):
            if conn.pending is None or conn.pending.id != message.id:
                return  # answered already (a resend, or the client moved on)
            conn.pending = None  # acted on here now (not sent again by resend_forever)
        elif isinstance(message, p.Join | p.Resume):
            if conn.seating is None or conn.seating.req != data.get("req"):
                return  # answered already (sent again, or the client moved on)
            message = conn.seating.message
        self._answer_here(conn, message)

    def _answer_here(self, conn: Client, message: p.ClientMessage) -> None:
        """Our client's request passed on, answered here after all (the table taken over)."""
        try:
            with failures_answered(conn, "a passed-on request"):
                self.dispatch(conn, message)
        finally:
            if conn.seating is not None and conn.seating.message is message:
                conn.seating = None

    async def _take_reply(self, data: dict[str, JSON]) -> None:
        """The owner's answer to one of our clients: its view first, then the answer."""
        conn = self.forwarded.get(str(data.get("conn")))
        if conn is None or not seating.is_awaited(conn, data):
            return  # gone, or an answer to a seating request answered already
        text = str(data["text"])
        message = p.decode_server(text)
        if isinstance(message, p.Seated):
            conn.token = message.token
            table: TableOrMirror | None = self.hub.tables.get(message.table)
            if table is None:  # (not taken over here meanwhile)
                mirror = self.hub.mirror(message.table)
                await mirror.catch_up()
                # a sweep may have taken the table over while the mirror read: the table
                table = self.hub.tables.get(message.table, mirror)
            conn.send(text)
            self._sit(conn, table, message.seat)
            return
        if isinstance(message, p.Ack | p.Refused):
            if conn.pending is not None and conn.pending.id == message.id:
                conn.pending = None
            if isinstance(conn.table, Mirror):
                await conn.table.catch_up(message.version)
            conn.send(text)
            if isinstance(message, p.Refused) and message.code == "stale" and conn.table:
                conn.send(conn.table.state_message(conn.seat, []))
            return
        conn.send(text)

    async def resend_forever(self, every: float = RESEND_SECONDS / 3) -> None:
        """Actions and seating requests (seating.py) passed on and not answered (the owner
        died, or a notice was lost) are sent again, unchanged (each is answered once); a table
        taken over here in the meantime takes them itself."""
        while True:
            await asyncio.sleep(every)
            now = time.monotonic()
            for conn in list(self.forwarded.values()):
                asked = seating.due(conn, now, RESEND_SECONDS)
                if asked is not None and asked.code in self.hub.tables:
                    self._answer_here(conn, asked.message)
                elif asked is not None:
                    self._pass_on(conn, asked.code, asked.message)
                act = conn.pending
                if act is None or conn.table is None or now - conn.pending_at < RESEND_SECONDS:
                    continue
                conn.pending_at = now
                table = self.hub.tables.get(conn.table.code)
                if table is not None:  # (taken over here: a mirror's clients are at the table)
                    conn.pending = None
                    table.act(conn, conn.seat, act)
                else:
                    self._pass_on(conn, conn.table.code, act)

    def _drop_seating(self, conn: Client) -> None:
        """A join or resume passed on and not answered, left (the client gone, seated or
        seating elsewhere): the owner may have seated it already, and is told it left (one it
        never seated is passed over there), else that seat stays connected to nobody."""
        if conn.seating is not None and conn.seating.code not in self.hub.tables:
            self._pass_on(conn, conn.seating.code, None)
        conn.seating = None


class RemoteClient:
    """Another process's client at a table owned here, as the table sees a connection: what it
    is sent goes back through the relay, but views, seats and phrases (that process sends its
    clients their own, from its mirror)."""

    def __init__(self, relay: Relay, process: str, key: str) -> None:
        self.relay, self.process, self.key = relay, process, key
        self.table: TableOrMirror | None = None
        self.seat = WATCHER
        self.opened = 0
        self.token: str | None = None
        self.pending: p.Act | None = None  # (its own process resends its actions: never here)
        self.pending_at = 0.0
        self.seating: seating.Seating | None = None  # the seating request being answered
        self.said_at = -p.SAY_EVERY  # (its own process holds it to the pace: never met here)

    def send(self, text: str) -> None:
        from .relay import REPLIES

        if text.startswith(('{"type":"state"', '{"type":"seats"', '{"type":"said"')):
            return
        reply = {"to": self.process, "conn": self.key, "text": text}
        self.relay.send(REPLIES, reply | seating.answering(self))
