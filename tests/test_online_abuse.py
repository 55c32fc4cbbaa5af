"""Bad clients: malformed, oversized and flooding messages get errors and then the door; a
table whose rules fail is logged; the server and the other tables go on."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.catalog import game_by_id
from game.online import protocol as p
from game.online.client import SeatClient, play_table
from tests.test_online_helpers import play_locally, run, running_server, without_online


async def _next(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 5))
    return message


async def _closed_with(ws: ClientConnection) -> int | None:
    with pytest.raises(ConnectionClosed):
        while True:
            await asyncio.wait_for(ws.recv(), 5)
    return ws.close_code


def test_bad_messages_get_errors_then_the_connection_is_closed(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "t.db", p.RATE) as (url, _):
            game = asyncio.create_task(play_table(url, game_by_id("blanco"), 2, "easy", 12))
            async with connect(url) as ws:
                bad = [
                    "{not json",
                    '{"type": "teleport"}',
                    '{"type": "act", "version": "1", "id": "a", "action": {}}',
                    '{"type": "watch", "table": "A", "x": 1}',
                ]
                for text in bad:
                    await ws.send(text)
                    reply = await _next(ws)
                    assert reply["type"] == "error" and reply["code"] == "bad_message"
                await ws.send('{"type": "watch", "table": "ZZZ-ZZZ", "protocol": 2}')  # well formed
                assert (await _next(ws))["code"] == "no_such_table"
                await ws.send("[" * 5000 + "]" * 5000)  # deep but small: the fifth bad one
                assert (await _next(ws))["code"] == "bad_message"
                assert await _closed_with(ws) == 1008
            async with connect(url, max_size=None) as ws:
                await ws.send(json.dumps({"type": "watch", "table": "x" * p.MAX_MESSAGE}))
                assert await _closed_with(ws) == 1009  # over the size cap: closed at once
            async with connect(url) as ws:
                for _ in range(int(p.BURST) + 40):  # a flood, faster than the rate limit
                    await ws.send('{"type": "watch", "table": "ZZZ-ZZZ", "protocol": 2}')
                codes = []
                with pytest.raises(ConnectionClosed):
                    while True:
                        codes.append((await _next(ws))["code"])
                assert "rate_limited" in codes and ws.close_code == 1008
            _, record = await game  # the other table went on meanwhile
            return record

    record = run(scenario())
    assert without_online(record) == play_locally("blanco", 2, "easy", 12)


def test_a_table_that_fails_is_logged_and_the_others_go_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    blanco = game_by_id("blanco")

    async def scenario() -> None:
        async with running_server(tmp_path / "t.db") as (url, server):
            broken = SeatClient(url, blanco)
            await broken.open([p.SeatSpec("A"), p.SeatSpec("B")], seed=3)
            table = server.hub.table(broken.table or "")

            def explode(action: Any) -> Any:
                raise RuntimeError("a bug in the rules")

            table.state.apply = explode  # type: ignore[method-assign]  # a fault injected
            await broken.act(blanco.bots.make_bot("easy", 3, 0).choose(broken.view(), 0))
            error = await broken.receive()
            assert isinstance(error, p.Error) and error.code == "internal"
            _, record = await play_table(url, blanco, 2, "easy", 4)
            assert record["actions"]
            await broken.send(p.Watch(broken.table or ""))  # the broken one's line still works
            assert isinstance(await broken._until(p.Watching), p.Watching)
            await broken.close()

    with caplog.at_level(logging.ERROR, logger="game.online"):
        run(scenario())
    assert any(
        "a bug in the rules" in r.getMessage()
        or r.exc_info
        and "a bug in the rules" in str(r.exc_info[1])
        for r in caplog.records
    )
