"""Views, events and actions as JSON: each game's own, through the wire it is handed.

A game states its views and events as typed structs (`game.core.wire.GameWire`, the game's
`wire.py`: plain objects, lists, numbers and strings, an action or event tagged by "kind"); the
codec encodes them for the server and reads them back for the client, rebuilt by the game into
the very objects its table and bots use. Decoding is validation: JSON that does not fit the
game's structs exactly (a missing or unknown kind, a string for a number) is a WireError. The
codec names no game and resolves no class: it is handed the game's wire (`wire_of`, from the
composition root).

Actions travel in the form the game's wire says (its record form, `action_to_record`: a move
of several parts is one action there, as the game's record writes it).
"""

from __future__ import annotations

import functools
from typing import Any

import msgspec

from game.core.game import Game
from game.core.wire import GameWire

JSON = Any  # a JSON value: None, bool, int, float, str, list, dict with str keys

_encoder = msgspec.json.Encoder()


class WireError(ValueError):
    """JSON that is not one of a game's views or events."""


def wire_of(game: Game[Any]) -> GameWire:
    """The game's wire, as the composition root paired it with the game (`Game.wire`: each
    game's entry loads its `wire.py` on first use)."""
    return game.wire


# -- views and events ---------------------------------------------------------------------------
def view_bytes(wire: GameWire, view: Any) -> bytes:
    """A seat's view (`view_for(seat)`) as its JSON text (UTF-8)."""
    return _encoder.encode(wire.view_to_wire(view))


def view_json(wire: GameWire, view: Any) -> JSON:
    """A seat's view as JSON values (dicts, lists, ...), as a client decodes the text."""
    return msgspec.json.decode(view_bytes(wire, view))


def event_out(wire: GameWire, event: Any) -> Any:
    """A (redacted) event ready for the encoder (its struct)."""
    return wire.event_to_wire(event)


def event_json(wire: GameWire, event: Any) -> JSON:
    """A (redacted) event as JSON values (dicts, lists, ...), as a client decodes it."""
    return msgspec.json.decode(_encoder.encode(wire.event_to_wire(event)))


def view_from_json(wire: GameWire, data: JSON | msgspec.Raw | bytes | str) -> Any:
    """The view as the game's own object, from its JSON (text or values); WireError if the
    data is not one of the game's views."""
    try:
        if isinstance(data, msgspec.Raw | bytes | str):
            struct = _decoder(wire.view_type).decode(data)
        else:
            struct = msgspec.convert(data, wire.view_type)
        return wire.view_from_wire(struct)
    except (msgspec.ValidationError, msgspec.DecodeError, ValueError, TypeError) as err:
        raise WireError(f"{wire.game.id} view: {err}") from None


def event_from_json(wire: GameWire, data: JSON) -> Any:
    """The event as the game's own object; WireError if it is not one of the game's."""
    try:
        return wire.event_from_wire(msgspec.convert(data, wire.event_type))
    except (msgspec.ValidationError, ValueError, TypeError) as err:
        raise WireError(f"{wire.game.id} event: {err}") from None


def events_from_json(wire: GameWire, data: msgspec.Raw | bytes | str, most: int) -> list[Any]:
    """A `state`'s events (their JSON list, as text) as the game's own objects, decoded
    straight into the game's structs; WireError if the list holds more than `most` or one that
    is not one of the game's events (the whole list is refused)."""
    try:
        structs = _decoder(list.__class_getitem__(wire.event_type)).decode(data)
        if len(structs) > most:  # (msgspec's own max_length, too, checks once all are read)
            raise ValueError(f"more than {most} events")
        return [wire.event_from_wire(struct) for struct in structs]
    except (msgspec.ValidationError, msgspec.DecodeError, ValueError, TypeError) as err:
        raise WireError(f"{wire.game.id} events: {err}") from None


@functools.cache
def _decoder(kind: Any) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(kind)


# -- actions ------------------------------------------------------------------------------------
def action_to_json(wire: GameWire, action: Any) -> dict[str, Any]:
    """An action as the game's wire JSON (an `act` message's `action`)."""
    return wire.action_to_json(action)


def action_from_json(wire: GameWire, obj: Any) -> Any:
    """An action from the game's wire JSON; RecordError (one line) if it has no valid shape.
    Equal actions come back as one shared object (`intern`)."""
    return intern(wire.action_from_json(obj))


# Every action a table takes, one object per distinct action: a view repeats the game's actions
# so far, and the games' wires convert each distinct action once, so the same action arriving
# from many clients and tables should be the same object. A game has few distinct actions.
_interned: dict[Any, Any] = {}
_INTERNED_MAX = 100_000
_FLAT = frozenset((type(None), bool, int, str, float))


def intern(action: Any) -> Any:
    """The one shared object equal to this frozen NamedTuple (of the same types all the way
    down: True is not 1); anything else as it is."""
    if not (isinstance(action, tuple) and hasattr(type(action), "_fields") and _frozen(action)):
        return action
    key = _typed(action)
    found = _interned.get(key)
    if found is None:
        if len(_interned) >= _INTERNED_MAX:
            _interned.clear()
        found = _interned[key] = action
    return found


def _frozen(value: tuple[Any, ...]) -> bool:
    """Made of scalars and tuples alone, all the way down: it can never change."""
    return all(type(v) in _FLAT or (isinstance(v, tuple) and _frozen(v)) for v in value)


def _typed(value: Any) -> Any:
    """The value with every part's type beside it (a key that tells True from 1)."""
    if isinstance(value, tuple):
        return (type(value), tuple(_typed(v) for v in value))
    return (type(value), value)
