"""A computer player that fails at a server's table (it crashes, or chooses an illegal move) is
logged with what its seat saw and replaced by the level below, down to random moves, as at a
table on one screen (core's play_loop, tests/test_bot_fallback.py): the table plays on. A real
server on 127.0.0.1 and a real client."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest

from game.luckybox.ai.bots import GreedyBot
from game.luckybox.entry import LUCKYBOX
from game.online import protocol as p
from game.online.client import SeatClient
from tests.test_bot_fallback import CrashingBot
from tests.test_online_helpers import run, running_server


def test_a_failing_computer_at_a_server_table_plays_a_level_lower(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> Any:
        async with running_server(tmp_path / "t.db") as (url, server):
            seats = [p.SeatSpec("Me"), p.SeatSpec("Crash", "hard"), p.SeatSpec("Fine", "normal")]
            client = SeatClient(url, LUCKYBOX)
            table = server.hub.tables[await client.open(seats, seed=3)]
            while table.computers.thinking or client.version != table.version:
                await client.receive()  # the computers' first choices, then ours is due
            assert table.state.waiting_for() == [0] and client.may_act()
            # Our choice ends the round; in the next seat 1's computer crashes.
            table.computers.bots[1] = CrashingBot()
            moves = table.dealt.count
            await client.act(client.view().legal_actions(0)[0])
            await client._until(p.Ack)
            while table.computers.thinking or table.dealt.count < moves + 3:
                await asyncio.sleep(0.01)
            stored = [r.seat for r in server.hub.store.actions(table.code)][moves:]
            await client.close()
            return table, stored

    with caplog.at_level(logging.ERROR, logger="game.online"):
        table, stored = run(scenario(), timeout=60)
    assert set(stored) >= {0, 1, 2}  # the failing seat moved all the same, and was stored
    assert table.computers.levels == {1: "normal"}
    assert type(table.computers.bots[1]) is GreedyBot
    logged = caplog.text
    assert "seat 1 (hard) failed at round 1 of 4 (3 actions in)" in logged
    assert "ZeroDivisionError: the hard bot divided by zero" in logged and "Traceback" in logged
    assert "computer at seat" not in logged  # no seat gave up
