"""The server's rate limit is its operator's to set (`--serve --rate-limit N`: N messages a second
a connection, bursts of twice that); the server says it in `opened`, `seated` and `watching`,
and a client keeps under the limit of the server it is at. Real servers on 127.0.0.1 (port 0)
and real clients."""

from __future__ import annotations

import asyncio
import json
import typing
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.catalog import game_by_id
from game.online import protocol as p
from game.online.client import SeatClient
from tests.bench_helpers import bench_module
from tests.test_online_helpers import run, running_server

ServerProcess = bench_module("server").ServerProcess  # bench/server.py's subprocess handle
BLANCO = game_by_id("blanco")


def test_a_server_started_with_a_rate_limit_says_it_and_holds_to_it(tmp_path: Path) -> None:
    """`--rate-limit 5`: `opened` says 5; of a flood of 15 messages at once the first 10 (the
    burst) are answered and the rest are refused as `rate_limited`, then the line is closed."""
    server = ServerProcess(str(tmp_path / "t.sqlite3"), tmp_path / "server.log", rate_limit=5)
    url = server.start()

    async def scenario() -> tuple[dict[str, Any], list[str]]:
        async with connect(url) as ws:
            seats = [{"name": "Ann"}, {"name": "Bob"}]
            await ws.send(
                json.dumps({"type": "open", "game": "blanco", "seats": seats, "protocol": 2})
            )
            opened = json.loads(await asyncio.wait_for(ws.recv(), 30))
            for _ in range(14):  # 15 sent in all, the open included
                await ws.send(json.dumps({"type": "watch", "table": "ZZZ-ZZZ", "protocol": 2}))
            codes = []
            with pytest.raises(ConnectionClosed):
                while True:
                    codes.append(json.loads(await asyncio.wait_for(ws.recv(), 30))["code"])
            return opened, codes

    try:
        opened, codes = run(scenario())
    finally:
        server.stop()
    assert opened["type"] == "opened" and opened["rate"] == 5
    assert codes[:9] == ["no_such_table"] * 9  # 10 in the burst, the open one of them
    assert codes[9:] == ["rate_limited"] * 5  # the fifth closes the line


def test_a_client_keeps_under_the_limit_its_server_says(tmp_path: Path) -> None:
    """A server allowing 10 messages a second (bursts of 20): the client, told so when it
    starts watching, paces 30 requests under it and every one is answered (sent at the usual
    limit's pace, 30 at once, a third of them would be refused)."""

    async def scenario() -> tuple[SeatClient, int]:
        async with running_server(tmp_path / "t.db", rate=10) as (url, _):
            host = SeatClient(url, BLANCO)
            code = await host.open([p.SeatSpec("Ann"), p.SeatSpec("Bob")], seed=3)
            await host.close()
            watcher = SeatClient(url, BLANCO)
            await watcher.watch(code)
            assert (watcher.rate, watcher.burst) == (8.0, 10.0)
            answered = 0
            for _ in range(30):
                await watcher.send(p.Watch(code))  # answered with `watching`, then a `state`
                await watcher._until(p.State)  # (an `error` raises ClientError)
                answered += 1
            await watcher.close()
            return host, answered

    host, answered = run(scenario())
    assert answered == 30
    assert (host.rate, host.burst) == (8.0, 10.0)  # the host was told in `opened` and `seated`


def test_the_command_line_takes_the_rates_a_client_takes() -> None:
    """`--rate-limit`'s range (the command line does not import the protocol at start-up) is
    the range of `rate` a client accepts: a server never says a rate its clients refuse."""
    from game import server_options

    meta = typing.get_args(p.Rate)[1]
    assert (meta.ge, meta.le) == server_options.RATE_LIMITS
    assert server_options.RATE_LIMITS[0] <= p.RATE <= server_options.RATE_LIMITS[1]


def test_a_rate_a_server_cannot_mean_is_refused_by_the_client() -> None:
    """A `seated` whose rate is 0 (or negative, or absurd) is not a message the client takes:
    it would stop the client's pacing (a division by zero) or let it flood."""
    for rate in (0, -5, 10**9):
        text = json.dumps({"type": "seated", "table": "A", "seat": 0, "token": "t", "rate": rate})
        with pytest.raises(p.BadMessage):
            p.decode_server(text)
    seated = p.decode_server(json.dumps({"type": "seated", "table": "A", "seat": 0, "token": "t"}))
    assert isinstance(seated, p.Seated) and seated.rate == p.RATE  # an older server's
