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


def to_wire(value: Any) -> JSON:
    """`value` as JSON-ready data (see the module's tags)."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is list:
        if all(type(v) in _SCALARS for v in value):  # the common case: card ids, flags
            return list(value)
        return [to_wire(v) for v in value]
    if kind is tuple:
        return {"$tuple": [to_wire(v) for v in value]}
    if kind is float:
        return value if math.isfinite(value) else {"$float": repr(value)}
    if kind is dict:
        return {"$dict": [[to_wire(k), to_wire(v)] for k, v in value.items()]}
    if isinstance(value, (bool, int, str)):
        return _plain(value)
    if isinstance(value, tuple):
        if getattr(kind, "_fields", None) is not None:
            return _named_tuple(value)
        return {"$tuple": [to_wire(v) for v in value]}
    if isinstance(value, (list, dict, float)):
        return to_wire(kind.__bases__[0](value))
    return {
        "$obj": _class_name(kind),
        "v": {name: to_wire(v) for name, v in _attributes(value).items()},
    }


# NamedTuples are immutable: each is encoded once (the actions every view repeats)
_encoded: dict[tuple[type, Any, tuple[type, ...]], JSON] = {}
_ENCODED_MAX = 50_000


def _named_tuple(value: Any) -> JSON:
    key = (type(value), value, tuple(map(type, value)))  # True and 1 are equal, not alike
    try:
        return _encoded[key]
    except KeyError:
        pass
    except TypeError:  # holds something unhashable: encode it every time
        return {"$nt": _class_name(type(value)), "v": [to_wire(v) for v in value]}
    out = {"$nt": _class_name(type(value)), "v": [to_wire(v) for v in value]}
    if len(_encoded) >= _ENCODED_MAX:
        _encoded.clear()
    _encoded[key] = out
    return out


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
    names: list[str] = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    out = {n: getattr(obj, n) for n in names if n != "__weakref__" and hasattr(obj, n)}
    out.update(getattr(obj, "__dict__", {}))
    return out


def from_wire(data: JSON) -> Any:
    """The objects `to_wire` made the data from. WireError for data it cannot have made."""
    kind = type(data)
    if kind in _SCALARS or kind is float:
        return data
    if kind is list:
        if all(type(v) in _SCALARS for v in data):
            return data
        return [from_wire(v) for v in data]
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise WireError("an object on the wire must carry one of the codec's tags")
    if "$tuple" in data:
        return tuple(from_wire(v) for v in _list(data["$tuple"]))
    if "$dict" in data:
        pairs = _list(data["$dict"])
        if not all(isinstance(p, list) and len(p) == 2 for p in pairs):
            raise WireError("$dict must list [key, value] pairs")
        return {_hashable(from_wire(k)): from_wire(v) for k, v in pairs}
    if "$float" in data:
        if data["$float"] not in ("inf", "-inf", "nan"):
            raise WireError("$float must be inf, -inf or nan")
        return float(data["$float"])
    if "$nt" in data:
        cls = _resolve(data["$nt"])
        if not (issubclass(cls, tuple) and hasattr(cls, "_make")):
            raise WireError(f"{data['$nt']} is not a NamedTuple")
        try:
            return cls._make(from_wire(v) for v in _list(data.get("v")))
        except TypeError as err:
            raise WireError(f"{data['$nt']}: {err}") from None
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


@functools.cache
def _own_names(cls: type) -> frozenset[str]:
    """The names the class and its bases (not `object`) define."""
    return frozenset(n for klass in cls.__mro__ if klass is not object for n in vars(klass))


def _list(value: Any) -> list[Any]:
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
    """An action from the game's wire JSON; RecordError (one line) if it has no valid shape."""
    wire = _wire_module(game)
    if wire is not None:
        return wire.action_from_json(obj)
    return game.action_from_record(obj)
