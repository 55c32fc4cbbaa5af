"""A rematch: once a table's game is over, each of its players who asks takes their seat at one
new table (the same game, seats and host, dealt anew), by the token they hold; it is made once,
by the first to ask, and found by the others, after a restart too. A real server on 127.0.0.1
(port 0) and real clients."""

from __future__ import annotations

import asyncio
import secrets
from pathlib import Path

import pytest

from game.blanco.entry import BLANCO
from game.online.client import ClientError, SeatClient, play_table
from game.online.names import rematch_code
from tests.test_online_helpers import run, running_server


def seat_at(url: str, table: str, seat: int, token: str) -> SeatClient:
    """A client holding a seat of `table` (as one that played there would), not connected."""
    client = SeatClient(url, BLANCO)
    client.table, client.seat, client.token = table, seat, token
    return client


def test_each_player_who_asks_takes_their_seat_at_one_new_table(tmp_path: Path) -> None:
    db = tmp_path / "t.db"

    async def scenario() -> None:
        async with running_server(db) as (url, server):
            (first, second), record = await play_table(url, BLANCO, 2, "easy", 7)
            old, tokens = first.table, (first.token, second.token)
            assert old is not None and tokens[0] and tokens[1]
            # A seat's token is the only way in: a wrong one is refused, and makes no table.
            with pytest.raises(ClientError) as refused:
                await seat_at(url, old, 1, secrets.token_urlsafe(16)).rematch()
            assert refused.value.code == "bad_token"
            secret = server.hub.tables[old].row.host_hash
            assert rematch_code(old, secret) not in server.hub.tables
            told = first.rematch_table  # what the finished table told its seats

            code = await first.rematch()
            assert code == rematch_code(old, secret) == told != old
            assert (first.table, first.seat, first.token) == (code, 0, tokens[0])
            assert first.version == 0 and not first.over
            again = server.hub.tables[code]
            assert [s.name for s in again.row.seats] == record["players"]
            assert again.row.seed != record["seed"]
            assert again.row.host_hash == server.hub.tables[old].row.host_hash
            # A rematch follows a game's end: the new table's own is not there yet.
            with pytest.raises(ClientError) as early:
                await seat_at(url, code, 1, tokens[1]).rematch()
            assert early.value.code == "not_finished"
            await first.close()
        async with running_server(db) as (url, server):  # the same database, restarted
            # The other player asks later, of a server that restarted meanwhile: the same
            # table, their own seat.
            second.url = first.url = url
            assert await second.rematch() == code
            assert (second.seat, second.token) == (1, tokens[1])
            assert len(server.hub.tables) == 2
            await first.resume()
            bots = [BLANCO.bots.make_bot("easy", 1, seat) for seat in range(2)]
            clients = (first, second)
            await asyncio.gather(*(c.play(b.choose) for c, b in zip(clients, bots, strict=True)))
            played = await first.record()
            assert played["online"]["table"] == code and played["seed"] == again.row.seed
            # The rematch's own rematch is a table of its own.
            secret = server.hub.tables[code].row.host_hash
            assert await first.rematch() == rematch_code(code, secret) not in (old, code)
            for client in clients:
                await client.close()

    run(scenario(), timeout=60)
