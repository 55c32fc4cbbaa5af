"""A client's seating request (`join`, `resume`) passed on to a table's owner in another
process (relay.py), until it is answered.

An owner may die before it answers (or a notice may be lost): the request is then sent again,
like an action (`GameServer.resend_forever`), or answered by this process once it has taken
the table over. Each request carries an id (`req`) that the owner's answer echoes, so the
client gets the first answer only, however often it was sent. A `join` also carries the seat's
token, chosen here: an owner that took a seat for it already (the same request sent again,
or one that died after storing the seat and before answering) finds the seat that token holds
and gives it back, rather than a second one. The owner still decides which seat, and whether.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from . import protocol as p


@dataclass
class Seating:
    code: str  # the table's
    message: p.Join | p.Resume
    req: str = field(default_factory=lambda: secrets.token_hex(6))  # echoed in the answer
    token: str | None = None  # a join's seat token, should the owner give it a seat
    at: float = field(default_factory=time.monotonic)  # passed on (or sent again) then


class Seats(Protocol):
    """A client as seen here (a Connection, or another process's RemoteClient)."""

    seating: Seating | None


def passed_on(client: Seats, code: str, message: p.Join | p.Resume) -> Seating:
    """A request of this process's client, about to be passed on: it waits for an answer."""
    token = secrets.token_urlsafe(16) if isinstance(message, p.Join) else None
    client.seating = Seating(code, message, token=token)
    return client.seating


def fields(client: Seats, message: p.ClientMessage | None) -> dict[str, str]:
    """What the request's payload carries besides the message (an older request: nothing)."""
    seating = client.seating
    if seating is None or seating.message is not message:
        return {}
    if seating.token is None:
        return {"req": seating.req}
    return {"req": seating.req, "join_token": seating.token}


def heard(data: Mapping[str, object], message: p.ClientMessage) -> Seating | None:
    """An owner's view of a passed-on seating request (None: an older process's, or not one)."""
    req = data.get("req")
    if not isinstance(req, str) or not isinstance(message, p.Join | p.Resume):
        return None
    token = data.get("join_token")
    return Seating(str(data.get("code")), message, req, token if isinstance(token, str) else None)


def answering(client: Seats) -> dict[str, str]:
    """What an owner's reply carries besides the text: the request it answers, if any."""
    return {} if client.seating is None else {"req": client.seating.req}


def join_token(client: Seats, message: p.Join) -> str | None:
    """The token a join was sent with (None: the owner chooses one)."""
    seating = client.seating
    return seating.token if seating is not None and seating.message is message else None


def is_awaited(client: Seats, data: Mapping[str, object]) -> bool:
    """Whether an owner's reply is to be handed to the client: not one to a seating request
    answered already (sent again, answered twice). The request it answers is answered."""
    req = data.get("req")
    if req is None:
        return True  # an action's answer (or an older process's)
    if client.seating is None or client.seating.req != req:
        return False
    client.seating = None
    return True


def due(client: Seats, now: float, after: float) -> Seating | None:
    """The client's seating request if it has waited `after` seconds unanswered (its time is
    counted again from now)."""
    seating = client.seating
    if seating is None or now - seating.at < after:
        return None
    seating.at = now
    return seating
