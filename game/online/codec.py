"""Views, events and actions as JSON, for any game whose views are plain objects.

A view is a state-like object (dataclasses, NamedTuples, slotted or plain classes, lists,
tuples, dicts of the game's rules package); JSON keeps lists only, so the codec tags what JSON
cannot say, and the client rebuilds the very objects the game's table and bots use:

    [..]                                a list
    {"$tuple": [..]}                    a tuple
    {"$dict": [[key, value], ..]}       a dict (keys of any type)
    {"$nt": "luckybox.rules.actions:Cross", "v": [..]}      a NamedTuple
    {"$obj": "blanco.rules.state:BlancoState", "v": {..}}   any other object: its attributes
                                        (its own __getstate__/__setstate__ when it has them)
    {"$float": "inf"}                   a float JSON cannot hold

Classes are named without the leading "game."; decoding resolves only classes of a game's
`rules` package (or game.core.game), never anything else.

Actions travel in the game's record form (`action_to_record`), or through the game's own
`game.<id>.rules.wire` module when it has one (Blanco: a draw's play is a step of its own).
"""

from __future__ import annotations

import functools
import importlib
import math
import re
from typing import Any

JSON = Any  # a JSON value: None, bool, int, float, str, list, dict with str keys

_CLASS_NAME = re.compile(r"^(?:[a-z_]+\.rules(?:\.[a-z_]+)?|core\.game):[A-Za-z_][A-Za-z0-9_]*$")


class WireError(ValueError):
    """A value that cannot go on the wire, or JSON that does not decode to one."""


_SCALARS = (type(None), bool, int, str)
_FLAT = frozenset((type(None), bool, int, str, float))  # a NamedTuple of these alone is frozen


