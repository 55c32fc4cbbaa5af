"""What a seat saw of a table's game before it sat down again: the view it was dealt and every
event since, each redacted for it, as its `state` would have carried them live (`State.past`,
docs/PROTOCOL.md). A client that rejoins, resumes or watches builds its move log from them, so
a player who comes back reads the whole game as a player who stayed does. Never anything
hidden: the view is `view_for(seat)` of the dealt table (no seed), and each event goes through
the rules' own `redact(event, seat)`.

Bounded: a table's history is made the first time a seat comes back to it mid-game (the deal
and its stored actions played again, once), then grows with each step; a game longer than
MAX_EVENTS events sends none (the log shows what comes next). What each seat is sent is encoded
once per version, however often it comes back.
"""

from __future__ import annotations

from typing import Any

import msgspec

from game.core import records
from game.core.entry import Game
from game.core.play_loop import play, settle

from . import protocol as p
from .codec import view_bytes, wire_of

MAX_EVENTS = p.MAX_PAST_EVENTS  # a game's events kept for the seats that come back


class History:
    """The dealt table (version 0, its chance steps taken) and the events since, raw."""

    def __init__(self, game: Game[Any], header: dict[str, Any], actions: list[Any]) -> None:
        self.game = game
        _, _, state, _, _ = records.open_record(header, game.rules)
        settle(state)
        self.start = state.clone()
        self.events: list[object] = []  # the game's events
        for action in actions:  # as the table played them: each with the chance steps it made due
            outcome = play(state, action)
            if not outcome.ok:
                raise ValueError(f"a stored action does not replay: {outcome.refusal}")
            self.add(outcome.events)
        self._sent: dict[int, p.Past] = {}  # seat -> its past, for the events so far

    def add(self, events: list[object]) -> None:
        """A step's events (the table's, after the action)."""
        self.events.extend(events)
        self._sent = {}

    def past_for(self, seat: int) -> p.Past | None:
        """The seat's past (None: too long a game to send)."""
        if len(self.events) > MAX_EVENTS:
            return None
        past = self._sent.get(seat)
        if past is None:
            wire = wire_of(self.game)
            start = msgspec.Raw(view_bytes(wire, self.start.view_for(seat)))
            redact = self.start.redact
            shown = [r for e in self.events if (r := redact(e, seat)) is not None]
            past = self._sent[seat] = p.Past(start, shown)
        return past
