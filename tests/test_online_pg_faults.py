"""The database faulting under a live server (a throwaway PostgreSQL): restarted while clients
play, the server waits and retries (no crash, no traceback), its clients are told
(`notice` `reconnecting`, then `reconnected`), no acknowledged action is lost and every game
ends as the same seeds end it locally. A process whose database connection broke takes its
tables' ownership locks back, and lets go of (and closes its clients at) a table another
process claimed meanwhile."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from game.catalog import game_by_id, games
from game.online import protocol as p
from game.online.client import SeatClient
from game.online.rows import ActionRow, TablesLost
from game.online.server import bound_port, start
from tests import pg_helpers
from tests.bench_helpers import bench_module
from tests.test_online_helpers import (
    TEST_LIMITS,
    TEST_RATE_LIMIT,
    play_locally,
    run,
    without_online,
)

ServerProcess = bench_module("server").ServerProcess  # bench/server.py's subprocess handle

# The fixtures `postgres` and `pg_url`: one throwaway PostgreSQL for the whole run (each
# worker's), not one per module that uses it.
pytest_plugins = ["tests.pg_helpers"]

BLANCO = game_by_id("blanco")
TABLES = 3


@pytest.fixture
def one_server(pg_url: str, tmp_path: Path) -> Iterator[ServerProcess]:
    server = ServerProcess(pg_url, tmp_path / "server.log", TEST_RATE_LIMIT)
    try:
        server.start()
        yield server
    finally:
        server.stop()
    log = (tmp_path / "server.log").read_text()
    assert "Traceback" not in log, log


@pytest.mark.slow  # a database stopped and started again: mostly waiting
def test_the_database_restarted_under_play_loses_no_acknowledged_action(
    postgres: pg_helpers.Postgres, pg_url: str, one_server: ServerProcess
) -> None:
    """Three tables play; PostgreSQL stops (every connection cut) and starts again 2 s later.
    The clients stay connected, hear `reconnecting` and then `reconnected`, every action they
    had acknowledged is in the database at the end, and each game is exactly the one the same
    seeds play locally (nothing applied twice, nothing dropped)."""
    from game.online.pg_store import PostgresStore

    async def scenario() -> list[tuple[str, list[SeatClient]]]:
        tables = []
        for seed in range(TABLES):
            clients = [SeatClient(one_server.url, BLANCO) for _ in range(2)]
            code = await clients[0].open([p.SeatSpec("Player 1"), p.SeatSpec("Player 2")], seed)
            await clients[1].join(code, 1)
            tables.append((code, clients))
        games = []
        for seed, (_, clients) in enumerate(tables):
            bots = [BLANCO.bots.make_bot("easy", seed, i) for i in range(2)]
            games += [c.play(bots[i].choose, pace=0.02) for i, c in enumerate(clients)]
        playing = asyncio.gather(*games)
        while min(clients[0].version for _, clients in tables) < 10:
            await asyncio.sleep(0.01)
        await asyncio.to_thread(postgres.restart, 2.0)
        await playing
        for code, clients in tables:
            record = await clients[0].record()
            seed = tables.index((code, clients))
            assert without_online(record) == play_locally("blanco", 2, "easy", seed)
            for client in clients:
                await client.close()
        return tables

    tables = run(scenario(), timeout=60)
    assert one_server.proc is not None and one_server.proc.poll() is None  # still serving
    clients = [c for _, pair in tables for c in pair]
    assert all(c.reconnects == 0 for c in clients)  # the database's restart cut no client
    heard = [[n.code for n in c.notices] for c in clients]
    assert any(codes[:1] == ["reconnecting"] for codes in heard), heard
    assert all(codes[-1:] == ["reconnected"] for codes in heard if codes), heard
    store = PostgresStore(pg_url)
    try:
        for code, pair in tables:
            stored = {(row.seat, row.action_id) for row in store.actions(code)}
            acked = {(c.seat, ack.id) for c in pair for ack in c.acks}
            assert acked and acked <= stored
    finally:
        store.close()


def _backend_pid(store: object) -> int:
    pid: int = store._run(  # type: ignore[attr-defined]  # a PostgresStore's own connection
        lambda db: db.execute("SELECT pg_backend_pid()").fetchone()[0]
    )
    return pid


def _cut(pg_url: str, pid: int) -> None:
    """Cut one database connection, as a network fault or a restart would."""
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as db:
        # with a timeout it waits for the backend to be gone (and its locks with it)
        db.execute("SELECT pg_terminate_backend(%s, 10000)", (pid,))


def test_a_store_takes_its_locks_back_after_its_connection_broke(pg_url: str) -> None:
    """The connection holding two tables' locks is cut; another process claims one of them
    meanwhile. The store's next call takes the other back (nobody else can claim it) and
    reports the one it lost, whose actions it then refuses to write."""
    from game.online.pg_store import PostgresStore

    mine, other = PostgresStore(pg_url), PostgresStore(pg_url)
    try:
        assert mine.claim("AAA-AAA") and mine.claim("BBB-BBB")
        _cut(pg_url, _backend_pid(mine))
        assert other.claim("BBB-BBB")  # the cut connection's locks went with it
        assert mine.orphans() == []  # the next call reconnects, taking AAA-AAA back first
        assert not other.claim("AAA-AAA")
        assert mine.held == {"AAA-AAA"} and mine.lost == {"BBB-BBB"}
        assert mine.take_lost() == {"BBB-BBB"} and mine.take_lost() == set()
        with pytest.raises(TablesLost) as lost:
            mine.add_actions([("BBB-BBB", ActionRow(0, 0, "a", {"player": 0}, 1, 0.0))])
        assert lost.value.codes == {"BBB-BBB"}
    finally:
        mine.close()
        other.close()


def test_a_batch_written_again_after_its_commit_landed_is_not_written_twice(pg_url: str) -> None:
    """A commit whose answer was lost is written again by the group commit: the same rows are
    recognised as stored; rows at the same places with other ids are still refused."""
    import psycopg

    from game.online.pg_store import PostgresStore
    from game.online.rows import TableRow

    store = PostgresStore(pg_url)
    try:
        store.create_table(TableRow("CCC-CCC", "blanco", 1, None, "h", 300.0, 0.0))
        rows = [("CCC-CCC", ActionRow(n, 0, f"id{n}", {"player": 0}, n + 1, 0.0)) for n in (0, 1)]
        store.add_actions(rows)
        store.add_actions(rows)  # again: already there, as itself
        assert [r.action_id for r in store.actions("CCC-CCC")] == ["id0", "id1"]
        other = [("CCC-CCC", ActionRow(1, 0, "someone-else", {"player": 0}, 2, 0.0))]
        with pytest.raises(psycopg.errors.UniqueViolation):
            store.add_actions(other)
    finally:
        store.close()


def test_a_server_lets_go_of_a_table_another_process_took_while_its_connection_was_down(
    pg_url: str,
) -> None:
    """The server's database connection is cut and another process claims one of its tables
    before it is back: the server's sweep notices, lets the table go and closes its client
    there (who would resume at the new owner); its other table it keeps, locked again."""
    from game.online.pg_store import PostgresStore

    async def scenario() -> None:
        store = PostgresStore(pg_url)
        server, game_server = await start(
            "127.0.0.1",
            0,
            store,
            games(),
            rate=TEST_RATE_LIMIT,
            chosen_seeds=True,
            limits=TEST_LIMITS,
        )
        url = f"ws://127.0.0.1:{bound_port(server)}"
        other = PostgresStore(pg_url)
        try:
            lost_client, kept_client = SeatClient(url, BLANCO), SeatClient(url, BLANCO)
            specs = [p.SeatSpec("Player 1"), p.SeatSpec("Bot", "easy")]
            lost = await lost_client.open(specs, seed=5)
            kept = await kept_client.open(specs, seed=6)
            await asyncio.to_thread(_cut, pg_url, await asyncio.to_thread(_backend_pid, store))
            assert await asyncio.to_thread(other.claim, lost)
            with pytest.raises(ConnectionClosed):  # closed within a sweep or two
                while True:
                    await asyncio.wait_for(lost_client.receive(), 10)
            assert lost not in game_server.hub.tables and kept in game_server.hub.tables
            assert not await asyncio.to_thread(other.claim, kept)  # locked again, by the server
            await kept_client.close()
        finally:
            game_server.stop_sweeping()
            server.close()
            await server.wait_closed()
            other.close()
            store.close()

    run(scenario(), timeout=30)