def to_wire(value: Any) -> JSON:
    """`value` as JSON-ready data (see the module's tags)."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is list:
        return _list(value)
    seen = _encoded.get(id(value))
    if seen is not None and seen[0] is value:  # a frozen NamedTuple encoded before
        return seen[1]
    if kind is tuple:
        return {"$tuple": _list(value)}
    if kind is float:
        return value if math.isfinite(value) else {"$float": repr(value)}
    if kind is dict:
        return {"$dict": [[to_wire(k), to_wire(v)] for k, v in value.items()]}
    if isinstance(value, (bool, int, str)):
        return _plain(value)
    if isinstance(value, tuple):
        if getattr(kind, "_fields", None) is not None:
            return _named_tuple(value)
        return {"$tuple": _list(value)}
    if isinstance(value, (list, dict, float)):
        return to_wire(kind.__bases__[0](value))
    return {
        "$obj": _class_name(kind),
        "v": {name: to_wire(v) for name, v in _attributes(value).items()},
    }


def _list(values: list[Any] | tuple[Any, ...]) -> list[JSON]:
    """The items of a list or tuple on the wire (scalars as themselves: card ids, flags)."""
    for v in values:
        if type(v) not in _SCALARS:
            break
    else:
        return list(values)
    out: list[JSON] = []
    for v in values:  # (the cache looked up here: a view's long list of actions is mostly hits)
        seen = _encoded.get(id(v))
        out.append(seen[1] if seen is not None and seen[0] is v else _item(v))
    return out


def _item(value: Any) -> JSON:
    """A list's item not in the cache: a frozen NamedTuple goes in (a list of them is a
    view's actions, met again at every step); one-off values (a step's events) do not."""
    out = to_wire(value)
    if isinstance(value, tuple) and type(out) is dict and "$nt" in out and _frozen(value):
        if len(_encoded) >= _ENCODED_MAX:
            _encoded.clear()
        _encoded[id(value)] = (value, out)
    return out


# Frozen NamedTuples in lists (the actions every view repeats: shared objects, `intern`) are
# encoded once each, by identity: the cache holds the tuple itself, so its id is not reused
# while it is cached.
_encoded: dict[int, tuple[Any, JSON]] = {}
_ENCODED_MAX = 100_000


def _named_tuple(value: Any) -> JSON:
    return {"$nt": _class_name(type(value)), "v": _list(value)}


def _frozen(value: tuple[Any, ...]) -> bool:
    """Made of scalars and tuples alone, all the way down: it can never change."""
    return all(type(v) in _FLAT or (isinstance(v, tuple) and _frozen(v)) for v in value)


def _plain(value: Any) -> JSON:
    """A subclass of int or str (a Refusal, an IntEnum) as its plain value."""
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        return int(value)
    return str(value)


_names: dict[type, str] = {}


def _class_name(cls: type) -> str:
    name = _names.get(cls)
    if name is None:
        name = _names[cls] = _checked_name(cls)
    return name


def _checked_name(cls: type) -> str:
    module = cls.__module__
    if not module.startswith("game.") or "." in cls.__qualname__:
        raise WireError(f"{module}.{cls.__qualname__} cannot go on the wire")
    name = f"{module[len('game.') :]}:{cls.__qualname__}"
    if not _CLASS_NAME.match(name):
        raise WireError(f"{module}.{cls.__qualname__} is not a rules class")
    return name


def _attributes(obj: Any) -> dict[str, Any]:
    cls: type = type(obj)
    if "__getstate__" in _own_names(cls):  # the class says what it is made of
        state = obj.__getstate__()
        if not isinstance(state, dict):
            raise WireError(f"{cls.__qualname__}.__getstate__ must return a dict")
        return state
    out = {n: getattr(obj, n) for n in _slot_names(cls) if hasattr(obj, n)}
    out.update(getattr(obj, "__dict__", {}))
    return out


@functools.cache
def _slot_names(cls: type) -> tuple[str, ...]:
    """Every slot of the class and its bases."""
    names: list[str] = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    return tuple(n for n in names if n != "__weakref__")


def from_wire(data: JSON) -> Any:
    """The objects `to_wire` made the data from. WireError for data it cannot have made."""
    kind = type(data)
    if kind in _SCALARS or kind is float:
        return data
    if kind is list:
        for v in data:
            if type(v) not in _SCALARS:
                return [_from_item(v) for v in data]
        return data
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise WireError("an object on the wire must carry one of the codec's tags")
    if "$nt" in data:  # the commonest (a view's actions), looked at first
        return _named_tuple_from(data["$nt"], _listed(data.get("v")))
    if "$tuple" in data:
        return tuple(from_wire(v) for v in _listed(data["$tuple"]))
    if "$dict" in data:
        pairs = _listed(data["$dict"])
        if not all(isinstance(p, list) and len(p) == 2 for p in pairs):
            raise WireError("$dict must list [key, value] pairs")
        return {_hashable(from_wire(k)): from_wire(v) for k, v in pairs}
    if "$float" in data:
        if data["$float"] not in ("inf", "-inf", "nan"):
            raise WireError("$float must be inf, -inf or nan")
        return float(data["$float"])
    if "$obj" in data:
        cls = _resolve(data["$obj"])
        attrs = data.get("v")
        if not isinstance(attrs, dict):
            raise WireError("$obj needs its attributes in v")
        state = {str(k): from_wire(v) for k, v in attrs.items()}
        factory: Any = cls
        obj = factory.__new__(factory)
        if "__setstate__" in _own_names(cls):
            obj.__setstate__(state)
        else:
            for name, value in state.items():
                object.__setattr__(obj, name, value)  # frozen dataclasses too
        return obj
    raise WireError("an object on the wire must carry one of the codec's tags")


def _from_item(item: JSON) -> Any:
    """One item of a list (a view's actions: NamedTuples, straight to their cache)."""
    if type(item) is dict and len(item) == 2 and "$nt" in item and type(item.get("v")) is list:
        return _named_tuple_from(item["$nt"], item["v"])
    return from_wire(item)


# NamedTuples of scalars alone (a view's actions) are made once each and shared: immutable
_decoded: dict[tuple[Any, ...], Any] = {}
_DECODED_MAX = 50_000


def _named_tuple_from(name: Any, values: list[Any]) -> Any:
    flat = type(name) is str
    for v in values:
        if type(v) not in _SCALARS:
            flat = False
            break
    key = (name, tuple(values), tuple(map(type, values))) if flat else None  # True is not 1
    if key is not None:
        found = _decoded.get(key)
        if found is not None:
            return found
    cls = _resolve(name)
    if not (issubclass(cls, tuple) and hasattr(cls, "_make")):
        raise WireError(f"{name} is not a NamedTuple")
    try:
        made = cls._make(from_wire(v) for v in values)
    except TypeError as err:
        raise WireError(f"{name}: {err}") from None
    if key is not None:
        if len(_decoded) >= _DECODED_MAX:
            _decoded.clear()
        _decoded[key] = made
    return made


@functools.cache
def _own_names(cls: type) -> frozenset[str]:
    """The names the class and its bases (not `object`) define."""
    return frozenset(n for klass in cls.__mro__ if klass is not object for n in vars(klass))


def _listed(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise WireError("expected a list")
    return value


def _hashable(value: Any) -> Any:
    try:
        hash(value)
    except TypeError:
        raise WireError("a $dict key must be hashable") from None
    return value


def _resolve(name: Any) -> type:
    if not isinstance(name, str):
        raise WireError(f"{name!r} is not a rules class")
    return _resolve_name(name)


@functools.cache
def _resolve_name(name: str) -> type:
    if not _CLASS_NAME.match(name):
        raise WireError(f"{name!r} is not a rules class")
    module_name, qualname = name.split(":")
    try:
        module = importlib.import_module(f"game.{module_name}")
    except ImportError:
        raise WireError(f"no module game.{module_name}") from None
    cls = getattr(module, qualname, None)
    if not isinstance(cls, type):
        raise WireError(f"{name} is not a class")
    return cls


# -- actions ------------------------------------------------------------------------------------
def _wire_module(game: Any) -> Any | None:
    return _wire_module_of(game.id)


@functools.cache
def _wire_module_of(game_id: str) -> Any | None:
    try:
        return importlib.import_module(f"game.{game_id}.rules.wire")
    except ModuleNotFoundError as err:
        if err.name != f"game.{game_id}.rules.wire":
            raise
        return None


def action_to_json(game: Any, action: Any) -> dict[str, Any]:
    """An action as the game's wire JSON (its record form unless the game says otherwise)."""
    wire = _wire_module(game)
    if wire is not None:
        out: dict[str, Any] = wire.action_to_json(action)
        return out
    return dict(game.action_to_record(action))


def action_from_json(game: Any, obj: Any) -> Any:
    """An action from the game's wire JSON; RecordError (one line) if it has no valid shape.
    Equal actions come back as one shared object (`intern`)."""
    wire = _wire_module(game)
    if wire is not None:
        return intern(wire.action_from_json(obj))
    return intern(game.action_from_record(obj))


# Every action a table takes, one object per distinct action: a view repeats the game's actions
# so far, and to_wire encodes each object once (by identity), so the same action arriving from
# many clients and tables should be the same object. A game has few distinct actions.
_interned: dict[Any, Any] = {}
_INTERNED_MAX = 100_000


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


def _typed(value: Any) -> Any:
    """The value with every part's type beside it (a key that tells True from 1)."""
    if isinstance(value, tuple):
        return (type(value), tuple(_typed(v) for v in value))
    return (type(value), value)
