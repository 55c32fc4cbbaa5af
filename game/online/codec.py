"""Views, events and actions as JSON: each game's own types, encoded and decoded as they are.

A game's rules declare the types it travels in (`game.core.wire.WireTypes`, `GameRules.wire`): a
seat's view is a struct whose fields its states hold under the same names, events and actions
are frozen structs tagged by "kind". The codec encodes them for the server and decodes them for
the client, where the game wraps a view back into a state (`state_from_view`); the table and
the bots get the very objects the rules build. Decoding is validation: JSON that does not fit
the game's types exactly (a missing or unknown kind, a string for a number) is a WireError. The
codec names no game and resolves no class: it is handed the game's types (`wire_of`).

Actions travel in the form the game's types say (its record form by default: a move of several
parts is one action there, as the game's record writes it).
"""

from __future__ import annotations

import functools
from typing import Any, TypeAlias, TypeVar

import msgspec

from game.core.entry import Game
from game.core.game import GameState
from game.core.safe_json import JSON as SafeJSON
from game.core.wire import WireTypes, public_view

JSON: TypeAlias = SafeJSON  # a JSON value: None, bool, int, float, str, list, dict with str keys

_encoder = msgspec.json.Encoder()


class WireError(ValueError):
    """JSON that is not one of a game's views or events."""


#: A game's own state class (what its views decode into).
S = TypeVar("S", bound=GameState)


def wire_of(game: Game[S]) -> WireTypes[S]:
    """The types the game travels in (its rules', `GameRules.wire`)."""
    return game.rules.wire


# -- views and events ---------------------------------------------------------------------------
def view_bytes(wire: WireTypes[object], view: object) -> bytes:
    """A seat's view (`view_for(seat)`) as its JSON text (UTF-8)."""
    return _encoder.encode(public_view(view, wire.view))


def view_json(wire: WireTypes[object], view: object) -> JSON:
    """A seat's view as JSON values (dicts, lists, ...), as a client decodes the text."""
    value: JSON = msgspec.json.decode(view_bytes(wire, view))
    return value


def event_json(wire: WireTypes[object], event: object) -> JSON:
    """A (redacted) event as JSON values (dicts, lists, ...), as a client decodes it."""
    value: JSON = msgspec.json.decode(_encoder.encode(event))
    return value


def view_from_json(wire: WireTypes[S], data: JSON | msgspec.Raw | bytes | str) -> S:
    """The view as the game's own state, from its JSON (text or values); WireError if the
    data is not one of the game's views."""
    try:
        if isinstance(data, msgspec.Raw | bytes | str):
            struct = _decoder(wire.view).decode(data)
        else:
            struct = msgspec.convert(data, wire.view)
        state = wire.state_from_view(struct)
    except (msgspec.ValidationError, msgspec.DecodeError, ValueError, TypeError) as err:
        raise WireError(f"view: {err}") from None
    state.actions = _shared(state.actions)
    return state


def event_from_json(wire: WireTypes[object], data: JSON) -> object:
    """The event as the game's own object; WireError if it is not one of the game's."""
    try:
        return msgspec.convert(data, wire.event)
    except (msgspec.ValidationError, ValueError, TypeError) as err:
        raise WireError(f"event: {err}") from None


def events_from_json(
    wire: WireTypes[object], data: msgspec.Raw | bytes | str, most: int
) -> list[object]:
    """A `state`'s events (their JSON list, as text) as the game's own objects, decoded
    straight into them; WireError if the list holds more than `most` or one that is not one of
    the game's events (the whole list is refused)."""
    try:
        events = _decoder(list.__class_getitem__(wire.event)).decode(data)
        if not isinstance(events, list):  # (a list type decodes to a list: this tells mypy)
            raise TypeError("not a list")
        if len(events) > most:  # (msgspec's own max_length, too, checks once all are read)
            raise ValueError(f"more than {most} events")
        return events
    except (msgspec.ValidationError, msgspec.DecodeError, ValueError, TypeError) as err:
        raise WireError(f"events: {err}") from None


@functools.cache
def _decoder(kind: object) -> msgspec.json.Decoder[object]:
    return msgspec.json.Decoder(kind)


# -- actions ------------------------------------------------------------------------------------
def action_to_json(wire: WireTypes[object], action: object) -> dict[str, object]:
    """An action as the game's wire JSON (an `act` message's `action`)."""
    return wire.action_to_json(action)


def action_from_json(wire: WireTypes[object], obj: object) -> Any:
    """An action from the game's wire JSON; RecordError (one line) if it has no valid shape.
    Equal actions come back as one shared object (`intern`)."""
    return intern(wire.action_from_json(obj))


# Every action a table takes, one object per distinct action: a view repeats the game's actions
# so far, so the same action arriving from many clients and tables should be the same object.
# A game has few distinct actions.
_interned: dict[object, Any] = {}
_INTERNED_MAX = 100_000
_FLAT = frozenset((type(None), bool, int, str, float))


_decoded: dict[object, Any] = {}
A = TypeVar("A")


def _shared(actions: list[A]) -> list[A]:
    """Decoded actions, one object for equal ones (views decoded one after another repeat every
    action so far). Decoding checked their types, so equal ones are of the same types."""
    if len(_decoded) >= _INTERNED_MAX:
        _decoded.clear()
    same = _decoded.setdefault
    return [same(a, a) for a in actions]


def intern(action: A) -> A:
    """The one shared object equal to this frozen struct (of the same types all the way down:
    True is not 1); anything else as it is."""
    if not (_is_frozen_struct(action) and _frozen(action)):
        return action
    key = _typed(action)
    found: A | None = _interned.get(key)
    if found is None:
        if len(_interned) >= _INTERNED_MAX:
            _interned.clear()
        found = _interned[key] = action
    return found


def _is_frozen_struct(value: object) -> bool:
    return isinstance(value, msgspec.Struct) and value.__struct_config__.frozen


def _frozen(value: object) -> bool:
    """Made of scalars, tuples and frozen structs alone, all the way down: it can never
    change."""
    if isinstance(value, msgspec.Struct):
        if not _is_frozen_struct(value):
            return False
        value = msgspec.structs.astuple(value)
    if not isinstance(value, tuple):  # (only structs and tuples come here: this tells mypy)
        return False
    return all(
        type(v) in _FLAT or (isinstance(v, tuple | msgspec.Struct) and _frozen(v)) for v in value
    )


def _typed(value: object) -> object:
    """The value with every part's type beside it (a key that tells True from 1)."""
    if isinstance(value, msgspec.Struct):
        return (type(value), tuple(_typed(v) for v in msgspec.structs.astuple(value)))
    if isinstance(value, tuple):
        return (type(value), tuple(_typed(v) for v in value))
    return (type(value), value)
