"""The server's tables: one `Table` per game being played here; hub.py finds them by code, opens
new ones and restores them all from the store when the server starts.

A table's version is the number of engine steps standing (`len(state.actions)`): every action
a client sends names the version it was chosen against, and a stale one is refused. Chance
steps are taken as soon as they are due, after the action that made them due, as a replay
does, so a restarted server replays a table's actions into the same state and version.

Everything here runs on the server's event loop. A table takes one action at a time: each is
applied, committed (group commit: commits.py, the loop serves other tables meanwhile), then
acknowledged and shown, before the next is looked at.

The game logic is core's, as at a table on one screen (`game.core.play_loop`): an action
applied with the chance steps it made due (dealt.py), and a computer's move with its fallback
when the computer player fails (computers.py). Only the storing, the threads and the asyncio
stay here.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any, Generic

from game.core.entry import Game
from game.core.game import GameState, RecordError

from . import protocol as p
from .codec import JSON
from .commits import GroupCommit
from .computers import Computers
from .dealt import ActionT, Dealt, TableState
from .rows import StoreUnavailable
from .seats import Seats, TableError as TableError, humans, seat_infos
from .store import ActionRow, Store, TableRow
from .stored import Stored
from .views import Audience, Listener

log = logging.getLogger("game.online")

WATCHER = -1  # a watcher sees the table as no seat does (view_for(-1))


class Table(Generic[ActionT]):
    """One table this server owns, typed by its game's action (the hub, which names no game,
    holds `AnyTable`s).

    It owns its row (the stored header and seats), the turn (one action at a time), the
    actions under way, which (seat, action id) were answered with which version (`done_ids`:
    an action sent again is acknowledged, not applied twice), whether a failed write left its
    state unknown (`unsure`) and the last action stored (the relay sends it on). Its parts,
    one job each, and what each is handed:

    - `dealt` (dealt.py): the rules state, dealt and moved on, the actions stored, the
      history of a seat that comes back, the record; the table replaces it when it reads
      itself back from the store.
    - `seats` (seats.py): the row's seats, the store and the clock: who holds which seat.
    - `stored` (stored.py): the store and the shared group commit: each action's write.
    - `audience` (views.py): the connections here and what each is sent; it reads the table
      as `Shown` (its state, version, seats and a seat's past).
    - `computers` (computers.py): the computer seats' players; they see the table as
      `Played` (the seats waited for, one seat's view, the version, the turn and `apply`).

    The hub sets what it is told: `on_change` (a step or seats changed), `on_finish` (the game
    is over), and whether computers may play with no human seat (`computers_alone`).
    """

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
        self.game = game
        self.store = store
        self.turn = asyncio.Lock()  # one action at a time, in the order they came
        self._acting: set[asyncio.Task[None]] = set()  # actions under way (kept from the GC)
        self.dealt: Dealt[ActionT] = Dealt(game, row)
        self.done_ids: dict[tuple[int, str], int] = {}  # (seat, action id) -> its version
        self.stored = Stored(self.code, store, commits or GroupCommit(store))
        self.seats = Seats(row, store, clock)
        self.audience = Audience(self, game, row, self.dealt.commit)
        self.computers: Computers[ActionT] = Computers(self, game, row)
        self.clock = clock
        # told once the game is over (the hub lets the table go from memory)
        self.on_finish: Callable[[Table[ActionT]], None] | None = None
        # told after every step and seat change (several servers: the relay's `online_tab`)
        self.on_change: Callable[[Table[ActionT]], None] | None = None
        self.unsure = False  # a failed write left the state unknown: read it again first
        # whether computers may play with no human seat at the table: the hub says its server's
        # (--allow-computer-tables); a table made by hand (a test, a bench) plays as it is dealt
        self.computers_alone = True
        self.last_row: ActionRow | None = None  # the last action stored (the relay sends it on)
        for seat in row.seats:
            if seat.kind == "computer":
                self.computers.make(seat)

    # -- restoring ----------------------------------------------------------------------------
    def replay(self, rows: list[ActionRow]) -> None:
        """Play the stored actions into the freshly dealt table (a restarted server)."""
        self.dealt.replay(rows)
        for r in rows:
            self.done_ids[(r.seat, r.action_id)] = r.version

    # -- queries ------------------------------------------------------------------------------
    @property
    def state(self) -> TableState[ActionT]:
        """The rules state (the dealt game's)."""
        return self.dealt.state

    @property
    def version(self) -> int:
        return self.dealt.version

    @property
    def listeners(self) -> dict[Listener, int]:
        """The connections here, each with the seat it holds (WATCHER for a watcher)."""
        return self.audience.listeners

    def seat_infos(self) -> list[p.SeatInfo]:
        return seat_infos(self.row, set(self.listeners.values()))

    def state_message(self, seat: int, events: Sequence[object], first: bool = False) -> str:
        """The seat's `state` (its view, these events redacted for it)."""
        return self.audience.state_messages([seat], events, first)[seat]

    def past_for(self, seat: int) -> p.Past | None:
        return self.dealt.past_for(seat)

    def record(self) -> dict[str, object]:
        return self.dealt.record()

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
        is dealt again under them, and every client here is sent its view at once."""
        if self.dealt.deal_again():
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
        row = self.seats.hand_over(
            host_token, seat, level, self.game.bots.bot_levels, here, keep_human
        )
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
        refusal = self._not_for(seat, message.action)
        if refusal is None:
            try:
                action = self.dealt.action_from_json(message.action)
            except (RecordError, ValueError, TypeError) as err:
                refusal = "bad_action", str(err)
            else:
                refusal = await self.apply(seat, message.id, action, message.version)
        if refusal is not None:
            code, reason = refusal
            listener.send(p.encode(p.Refused(message.id, code, reason, self.version)))
            if code == "stale":
                listener.send(self.state_message(seat, []))
            return
        listener.send(p.encode(p.Ack(message.id, self.version)))

    def _not_for(self, seat: int, obj: dict[str, JSON]) -> tuple[str, str] | None:
        """Why a client's action is not its seat's to take (the seat is a computer's now, or
        the action is another seat's), or None."""
        if self.row.seats[seat].kind != "human":
            return "not_your_seat", f"seat {seat} is played by a computer now"
        if obj.get("player") != seat:
            return "not_your_seat", f"you hold seat {seat}: you act for that seat only"
        return None

    async def apply(
        self, seat: int, action_id: str, action: ActionT, version: int
    ) -> tuple[str, str] | None:
        """Apply, commit and broadcast one action of the seat (a client's, checked and
        decoded by `_answer`, or its computer's): None, or (code, reason) refused. The
        caller holds the table's turn."""
        if self.unsure:
            try:
                self._reload()
            except StoreUnavailable:
                return "storage", "the server's database is away; try again"
        if version != self.version:
            return "stale", f"the table is at version {self.version}, not {version}"
        before = self.version
        stored_form = self.dealt.action_to_json(action)
        outcome = self.dealt.play(action)  # (with the chance steps it made due)
        if not outcome.ok:
            refused = outcome.refusal
            return str(getattr(refused, "code", "illegal")), str(refused)
        row = ActionRow(self.dealt.count, seat, action_id, stored_form, self.version, self.clock())
        unstored = await self.stored.add(row, before)
        if unstored is not None:  # (it may or may not have landed: read back)
            self._reload_if_possible()
            return unstored
        self.dealt.count += 1
        self.last_row = row
        self.done_ids[(seat, action_id)] = self.version
        if self.state.is_terminal():
            self._mark_finished()
        self.audience.show(outcome.events, seats_told=True)
        if self.on_change is not None:
            self.on_change(self)
        self.start_computers()
        return None

    def _reload(self) -> None:
        """The state as stored (after a write that failed: it may or may not have landed)."""
        fresh: Dealt[ActionT] = Dealt(self.game, self.row)
        rows = self.store.actions(self.code)
        fresh.replay(rows)
        self.dealt = fresh
        self.done_ids = {(r.seat, r.action_id): r.version for r in rows}
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

    def view_for(self, seat: int) -> GameState:
        """What this seat sees of the game (a computer thinks from it)."""
        view: GameState = self.state.view_for(seat)
        return view


#: A table of whichever game: what code that names no game (the hub, the server) holds.
AnyTable = Table[Any]
