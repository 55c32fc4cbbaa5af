"""What the connections at a server's table are sent: each its seat's `state` (its own view and
the events redacted for it, never another seat's), the seats when they change, and the phrases
said there.

A table holds one `Audience`: the connections at it, each with the seat it holds (WATCHER,
-1, for a watcher, who sees the table as no seat does), and the seats they were last told. It
reads the table through `Shown` (its rules state, version and seats), as they are when it sends.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

import msgspec

from game.core.entry import Game
from game.core.game import GameState

from . import protocol as p
from .codec import view_bytes, wire_of
from .names import rematch_code
from .store import TableRow


class Listener(Protocol):
    """A connection as a table sees it: where to send, and which seat it holds."""

    def send(self, text: str) -> None: ...


class Shown(Protocol):
    """What a table's audience reads of it (a `Table`, or a `Mirror` of another process's)."""

    @property
    def state(self) -> GameState: ...

    @property
    def version(self) -> int: ...

    def seat_infos(self) -> list[p.SeatInfo]: ...

    def past_for(self, seat: int) -> p.Past | None: ...


class Audience:
    def __init__(self, table: Shown, game: Game[Any], row: TableRow, commit: str | None) -> None:
        # (weakly: the table holds its audience, and a cycle would keep a table let go, its
        # state and views, until the collector's next full pass)
        self._table = weakref.ref(table)
        self.game = game
        self.code = row.code
        self.host_hash = row.host_hash  # (a finished table's rematch code comes from it)
        # The deal's commitment H, sent to every connection that sits or watches (None: a
        # table stored before commitments)
        self.commit = commit
        self.listeners: dict[Listener, int] = {}  # connection -> seat (WATCHER for watchers)
        self.told: list[p.SeatInfo] | None = None  # the seats everyone here was sent

    @property
    def table(self) -> Shown:
        """The table this audience is at (it outlives none of its calls: the table makes them)."""
        table = self._table()
        assert table is not None, "a table's audience outlived its table"
        return table

    def state_messages(
        self, seats: Iterable[int], events: Sequence[object], first: bool = False
    ) -> dict[int, str]:
        """Each of these seats' `state` after a step (its own view and redacted events), each
        made once however many connections hold the seat. A game whose every seat sees the
        same (`same_for_every_seat` on its state class: Lucky Box, all face up) has its view
        and events encoded once for them all. `first`: the snapshot a connection is sent as
        it sits or watches, which carries the deal's commitment and what the seat saw before
        (`past`: its move log, once the game has begun)."""
        commit = self.commit if first else None
        state, version = self.table.state, self.table.version
        shared = getattr(type(state), "same_for_every_seat", False) is True
        wire = wire_of(self.game)
        waiting, over = list(state.waiting_for()), state.is_terminal()
        infos = self.table.seat_infos()
        again = rematch_code(self.code, self.host_hash) if over else None
        texts: dict[int, str] = {}
        common: tuple[msgspec.Raw, list[object]] | None = None
        for seat in seats:
            if seat in texts:
                continue
            if common is not None:
                view, shown = common
            else:
                view = msgspec.Raw(view_bytes(wire, state.view_for(seat)))
                shown = [r for e in events if (r := state.redact(e, seat)) is not None]
                if shared:
                    common = view, shown
            message = p.State(
                self.code,
                self.game.id,
                seat,
                version,
                view,
                shown,
                waiting,
                over,
                infos,
                commit,
                again if seat >= 0 else None,  # (the rematch is for the table's seats)
                self.table.past_for(seat) if first and version else None,
            )
            texts[seat] = p.encode(message)
        return texts

    def show(self, events: Sequence[object], seats_told: bool = False) -> None:
        """Send every connection here its seat's `state` (after a step: with its events).
        `seats_told`: the seats in them count as told (`tell_seats` sends them again only
        once they change)."""
        listeners = list(self.listeners.items())
        texts = self.state_messages([seat for _, seat in listeners], events)
        if seats_told:
            self.told = self.table.seat_infos()  # (in every state just sent)
        for listener, seat in listeners:
            listener.send(texts[seat])

    def tell_seats(self, but: Listener | None = None) -> bool:
        """Send the seats to everyone here (but the one just sent its `state`), only when
        they changed since they were last told: a flood of watches or resumes of a seat
        already connected changes nothing and sends nothing. Whether they were sent."""
        infos = self.table.seat_infos()
        if infos == self.told:
            return False
        self.told = infos
        text = p.encode(p.Seats(self.code, infos))
        for listener in list(self.listeners):
            if listener is not but:
                listener.send(text)
        return True

    def say(self, seat: int, phrase: str) -> None:
        """A seat's phrase, to every connection at the table (watchers and the sayer too)."""
        text = p.encode(p.Said(self.code, seat, phrase))
        for listener in list(self.listeners):
            listener.send(text)
