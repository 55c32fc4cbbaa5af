"""A table another process owns, followed here for this process's clients (several servers on
one PostgreSQL database, relay.py).

A `Mirror` is dealt and replayed from the database like a restored table, then moved on by the
owner's `online_tab` notices: it reads the actions stored since its last and plays them into its
own copy of the rules state, so each of its clients gets its own `view_for(seat)` and redacted
events, as from the owner. It never decides anything: its clients' requests go to the owner
(the server passes them on), no computer plays here, and who sits where is the owner's word.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

from game.core.play_loop import play

from . import protocol as p
from .codec import action_from_json, wire_of
from .store import ActionRow
from .tables import Table
from .views import Listener

log = logging.getLogger("game.online")


class Mirror(Table):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.computers.stop()  # computers play at the owner
        self.owner_seats: list[p.SeatInfo] | None = None  # the owner's last word on the seats
        self._catching = asyncio.Lock()

    def seat_infos(self) -> list[p.SeatInfo]:
        return self.owner_seats if self.owner_seats is not None else super().seat_infos()

    def start_computers(self) -> None:
        return  # the owner's computers play

    def attach(self, listener: Listener, seat: int) -> None:
        self.listeners[listener] = seat
        listener.send(self.state_message(seat, [], first=True))

    def detach(self, listener: Listener) -> None:
        self.listeners.pop(listener, None)  # the owner is told (`leave`) by the server

    def seats_changed(self, seats: list[p.SeatInfo]) -> None:
        if seats == self.owner_seats:
            return
        self.owner_seats = seats
        renamed = False
        for row, info in zip(self.row.seats, seats, strict=False):
            if info.name != row.name:  # a joiner named themselves at the owner
                row.name, renamed = info.name, True
        if renamed:
            self.renamed()  # every client here gets its view, the seats with it
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
            if version is not None and self.version >= version:
                return
            if sent and sent[0].n == self.count and sent[-1].version == version:
                rows = list(sent)
            else:  # behind by more (a notice was lost), or no word of the step: read them
                rows = await asyncio.to_thread(self.store.actions, self.code, self.count)
            for row in rows:
                outcome = play(self.state, action_from_json(wire_of(self.game), row.action))
                if not outcome.ok:  # the owner applied it: this copy is wrong, say so
                    log.error("table %s: mirror refused stored action %d", self.code, row.n)
                    break
                events: list[Any] = outcome.events
                if self.history is not None:  # (a seat came back here: its past grows)
                    self.history.add(events)
                self.count += 1
                self.done_ids[(row.seat, row.action_id)] = row.version
                listeners = list(self.listeners.items())
                texts = self.state_messages([seat for _, seat in listeners], events)
                for listener, seat in listeners:
                    listener.send(texts[seat])
