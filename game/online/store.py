"""Where the server keeps its tables: a small `Store` interface, and SQLite behind it
(PostgreSQL is behind the same interface in pg_store.py; `open_store` picks by the URL).

A table is its game record's header (game, seed, options, seat names), its seats (kind, level,
the hash of the seat's token, when its player left), the hash of the host's token, and its
actions in order, each with the seat that sent it, the client's action id and the version it
made. Every write commits before it returns (WAL, synchronous=FULL): an action is on disk
before anyone is told it happened.

The file holds the seed of every live game (a table must be dealt again after a restart), so it
and its folder are made readable by the server's user only (0600, 0700; docs/PROTOCOL.md's
threat model). The seed is kept as decimal text (an online seed has 128 bits, past SQLite's
64-bit integers); a database from before is migrated in place when it is opened (`migrate`).
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from pathlib import Path
from typing import Protocol

from .rows import OLD_TABLES, ActionRow, SeatRow, TableRow, action_json, table_rows

__all__ = [
    "ActionRow",
    "SeatRow",
    "SqliteStore",
    "Store",
    "TableRow",
    "default_path",
    "open_store",
]

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seed TEXT NOT NULL,
    options TEXT NOT NULL,
    host_hash TEXT NOT NULL,
    hold REAL NOT NULL,
    created REAL NOT NULL,
    finished REAL,
    salt TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL REFERENCES tables(code),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    level TEXT,
    token_hash TEXT,
    left_at REAL,
    PRIMARY KEY (code, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL REFERENCES tables(code),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action_id TEXT NOT NULL,
    action TEXT NOT NULL,
    version INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (code, n),
    UNIQUE (code, seat, action_id)
);
"""


class Store(Protocol):
    """What the server needs from its storage; each call commits before it returns."""

    def create_table(self, table: TableRow) -> None: ...

    def add_action(self, code: str, row: ActionRow) -> None: ...

    def add_actions(self, rows: list[tuple[str, ActionRow]]) -> None:
        """Several tables' actions (code, row) in one transaction: all or none."""
        ...

    def update_seat(self, code: str, seat: SeatRow) -> None: ...

    def finish(self, code: str, at: float) -> None: ...

    def tables(self, live: bool = False) -> list[TableRow]:
        """Every table (`live`: the unfinished ones only), seats included."""
        ...

    def table_row(self, code: str) -> TableRow | None:
        """One table, seats included (None: no such table)."""
        ...

    def delete_old(self, before: float, keep: set[str] | None = None) -> list[str]:
        """Delete the tables finished before `before` and the abandoned ones (`OLD_TABLES`),
        but those in `keep`: their codes."""
        ...

    def actions(self, code: str, since: int = 0) -> list[ActionRow]:
        """A table's actions, in order (from its `since`th on)."""
        ...

    def close(self) -> None: ...


#: A `tables` of before 128-bit seeds (seed INTEGER, no salt) made again as SCHEMA has it:
#: SQLite cannot change a column's type, so the table is copied (its seeds as decimal text).
MIGRATE_SEED_TEXT = """
CREATE TABLE tables_new (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seed TEXT NOT NULL,
    options TEXT NOT NULL,
    host_hash TEXT NOT NULL,
    hold REAL NOT NULL,
    created REAL NOT NULL,
    finished REAL,
    salt TEXT
);
INSERT INTO tables_new
    SELECT code, game, CAST(seed AS TEXT), options, host_hash, hold, created, finished, NULL
    FROM tables;
DROP TABLE tables;
ALTER TABLE tables_new RENAME TO tables;
"""


def private_file(path: Path) -> None:
    """The database's folder made (0700) and the database file created readable by this user
    only (0600; SQLite gives its WAL and shared-memory files the database's mode): they hold
    every live game's seed. An existing database (and its WAL and shared memory) is narrowed
    to the same; an existing folder is left as it is (it may be anyone's, /tmp say)."""
    if not path.parent.exists():
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(path.parent, 0o700)
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
    for name in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        if name.exists():
            os.chmod(name, 0o600)


def migrate(db: sqlite3.Connection) -> bool:
    """Bring an older database to SCHEMA (nothing lost): whether it had to be."""
    columns = {row[1]: row[2] for row in db.execute("PRAGMA table_info(tables)")}
    if columns.get("seed", "TEXT").upper() == "TEXT" and "salt" in columns:
        return False
    db.execute("PRAGMA foreign_keys=OFF")  # (seats and actions name `tables`: kept as they are)
    try:
        db.execute("BEGIN IMMEDIATE")
        try:
            for statement in MIGRATE_SEED_TEXT.split(";"):
                if statement.strip():
                    db.execute(statement)
            broken = db.execute("PRAGMA foreign_key_check").fetchall()
            if broken:
                raise sqlite3.IntegrityError(f"migration broke {len(broken)} references")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
    finally:
        db.execute("PRAGMA foreign_keys=ON")
    return True


