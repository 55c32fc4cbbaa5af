"""The server's stores and 128-bit seeds (issue 62): SQLite and PostgreSQL keep a seed of 128
bits whole with the commitment's salt, an older database (seed a 64-bit integer) is migrated in
place losing no table, seat or action, and the SQLite file and its folder are readable by the
server's user only (they hold every live game's seed)."""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

from game.online.store import ActionRow, SeatRow, SqliteStore, TableRow

pytest_plugins = ["tests.pg_helpers"]
BIG = 2**128 - 1


def a_table(code: str, seed: int, salt: str | None = "ab" * 16) -> TableRow:
    seats = [SeatRow(0, "Ann", "human"), SeatRow(1, "Bot", "computer", "easy")]
    return TableRow(code, "blanco", seed, None, "hosthash", 300.0, 1.5, None, seats, salt)


OLD_SCHEMA = """
CREATE TABLE tables (code TEXT PRIMARY KEY, game TEXT NOT NULL, seed INTEGER NOT NULL,
    options TEXT NOT NULL, host_hash TEXT NOT NULL, hold REAL NOT NULL, created REAL NOT NULL,
    finished REAL);
CREATE TABLE seats (code TEXT NOT NULL REFERENCES tables(code), seat INTEGER NOT NULL,
    name TEXT NOT NULL, kind TEXT NOT NULL, level TEXT, token_hash TEXT, left_at REAL,
    PRIMARY KEY (code, seat));
CREATE TABLE actions (code TEXT NOT NULL REFERENCES tables(code), n INTEGER NOT NULL,
    seat INTEGER NOT NULL, action_id TEXT NOT NULL, action TEXT NOT NULL,
    version INTEGER NOT NULL, at REAL NOT NULL, PRIMARY KEY (code, n),
    UNIQUE (code, seat, action_id));
INSERT INTO tables VALUES ('OLD-ONE', 'blanco', 9223372036854775807, 'null', 'h', 300, 1, NULL);
INSERT INTO seats VALUES ('OLD-ONE', 0, 'Ann', 'human', NULL, 'tok', NULL);
INSERT INTO actions VALUES ('OLD-ONE', 0, 0, 'a1', '{"player": 0}', 1, 2.0);
"""


def test_sqlite_keeps_a_128_bit_seed_and_its_salt(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "t.sqlite3")
    store.create_table(a_table("BIG-ONE", BIG))
    store.close()
    again = SqliteStore(tmp_path / "t.sqlite3")
    (table,) = again.tables()
    again.close()
    assert table.seed == BIG and type(table.seed) is int and table.salt == "ab" * 16


def test_an_older_sqlite_database_is_migrated_losing_nothing(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(OLD_SCHEMA)
    store = SqliteStore(path)
    try:
        (old,) = store.tables()
        assert old.seed == 2**63 - 1 and old.salt is None and old.seats[0].token_hash == "tok"
        assert [a.action_id for a in store.actions("OLD-ONE")] == ["a1"]
        store.create_table(a_table("NEW-ONE", BIG))
        store.add_action("OLD-ONE", ActionRow(1, 0, "a2", {"player": 0}, 2, 3.0))
        assert {t.code: t.seed for t in store.tables()} == {"OLD-ONE": 2**63 - 1, "NEW-ONE": BIG}
    finally:
        store.close()
    with sqlite3.connect(path) as db:
        columns = {row[1]: row[2] for row in db.execute("PRAGMA table_info(tables)")}
        assert columns["seed"] == "TEXT" and "salt" in columns
        assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    again = SqliteStore(path)  # a second start migrates nothing
    try:
        assert len(again.tables()) == 2 and len(again.actions("OLD-ONE")) == 2
    finally:
        again.close()


def test_the_database_and_its_folder_are_the_servers_users_only(tmp_path: Path) -> None:
    path = tmp_path / "made" / "here" / "tables.sqlite3"
    store = SqliteStore(path)
    store.create_table(a_table("ABC-DEF", BIG))
    mode = stat.S_IMODE(path.stat().st_mode)
    wal = Path(f"{path}-wal")
    store.close()
    assert mode == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert not wal.exists() or stat.S_IMODE(wal.stat().st_mode) == 0o600
    shared = tmp_path / "shared"  # a folder given (say /tmp) is left as it is...
    shared.mkdir()
    os.chmod(shared, 0o755)
    loose = shared / "loose.sqlite3"  # ...a database an older version left readable is not
    loose.touch()
    os.chmod(loose, 0o644)
    SqliteStore(loose).close()
    assert stat.S_IMODE(loose.stat().st_mode) == 0o600
    assert stat.S_IMODE(shared.stat().st_mode) == 0o755


def test_postgres_migrates_to_numeric_seeds_and_keeps_a_128_bit_one(pg_url: str) -> None:
    import psycopg

    from game.online.pg_store import PostgresStore, migrate

    with psycopg.connect(pg_url, autocommit=True) as db:
        assert migrate(db, upto=3) == 3  # a database a server before 128-bit seeds left
        db.execute(
            "INSERT INTO tables VALUES ('OLD-ONE', 'blanco', %s, 'null', 'h', 300, 1, NULL)",
            (2**63 - 1,),
        )
    store = PostgresStore(pg_url)
    try:
        store.create_table(a_table("BIG-ONE", BIG))
        seeds = {t.code: (t.seed, t.salt) for t in store.tables()}
        assert seeds == {"OLD-ONE": (2**63 - 1, None), "BIG-ONE": (BIG, "ab" * 16)}
        row = store.table_row("BIG-ONE")
        assert row is not None and row.seed == BIG and type(row.seed) is int
    finally:
        store.close()
