"""A table the server lets go is freed at once, with everything it held.

A real server plays a Lucky Box table of one client's seat and computers to its end; the hub,
keeping no finished table in memory (`finished_kept` 0), lets it go. The table, its rules
state and its computers' bots must then be gone by reference counting alone (the collector
is off while it plays): a reference cycle through one of the table's parts (its audience,
its computers) would keep a finished table's state, views and bots in memory until the
collector's next full pass, which on a busy server may be long in coming (bench/abuse.py
measures what a 12-seat table of Hard computers holds while it plays and after).
"""

from __future__ import annotations

import asyncio
import dataclasses
import gc
import weakref
from pathlib import Path

from game.catalog import game_by_id
from game.online import protocol as p
from game.online.client import SeatClient
from tests.test_online_helpers import TEST_LIMITS, run, running_server

LUCKYBOX = game_by_id("luckybox")


def test_a_finished_table_its_state_and_its_computers_are_freed_once_let_go(
    tmp_path: Path,
) -> None:
    limits = dataclasses.replace(TEST_LIMITS, finished_kept=0)

    async def scenario() -> list[weakref.ref[object]]:
        async with running_server(tmp_path / "t.db", limits=limits) as (url, server):
            client = SeatClient(url, LUCKYBOX)
            seats = [p.SeatSpec("Me"), p.SeatSpec("Easy", "easy"), p.SeatSpec("Hard", "hard")]
            code = await client.open(seats, seed=11)
            table = server.hub.tables[code]
            held: list[weakref.ref[object]] = [weakref.ref(table), weakref.ref(table.state)]
            held += [weakref.ref(bot) for bot in table.computers.bots.values()]
            assert len(held) == 4
            del table
            me = LUCKYBOX.bots.make_bot("easy", 11, 0)
            await client.play(me.choose)
            await client.close()
            assert code not in server.hub.tables  # (let go: no finished table is kept)
            for _ in range(200):  # the connection's own handler ends a moment later
                if all(ref() is None for ref in held):
                    break
                await asyncio.sleep(0.01)
            return held

    gc.collect()
    gc.disable()
    try:
        held = run(scenario(), timeout=60)
        alive = [ref() for ref in held]
    finally:
        gc.enable()
    assert alive == [None] * 4, [type(o).__name__ for o in alive if o is not None]
