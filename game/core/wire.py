"""What a game sends over the network: its own types.

A game's actions and events are frozen msgspec structs tagged by "kind" (`Tagged`), declared once
in its `rules/`: the engine builds them, the table animates them, the wire encodes them and a
client decodes them (decoding is validation). A seat's view is a struct too (`WireTypes.view`),
whose fields a state holds under the same names: `public_view` reads them off a state (its
`view_for(seat)`), and the game's `state_from_view` wraps a decoded one back into a state. The
schemas under docs/schema/ are generated from these types (tools/wire_schema.py).

An action a person sends (an `act` message) travels in the game's record form by default
(`action_to_record`), so a record and the wire say a move the same way.

Pure: no pygame, no network here (msgspec only), and no game's name.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import msgspec

_CAPITALS = re.compile(r"(?<!^)(?=[A-Z])")


def snake_case(name: str) -> str:
    """A class's name as its wire kind: `CardsDealt` -> "cards_dealt"."""
    return _CAPITALS.sub("_", name).lower()


class Tagged(msgspec.Struct, frozen=True, tag_field="kind", tag=snake_case):
    """An action or event: its kind in "kind" (its class's name in snake case), then its
    fields. Frozen, so equal ones compare and hash alike, and only their own kind's equal."""


def one_of(*words: str) -> msgspec.Meta:
    """A string field's words (`Annotated[str, one_of("row", "col")]`): decoding refuses any
    other, and the schema lists them (an `enum`)."""
    return msgspec.Meta(
        pattern="^(" + "|".join(words) + ")$", extra_json_schema={"enum": list(words)}
    )


def said(text: str) -> msgspec.Meta:
    """A field's description in the schema (`Annotated[int, said("turns taken")]`)."""
    return msgspec.Meta(description=text)


#: A game's own state class: what its decoded views become again.
StateT_co = TypeVar("StateT_co", covariant=True)


@dataclass(frozen=True)
class WireTypes(Generic[StateT_co]):
    """A game's types on the wire: a seat's view (a struct whose fields its states hold under the
    same names), the union of its events and the union of its actions (tagged structs), and how
    a decoded view becomes a state again. `action_to_json` and `action_from_json` give an `act`
    message's form of an action (RecordError, one line, for a bad one); a game sets them to
    its record's functions, or to its own where the wire says a move otherwise."""

    view: type[msgspec.Struct]
    event: object  # a union of tagged structs (a type expression, not a class)
    action: object  # the same, of its actions
    # (takes the game's own view struct: each game's function is typed with its own)
    state_from_view: Callable[[Any], StateT_co]
    action_to_json: Callable[[Any], dict[str, object]]  # (takes the game's own action)
    action_from_json: Callable[[object], Any]  # (gives the game's own action)


_READERS: dict[type[msgspec.Struct], Callable[[object], tuple[object, ...]]] = {}


def public_view(state: object, view: type[msgspec.Struct]) -> msgspec.Struct:
    """The view struct of a state's view (`state.view_for(seat)`): each field read off the state
    under its own name (no copy: it is encoded at once)."""
    read = _READERS.get(view)
    if read is None:
        fields = view.__struct_fields__
        getter = operator.attrgetter(*fields)
        read = _READERS[view] = (lambda s: (getter(s),)) if len(fields) == 1 else getter
    return view(*read(state))


def view_fields(view: msgspec.Struct) -> dict[str, Any]:
    """A decoded view's fields by name (what a state rebuilt from it takes)."""
    return {name: getattr(view, name) for name in view.__struct_fields__}
