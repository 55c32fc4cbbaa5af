"""Several server processes on one PostgreSQL database (subprocesses on 127.0.0.1): a table
is served by one process, a client that asks another one is sent to it, and when the owner is
killed (SIGKILL) the clients move to a live process, which takes the table over from the
database; the game goes on exactly once."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.catalog import game_by_id
from game.online import protocol as p
from game.online.client import SeatClient
from tests import pg_helpers
from tests.test_online_helpers import play_locally, run, without_online

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from server import ServerProcess  # noqa: E402  # bench/server.py's subprocess handle

sys.path.remove(str(ROOT / "bench"))

postgres = pg_helpers.postgres  # the fixtures this module uses
pg_url = pg_helpers.pg_url


@pytest.fixture
def two_servers(pg_url: str, tmp_path: Path) -> Iterator[list[ServerProcess]]:
    servers = [ServerProcess(pg_url, tmp_path / f"server{i}.log") for i in range(2)]
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.kill()


def test_a_client_on_another_process_is_sent_to_the_tables_owner(
    two_servers: list[ServerProcess],
) -> None:
    first, second = (s.url for s in two_servers)
    blanco = game_by_id("blanco")

    async def scenario() -> tuple[str, str]:
        host = SeatClient(first, blanco, urls=[first, second])
        guest = SeatClient(second, blanco, urls=[second, first])
        code = await host.open([p.SeatSpec("Player 1"), p.SeatSpec("Player 2")], seed=5)
        await guest.join(code, 1)  # asked the second process; the first one holds the table
        url = guest.url
        watcher = SeatClient(second, blanco)
        await watcher.connect()
        await watcher.send(p.Watch(code))
        error = await watcher.receive()
        for client in (host, guest, watcher):
            await client.close()
        assert isinstance(error, p.Error)
        return url, f"{error.code} {error.message}"

    url, said = run(scenario(), timeout=30)
    assert url == first
    assert said == f"elsewhere {first}"


def test_when_the_owner_is_killed_a_live_process_takes_the_table_over(
    two_servers: list[ServerProcess],
) -> None:
    owner, other = two_servers
    blanco = game_by_id("blanco")

    async def scenario() -> tuple[dict, list[SeatClient]]:
        urls = [owner.url, other.url]
        clients = [SeatClient(owner.url, blanco, max_backoff=0.5, urls=urls) for _ in range(2)]
        code = await clients[0].open([p.SeatSpec("Player 1"), p.SeatSpec("Player 2")], seed=2024)
        await clients[1].join(code, 1)
        bots = [blanco.make_bot("easy", 2024, i) for i in range(2)]
        games = asyncio.gather(*(c.play(bots[i].choose) for i, c in enumerate(clients)))
        while clients[0].version < 20:
            await asyncio.sleep(0.01)
        owner.kill()  # SIGKILL: its lock goes with its database connection
        await games
        record = await clients[0].record()
        for client in clients:
            await client.close()
        return record, clients

    record, clients = run(scenario(), timeout=60)
    assert all(c.reconnects >= 1 and c.url == other.url for c in clients)
    # Exactly once across the takeover: the record is the game the same seeds give locally.
    assert without_online(record) == play_locally("blanco", 2, "easy", 2024)


def test_a_dead_owners_tables_are_taken_over_before_anyone_asks(
    pg_url: str, two_servers: list[ServerProcess]
) -> None:
    """The sweep: once the owner is killed, the other process claims its unfinished tables
    within seconds with no client asking; a client then resumes there at once."""
    import time

    from game.online.pg_store import PostgresStore

    owner, other = two_servers
    blanco = game_by_id("blanco")

    async def opened() -> tuple[list[str], list[SeatClient]]:
        hosts = [SeatClient(owner.url, blanco) for _ in range(3)]
        codes = [
            await h.open([p.SeatSpec("Player 1"), p.SeatSpec("Bot", "easy")], seed=i)
            for i, h in enumerate(hosts)
        ]
        return codes, hosts

    codes, hosts = run(opened(), timeout=30)
    watch = PostgresStore(pg_url)
    try:
        assert {watch.owner(code) for code in codes} == {owner.url}
        owner.kill()  # nobody reconnects: the hosts' lines are simply dead
        began = time.monotonic()
        while {watch.owner(code) for code in codes} != {other.url}:
            assert time.monotonic() - began < 15, "the tables were not taken over"
            time.sleep(0.1)
        assert watch.orphans() == []
    finally:
        watch.close()

    async def resumed() -> str:
        back = SeatClient(other.url, blanco)  # the surviving address only
        back.table, back.seat, back.token = codes[0], 0, hosts[0].token
        await back.resume()  # served here: no `elsewhere`, no `unavailable`
        url = back.url
        await back.close()
        return url

    assert run(resumed(), timeout=30) == other.url
