"""What a game offers the network: its views, events and actions as documented JSON.

Each game states the JSON of its views and events as typed structs (msgspec) in a module of its
package beside `rules/` (`<package>/wire.py`, `WIRE`), builds them from its own objects and reads
them back into the very objects its table and bots use. The structs are the documentation: the
schemas under docs/schema/ are generated from them. The online code is handed a `GameWire` and
never names a game's classes; the wire carries plain objects, lists, numbers and strings only.

`pairs` helps a game whose events (or actions) are NamedTuples: each kind has a struct with the
same fields in the same order, so converting one way or the other is positional.

Pure: no pygame, no network here (msgspec only).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

import msgspec

from .game import PureGame


def one_of(*words: str) -> msgspec.Meta:
    """A string field's words (`Annotated[str, one_of("row", "col")]`): decoding refuses any
    other, and the schema lists them (an `enum`)."""
    return msgspec.Meta(
        pattern="^(" + "|".join(words) + ")$", extra_json_schema={"enum": list(words)}
    )


class GameWire(Protocol):
    """A game's wire: the structs of its view and events, and the conversions both ways."""

    game: PureGame[Any]  # the game's rules and records

    @property
    def view_type(self) -> type:
        """The struct of a view (msgspec.Struct)."""
        ...

    event_type: Any  # the union of its events' structs (tagged by "kind")

    def view_to_wire(self, view: Any) -> Any:
        """A seat's view (`state.view_for(seat)`) as its struct."""
        ...

    def view_from_wire(self, data: Any) -> Any:
        """The view the struct was built from, as the game's own object."""
        ...

    def event_to_wire(self, event: Any) -> Any:
        """A (redacted) event as its struct."""
        ...

    def event_from_wire(self, data: Any) -> Any:
        """The event the struct was built from."""
        ...

    def action_to_json(self, action: Any) -> dict[str, Any]:
        """An action as an `act` message carries it (the game's record form, unless it says
        otherwise)."""
        ...

    def action_from_json(self, obj: Any) -> Any:
        """An action from an `act` message; RecordError (one line) when it has no valid shape."""
        ...


_MEMO_MAX = 100_000  # values remembered by a `Pairs` (a game has few distinct actions)


class Pairs:
    """NamedTuple kinds paired with their structs (the same fields, in the same order), each
    way. A field that holds another paired value (an `Undone`'s action) is converted by the
    `nested` pairs given for it."""

    def __init__(
        self, pairs: Iterable[tuple[type, type]], nested: dict[str, Pairs] | None = None
    ) -> None:
        self.to_struct: dict[type, type] = dict(pairs)
        self.from_struct: dict[type, type] = {s: k for k, s in self.to_struct.items()}
        self.nested = nested or {}
        self._memo: dict[Any, Any] = {}  # frozen values met again and again (a view's actions)
        self._by_id: dict[int, tuple[Any, Any]] = {}  # the same, by the object itself

    def out(self, value: Any) -> Any:
        """The struct of a NamedTuple (or frozen dataclass) of a paired kind."""
        kind = type(value)
        struct = self.to_struct.get(kind)
        if struct is None:
            raise TypeError(f"{kind.__qualname__} has no wire form")
        fields = getattr(kind, "_fields", None)
        items = list(value) if fields is not None else list(vars(value).values())
        if self.nested:
            names = fields if fields is not None else tuple(vars(value))
            for i, name in enumerate(names):
                inner = self.nested.get(name)
                if inner is not None:
                    items[i] = inner.out(items[i])
        return struct(*items)

    def out_shared(self, value: Any) -> Any:
        """`out`, remembered for values that come again (a view's actions, at every step):
        by the object first (it is held, so its id is not reused), then by its value."""
        seen = self._by_id.get(id(value))
        if seen is not None and seen[0] is value:
            return seen[1]
        key = (type(value), value)
        found = self._memo.get(key)
        if found is None:
            if len(self._memo) >= _MEMO_MAX:
                self._memo.clear()
            found = self._memo[key] = self.out(value)
        if len(self._by_id) >= _MEMO_MAX:
            self._by_id.clear()
        self._by_id[id(value)] = (value, found)
        return found

    def back(self, struct: Any) -> Any:
        """The game's own value a struct of a paired kind stands for."""
        kind = self.from_struct[type(struct)]
        items = [getattr(struct, f) for f in struct.__struct_fields__]
        for i, name in enumerate(struct.__struct_fields__):
            inner = self.nested.get(name)
            if inner is not None:
                items[i] = inner.back(items[i])
        return kind(*items)

    def back_shared(self, struct: Any) -> Any:
        """`back`, one object for equal frozen structs (a view's actions)."""
        found = self._memo.get(struct)
        if found is None:
            if len(self._memo) >= _MEMO_MAX:
                self._memo.clear()
            found = self._memo[struct] = self.back(struct)
        return found
