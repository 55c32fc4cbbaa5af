"""Fair share at the door (game/online/doorway.py): a server full of watchers and idle
connections from many addresses still lets a new address in to open a table, by letting the
least needed connection go (at no table before a watcher, from the address holding most,
oldest first), never a seated player; an address at its own cap lets its oldest connection
at no table go before it is refused. A real server on 127.0.0.1 port 0, real clients, each
other address of 127.0.0.0/8 standing for another machine; the caps are set small."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from game.catalog import game_by_id
from game.online import protocol as p
from game.online.client import SeatClient
from game.online.limits import Limits
from tests.test_online_helpers import run, running_server

BLANCO = game_by_id("blanco")


async def _ws(url: str, source: str) -> ClientConnection:
    return await connect(url, local_addr=(source, 0), open_timeout=5)


async def _next(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 5))
    return message


async def _watching(url: str, source: str, code: str) -> ClientConnection:
    ws = await _ws(url, source)
    await ws.send(p.encode(p.Watch(code)))
    assert (await _next(ws))["type"] == "watching"
    return ws


async def _closed(ws: ClientConnection) -> int | None:
    """The close code of a connection the server let go (read until it closes)."""
    with pytest.raises(ConnectionClosed):
        async with asyncio.timeout(5):
            while True:
                await ws.recv()
    return ws.close_code


def _player(url: str, source: str) -> SeatClient:
    client = SeatClient(url, BLANCO)
    client.local_addr = (source, 0)
    return client


def test_a_full_server_lets_watchers_and_idle_connections_go_for_a_new_table_never_a_seat(
    tmp_path: Path,
) -> None:
    limits = Limits(connections=8, connections_per_address=4)

    async def scenario() -> None:
        async with running_server(tmp_path / "t.db", limits=limits) as (url, server):
            host = _player(url, "127.0.0.9")
            code = await host.open([p.SeatSpec("Ann"), p.SeatSpec("Bob")], seed=1)
            friend = _player(url, "127.0.0.8")
            assert await friend.join(code) == 1
            watchers = [await _watching(url, "127.0.0.2", code) for _ in range(4)]
            few = await _watching(url, "127.0.0.3", code)
            idle = await _ws(url, "127.0.0.4")  # the server is full: 2 + 4 + 1 + 1
            assert server.door.total == 8
            # New addresses each open a table and sit: the idle connection goes first, then
            # the watchers of the address holding most (the oldest first), then the other's.
            newcomers = []
            for i, expected in enumerate([idle, *watchers, few]):
                newcomer = _player(url, f"127.0.0.{20 + i}")
                await newcomer.open([p.SeatSpec("Me"), p.SeatSpec("You")], seed=i)
                newcomers.append(newcomer)
                assert await _closed(expected) in (1013, 1006)
                assert server.door.total == 8
            assert server.doorway.made_room == 6
            # Every connection holds a seat now: the next is refused, and nobody seated went.
            with pytest.raises(InvalidStatus) as refused:
                await _ws(url, "127.0.0.40")
            assert refused.value.response.status_code == 503
            for client in [host, friend, *newcomers]:
                assert client.ws is not None and client.ws.state.name == "OPEN"
            seated = [c for c in server.connections if c.table is not None and c.seat >= 0]
            assert len(seated) == 8
            for client in [host, friend, *newcomers]:
                await client.close()

    run(scenario())


def test_an_address_at_its_cap_lets_its_oldest_connection_at_no_table_go(
    tmp_path: Path,
) -> None:
    limits = Limits(connections_per_address=3)

    async def scenario() -> None:
        async with running_server(tmp_path / "t.db", limits=limits) as (url, server):
            host = _player(url, "127.0.0.9")
            code = await host.open([p.SeatSpec("Ann"), p.SeatSpec("Bob")], seed=1)
            idle = await _ws(url, "127.0.0.2")
            player = _player(url, "127.0.0.2")
            assert await player.join(code) == 1
            watcher = await _watching(url, "127.0.0.2", code)
            later = await _ws(url, "127.0.0.2")  # the address's cap: its idle one goes
            assert await _closed(idle) == 1013
            assert server.door.open["127.0.0.2"] == 3
            await later.send(p.encode(p.Watch(code)))
            assert (await _next(later))["type"] == "watching"
            # Now it holds a seat and two watchers: nothing at no table, so it is refused.
            with pytest.raises(InvalidStatus) as refused:
                await _ws(url, "127.0.0.2")
            assert refused.value.response.status_code == 503
            assert player.ws is not None and player.ws.state.name == "OPEN"
            assert watcher.state.name == "OPEN"
            for ws in (watcher, later):
                await ws.close()
            await player.close()
            await host.close()

    run(scenario())
