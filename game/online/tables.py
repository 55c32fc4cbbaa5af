"""The server's tables: one `Table` per game being played (its rules state, seats, version and
computers); hub.py finds them by code, opens new ones and restores them all from the store
when the server starts.

A table's version is the number of engine steps standing (`len(state.actions)`): every action
a client sends names the version it was chosen against, and a stale one is refused. Chance
steps are taken as soon as they are due, after the action that made them due, as a replay
does, so a restarted server replays a table's actions into the same state and version.

Everything here runs on the server's event loop. A table holds three parts: its seats (who
holds which, stored; seats.py), its audience (the connections at it and what each is sent,
views.py) and its computers (computers.py), which think in a worker thread, from their seat's
view only, and whose move goes through the same checks as a client's. A table takes one
action at a time: each is applied, committed (group commit: commits.py, the loop serves other
tables meanwhile), then acknowledged and shown, before the next is looked at.

The game logic is core's, as at a table on one screen (`game.core.play_loop`): an action
applied with the chance steps it made due (`play`, `settle`), and a computer's move with its
fallback when the computer player fails (`move_from_view`, in computers.py). Only the
storing, the threads and the asyncio stay here.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Iterable
from typing import Any

from game.core import records
from game.core.commitment import commitment
from game.core.game import Game, RecordError
from game.core.play_loop import play, settle

from . import protocol as p
from .codec import action_from_json, action_to_json, wire_of
from .commits import GroupCommit
from .computers import COMPUTER_ID, Computers
from .history import History
from .rows import StoreUnavailable
from .seats import Seats, TableError as TableError, humans
from .store import ActionRow, Store, TableRow
from .stored import Stored
from .thinking import Thinking
from .views import Audience, Listener

log = logging.getLogger("game.online")

WATCHER = -1  # a watcher sees the table as no seat does (view_for(-1))


def header_record(game: Game[Any], row: TableRow) -> dict[str, Any]:
    """The record of the table before any action: what deals it."""
    header: dict[str, Any] = {
        "format": game.record_format,
        "players": [s.name for s in row.seats],
        "seed": row.seed,
        "actions": [],
    }
    if row.options is not None:
        header["options"] = row.options
    return header


class Table:
    def __init__(
        self,
        row: TableRow,
        game: Game[Any],  # the row's game, as the hub was handed it
        store: Store,
        clock: Callable[[], float] = time.time,
        commits: GroupCommit | None = None,
    ) -> None:
        self.row = row
        self.code = row.code
        self.store = store
        self.clock = clock
        self.commits = commits or GroupCommit(store)
        self.turn = asyncio.Lock()  # one action at a time, in the order they came
        self._acting: set[asyncio.Task[None]] = set()  # actions under way (kept from the GC)
        self.game = game
        try:
            _, _, self.state, _, _ = records.open_record(header_record(self.game, row), self.game)
        except RecordError as err:
            raise TableError("bad_table", str(err)) from None
        # The deal's commitment H, sent to every connection that sits or watches (None: a
        # table stored before commitments)
        self.commit = commitment(row.seed, row.salt) if row.salt is not None else None
        self.done_ids: dict[tuple[int, str], int] = {}  # (seat, action id) -> its version
        self.count = 0  # actions stored
        self.stored = Stored(self.code, store, self.commits)  # (each action before its ack)
        self.seats = Seats(row, store, clock)  # (who holds which seat, stored)
        self.audience = Audience(self, game, row, self.commit)  # (it sees the table as `Shown`)
        self.computers = Computers(self, game, row)  # (they see the table as `Played`)
        # told once the game is over (the hub lets the table go from memory)
        self.on_finish: Callable[[Table], None] | None = None
        # told after every step and seat change (several servers: the relay's `online_tab`)
        self.on_change: Callable[[Table], None] | None = None
        self.unsure = False  # a failed write left the state unknown: read it again first
        self.history: History | None = None  # made when a seat first comes back (past_for)
        # whether computers may play with no human seat at the table: the hub says its server's
        # (--allow-computer-tables); a table made by hand (a test, a bench) plays as it is dealt
        self.computers_alone = True
        self.last_row: ActionRow | None = None  # the last action stored (the relay sends it on)
        settle(self.state)
        for seat in row.seats:
            if seat.kind == "computer":
                self.computers.make(seat)

    # -- restoring ----------------------------------------------------------------------------
    def replay(self, rows: list[ActionRow]) -> None:
        """Play the stored actions into the freshly dealt table (a restarted server)."""
        actions = [action_from_json(wire_of(self.game), r.action) for r in rows]
        records.play_actions(self.state, actions)
        settle(self.state)
        for r in rows:
            self.done_ids[(r.seat, r.action_id)] = r.version
        self.count = len(rows)
        if rows and rows[-1].version != self.version:
            log.warning(
                "table %s: replayed to version %d, stored %d",
                self.code,
                self.version,
                rows[-1].version,
            )

    # -- queries ------------------------------------------------------------------------------
    @property
    def version(self) -> int:
        return len(self.state.actions)

    @property
    def listeners(self) -> dict[Listener, int]:
        """The connections here, each with the seat it holds (WATCHER for a watcher)."""
        return self.audience.listeners

    def seat_infos(self) -> list[p.SeatInfo]:
        return self.seats.infos(set(self.listeners.values()))

    def state_message(self, seat: int, events: list[Any], first: bool = False) -> str:
        return self.state_messages([seat], events, first)[seat]

    def state_messages(
        self, seats: Iterable[int], events: list[Any], first: bool = False
    ) -> dict[int, str]:
        return self.audience.state_messages(seats, events, first)

    def past_for(self, seat: int) -> p.Past | None:
        """What the seat saw of the game so far (history.py), for its move log; None when it
        cannot be told (a game too long, or actions that no longer replay: logged)."""
        if self.history is None:
            try:
                self.history = History(
                    self.game, header_record(self.game, self.row), list(self.state.actions)
                )
            except (RecordError, ValueError) as err:
                log.error("table %s: no history for a seat coming back: %s", self.code, err)
                return None
        return self.history.past_for(seat)

    def record(self) -> dict[str, Any]:
        if not self.state.is_terminal():
            raise TableError("not_finished", "the record is given once the game is over")
        extra: dict[str, Any] = {
            "online": {
                "table": self.code,
                "seats": [{"kind": s.kind, "level": s.level} for s in self.row.seats],
            }
        }
        if self.commit is not None:  # the salt revealed: anyone checks the deal was promised
            extra["commit"] = {"salt": self.row.salt, "sha256": self.commit}
        return self.game.record_of(self.state, extra)

    def say(self, seat: int, phrase: str) -> None:
        self.audience.say(seat, phrase)

    # -- seats --------------------------------------------------------------------------------
    def take_free_seat(
        self, seat: int | None, token: str | None = None, name: str | None = None
    ) -> tuple[int, str]:
        """Give a free seat (the one asked for, or the first) to a code holder: (seat, token);
        `attach` then seats the connection. A join passed on from another process brings the
        token (seating.py): the seat it holds already is this same join's, given back. `name`:
        the joiner's own name, which the seat takes in place of the host's."""
        if token is not None:
            held = self.seats.held(seat, token)
            if held is not None:
                self.resume_seat(held.seat, token)
                return held.seat, token
        seat, token, renamed = self.seats.take(seat, token, name)
        if renamed:
            self.renamed()
        return seat, token

    def renamed(self) -> None:
        """A seat's name changed (`row.seats`): the rules state, whose views carry the names,
        is dealt again under them and its actions played again (as a restarted server would),
        and every client here is sent its view at once."""
        actions = list(self.state.actions)
        try:
            _, _, state, _, _ = records.open_record(header_record(self.game, self.row), self.game)
            records.play_actions(state, actions)
        except RecordError as err:  # the same deal and actions: only a bug gets here
            log.error("table %s: not dealt again under the new names: %s", self.code, err)
            return
        self.state = state
        settle(self.state)
        self.history = None  # (its views carry the names)
        self.audience.show([])

    def resume_seat(self, seat: int, token: str) -> None:
        """A player back with their token (then `attach`); a seat handed to a computer comes
        back to them."""
        self.seats.resume(seat, token)
        self.computers.drop(seat)

    def hand_over(self, host_token: str, seat: int, level: str) -> None:
        """The host gives a seat whose player has been away longer than the hold (or that
        nobody took) to a computer; the player's token still takes it back."""
        here = seat in self.listeners.values()
        keep_human = not self.computers_alone
        row = self.seats.hand_over(host_token, seat, level, self.game.bot_levels, here, keep_human)
        self.computers.make(row)
        self._broadcast_seats()
        self.start_computers()

    def attach(self, listener: Listener, seat: int) -> None:
        self.listeners[listener] = seat
        listener.send(self.state_message(seat, [], first=True))
        self._broadcast_seats(but=listener)
        self.start_computers()

    def detach(self, listener: Listener) -> None:
        seat = self.listeners.pop(listener, None)
        if seat is None or seat == WATCHER or seat in self.listeners.values():
            return
        self.seats.left(seat)
        self._broadcast_seats()

    def _broadcast_seats(self, but: Listener | None = None) -> None:
        if self.audience.tell_seats(but) and self.on_change is not None:
            self.on_change(self)

    # -- actions ------------------------------------------------------------------------------
    def act(self, listener: Listener, seat: int, message: p.Act) -> None:
        """A client's action for its seat: answered once (ack) however often it is sent, once
        it is committed (it waits for the table's earlier actions)."""
        task = asyncio.get_running_loop().create_task(self._act(listener, seat, message))
        self._acting.add(task)
        task.add_done_callback(self._acting.discard)

    async def _act(self, listener: Listener, seat: int, message: p.Act) -> None:
        try:
            async with self.turn:
                await self._answer(listener, seat, message)
        except Exception:  # one table's bug never takes the server down
            log.exception("table %s: an action failed", self.code)
            listener.send(p.encode(p.Error("internal", "the server failed on that")))

    async def _answer(self, listener: Listener, seat: int, message: p.Act) -> None:
        done = self.done_ids.get((seat, message.id))
        if done is not None:
            listener.send(p.encode(p.Ack(message.id, done)))
            return
        refusal = await self.apply(seat, message.id, message.action, message.version)
        if refusal is not None:
            code, reason = refusal
            listener.send(p.encode(p.Refused(message.id, code, reason, self.version)))
            if code == "stale":
                listener.send(self.state_message(seat, []))
            return
        listener.send(p.encode(p.Ack(message.id, self.version)))

    async def apply(
        self, seat: int, action_id: str, obj: dict[str, Any], version: int
    ) -> tuple[str, str] | None:
        """Check, apply, commit and broadcast one action: None, or (code, reason) refused.
        The caller holds the table's turn."""
        if self.row.seats[seat].kind != "human" and not action_id.startswith(COMPUTER_ID):
            return "not_your_seat", f"seat {seat} is played by a computer now"
        if obj.get("player") != seat:
            return "not_your_seat", f"you hold seat {seat}: you act for that seat only"
        try:
            action = action_from_json(wire_of(self.game), obj)
        except (RecordError, ValueError, TypeError) as err:
            return "bad_action", str(err)
        if self.unsure:
            try:
                self._reload()
            except StoreUnavailable:
                return "storage", "the server's database is away; try again"
        if version != self.version:
            return "stale", f"the table is at version {self.version}, not {version}"
        before = self.version
        outcome = play(self.state, action)  # (with the chance steps it made due)
        if not outcome.ok:
            refusal = outcome.refusal
            return str(getattr(refusal, "code", "illegal")), str(refusal)
        events = outcome.events
        row = ActionRow(
            self.count,
            seat,
            action_id,
            action_to_json(wire_of(self.game), action),
            self.version,
            self.clock(),
        )
        unstored = await self.stored.add(row, before)
        if unstored is not None:  # (it may or may not have landed: read back)
            self._reload_if_possible()
            return unstored
        self.count += 1
        self.last_row = row
        self.done_ids[(seat, action_id)] = self.version
        if self.history is not None:
            self.history.add(events)
        if self.state.is_terminal():
            self._mark_finished()
        self.audience.show(events, seats_told=True)
        if self.on_change is not None:
            self.on_change(self)
        self.start_computers()
        return None

    def _reload(self) -> None:
        """The state as stored (after a write that failed: it may or may not have landed)."""
        fresh = Table(self.row, self.game, self.store, self.clock, self.commits)
        fresh.replay(self.store.actions(self.code))
        self.state, self.done_ids, self.count = fresh.state, fresh.done_ids, fresh.count
        self.history = None
        self.unsure = False

    def _reload_if_possible(self) -> None:
        """After a failed write: the stored state now, or (the database away) at the next
        action, before it is looked at."""
        self.unsure = True
        try:
            self._reload()
        except StoreUnavailable:
            log.warning("table %s: reading it back waits for the database", self.code)

    def _mark_finished(self) -> None:
        """Store that the game is over (a database away meanwhile: tried again later); its
        computers are let go, and the hub is told (it keeps the table in memory no longer)."""
        self.computers.stop()
        if self.on_finish is not None:
            self.on_finish(self)
        self.stored.finish(self.clock())

    # -- computers ----------------------------------------------------------------------------
    def start_computers(self) -> None:
        """The computers think when their seat is waited for, only while a seat is a human's
        (a table stored or dealt again with computers alone waits for a player's token)."""
        if self.computers_alone or humans(self.row):
            self.computers.start()

    def waiting_for(self) -> list[int]:
        """The seats the game waits for now."""
        return list(self.state.waiting_for())

    def view_for(self, seat: int) -> Any:
        """What this seat sees of the game (a computer thinks from it)."""
        return self.state.view_for(seat)

    @property
    def bots(self) -> dict[int, Any]:
        """The computers' players, by seat (the hub lets them go by clearing it)."""
        return self.computers.bots

    @property
    def thinking(self) -> set[int]:
        """The computer seats thinking now."""
        return self.computers.thinking

    @property
    def places(self) -> Thinking | None:
        """The server's thinking places, handed to its tables' computers in turns (None:
        every computer thinks at once)."""
        return self.computers.places

    @places.setter
    def places(self, places: Thinking | None) -> None:
        self.computers.places = places
