"""A table another process owns, followed here for this process's clients (several servers on
one PostgreSQL database, relay.py).

A `Mirror` holds what it needs to show the owner's table, and nothing that decides: its own
copy of the game (dealt.py: dealt and replayed from the database like a restored table, then
moved on by the owner's `online_tab` notices, which name the actions stored since its last),
the clients here at the table (views.py's `Audience`: each gets its own `view_for(seat)` and
redacted events, as from the owner), the owner's last word on the seats, and a way to read the
stored actions. Its clients' requests go to the owner (the server passes them on, relayed.py),
no computer plays here, and who sits where is the owner's word.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any, Generic, Protocol

from game.core.entry import Game

from . import protocol as p
from .dealt import ActionT, Dealt, TableState
from .rows import ActionRow, TableRow
from .seats import seat_infos
from .tables import AnyTable
from .views import Audience, Listener

log = logging.getLogger("game.online")


class StoredActions(Protocol):
    """What a mirror reads of the shared database: a table's actions from the n-th on."""

    def actions(self, code: str, since: int = 0) -> list[ActionRow]: ...


class Mirror(Generic[ActionT]):
    """The owner's table as followed here: the row, the game dealt and moved on (`dealt`), the
    clients here (`audience`), the seats as the owner last told them (`owner_seats`)."""

    def __init__(self, row: TableRow, game: Game[Any], store: StoredActions) -> None:
        self.row = row
        self.code = row.code
        self.game = game
        self.store = store
        self.dealt: Dealt[ActionT] = Dealt(game, row)
        self.audience = Audience(self, game, row, self.dealt.commit)
        self.owner_seats: list[p.SeatInfo] | None = None  # the owner's last word on the seats
        self._catching = asyncio.Lock()

    # -- what the audience reads (views.Shown), and the server ---------------------------------
    @property
    def state(self) -> TableState[ActionT]:
        return self.dealt.state

    @property
    def version(self) -> int:
        return self.dealt.version

    @property
    def listeners(self) -> dict[Listener, int]:
        """The connections here, each with the seat it holds (WATCHER for a watcher)."""
        return self.audience.listeners

    def seat_infos(self) -> list[p.SeatInfo]:
        if self.owner_seats is not None:
            return self.owner_seats
        return seat_infos(self.row, set(self.listeners.values()))

    def past_for(self, seat: int) -> p.Past | None:
        return self.dealt.past_for(seat)

    def state_message(self, seat: int, events: Sequence[object], first: bool = False) -> str:
        """The seat's `state` (its view, these events redacted for it)."""
        return self.audience.state_messages([seat], events, first)[seat]

    def record(self) -> dict[str, object]:
        return self.dealt.record()

    def say(self, seat: int, phrase: str) -> None:
        """A phrase said at the owner's table, to every client here."""
        self.audience.say(seat, phrase)

    # -- the clients here ---------------------------------------------------------------------
    def attach(self, listener: Listener, seat: int) -> None:
        self.listeners[listener] = seat
        listener.send(self.state_message(seat, [], first=True))

    def detach(self, listener: Listener) -> None:
        self.listeners.pop(listener, None)  # the owner is told (`leave`) by the server

    # -- the owner's word ---------------------------------------------------------------------
    def replay(self, rows: Sequence[ActionRow]) -> None:
        """Play the actions stored so far into the freshly dealt copy."""
        self.dealt.replay(rows)

    def seats_changed(self, seats: list[p.SeatInfo]) -> None:
        if seats == self.owner_seats:
            return
        self.owner_seats = seats
        renamed = False
        for row, info in zip(self.row.seats, seats, strict=False):
            if info.name != row.name:  # a joiner named themselves at the owner
                row.name, renamed = info.name, True
        if renamed:
            if self.dealt.deal_again():  # every client here gets its view, the seats with it
                self.audience.show([])
            return
        text = p.encode(p.Seats(self.code, seats))
        for listener in list(self.listeners):
            listener.send(text)

    async def catch_up(self, version: int | None = None, sent: Sequence[ActionRow] = ()) -> None:
        """Play the actions stored since the last one read (up to the owner's `version`, or
        all), sending every client here its view and events after each, as the owner does.
        The owner's notice carries the step it just stored (`sent`): when it is the next one
        here, it is played without reading the database (one read less for every step)."""
        async with self._catching:
            dealt = self.dealt
            if version is not None and dealt.version >= version:
                return
            if sent and sent[0].n == dealt.count and sent[-1].version == version:
                rows = list(sent)
            else:  # behind by more (a notice was lost), or no word of the step: read them
                rows = await asyncio.to_thread(self.store.actions, self.code, dealt.count)
            for row in rows:
                outcome = dealt.play(dealt.action_from_json(row.action))
                if not outcome.ok:  # the owner applied it: this copy is wrong, say so
                    log.error("table %s: mirror refused stored action %d", self.code, row.n)
                    break
                dealt.count += 1
                listeners = list(self.listeners.items())
                texts = self.audience.state_messages(
                    [seat for _, seat in listeners], outcome.events
                )
                for listener, seat in listeners:
                    listener.send(texts[seat])


#: The table a client is at: one owned here, or a mirror of one another process owns.
TableOrMirror = AnyTable | Mirror[Any]
