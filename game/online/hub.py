"""Every table on this server, by code (`Hub`): it opens new ones, restores them all from the
store when the server starts and, on a database several servers share, claims, takes over and
follows (mirror.py) the tables of the others."""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from game.core.commitment import new_salt
from game.core.entry import Game
from game.core.game import RecordError

from . import protocol as p
from .commits import GroupCommit
from .dealt import header_record
from .limits import Limits
from .mirror import Mirror, TableOrMirror
from .names import (
    clean_name,
    new_code,
    normal_code,
    rematch_code,
    shown_name,
    token_hash,
    token_matches,
)
from .rows import StoreUnavailable
from .store import SeatRow, Store, TableRow
from .tables import AnyTable, Table, TableError
from .thinking import Thinking

log = logging.getLogger("game.online")

SEED_BITS = 128  # an online deal's seed: no seat can search them all (2**31 took 20 CPU-minutes)


def new_seed() -> int:
    """A deal's seed nobody can predict or search for: 128 bits from `secrets`."""
    return secrets.randbits(SEED_BITS)


def host_alone(message: p.Open) -> bool:
    """Whether the host sits at the table's one human seat, every other seat a computer: the
    only table whose seed a client may choose (nobody else plays a deal the host knows)."""
    sit = message.sit
    return sit is not None and all(
        s.computer is not None for i, s in enumerate(message.seats) if i != sit
    )


@runtime_checkable
class SharedStore(Protocol):
    """A store several server processes share (PostgreSQL): each table has one owner."""

    def claim(self, code: str) -> bool: ...

    def release(self, code: str) -> None: ...

    def owner(self, code: str) -> str | None: ...

    def table_row(self, code: str) -> TableRow | None: ...

    def orphans(self) -> list[str]: ...

    def take_lost(self) -> set[str]:
        """The tables whose ownership went to another process while this one's database
        connection was down (reported once)."""
        ...


