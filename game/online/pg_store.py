"""The server's tables in PostgreSQL (`--db postgresql://USER@HOST:PORT/DB`), behind the same
`Store` interface as SQLite. psycopg 3 is imported here only, so SQLite users need nothing.

The schema is the server's to create and migrate: `schema_version` holds the last step applied,
and every start applies the numbered steps of MIGRATIONS past it, in one transaction under an
advisory lock (several servers starting at once migrate once). Every write is its own
transaction, committed before the call returns: an action is durable before it is acknowledged.
A dropped connection is opened again once per call (a restarted database).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from typing import Any, TypeVar

import psycopg

from .store import ActionRow, SeatRow, TableRow

T = TypeVar("T")

MIGRATION_LOCK = 0x6F6E6C696E65  # pg_advisory_xact_lock key while migrating ("online")

# (number, SQL): append new steps, never edit one that has shipped
MIGRATIONS: list[tuple[int, str]] = [
    (
        1,
        """
        CREATE TABLE tables (
            code TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            seed BIGINT NOT NULL,
            options TEXT NOT NULL,
            host_hash TEXT NOT NULL,
            hold DOUBLE PRECISION NOT NULL,
            created DOUBLE PRECISION NOT NULL,
            finished DOUBLE PRECISION
        );
        CREATE TABLE seats (
            code TEXT NOT NULL REFERENCES tables(code),
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            kind TEXT NOT NULL,
            level TEXT,
            token_hash TEXT,
            left_at DOUBLE PRECISION,
            PRIMARY KEY (code, seat)
        );
        CREATE TABLE actions (
            code TEXT NOT NULL REFERENCES tables(code),
            n INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            action_id TEXT NOT NULL,
            action TEXT NOT NULL,
            version INTEGER NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (code, n),
            UNIQUE (code, seat, action_id)
        );
        """,
    ),
    (
        2,
        """
        CREATE INDEX tables_unfinished ON tables (created) WHERE finished IS NULL;
        """,
    ),
]
LATEST = MIGRATIONS[-1][0]


def migrate(db: psycopg.Connection[Any], upto: int = LATEST) -> int:
    """Apply the steps past the database's schema_version (up to `upto`): the version now."""
    with db.transaction():
        db.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        row = db.execute("SELECT version FROM schema_version").fetchone()
        if row is None:
            db.execute("INSERT INTO schema_version VALUES (0)")
            current = 0
        else:
            current = int(row[0])
        for number, sql in MIGRATIONS:
            if current < number <= upto:
                db.execute(sql)
                db.execute("UPDATE schema_version SET version = %s", (number,))
                current = number
    return current


class PostgresStore:
    def __init__(self, url: str) -> None:
        self.url = url
        self._lock = threading.Lock()  # one statement at a time on the one connection
        self._db = self._connect()
        migrate(self._db)

    def _connect(self) -> psycopg.Connection[Any]:
        try:
            return psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        except psycopg.OperationalError as err:  # the server says "cannot open the database"
            raise OSError(f"PostgreSQL: {str(err).strip().splitlines()[0]}") from None

    def _run(self, work: Callable[[psycopg.Connection[Any]], T]) -> T:
        """`work` in one transaction; a broken connection is opened again and tried once more
        (the transaction never committed, so trying again cannot write twice)."""
        with self._lock:
            for attempt in (1, 2):
                if self._db.closed:
                    self._db = self._connect()
                try:
                    with self._db.transaction():
                        return work(self._db)
                except (psycopg.OperationalError, OSError):
                    if attempt == 2 or not self._db.closed:
                        raise
            raise AssertionError("unreachable")

    def create_table(self, table: TableRow) -> None:
        def work(db: psycopg.Connection[Any]) -> None:
            db.execute(
                "INSERT INTO tables VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                (
                    table.code,
                    table.game,
                    table.seed,
                    json.dumps(table.options),
                    table.host_hash,
                    table.hold,
                    table.created,
                    table.finished,
                ),
            )
            with db.cursor() as cur:
                cur.executemany(
                    "INSERT INTO seats VALUES (%s, %s, %s, %s, %s, %s, %s)",
                    [
                        (table.code, s.seat, s.name, s.kind, s.level, s.token_hash, s.left_at)
                        for s in table.seats
                    ],
                )

        self._run(work)

    def add_action(self, code: str, row: ActionRow) -> None:
        self._run(
            lambda db: db.execute(
                "INSERT INTO actions VALUES (%s, %s, %s, %s, %s, %s, %s)",
                (code, row.n, row.seat, row.action_id, json.dumps(row.action), row.version, row.at),
            )
        )

    def add_actions(self, rows: list[tuple[str, ActionRow]]) -> None:
        def work(db: psycopg.Connection[Any]) -> None:
            with db.cursor() as cur:
                cur.executemany(
                    "INSERT INTO actions VALUES (%s, %s, %s, %s, %s, %s, %s)",
                    [
                        (code, r.n, r.seat, r.action_id, json.dumps(r.action), r.version, r.at)
                        for code, r in rows
                    ],
                )

        self._run(work)

    def update_seat(self, code: str, seat: SeatRow) -> None:
        self._run(
            lambda db: db.execute(
                "UPDATE seats SET kind = %s, level = %s, token_hash = %s, left_at = %s "
                "WHERE code = %s AND seat = %s",
                (seat.kind, seat.level, seat.token_hash, seat.left_at, code, seat.seat),
            )
        )

    def finish(self, code: str, at: float) -> None:
        self._run(
            lambda db: db.execute("UPDATE tables SET finished = %s WHERE code = %s", (at, code))
        )

    def tables(self) -> list[TableRow]:
        def work(db: psycopg.Connection[Any]) -> tuple[list[Any], list[Any]]:
            rows = db.execute(
                "SELECT code, game, seed, options, host_hash, hold, created, finished "
                "FROM tables ORDER BY created"
            ).fetchall()
            seats = db.execute(
                "SELECT code, seat, name, kind, level, token_hash, left_at FROM seats "
                "ORDER BY code, seat"
            ).fetchall()
            return rows, seats

        rows, seats = self._run(work)
        by_code: dict[str, list[SeatRow]] = {}
        for code, *rest in seats:
            by_code.setdefault(code, []).append(SeatRow(*rest))
        return [
            TableRow(
                code,
                game,
                seed,
                json.loads(options),
                host,
                hold,
                created,
                finished,
                by_code.get(code, []),
            )
            for code, game, seed, options, host, hold, created, finished in rows
        ]

    def actions(self, code: str) -> list[ActionRow]:
        rows = self._run(
            lambda db: db.execute(
                "SELECT n, seat, action_id, action, version, at FROM actions WHERE code = %s "
                "ORDER BY n",
                (code,),
            ).fetchall()
        )
        return [
            ActionRow(n, seat, aid, json.loads(action), version, at)
            for n, seat, aid, action, version, at in rows
        ]

    def schema_version(self) -> int:
        row = self._run(lambda db: db.execute("SELECT version FROM schema_version").fetchone())
        return int(row[0]) if row else 0

    def close(self) -> None:
        with self._lock:
            self._db.close()
