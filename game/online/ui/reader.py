"""What a server sends the app, read on the link's thread (net.py), never the frame loop's: each
frame decoded whole, within the protocol's caps and its game's (docs/schema/), into the game's own
objects, so the frame thread only takes finished ones. The app joins strangers' tables: a frame
that breaks a cap, is another game's `state`, names a seat the table has not, or holds a view the
game's own code fails on is refused whole (`protocol.BadMessage`). Names no game. No pygame.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from game.core.entry import Game
from game.core.game import GameState
from game.online import codec, protocol as p


class ReadState(p.State, tag="state"):
    """A `state` as the link hands it to the frame thread: its view and events as the game's
    own objects (`game_view`, `game_events`), ready to show; `view` and `events` keep their
    JSON text. `game_view` is None for a game this app does not play (nothing to show)."""

    game_view: GameState | None = None
    game_events: list[object] = msgspec.field(default_factory=list)
    # its `past` (a seat coming back: what it saw before), the game's view and events
    game_past: tuple[GameState, list[object]] | None = None


_STATE_FIELDS = p.State.__struct_fields__


class ServerReader:
    """Reads one link's frames. `game`: the link's game, or None until its first `state` says
    it (a joiner by code), then one of `games` (those the app plays); every later `state` must
    be of that game."""

    def __init__(self, game: Game[Any] | None, games: Iterable[Game[Any]] = ()) -> None:
        self.game = game
        self.games = {g.id: g for g in games}
        self.seats = 0  # how many seats the table has, as its last `state` or `seats` said

    def read(self, text: str, seat: int | None = None) -> p.ServerMessage:
        """The message in `text`, a `state` as a ReadState; BadMessage if it is not one the
        game can take. `seat`: the seat this link holds (None: none yet, or a watcher)."""
        message = p.decode_server(text, raw_states=True)
        if isinstance(message, p.RawState):
            return self._state(message, seat)
        if isinstance(message, p.Seats):
            if self.seats and len(message.seats) != self.seats:
                raise p.BadMessage("a table's seats cannot change in number")
        elif isinstance(message, p.Said) and self.seats and message.seat >= self.seats:
            raise p.BadMessage(f"seat {message.seat} is not at the table")
        return message

    def _state(self, message: p.RawState, seat: int | None) -> ReadState:
        seats = len(message.seats)
        if not -1 <= message.seat < seats or any(w >= seats for w in message.waiting):
            raise p.BadMessage("a state names a seat its table has not")
        if seat is not None and message.seat not in (seat, -1):
            raise p.BadMessage(f"a state for seat {message.seat}, not this link's {seat}")
        game = self.game or self.games.get(message.game)
        fields = {name: getattr(message, name) for name in _STATE_FIELDS}
        if game is None:  # a game this app does not play: nothing in it is shown
            return ReadState(**fields)
        if message.game != game.id:
            raise p.BadMessage(f"a state of {message.game!r} at a table of {game.id!r}")
        wire = codec.wire_of(game)
        try:
            view = codec.view_from_json(wire, message.view)
            events = codec.events_from_json(wire, message.events, p.MAX_EVENTS)
        except codec.WireError as err:
            raise p.BadMessage(str(err)) from None
        if len(view.names) != seats:
            raise p.BadMessage("a view whose players are not the table's seats")
        if any(getattr(e, "player", 0) >= seats for e in events):
            raise p.BadMessage("an event for a seat the table has not")
        _tried(view, message.seat)
        past = None if message.past is None else _past(wire, message.past, seats)
        self.game, self.seats = game, seats
        return ReadState(**fields, game_view=view, game_events=events, game_past=past)


def _past(wire: Any, past: p.RawPast, seats: int) -> tuple[GameState, list[object]]:
    """A seat's past (the view it was dealt, the events since) as the game's own objects,
    within the protocol's cap, for a table of `seats` seats; BadMessage if it is not that."""
    try:
        start = codec.view_from_json(wire, past.start)
        events = codec.events_from_json(wire, past.events, p.MAX_PAST_EVENTS)
    except codec.WireError as err:
        raise p.BadMessage(f"past: {err}") from None
    if len(start.names) != seats:
        raise p.BadMessage("a past whose players are not the table's seats")
    if any(getattr(e, "player", 0) >= seats for e in events):
        raise p.BadMessage("a past event for a seat the table has not")
    return start, events


def _tried(view: GameState, seat: int) -> None:
    """Ask the view what the table asks first (who acts, whether it is over, this seat's
    moves), here rather than on the frame thread: a view the game's own code fails on is a
    bad frame, not a traceback at the table."""
    try:
        waiting = view.waiting_for()
        view.is_terminal()
        if seat in waiting:
            view.legal_actions(seat)
    except Exception as err:  # (the game's code on a stranger's data: any failure is theirs)
        raise p.BadMessage(f"a view the game cannot use: {err!r}") from None
