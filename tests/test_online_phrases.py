"""Phrases said at an online table: from a fixed list (each screen shows them in its own
language), to everyone there, watchers included; players only, one every few seconds. A real
server on 127.0.0.1 (port 0) and real clients."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from game.blanco.entry import BLANCO
from game.online import protocol as p
from game.online.client import ClientError, SeatClient
from tests.test_online_helpers import run, running_server


async def said_by_all(clients: list[SeatClient], count: int) -> None:
    """Read on until every client has heard `count` phrases."""
    for client in clients:
        while len(client.said) < count:
            await asyncio.wait_for(client.receive(), 5)


def test_a_phrase_reaches_everyone_at_the_table(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(p, "SAY_EVERY", 0.3)

    async def scenario() -> None:
        async with running_server(tmp_path / "t.db") as (url, _):
            host, friend, watcher = (SeatClient(url, BLANCO) for _ in range(3))
            code = await host.open([p.SeatSpec("Ann"), p.SeatSpec("Bob")], seed=5)
            await friend.join(code)
            await watcher.watch(code)
            everyone = [host, friend, watcher]
            await host.say("hello")
            await said_by_all(everyone, 1)
            assert {(c.said[0].seat, c.said[0].phrase) for c in everyone} == {(0, "hello")}
            # One every few seconds: a second at once is refused, said again later it goes.
            await friend.say("nice")
            await friend.say("nice")
            with pytest.raises(ClientError) as fast:
                await friend._until(p.Error)
            assert fast.value.code == "rate_limited"
            await asyncio.sleep(0.35)
            await friend.say("good_game")
            await said_by_all(everyone, 3)
            assert [(s.seat, s.phrase) for s in watcher.said] == [
                (0, "hello"),
                (1, "nice"),
                (1, "good_game"),
            ]
            # A watcher has no seat to speak from; a phrase not on the list is no message.
            await watcher.say("thanks")
            with pytest.raises(ClientError) as mute:
                await watcher._until(p.Error)
            assert mute.value.code == "no_seat"
            assert host.ws is not None
            await host.ws.send('{"type": "say", "phrase": "anything at all"}')
            with pytest.raises(ClientError) as bad:
                await host._until(p.Error)
            assert bad.value.code == "bad_message"
            for client in everyone:
                await client.close()

    run(scenario(), timeout=30)
