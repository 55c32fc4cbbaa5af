"""The server on PostgreSQL (a throwaway one: tests/pg_helpers.py): the schema is created and
migrated step by step, the store keeps what SQLite keeps, whole games played through the server
are the local ones and come back after a restart, and a server killed mid-benchmark loses no
acknowledged action."""

from __future__ import annotations

import contextlib
import re
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from game.catalog import game_by_id, games
from game.online.client import play_table
from game.online.names import rematch_code
from game.online.server import GameServer, bound_port, start
from game.online.store import ActionRow, SeatRow, TableRow, open_store
from tests.test_online_helpers import (
    TEST_LIMITS,
    TEST_RATE_LIMIT,
    play_locally,
    run,
    without_online,
)

ROOT = Path(__file__).resolve().parents[1]
# The fixtures `postgres` and `pg_url`: one throwaway PostgreSQL for the whole run (each
# worker's), not one per module that uses it.
pytest_plugins = ["tests.pg_helpers"]


def a_table(code: str = "ABC-DEF") -> TableRow:
    seats = [SeatRow(0, "Ann", "human"), SeatRow(1, "Bot", "computer", "easy")]
    return TableRow(code, "blanco", 7, {"x": [1, 2]}, "hosthash", 300.0, 1.5, None, seats)


def test_the_schema_is_created_and_migrated_step_by_step(pg_url: str) -> None:
    import psycopg

    from game.online.pg_store import LATEST, PostgresStore, migrate

    with psycopg.connect(pg_url, autocommit=True) as db:
        assert migrate(db, upto=1) == 1  # a database an older server left
        indexes = db.execute("SELECT indexname FROM pg_indexes WHERE tablename = 'tables'")
        assert "tables_unfinished" not in {row[0] for row in indexes.fetchall()}
    store = PostgresStore(pg_url)
    try:
        assert store.schema_version() == LATEST == 4
        store.create_table(a_table())
    finally:
        store.close()
    again = PostgresStore(pg_url)  # a second start migrates nothing and keeps everything
    try:
        assert again.schema_version() == LATEST
        assert [t.code for t in again.tables()] == ["ABC-DEF"]
    finally:
        again.close()
    with psycopg.connect(pg_url, autocommit=True) as db:
        indexes = db.execute("SELECT indexname FROM pg_indexes WHERE tablename = 'tables'")
        assert "tables_unfinished" in {row[0] for row in indexes.fetchall()}
        assert db.execute("SELECT count(*) FROM schema_version").fetchone() == (1,)


def test_the_store_keeps_tables_seats_and_actions(pg_url: str) -> None:
    import psycopg

    writer = open_store(pg_url)
    reader = open_store(pg_url)  # another connection sees each write once the call returns
    try:
        writer.create_table(a_table())
        action = ActionRow(0, 0, "a1", {"player": 0, "draw": "pile"}, 1, 2.5)
        writer.add_action("ABC-DEF", action)
        assert reader.actions("ABC-DEF") == [action]
        with pytest.raises(psycopg.IntegrityError):  # one action per (seat, id): never twice
            writer.add_action("ABC-DEF", ActionRow(1, 0, "a1", {"player": 0}, 2, 3.0))
        writer.add_action("ABC-DEF", ActionRow(1, 1, "a1", {"player": 1}, 2, 3.0))
        writer.update_seat("ABC-DEF", SeatRow(0, "Ann", "human", None, "tokenhash", 9.0))
        writer.finish("ABC-DEF", 10.0)
        (table,) = reader.tables()
        assert table.options == {"x": [1, 2]} and table.finished == 10.0
        assert table.seats[0].token_hash == "tokenhash" and table.seats[0].left_at == 9.0
        assert table.seats[1] == SeatRow(1, "Bot", "computer", "easy")
        assert [a.n for a in reader.actions("ABC-DEF")] == [0, 1]
    finally:
        writer.close()
        reader.close()


@contextlib.asynccontextmanager
async def pg_server(url: str) -> AsyncIterator[tuple[str, GameServer]]:
    store = open_store(url)
    server, game_server = await start(
        "127.0.0.1", 0, store, games(), rate=TEST_RATE_LIMIT, chosen_seeds=True, limits=TEST_LIMITS
    )
    try:
        yield f"ws://127.0.0.1:{bound_port(server)}", game_server
    finally:
        game_server.stop_sweeping()
        server.close()
        await server.wait_closed()
        store.close()


def test_a_whole_game_on_postgres_is_the_local_one_and_outlives_the_server(pg_url: str) -> None:
    async def play() -> dict:
        async with pg_server(pg_url) as (url, _):
            _, record = await play_table(url, game_by_id("blanco"), 2, "easy", 7)
            return record

    async def restarted(code: str) -> dict:
        async with pg_server(pg_url) as (_, game_server):
            assert game_server.hub.tables == {}  # a finished table is loaded when asked for
            return game_server.hub.table(code).record()

    record = run(play(), timeout=60)
    assert without_online(record) == play_locally("blanco", 2, "easy", 7)
    assert (
        run(restarted(record["online"]["table"]), timeout=60) == record
    )  # a new server replays it from PostgreSQL


def test_a_rematch_on_postgres_is_made_once_and_stored(pg_url: str) -> None:
    """Each player who asks gets the one rematch table, claimed and stored as a new table is,
    its seats holding the same tokens (tests/test_online_rematch.py has the rest)."""

    async def scenario() -> None:
        async with pg_server(pg_url) as (url, game_server):
            (first, second), _ = await play_table(url, game_by_id("blanco"), 2, "easy", 17)
            old = first.table
            assert old is not None
            secret = game_server.hub.tables[old].row.host_hash
            code = await first.rematch()
            assert code == rematch_code(old, secret) and await second.rematch() == code
            from game.online.pg_store import PostgresStore

            shared, store = game_server.hub.shared, game_server.hub.store
            assert shared is not None and isinstance(store, PostgresStore)
            assert code in store.held  # claimed here, as a table opened here is
            stored, before = shared.table_row(code), shared.table_row(old)
            assert stored is not None and before is not None and stored.finished is None
            assert [s.token_hash for s in stored.seats] == [s.token_hash for s in before.seats]
            for client in (first, second):
                await client.close()

    run(scenario(), timeout=60)


@pytest.mark.slow  # servers started, killed and started again: mostly waiting
def test_the_bench_on_postgres_loses_nothing_when_a_server_is_killed(pg_url: str) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "server.py"), "--db", pg_url]
        + ["--tables", "3", "--seconds", "5", "--kill-after", "2"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]

    def figure(name: str) -> float:
        found = re.search(rf"^{name}: ([0-9.]+)", done.stdout, re.MULTILINE)
        assert found, done.stdout
        return float(found.group(1))

    assert figure("tables") == 3 and figure("lost") == 0 and figure("finished") == 3
    assert figure("moves") >= 1
    assert figure("reconnects") >= 1  # the killed server's clients came back to its successor