class Hub:
    """Every table on this server, by code. On a shared store this server holds only the tables
    it owns: it claims the unfinished ones nobody owns when it starts, any other when a client
    asks for it and its owner is gone (a takeover), and sends clients to the live owner's
    address otherwise (`error` `elsewhere`).

    The hub plays the games it is handed (the command line hands it every game it knows, a
    test its own) and names none: a table of another game is refused (`no_such_game`), and a
    stored one is not restored."""

    def __init__(
        self,
        store: Store,
        games: Sequence[Game[Any]],
        clock: Callable[[], float] = time.time,
        chosen_seeds: bool = False,
        limits: Limits | None = None,
    ) -> None:
        self.store = store
        self.games = {game.id: game for game in games}  # the games this server plays, by id
        self.clock = clock
        # a private server's choice (`--chosen-seeds`): a client may choose any table's seed
        # (everyone there trusts the host); else only a host alone with computers may
        self.chosen_seeds = chosen_seeds
        self.limits = limits or Limits()
        self.tables: dict[str, AnyTable] = {}  # the tables in memory here
        # Those of them whose game is over, the most recently asked for last: a few are kept
        # (players and watchers at them, `get_record`, a rematch), the others let go (read
        # back from the store when asked for).
        self.finished: OrderedDict[str, None] = OrderedDict()
        # the computers' thinking places, handed out in turns across addresses and tables
        self.places = Thinking(self.limits.thinking)
        self.commits = GroupCommit(store)  # one for every table: their actions share flushes
        self.shared = store if isinstance(store, SharedStore) else None
        self.unloadable: set[str] = set()  # tables that failed to load: not swept again
        # Several servers: the tables other processes own that clients here follow (mirror.py),
        # and what every table owned here tells the others after each change (the relay).
        self.mirrors: dict[str, Mirror[Any]] = {}
        self.on_change: Callable[[AnyTable], None] | None = None
        # told of every table made, changed (seats, steps, over) or let go: tables nearby
        # (announcer.Announcer) reads from them which to announce
        self.observers: list[Callable[[AnyTable], None]] = []

    def restore(self) -> int:
        """Load every stored table (on a shared store: every unfinished one this server could
        claim) and replay its actions; a table that fails is logged and left out (the others
        still open). The number restored."""
        for row in self.store.tables(live=True):
            if self.shared is not None and not self._claim(row.code):
                continue
            self._load(row)
        return len(self.tables)

    def game_for(self, game_id: str) -> Game[Any]:
        """The game of that id among those the server was handed (TableError if none)."""
        game = self.games.get(game_id)
        if game is None:
            raise TableError("no_such_game", f"no game {game_id!r} on this server")
        return game

    def _adopt(self, table: AnyTable) -> None:
        """A table dealt here, wired to the hub (its changes told, its computers bounded)."""
        table.on_change = self._changed
        table.computers.places = self.places
        table.computers_alone = self.limits.computer_tables
        table.on_finish = self.retire

    def _changed(self, table: AnyTable) -> None:
        """A table's step or seats changed: the relay (several servers) and the observers."""
        if self.on_change is not None:
            self.on_change(table)
        self.tell(table)

    def tell(self, table: AnyTable) -> None:
        """Tell the observers of a table made, changed or let go (a failing one is logged)."""
        for observer in list(self.observers):
            try:
                observer(table)
            except Exception:
                log.exception("table %s: an observer failed", table.code)

    def retire(self, table: AnyTable) -> None:
        """A table whose game is over: its computers let go, and it is one of the few finished
        tables kept in memory (the least recently asked for goes; its record stays in the
        store)."""
        table.computers.stop()
        self.finished[table.code] = None
        self.finished.move_to_end(table.code)
        while len(self.finished) > self.limits.finished_kept:
            code, _ = self.finished.popitem(last=False)
            self.tables.pop(code, None)

    def live(self, code: str) -> bool:
        """Whether the table is in memory and its game not over."""
        return code in self.tables and code not in self.finished

    def delete_old(self) -> int:
        """Delete the tables finished, or abandoned, longer than the retention period ago
        (store.delete_old) but those someone is at now, and let them go from memory: the
        number deleted."""
        keep = {code for code, t in self.tables.items() if t.listeners}
        before = self.clock() - self.limits.retention_days * 86400
        deleted = self.store.delete_old(before, keep)
        for code in deleted:
            self.finished.pop(code, None)
            table = self.tables.pop(code, None)
            if table is not None:
                table.computers.stop()
                self.tell(table)
        if deleted:
            log.info("deleted %d tables finished or abandoned before the retention", len(deleted))
        return len(deleted)

    def _claim(self, code: str) -> bool:
        return self.shared is not None and self.shared.claim(code)

    def _load(self, row: TableRow) -> AnyTable | None:
        """The table dealt and replayed (None: it cannot be, logged); a database away raises
        StoreUnavailable (nothing is known of the table then)."""
        actions = self.store.actions(row.code)
        try:
            table: AnyTable = Table(
                row, self.game_for(row.game), self.store, self.clock, self.commits
            )
            table.replay(actions)
        except TableError as err:  # (a game this server does not play: one line)
            log.warning("table %s could not be restored: %s", row.code, err.message)
            return None
        except Exception:
            log.exception("table %s could not be restored", row.code)
            return None
        self._adopt(table)
        self.tables[row.code] = table
        if table.state.is_terminal():
            self.retire(table)
        mirror = self.mirrors.pop(row.code, None)
        if mirror is not None:  # taken over here: its clients are served by the table itself
            listeners = list(mirror.listeners.items())
            # none left on the mirror: a catch_up of it still reading the database would
            # send them its older states after the table's own, and they would wait on a
            # turn the table has passed
            mirror.listeners.clear()
            for listener, seat in listeners:
                if hasattr(listener, "table"):
                    listener.table = table
                table.attach(listener, seat)
        table.start_computers()
        self.tell(table)
        return table

    def mirror(self, code: str) -> Mirror[Any]:
        """A table another live process owns, followed here (mirror.py): made on first use."""
        code = normal_code(code)
        found = self.mirrors.get(code)
        if found is not None:
            return found
        row = self.shared.table_row(code) if self.shared is not None else None
        if row is None:
            raise TableError("no_such_table", f"no table {code}")
        mirror: Mirror[Any] = Mirror(row, self.game_for(row.game), self.store)
        mirror.replay(self.store.actions(code))
        self.mirrors[code] = mirror
        return mirror

    def forget_mirror(self, table: TableOrMirror) -> None:
        """A mirror nobody here follows any more is dropped (a table held here stays)."""
        if not table.listeners and self.mirrors.get(table.code) is table:
            del self.mirrors[table.code]

    def sweep(self, orphans: list[str]) -> int:
        """Take over the tables whose owner is gone (`SharedStore.orphans`, read off the loop
        by the caller), without waiting for a client to ask: the number taken."""
        if self.shared is None:
            return 0
        taken = 0
        for code in orphans:
            if code in self.tables or code in self.unloadable:
                continue
            try:
                table = self._take_over(self.shared, code)
            except TableError:
                continue  # another live process claimed it first
            if table is None:
                self.unloadable.add(code)
            else:
                taken += 1
        return taken

    def drop_lost(self) -> list[AnyTable]:
        """Let go of the tables another process took while this one's database connection was
        down (it serves them now): the tables let go, their computers stopped."""
        if self.shared is None:
            return []
        dropped = []
        for code in self.shared.take_lost():
            table = self.tables.pop(code, None)
            if table is not None:
                log.warning("table %s is served by another server now: letting it go", code)
                table.computers.stop()
                dropped.append(table)
                self.tell(table)
        return dropped

    def table(self, code: str) -> AnyTable:
        """The table with this code: a live one, a finished one in memory or read back from
        the store, or (a shared store) one whose owner is gone, taken over."""
        code = normal_code(code)
        table = self.tables.get(code)
        if code in self.finished:
            self.finished.move_to_end(code)
        if table is None and self.shared is not None:
            table = self._take_over(self.shared, code)
        elif table is None and code not in self.unloadable:
            row = self.store.table_row(code)
            if row is not None and row.finished is not None:
                table = self._load(row)
        if table is None:
            raise TableError("no_such_table", f"no table {code}")
        return table

    def _take_over(self, shared: SharedStore, code: str) -> AnyTable | None:
        """A table this server does not hold: claimed and loaded if nobody owns it."""
        if not shared.claim(code):
            owner = shared.owner(code)
            if owner is None:
                raise TableError("unavailable", f"table {code}'s server is busy: try again")
            raise TableError("elsewhere", owner)
        try:
            row = shared.table_row(code)
            table = self._load(row) if row is not None else None
        except StoreUnavailable:
            with contextlib.suppress(StoreUnavailable):
                shared.release(code)
            raise
        if table is None:
            shared.release(code)
        else:
            log.info("took table %s over", code)
        return table

    def open(self, message: p.Open, opener: str | None = None) -> tuple[AnyTable, str]:
        """A new table from the host's `open`: (table, host token). `opener`: the address
        that opened it, whose turns its computers take (thinking.py)."""
        game = self.game_for(message.game)
        count = len(message.seats)
        if not game.rules.min_players <= count <= game.rules.max_players:
            raise TableError(
                "bad_open",
                f"{game.title} is for {game.rules.min_players} to {game.rules.max_players} players",
            )
        for spec in message.seats:
            if spec.computer is not None and spec.computer not in game.bots.bot_levels:
                raise TableError("bad_open", f"no computer level {spec.computer!r}")
        names = [clean_name(spec.name) for spec in message.seats]
        if None in names:
            raise TableError("bad_name", "every seat's name needs a character that shows")
        if not self.limits.computer_tables and all(s.computer for s in message.seats):
            raise TableError("bad_open", "a table needs at least one human seat")
        if message.sit is not None and (
            message.sit >= count or message.seats[message.sit].computer is not None
        ):
            raise TableError("bad_open", "the host can only sit at one of the human seats")
        if message.seed is not None and not self.chosen_seeds and not host_alone(message):
            raise TableError(
                "chosen_seed",
                "a chosen seed is only for a host alone with computers: the server deals a "
                "table where others play (leave out seed, or sit at the one human seat)",
            )
        code = new_code()
        while code in self.tables or (self.shared is not None and not self._claim(code)):
            code = new_code()
        host_token = secrets.token_urlsafe(16)
        seed = message.seed if message.seed is not None else new_seed()
        seats = [
            SeatRow(i, name or "?", "computer" if s.computer else "human", s.computer)
            for i, (s, name) in enumerate(zip(message.seats, names, strict=True))
        ]
        row = TableRow(
            code,
            game.id,
            seed,
            message.options,
            token_hash(host_token),
            message.hold,
            self.clock(),
            None,
            seats,
            new_salt(),
        )
        try:
            game.rules.parse_record(header_record(game, row))
        except RecordError as err:
            raise TableError("bad_open", str(err)) from None
        table: AnyTable = Table(row, self.game_for(row.game), self.store, self.clock, self.commits)
        self._adopt(table)
        if opener:  # (an address unknown: the table takes turns as an address of its own)
            table.computers.owner = opener
        self.store.create_table(row)
        self.tables[code] = table
        self.tell(table)
        return table, host_token

    # -- rematch --------------------------------------------------------------------------
    def rematch(self, message: p.Rematch) -> str:
        """The code of the table's rematch, made now if none of its players asked before: the
        same game, options, host, pace (`hold`) and seats, dealt anew. Each seat's token takes
        its seat there too, a computer is a computer again and a seat nobody took is free.
        Asked for by a seat of the finished table, proved by its token."""
        code = normal_code(message.table)
        row = self._row_of(code)
        if row is None:
            raise TableError("no_such_table", f"no table {code}")
        if row.finished is None:
            raise TableError("not_finished", "a rematch is for a table whose game is over")
        if not 0 <= message.seat < len(row.seats):
            raise TableError("no_such_seat", f"table {code} has no seat {message.seat}")
        if not token_matches(message.token, row.seats[message.seat].token_hash):
            raise TableError("bad_token", "that token does not hold that seat")
        again = rematch_code(code, row.host_hash)
        made = self._row_of(again)
        if made is None:
            made = self._deal_rematch(row, again)
        if made.host_hash != row.host_hash:  # (a code taken by chance by an unrelated table)
            raise TableError("no_rematch", f"table {code} cannot have a rematch")
        return again

    def _row_of(self, code: str) -> TableRow | None:
        """A table's row as it stands: held here, else as stored (a shared store)."""
        table = self.tables.get(code)
        if table is None and self.shared is None:  # a finished one is read back (`table`)
            with contextlib.suppress(TableError):
                table = self.table(code)
        if table is not None:
            row = table.row
            if table.state.is_terminal() and row.finished is None:  # (stored a moment later)
                row = dataclasses.replace(row, finished=self.clock())
            return row
        return (self.shared or self.store).table_row(code)

    def _deal_rematch(self, row: TableRow, code: str) -> TableRow:
        if self.shared is not None:
            claimed = self._claim(code)
            made = self.shared.table_row(code)
            if made is not None:  # made by another server: served there, or here from now
                if claimed and self._load(made) is None:
                    self.shared.release(code)
                return made
            if not claimed:  # another server is making it: there soon
                raise TableError("unavailable", f"table {code}'s server is busy: try again")
        seats = [
            SeatRow(s.seat, shown_name(s.name), s.kind, s.level, s.token_hash) for s in row.seats
        ]
        again = TableRow(
            code,
            row.game,
            new_seed(),
            row.options,
            row.host_hash,
            row.hold,
            self.clock(),
            None,
            seats,
            new_salt(),  # a new deal, a new commitment
        )
        table: AnyTable = Table(
            again, self.game_for(again.game), self.store, self.clock, self.commits
        )
        self._adopt(table)
        first = self.tables.get(row.code)
        if first is not None:  # (its computers take the turns of the first table's opener)
            table.computers.owner = first.computers.owner
        try:
            self.store.create_table(again)
        except Exception:  # not made: another server (or a later ask) may make it
            if self.shared is not None:
                with contextlib.suppress(StoreUnavailable):
                    self.shared.release(code)
            raise
        self.tables[code] = table
        table.start_computers()
        self.tell(table)
        log.info("table %s: rematch %s", row.code, code)
        return again
