"""Clients that stop reading, on a real server (127.0.0.1, port 0, SQLite): one that vanished
without closing (its line dead: no pongs) is noticed by the pings and its seat held for it; one
that does not read what the table sends is dropped without holding the table up, and gets a
fresh state when it comes back. The misbehaving client is a bare socket (`RawClient`) with a
tiny receive buffer, so the server meets the back-pressure of a real stalled reader."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import os
import socket
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.server import ServerConnection

from game.catalog import game_by_id, games
from game.online import connection as online_connection, protocol as p, server as online_server
from game.online.client import ClientError, SeatClient
from game.online.server import GameServer, bound_port, start
from game.online.store import SqliteStore
from game.online.tables import WATCHER
from tests.test_online_helpers import (
    TEST_LIMITS,
    TEST_RATE_LIMIT,
    replayed_record,
    run,
    without_online,
)

BLANCO = game_by_id("blanco")


@contextlib.asynccontextmanager
async def fault_server(db: Path, **keepalive: float) -> AsyncIterator[tuple[str, GameServer]]:
    store = SqliteStore(db)
    server, game_server = await start(
        "127.0.0.1",
        0,
        store,
        games(),
        rate=TEST_RATE_LIMIT,
        chosen_seeds=True,
        limits=TEST_LIMITS,
        **keepalive,
    )
    try:
        yield f"ws://127.0.0.1:{bound_port(server)}", game_server
    finally:
        server.close()
        await server.wait_closed()
        store.close()


class RawClient:
    """A WebSocket client on a bare non-blocking socket: it reads only when asked, never
    answers a ping, and its receive buffer is as small as the system allows."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.buffer = b""

    @classmethod
    async def connect(cls, url: str) -> RawClient:
        port = int(url.rsplit(":", 1)[1])
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        sock.setblocking(False)
        loop = asyncio.get_running_loop()
        await loop.sock_connect(sock, ("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        await loop.sock_sendall(sock, request.encode())
        client = cls(sock)
        head = await client._read_until(b"\r\n\r\n")
        assert b" 101 " in head.split(b"\r\n", 1)[0], head
        return client

    async def _more(self) -> None:
        chunk = await asyncio.get_running_loop().sock_recv(self.sock, 65536)
        if not chunk:
            raise ConnectionError("the server closed the line")
        self.buffer += chunk

    async def _read_until(self, end: bytes) -> bytes:
        while end not in self.buffer:
            await self._more()
        head, self.buffer = self.buffer.split(end, 1)
        return head

    async def _take(self, count: int) -> bytes:
        while len(self.buffer) < count:
            await self._more()
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    async def send(self, message: p.ClientMessage) -> None:
        payload = p.encode(message).encode()
        assert len(payload) < 65536
        size = (
            bytes([0x80 | len(payload)])
            if len(payload) < 126
            else b"\xfe" + len(payload).to_bytes(2, "big")
        )
        mask = os.urandom(4)
        masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
        await asyncio.get_running_loop().sock_sendall(self.sock, b"\x81" + size + mask + masked)

    async def receive(self) -> p.ServerMessage:
        """The next text message (control frames skipped, pings unanswered)."""
        while True:
            first, second = await self._take(2)
            size = second & 0x7F
            if size == 126:
                size = int.from_bytes(await self._take(2), "big")
            elif size == 127:
                size = int.from_bytes(await self._take(8), "big")
            payload = await self._take(size)
            if first & 0x0F == 0x1:
                return p.decode_server(payload)
            if first & 0x0F == 0x8:
                raise ConnectionError("the server closed the connection")

    def close(self) -> None:
        self.sock.close()


class TimedClient(SeatClient):
    """A seat's client that times each of its actions from sending to its `ack`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.act_times: dict[str, float] = {}
        self.latencies: list[float] = []

    async def act(self, action: Any) -> p.Act:
        self.act_times["next"] = time.monotonic()
        act = await super().act(action)
        self.act_times[act.id] = self.act_times.pop("next")
        return act

    def _note(self, message: p.ServerMessage) -> None:
        if isinstance(message, p.Ack) and message.id in self.act_times:
            self.latencies.append(time.monotonic() - self.act_times.pop(message.id))
        super()._note(message)


async def _two_players(url: str, seed: int, seats: int = 2, hold: float = 300.0) -> list[Any]:
    players = [TimedClient(url, BLANCO) for _ in range(2)]
    specs = [p.SeatSpec(f"Player {i + 1}") for i in range(seats)]
    code = await players[0].open(specs, seed=seed, hold=hold)
    await players[1].join(code, 1)
    return players


def _play(players: list[TimedClient], seed: int, pace: float) -> asyncio.Future[Any]:
    bots = [BLANCO.bots.make_bot("easy", seed, i) for i in range(len(players))]
    return asyncio.gather(*(c.play(bots[i].choose, pace) for i, c in enumerate(players)))


@pytest.mark.parametrize("bound", ["send_timeout", "queue"])
def test_a_reader_that_never_reads_is_dropped_and_the_table_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bound: str
) -> None:
    """A watcher stops reading (its buffers fill, the server's writes to it block): the two
    players' actions are still acknowledged at once, the stalled watcher is dropped (by the
    time one frame may wait, or by the bounded queue), and coming back it gets the table as
    it stands now (a snapshot), not the backlog."""
    monkeypatch.setattr(online_server, "SEND_BUFFER", 4096)  # the stall shows after a few frames
    if bound == "send_timeout":
        monkeypatch.setattr(online_connection, "SEND_TIMEOUT", 1.0)
    else:
        monkeypatch.setattr(online_connection, "SEND_TIMEOUT", 600.0)
        monkeypatch.setattr(online_connection, "MAX_QUEUE", 5)
    seed = 41

    async def scenario() -> None:
        async with fault_server(tmp_path / "t.sqlite3") as (url, game_server):
            players = await _two_players(url, seed)
            assert players[0].table is not None
            code = players[0].table
            slow = await RawClient.connect(url)
            await slow.send(p.Watch(code))  # and never reads again
            table = game_server.hub.tables[code]
            while WATCHER not in table.listeners.values():
                await asyncio.sleep(0.01)
            games = _play(players, seed, pace=0.01)
            began = time.monotonic()
            while WATCHER in table.listeners.values():
                assert time.monotonic() - began < 15, "the stalled watcher was never dropped"
                assert not games.done(), "the game ended before the watcher fell behind"
                await asyncio.sleep(0.02)
            dropped_at = table.version
            await games
            assert table.state.is_terminal() and table.version > dropped_at
            latencies = [t for c in players for t in c.latencies]
            # No ack waited for the stalled watcher: none took a whole send's time-out (with the
            # bounded queue that is ten minutes, and the drop above would have failed first).
            assert len(latencies) > 20, latencies
            assert max(latencies) < online_connection.SEND_TIMEOUT, max(latencies)
            with pytest.raises((ConnectionError, OSError)):  # its line was cut
                for _ in range(10_000):
                    await slow.receive()
            slow.close()

            back = await RawClient.connect(url)
            await back.send(p.Watch(code))
            assert isinstance(await back.receive(), p.Watching)
            fresh = await back.receive()
            assert isinstance(fresh, p.State)
            assert fresh.events == [] and fresh.version == table.version and fresh.over
            back.close()
            record = await players[0].record()
            for client in players:
                await client.close()
            assert replayed_record(without_online(record)) == without_online(record)

    run(scenario(), timeout=30)


def test_a_client_that_vanishes_is_noticed_its_seat_held_and_the_table_goes_on(
    tmp_path: Path,
) -> None:
    """Seat 2's client completes the handshake, takes its seat, then goes silent (no reads, no
    pongs: a dead line or a stopped process). The pings notice it within seconds and the others
    see it away; its seat is held (the host cannot hand it over before the hold) and then, once
    handed to a computer, the table plays to its end; the vanished player's token still holds
    the seat."""
    seed = 43
    hold = 1.5

    async def scenario() -> None:
        keepalive = {"ping_interval": 0.3, "ping_timeout": 0.3, "close_timeout": 0.3}
        async with fault_server(tmp_path / "t.sqlite3", **keepalive) as (url, game_server):
            host, guest = await _two_players(url, seed, seats=3, hold=hold)
            assert host.table is not None
            code = host.table
            gone = await RawClient.connect(url)
            await gone.send(p.Join(code, 2))
            seated = await gone.receive()
            assert isinstance(seated, p.Seated) and seated.seat == 2
            assert isinstance(await gone.receive(), p.State)  # and from now on, silence
            while not (len(host.seats) == 3 and host.seats[2].connected):
                await host.receive()
            began = time.monotonic()
            while host.seats[2].connected:
                await host.receive()
            # (Without the pings it would never be noticed: 30 s is a deadline for that alone.)
            assert time.monotonic() - began < 30, "the vanished client was never noticed"
            assert not host.seats[2].free  # held for its player, not up for grabs

            await host.hand_over(2, "easy")
            with pytest.raises(ClientError) as held:
                await host._until(p.Seats)
            assert held.value.code == "held"
            await asyncio.sleep(hold)
            await host.hand_over(2, "easy")
            seats = await host._until(p.Seats)
            assert seats.seats[2].kind == "computer"

            await _play([host, guest], seed, pace=0.0)
            table = game_server.hub.tables[code]
            assert table.state.is_terminal()
            record = await host.record()
            assert replayed_record(without_online(record)) == without_online(record)

            back = SeatClient(url, BLANCO)  # the vanished player, back with its token
            back.table, back.seat, back.token = code, 2, seated.token
            await back.resume()
            assert back.seats[2].kind == "human" and back.seats[2].connected
            gone.close()
            for client in (host, guest, back):
                await client.close()

    run(scenario(), timeout=30)


def test_only_quiet_clients_are_pinged_and_a_quiet_live_one_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client that keeps sending is never pinged (its messages show it is there: a busy
    server pings few of its clients); one that only listens is pinged every interval, and
    while its pongs come back it stays, seated and shown connected."""
    pinged: list[object] = []
    ping = ServerConnection.ping

    async def counted(self: ServerConnection, data: Any = None) -> Any:
        pinged.append(self)
        return await ping(self, data)

    monkeypatch.setattr(ServerConnection, "ping", counted)

    async def scenario() -> None:
        # Intervals of a second over 4.5 s: the quiet client is pinged about four times, and a
        # loop stalled a whole interval on a slow machine may cost the busy one a ping, not two.
        keepalive = {"ping_interval": 1.0, "ping_timeout": 1.0, "close_timeout": 0.3}
        async with fault_server(tmp_path / "t.sqlite3", **keepalive) as (url, game_server):
            quiet = SeatClient(url, BLANCO)  # sits, then only listens
            code = await quiet.open([p.SeatSpec("Ann"), p.SeatSpec("Bob")], seed=3, sit=0)
            listening = asyncio.create_task(_read_forever(quiet))
            busy = SeatClient(url, BLANCO)
            await busy.watch(code)
            until = time.monotonic() + 4.5
            while time.monotonic() < until:
                await busy.send(p.Watch(code))  # answered with `watching` and a `state`
                await busy._until(p.State)
                await asyncio.sleep(0.1)
            by_seat = {conn.seat: conn.ws for conn in game_server.connections}
            assert pinged.count(by_seat[0]) >= 2, "the quiet client was not pinged"
            assert pinged.count(by_seat[WATCHER]) <= 1, "the busy client was pinged"
            table = game_server.hub.tables[code]
            assert table.seat_infos()[0].connected and not listening.done()
            listening.cancel()
            for client in (quiet, busy):
                await client.close()

    run(scenario(), timeout=30)


async def _read_forever(client: SeatClient) -> None:
    while True:
        await client.receive()
