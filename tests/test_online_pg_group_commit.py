"""Group commit (game/online/commits.py), on SQLite and PostgreSQL alike: actions queued at
once share transactions, each is durable when its future resolves, and a failed batch fails
every action in it (none is acknowledged)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from game.online.commits import GroupCommit
from game.online.store import ActionRow, SeatRow, SqliteStore, Store, TableRow, open_store
from tests.test_online_helpers import run

# The fixtures `postgres` and `pg_url`: one throwaway PostgreSQL for the whole run (each
# worker's), not one per module that uses it.
pytest_plugins = ["tests.pg_helpers"]


def add_tables(store: Store, count: int) -> list[str]:
    codes = [f"T{i:02d}-AAA" for i in range(count)]
    for code in codes:
        seats = [SeatRow(0, "A", "human"), SeatRow(1, "B", "human")]
        store.create_table(TableRow(code, "blanco", 1, None, "h", 300.0, 0.0, None, seats))
    return codes


async def commit_many(store: Store, codes: list[str], per_table: int) -> GroupCommit:
    commits = GroupCommit(store)
    futures = [
        commits.add(code, ActionRow(n, n % 2, f"id{n}", {"player": n % 2}, n + 1, 0.0))
        for n in range(per_table)
        for code in codes
    ]
    await asyncio.gather(*futures)
    return commits


def check_batched(store: Store, url_or_path: str | Path) -> None:
    codes = add_tables(store, 10)
    commits = run(commit_many(store, codes, 5))
    assert 1 <= commits.batches < 50  # 50 actions, far fewer flushes
    fresh = open_store(str(url_or_path))  # another connection: every one of them is there
    try:
        for code in codes:
            assert [a.n for a in fresh.actions(code)] == [0, 1, 2, 3, 4]
    finally:
        fresh.close()


def test_actions_share_transactions_on_sqlite(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "t.db")
    try:
        check_batched(store, tmp_path / "t.db")
    finally:
        store.close()


def test_actions_share_transactions_on_postgres(pg_url: str) -> None:
    store = open_store(pg_url)
    try:
        check_batched(store, pg_url)
    finally:
        store.close()


def test_a_failed_batch_fails_every_action_in_it(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "t.db")
    (code,) = add_tables(store, 1)

    async def scenario() -> list[BaseException | None]:
        commits = GroupCommit(store)
        first = commits.add(code, ActionRow(0, 0, "a", {"player": 0}, 1, 0.0))
        clash = commits.add(code, ActionRow(0, 1, "b", {"player": 1}, 1, 0.0))  # the same n
        results = await asyncio.gather(first, clash, return_exceptions=True)
        return [r if isinstance(r, BaseException) else None for r in results]

    try:
        errors = run(scenario())
        assert all(e is not None for e in errors)  # all or none: neither may be acknowledged
        assert store.actions(code) == []
    finally:
        store.close()


def test_one_action_alone_is_committed_at_once(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "t.db")
    try:
        codes = add_tables(store, 1)
        commits = run(commit_many(store, codes, 1))
        assert commits.batches == 1 and len(store.actions(codes[0])) == 1
    finally:
        store.close()
