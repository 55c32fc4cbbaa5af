"""The server's write path (game/online/writes.py) and the relay's filter of notices meant for
another process (GameServer.wants_notice)."""

from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace
from typing import Any

from game.catalog import games
from game.online.relay import CHANGES, REPLIES, REQUESTS
from game.online.server import GameServer
from game.online.store import SqliteStore
from game.online.writes import Corked, flush
from tests.test_online_helpers import run


class FakeTransport:
    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.eof = False

    def write(self, data: bytes) -> None:
        self.writes.append(data)

    def is_closing(self) -> bool:
        return False

    def can_write_eof(self) -> bool:
        return True

    def write_eof(self) -> None:
        self.eof = True


class FakeProtocol:
    def __init__(self) -> None:
        self.framed: list[bytes] = []

    def send_text(self, data: bytes) -> None:
        self.framed.append(b"<" + data + b">")

    def data_to_send(self) -> list[bytes]:
        framed, self.framed = self.framed, []
        return framed


class FakeWebSocket:  # (hashable, as websockets' connections are)
    def __init__(self) -> None:
        self.protocol = FakeProtocol()
        self.transport = FakeTransport()


def fake_ws() -> Any:
    return FakeWebSocket()


def test_a_turns_frames_go_out_in_one_write_in_order() -> None:
    async def scenario() -> tuple[Any, Any]:
        corked, actor, other = Corked(), fake_ws(), fake_ws()
        corked.send(actor, b"state")
        corked.send(other, b"state")
        corked.send(actor, b"ack")
        assert actor.transport.writes == []  # nothing written before the turn ends
        await asyncio.sleep(0)
        return actor, other

    actor, other = run(scenario())
    assert actor.transport.writes == [b"<state><ack>"]  # one system call for both, in order
    assert other.transport.writes == [b"<state>"]


def test_flush_keeps_an_end_of_stream_in_its_place() -> None:
    ws = fake_ws()
    ws.protocol.framed = [b"<close>", b""]
    flush(ws)
    assert ws.transport.writes == [b"<close>"] and ws.transport.eof


def test_notices_for_other_processes_are_passed_over_undecoded() -> None:
    server = GameServer(SqliteStore(":memory:"), games())
    server.relay = SimpleNamespace(name="me0123456789")
    server.hub.tables["OWN-ED1"] = object()  # type: ignore[assignment]  # only its key counts
    server.hub.mirrors["FOL-LOW"] = object()  # type: ignore[assignment]  # only its key counts

    def text(payload: dict[str, Any]) -> str:  # as relay.Relay.send writes it
        return json.dumps(payload, separators=(",", ":"))

    wants = server.wants_notice
    assert wants(REPLIES, text({"to": "me0123456789", "conn": "c", "text": "{}"}))
    assert not wants(REPLIES, text({"to": "other0000000", "conn": "c", "text": "{}"}))
    assert wants(REQUESTS, text({"code": "OWN-ED1", "from": "x", "conn": "c"}))
    assert not wants(REQUESTS, text({"code": "FOL-LOW", "from": "x", "conn": "c"}))
    assert wants(CHANGES, text({"code": "FOL-LOW", "version": 3, "seats": []}))
    assert not wants(CHANGES, text({"code": "NOB-ODY", "version": 3, "seats": []}))
    assert wants(CHANGES, text({"version": 3, "code": "NOB-ODY"}))  # another shape: decoded