class SqliteStore:
    """The store in one SQLite file (":memory:" for a throwaway one)."""

    def __init__(self, path: str | Path) -> None:
        if str(path) != ":memory:":
            private_file(Path(path))
        self._db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self._lock = threading.Lock()  # one writer at a time, whatever thread calls
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        migrate(self._db)

    def _write(self, sql: str, rows: list[tuple[object, ...]]) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.executemany(sql, rows)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def create_table(self, table: TableRow) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(
                    "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        table.code,
                        table.game,
                        str(table.seed),
                        json.dumps(table.options),
                        table.host_hash,
                        table.hold,
                        table.created,
                        table.finished,
                        table.salt,
                    ),
                )
                for s in table.seats:
                    self._db.execute(
                        "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (table.code, s.seat, s.name, s.kind, s.level, s.token_hash, s.left_at),
                    )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def add_action(self, code: str, row: ActionRow) -> None:
        self._write(
            "INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(code, row.n, row.seat, row.action_id, action_json(row.action), row.version, row.at)],
        )

    def add_actions(self, rows: list[tuple[str, ActionRow]]) -> None:
        self._write(
            "INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (code, r.n, r.seat, r.action_id, action_json(r.action), r.version, r.at)
                for code, r in rows
            ],
        )

    def update_seat(self, code: str, seat: SeatRow) -> None:
        self._write(
            "UPDATE seats SET name = ?, kind = ?, level = ?, token_hash = ?, left_at = ? "
            "WHERE code = ? AND seat = ?",
            [(seat.name, seat.kind, seat.level, seat.token_hash, seat.left_at, code, seat.seat)],
        )

    def finish(self, code: str, at: float) -> None:
        self._write("UPDATE tables SET finished = ? WHERE code = ?", [(at, code)])

    def tables(self, live: bool = False) -> list[TableRow]:
        where = " WHERE finished IS NULL" if live else ""
        with self._lock:
            rows = self._db.execute(
                "SELECT code, game, seed, options, host_hash, hold, created, finished, salt "
                f"FROM tables{where} ORDER BY created"
            ).fetchall()
            seats = self._db.execute(
                "SELECT code, seat, name, kind, level, token_hash, left_at FROM seats "
                f"WHERE code IN (SELECT code FROM tables{where}) ORDER BY code, seat"
            ).fetchall()
        return table_rows(rows, seats)

    def table_row(self, code: str) -> TableRow | None:
        """One table's row (None: no such table)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT code, game, seed, options, host_hash, hold, created, finished, salt "
                "FROM tables WHERE code = ?",
                (code,),
            ).fetchall()
            seats = self._db.execute(
                "SELECT code, seat, name, kind, level, token_hash, left_at FROM seats "
                "WHERE code = ? ORDER BY seat",
                (code,),
            ).fetchall()
        found = table_rows(rows, seats)
        return found[0] if found else None

    def delete_old(self, before: float, keep: set[str] | None = None) -> list[str]:
        """Delete the tables finished before `before`, and the unfinished ones nothing has
        happened at since then (no action, no player leaving: abandoned), but those in
        `keep`: their codes."""
        with self._lock:
            codes = [c for (c,) in self._db.execute(OLD_TABLES.replace("%s", "?"), (before,) * 4)]
            codes = [c for c in codes if not keep or c not in keep]
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for what in ("actions", "seats", "tables"):
                    rows = [(c,) for c in codes]
                    self._db.executemany(f"DELETE FROM {what} WHERE code = ?", rows)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        return codes

    def actions(self, code: str, since: int = 0) -> list[ActionRow]:
        with self._lock:
            rows = self._db.execute(
                "SELECT n, seat, action_id, action, version, at FROM actions "
                "WHERE code = ? AND n >= ? ORDER BY n",
                (code, since),
            ).fetchall()
        return [
            ActionRow(n, seat, aid, json.loads(action), version, at)
            for n, seat, aid, action, version, at in rows
        ]

    def close(self) -> None:
        with self._lock:
            self._db.close()


def default_path() -> Path:
    """The server's database in the game's data folder."""
    from game.core.storage import data_dir

    return data_dir() / "online" / "tables.sqlite3"


def open_store(url: str | None = None) -> Store:
    """The store a `--db` value names: nothing (the data folder's SQLite file), a path,
    `sqlite:///PATH` or `postgresql://...` (psycopg 3, imported only then). Other schemes are
    refused with one line (ValueError)."""
    if not url:
        return SqliteStore(default_path())
    if url.startswith(("postgresql://", "postgres://")):
        try:
            from .pg_store import PostgresStore
        except ImportError:
            raise ValueError(  # (as in the bundled app, which serves with SQLite only)
                "--db postgresql:// needs PostgreSQL's driver, psycopg 3: pip install .[server] "
                "(the server's extra) and run the server from that install"
            ) from None
        return PostgresStore(url)
    if url.startswith("sqlite:///"):
        return SqliteStore(url[len("sqlite:///") :])
    if "://" in url:
        scheme = url.split("://", 1)[0]
        raise ValueError(
            f"--db: {scheme} is not supported (postgresql://..., sqlite:///PATH or a path)"
        )
    return SqliteStore(url)
