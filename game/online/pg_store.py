"""The server's tables in PostgreSQL (`--db postgresql://USER@HOST:PORT/DB`), behind the same
`Store` interface as SQLite. psycopg 3 is imported here only, so SQLite users need nothing.

The schema is the server's to create and migrate: `schema_version` holds the last step applied,
and every start applies the numbered steps of MIGRATIONS past it, in one transaction under an
advisory lock (several servers starting at once migrate once). Every write is its own
transaction, committed before the call returns: an action is durable before it is acknowledged.
A dropped connection is opened again once per call (a restarted database); when it cannot be,
the call raises `StoreUnavailable` having written nothing, and may be made again (a batch of
actions whose commit's answer was lost is recognised when it is written again: never twice).

Several servers may share one database: a table is served by the one process holding its
ownership lock (a session advisory lock on that process's connection, so it is released the
moment the process or its connection dies), and `servers` says at which address each live
process listens, so the others can send a client there. A connection that broke took this
process's locks with it: the new one takes them back before anything else; a table another
process claimed meanwhile is `lost` (its actions are refused, `TablesLost`, and `take_lost`
tells the server, which lets that table go).
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Callable
from typing import TypeVar

import psycopg
from psycopg.rows import TupleRow

from .rows import (
    OLD_TABLES,
    ActionRow,
    SeatRow,
    StoreUnavailable,
    TableRow,
    TablesLost,
    action_json,
    table_rows,
)

T = TypeVar("T")

MIGRATION_LOCK = 0x6F6E6C696E65  # pg_advisory_xact_lock key while migrating ("online")
OWNER_SPACE = 0x6F6E  # the first key of a table's ownership lock (the second: its code's hash)

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
    (
        3,
        """
        CREATE TABLE servers (
            backend_pid INTEGER PRIMARY KEY,
            address TEXT NOT NULL,
            started DOUBLE PRECISION NOT NULL
        );
        """,
    ),
    (
        # 128-bit seeds (past BIGINT) and the commitment's salt (game.core.commitment)
        4,
        """
        ALTER TABLE tables ALTER COLUMN seed TYPE NUMERIC(40, 0);
        ALTER TABLE tables ADD COLUMN salt TEXT;
        """,
    ),
]
LATEST = MIGRATIONS[-1][0]


def migrate(db: psycopg.Connection[TupleRow], upto: int = LATEST) -> int:
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
        self.held: set[str] = set()  # the tables whose ownership lock this process holds
        self.lost: set[str] = set()  # ...held once, claimed by another process meanwhile
        self._unreported: set[str] = set()  # lost ones the server has not been told of
        self.address: str | None = None  # where this process listens (`register`)
        self.reconnects = 0
        self._db = self._connect()
        migrate(self._db)

    def _connect(self) -> psycopg.Connection[TupleRow]:
        try:
            return psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        except psycopg.OperationalError as err:  # the server says "cannot open the database"
            raise StoreUnavailable(f"PostgreSQL: {str(err).strip().splitlines()[0]}") from None

    def _reconnect(self) -> None:
        """A new connection in place of a broken one, holding what the old one held: this
        process's address and its tables' locks (the ones another process took are lost)."""
        self._db = self._connect()
        self.reconnects += 1
        if self.address is not None:
            self._register(self._db, self.address)
        if not self.held:
            return
        codes = sorted(self.held)
        refused = self._db.execute(
            "SELECT code FROM unnest(%s::text[], %s::int[]) AS t(code, key) "
            "WHERE NOT pg_try_advisory_lock(%s, key)",
            (codes, [owner_key(code) for code in codes], OWNER_SPACE),
        ).fetchall()
        lost = {str(code) for (code,) in refused}
        self.held -= lost
        self.lost |= lost
        self._unreported |= lost

    def _run(self, work: Callable[[psycopg.Connection[TupleRow]], T]) -> T:
        """`work` in one transaction; a broken connection is opened again and tried once more
        (the transaction never committed, so trying again cannot write twice). A database that
        cannot be reached raises StoreUnavailable."""
        with self._lock:
            for attempt in (1, 2):
                try:
                    if self._db.closed:
                        self._reconnect()
                    with self._db.transaction():
                        return work(self._db)
                except StoreUnavailable:
                    raise
                except (psycopg.OperationalError, OSError) as err:
                    if not self._db.closed:
                        raise
                    if attempt == 2:
                        first = str(err).strip().splitlines()[:1]
                        raise StoreUnavailable(f"PostgreSQL: {first}") from None
            raise AssertionError("unreachable")

    def take_lost(self) -> set[str]:
        """The tables lost since the last call (see the module's docstring)."""
        with self._lock:
            lost, self._unreported = self._unreported, set()
            return lost

    def create_table(self, table: TableRow) -> None:
        def work(db: psycopg.Connection[TupleRow]) -> None:
            db.execute(
                "INSERT INTO tables VALUES (%s, %s, %s::numeric, %s, %s, %s, %s, %s, %s)",
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
                (
                    code,
                    row.n,
                    row.seat,
                    row.action_id,
                    action_json(row.action),
                    row.version,
                    row.at,
                ),
            )
        )

    def add_actions(self, rows: list[tuple[str, ActionRow]]) -> None:
        """All or none; TablesLost (nothing written) if some are for tables this process lost.
        A batch whose earlier commit landed though its answer was lost is not written twice."""

        def work(db: psycopg.Connection[TupleRow]) -> None:
            lost = {code for code, _ in rows if code in self.lost}
            if lost:
                raise TablesLost(lost)
            # one statement for the whole batch, its columns as arrays (unnest keeps their
            # order): one round trip and one plan, where executemany sent a statement a row;
            # binary arrays (%b): in text form each quote of the JSON is escaped one by one
            db.execute(
                "INSERT INTO actions SELECT * FROM unnest(%b::text[], %b::int[], %b::int[], "
                "%b::text[], %b::text[], %b::int[], %b::float8[])",
                (
                    *action_keys(rows),
                    [action_json(r.action) for _, r in rows],
                    [r.version for _, r in rows],
                    [r.at for _, r in rows],
                ),
            )

        try:
            self._run(work)
        except psycopg.errors.UniqueViolation:
            if not self._run(lambda db: stored_already(db, rows)):
                raise  # another writer's actions at those places: not ours to hide

    def update_seat(self, code: str, seat: SeatRow) -> None:
        self._run(
            lambda db: db.execute(
                "UPDATE seats SET name = %s, kind = %s, level = %s, token_hash = %s, "
                "left_at = %s WHERE code = %s AND seat = %s",
                (seat.name, seat.kind, seat.level, seat.token_hash, seat.left_at, code, seat.seat),
            )
        )

    def finish(self, code: str, at: float) -> None:
        self._run(
            lambda db: db.execute("UPDATE tables SET finished = %s WHERE code = %s", (at, code))
        )

    def tables(self, live: bool = False) -> list[TableRow]:
        where = " WHERE finished IS NULL" if live else ""

        def work(db: psycopg.Connection[TupleRow]) -> tuple[list[TupleRow], list[TupleRow]]:
            rows = db.execute(
                "SELECT code, game, seed, options, host_hash, hold, created, finished, salt "
                f"FROM tables{where} ORDER BY created"
            ).fetchall()
            seats = db.execute(
                "SELECT code, seat, name, kind, level, token_hash, left_at FROM seats "
                f"WHERE code IN (SELECT code FROM tables{where}) ORDER BY code, seat"
            ).fetchall()
            return rows, seats

        rows, seats = self._run(work)
        return table_rows(rows, seats)

    def actions(self, code: str, since: int = 0) -> list[ActionRow]:
        rows = self._run(
            lambda db: db.execute(
                "SELECT n, seat, action_id, action, version, at FROM actions "
                "WHERE code = %s AND n >= %s ORDER BY n",
                (code, since),
            ).fetchall()
        )
        return [
            ActionRow(n, seat, aid, json.loads(action), version, at)
            for n, seat, aid, action, version, at in rows
        ]

    # -- several processes ----------------------------------------------------------------------
    def register(self, address: str) -> None:
        """Say where this process listens (and forget processes whose connection is gone)."""
        self.address = address
        self._run(lambda db: self._register(db, address))

    @staticmethod
    def _register(db: psycopg.Connection[TupleRow], address: str) -> None:
        db.execute(
            "DELETE FROM servers WHERE backend_pid NOT IN (SELECT pid FROM pg_stat_activity)"
        )
        db.execute(
            "INSERT INTO servers VALUES (pg_backend_pid(), %s, %s) ON CONFLICT (backend_pid) "
            "DO UPDATE SET address = EXCLUDED.address, started = EXCLUDED.started",
            (address, time.time()),
        )

    def claim(self, code: str) -> bool:
        """Take the table's ownership if no live process holds it: whether this one does now."""

        def work(db: psycopg.Connection[TupleRow]) -> bool:
            row = db.execute(
                "SELECT pg_try_advisory_lock(%s, %s)", (OWNER_SPACE, owner_key(code))
            ).fetchone()
            if not (row and row[0]):
                return False
            self.held.add(code)  # under the store's lock, as `_reconnect` reads it
            self.lost.discard(code)
            return True

        return self._run(work)

    def release(self, code: str) -> None:
        with self._lock:  # not held any more, even if the database cannot be told now
            self.held.discard(code)
        self._run(
            lambda db: db.execute(
                "SELECT pg_advisory_unlock(%s, %s)", (OWNER_SPACE, owner_key(code))
            )
        )

    def owner(self, code: str) -> str | None:
        """The address of the live process that owns the table (None: nobody, or unknown)."""
        row = self._run(
            lambda db: db.execute(
                "SELECT s.address FROM pg_locks l JOIN servers s ON s.backend_pid = l.pid "
                "WHERE l.locktype = 'advisory' AND l.granted AND l.classid::bigint = %s "
                "AND l.objid::bigint = %s AND l.objsubid = 2",
                (OWNER_SPACE, owner_key(code) & 0xFFFFFFFF),
            ).fetchone()
        )
        return str(row[0]) if row else None

    def orphans(self) -> list[str]:
        """The unfinished tables no live process owns (their owner died or lost its
        connection), oldest first: what a takeover sweep claims."""

        def work(db: psycopg.Connection[TupleRow]) -> tuple[list[TupleRow], set[int]]:
            codes = db.execute(
                "SELECT code FROM tables WHERE finished IS NULL ORDER BY created"
            ).fetchall()
            held = db.execute(
                "SELECT objid::bigint FROM pg_locks WHERE locktype = 'advisory' AND granted "
                "AND classid::bigint = %s AND objsubid = 2",
                (OWNER_SPACE,),
            ).fetchall()
            return codes, {int(row[0]) for row in held}

        codes, held = self._run(work)
        return [code for (code,) in codes if owner_key(code) & 0xFFFFFFFF not in held]

    def table_row(self, code: str) -> TableRow | None:
        def work(db: psycopg.Connection[TupleRow]) -> tuple[TupleRow | None, list[TupleRow]]:
            row = db.execute(
                "SELECT code, game, seed, options, host_hash, hold, created, finished, salt "
                "FROM tables WHERE code = %s",
                (code,),
            ).fetchone()
            seats = db.execute(
                "SELECT seat, name, kind, level, token_hash, left_at FROM seats "
                "WHERE code = %s ORDER BY seat",
                (code,),
            ).fetchall()
            return row, seats

        row, seats = self._run(work)
        if row is None:
            return None
        code, game, seed, options, host, hold, created, finished, salt = row
        return TableRow(
            code,
            game,
            int(seed),
            json.loads(options),
            host,
            hold,
            created,
            finished,
            [SeatRow(*seat) for seat in seats],
            salt,
        )

    def delete_old(self, before: float, keep: set[str] | None = None) -> list[str]:
        """Delete the tables finished before `before` and the abandoned ones (store.py's
        OLD_TABLES), but those in `keep`: their codes."""

        def work(db: psycopg.Connection[TupleRow]) -> list[str]:
            found = db.execute(OLD_TABLES, (before,) * 4).fetchall()
            codes = [c for (c,) in found if not keep or c not in keep]
            for what in ("actions", "seats", "tables"):
                db.execute(
                    f"DELETE FROM {what} WHERE code = ANY(%s)",
                    (codes,),
                )
            return codes

        return self._run(work)

    def schema_version(self) -> int:
        row = self._run(lambda db: db.execute("SELECT version FROM schema_version").fetchone())
        return int(row[0]) if row else 0

    def close(self) -> None:
        with self._lock:
            self._db.close()


def stored_already(db: psycopg.Connection[TupleRow], rows: list[tuple[str, ActionRow]]) -> bool:
    """Whether every one of these actions is stored as itself (same place, seat and id)."""
    found = db.execute(
        "SELECT count(*) FROM actions a JOIN unnest(%s::text[], %s::int[], %s::int[], %s::text[]) "
        "AS r(code, n, seat, action_id) ON a.code = r.code AND a.n = r.n AND a.seat = r.seat "
        "AND a.action_id = r.action_id",
        action_keys(rows),
    ).fetchone()
    return found is not None and int(found[0]) == len(rows)


def action_keys(
    rows: list[tuple[str, ActionRow]],
) -> tuple[list[str], list[int], list[int], list[str]]:
    """What says which action a row is, as columns: tables' codes, places, seats, ids."""
    return (
        [code for code, _ in rows],
        [r.n for _, r in rows],
        [r.seat for _, r in rows],
        [r.action_id for _, r in rows],
    )


def owner_key(code: str) -> int:
    """A table's ownership lock key: a signed 32-bit hash of its code."""
    return int.from_bytes(hashlib.sha256(code.encode("utf-8")).digest()[:4], "big", signed=True)
