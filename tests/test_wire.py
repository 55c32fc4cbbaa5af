"""The games' wire (game/core/wire.py; the types each game's rules declare): every view a seat
or a watcher is sent and every event, of every catalog game and the test game, over many seeded
random games, goes through JSON and back unchanged, as the table and the bots see it; it fits
the game's types (decoding is validation) and its checked-in JSON schema (docs/schema/, which
cannot drift from the types); and a seat's view on the wire holds nothing that seat may not
know."""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from game import catalog
from game.core.entry import Game
from game.online.codec import event_from_json, event_json, view_bytes, view_from_json

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import wire_schema  # noqa: E402

from tests.highcard.entry import HIGHCARD  # noqa: E402

#: (game id, player counts, games, steps at most per game): bounded, every phase reached
PLAYOUTS = {
    "luckybox": ((1, 3, 4), 1, 400),
    "blanco": ((1, 2, 3), 1, 250),
    "highcard": ((1, 2, 4), 12, 20),
}


def every_game() -> list[Game[Any]]:
    return [*catalog.games(), HIGHCARD]


# -- a JSON schema check, for what msgspec.json.schema writes -----------------------------------
class SchemaMismatch(AssertionError):
    pass


def validate(value: Any, schema: dict[str, Any], root: dict[str, Any], at: str = "$") -> None:
    """Raise SchemaMismatch when `value` does not fit `schema` (draft 2020-12, the keywords
    msgspec's schemas use: $ref, type, properties, required, items, prefixItems, min/maxItems,
    anyOf, enum, const, minimum, maximum). `at` says where, for the message: a path of keys
    and indexes, formatted only when something does not fit."""
    _validate(value, schema, root, (at,))


def _where(path: tuple[Any, ...]) -> str:
    return "".join(f"[{part}]" if isinstance(part, int) else f"{part}" for part in path)


def _validate(
    value: Any, schema: dict[str, Any], root: dict[str, Any], at: tuple[Any, ...]
) -> None:
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        _validate(value, root["$defs"][name], root, at)
    if "anyOf" in schema:
        for option in schema["anyOf"]:
            try:
                _validate(value, option, root, at)
                break
            except SchemaMismatch:
                continue
        else:
            raise SchemaMismatch(f"{_where(at)}: fits none of anyOf")
    if "const" in schema and value != schema["const"]:
        raise SchemaMismatch(f"{_where(at)}: {value!r} is not {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        raise SchemaMismatch(f"{_where(at)}: {value!r} not in {schema['enum']}")
    kind = schema.get("type")
    if kind is not None:
        kinds = kind if isinstance(kind, list) else (kind,)
        if not any(_is(value, k) for k in kinds):
            raise SchemaMismatch(f"{_where(at)}: {value!r} is not {kind}")
    kind_of_value = type(value)
    if kind_of_value is int or kind_of_value is float:
        if "minimum" in schema and value < schema["minimum"]:
            raise SchemaMismatch(f"{_where(at)}: {value} < {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            raise SchemaMismatch(f"{_where(at)}: {value} > {schema['maximum']}")
    elif kind_of_value is dict:
        for name in schema.get("required", ()):
            if name not in value:
                raise SchemaMismatch(f"{_where(at)}: {name} is missing")
        for name, sub in schema.get("properties", {}).items():
            if name in value:
                _validate(value[name], sub, root, (*at, f".{name}"))
    elif kind_of_value is list:
        if len(value) < schema.get("minItems", 0) or len(value) > schema.get("maxItems", 1e9):
            raise SchemaMismatch(f"{_where(at)}: {len(value)} items")
        prefix = schema.get("prefixItems", ())
        items = schema.get("items")
        for i, item in enumerate(value):
            sub = prefix[i] if i < len(prefix) else items
            if sub is False:
                raise SchemaMismatch(f"{_where((*at, i))}: no item allowed here")
            if isinstance(sub, dict):
                _validate(item, sub, root, (*at, i))


#: What each JSON type of a schema is in Python (a bool is no integer, as in JSON).
_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "null": (type(None),),
}


def _is(value: Any, kind: str) -> bool:
    return type(value) in _JSON_TYPES[kind]


def checked_in(game_id: str, part: str) -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(
        (ROOT / "docs" / "schema" / f"{game_id}-{part}.json").read_text(encoding="utf-8")
    )
    return schema


def schema_of(game: Game[Any], part: str) -> dict[str, Any]:
    """The checked-in schema of a catalog game; the test game's, generated from its structs."""
    if game.id == "highcard":
        return json.loads(wire_schema.schemas(game)[f"highcard-{part}.json"])  # type: ignore[no-any-return]
    return checked_in(game.id, part)


# -- comparing as the table and the bots see ----------------------------------------------------
def same(a: Any, b: Any, at: str = "view") -> None:
    """`a` and `b` are the same value all the way down: the same types (True is not 1, a tuple
    is not a list) and the same attributes, dataclass fields and slots."""
    if a is b:  # shared data (Lucky Box's card faces)
        return
    assert type(a) is type(b), f"{at}: {type(a).__name__} is not {type(b).__name__}"
    if isinstance(a, (list, tuple)):
        assert len(a) == len(b), f"{at}: {len(a)} items, not {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            same(x, y, f"{at}[{i}]")
    elif isinstance(a, dict):
        assert list(a) == list(b), f"{at}: keys {list(a)} != {list(b)}"
        for k in a:
            same(a[k], b[k], f"{at}[{k!r}]")
    elif isinstance(a, (type(None), bool, int, float, str)):
        assert a == b, f"{at}: {a!r} != {b!r}"
    else:
        names = _attributes(a)
        assert names == _attributes(b), f"{at}: attributes differ"
        for n in names:
            same(getattr(a, n), getattr(b, n), f"{at}.{n}")


#: A struct's field names, per struct type (msgspec sets every field of every instance).
_STRUCT_FIELDS: dict[type, list[str]] = {}


def _attributes(obj: Any) -> list[str]:
    kind = type(obj)
    if isinstance(obj, msgspec.Struct):
        fields = _STRUCT_FIELDS.get(kind)
        if fields is None:
            fields = _STRUCT_FIELDS[kind] = _all_attributes(obj)
        return fields
    return _all_attributes(obj)


def _all_attributes(obj: Any) -> list[str]:
    names = list(getattr(obj, "__dict__", {}))
    for klass in type(obj).__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.extend(n for n in ([slots] if isinstance(slots, str) else slots) if hasattr(obj, n))
    return sorted(set(names) - {"__weakref__"})


# -- the playouts -------------------------------------------------------------------------------
def positions(game: Game[Any]) -> Iterator[tuple[Any, list[Any], int]]:
    """(state, the events that led to it, seats) after every step of seeded random games."""
    counts, games, most = PLAYOUTS[game.id]
    for n in counts:
        if not game.rules.min_players <= n <= game.rules.max_players:
            continue
        for g in range(games):
            rng = random.Random(f"{game.id}/{n}/{g}")
            state, events = game.rules.new_game([f"P{i}" for i in range(n)], rng.randrange(1 << 40))
            yield state, events, n
            for _ in range(most):
                if state.is_terminal():
                    break
                waiting = state.waiting_for()
                if not waiting:
                    events = state.advance()
                else:
                    seat = rng.choice(waiting)
                    if rng.random() < 0.1 and state.can_undo(seat) is None:
                        outcome = state.undo(seat)
                    else:
                        outcome = state.apply(rng.choice(state.legal_actions(seat)))
                    assert outcome.ok
                    events = list(outcome.events)
                yield state, events, n


@pytest.mark.parametrize("game", every_game(), ids=lambda g: g.id)
def test_views_and_events_round_trip_and_fit_the_schema(game: Game[Any]) -> None:
    wire = game.rules.wire
    view_schema, event_schema = schema_of(game, "view"), schema_of(game, "events")
    kinds: set[str] = set()
    # An event is checked once: the same event is shown to every seat and often again later
    # (its repr names its types too, so a tuple and a list of the same items are two events).
    checked: set[str] = set()
    steps = 0
    for state, events, n in positions(game):
        steps += 1
        deep = steps % 5 == 1  # the deep comparison and the schema are slow Python: sampled
        for seat in (*range(n), -1):
            view = state.view_for(seat)
            text = view_bytes(wire, view)
            back = view_from_json(wire, text)
            assert view_bytes(wire, back) == text
            if deep:
                data = json.loads(text)
                same(view_from_json(wire, data), view)
                assert back.legal_actions(max(seat, 0)) == view.legal_actions(max(seat, 0))
                # The schema on one seat's view (or the watcher's) in turn, every 20 steps.
                if steps % 20 == 1 and seat == steps // 20 % (n + 1) - 1:
                    validate(data, view_schema, view_schema)
            for event in events:
                shown = state.redact(event, seat)
                if shown is None or repr(shown) in checked:
                    continue
                checked.add(repr(shown))
                out = json.loads(json.dumps(event_json(wire, shown)))
                kinds.add(out["kind"])
                same(event_from_json(wire, out), shown, "event")
                validate(out, event_schema, event_schema)
    assert state.is_terminal() or game.id == "blanco"  # (Blanco's games run long)
    assert len(kinds) >= {"luckybox": 18, "blanco": 14, "highcard": 4}[game.id], kinds


def test_the_checked_in_schemas_are_what_the_structs_generate() -> None:
    wanted = wire_schema.every_schema()
    assert sorted(wanted) == [
        "blanco-events.json",
        "blanco-view.json",
        "luckybox-events.json",
        "luckybox-view.json",
        "protocol-server.json",
    ]
    for name, text in wanted.items():
        path = ROOT / "docs" / "schema" / name
        assert path.read_text(encoding="utf-8") == text, f"{name}: python tools/wire_schema.py"
    assert wire_schema.main(["check"]) == 0


def test_the_schema_check_refuses_what_does_not_fit() -> None:
    """The check above can fail: a number as a string, a missing field, an unknown kind."""
    game = catalog.game_by_id("luckybox")
    wire = game.rules.wire
    schema, events = checked_in("luckybox", "view"), checked_in("luckybox", "events")
    state, dealt = game.rules.new_game(["A", "B"], 1)
    data = json.loads(view_bytes(wire, state.view_for(0)))
    validate(data, schema, schema)
    for bad in (dict(data, round="1"), {k: v for k, v in data.items() if k != "players"}):
        with pytest.raises(SchemaMismatch):
            validate(bad, schema, schema)
    event = event_json(wire, dealt[0])
    validate(event, events, events)
    with pytest.raises(SchemaMismatch):
        validate(dict(event, kind="cards_stolen"), events, events)
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert(dict(data, round="1"), wire.view)


@pytest.mark.parametrize("game", every_game(), ids=lambda g: g.id)
def test_a_seats_view_on_the_wire_holds_nothing_it_may_not_know(game: Game[Any]) -> None:
    """The same game with everything hidden from the seat dealt anew (`hidden_variant`) gives
    the seat the very same bytes: nothing hidden (another's hand, a face-down card, the pile's
    order, the seed) is on the wire; and no view has a seed at all."""
    wire = game.rules.wire
    rng = random.Random(5)
    for step, (state, _events, n) in enumerate(positions(game)):
        if step % 5:
            continue
        for seat in range(n):
            text = view_bytes(wire, state.view_for(seat))
            assert not re.search(rb'"seed"', text)
            variant = game.rules.hidden_variant(state, seat, rng)
            assert view_bytes(wire, variant.view_for(seat)) == text, (game.id, step, seat)


def test_the_views_docs_protocol_shows_are_real_ones() -> None:
    """docs/PROTOCOL.md shows a full Lucky Box view and a full Blanco view: each decodes with
    its game's wire, comes back the same, and fits its checked-in schema; so do the events
    shown beside them."""
    text = (ROOT / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    section = text[text.index("## Views and events as JSON") : text.index("## Reconnecting")]
    blocks = re.findall(r"```json\n(.*?)```", section, re.S)
    assert len(blocks) == 2
    for game_id, block in zip(("luckybox", "blanco"), blocks, strict=True):
        wire, data = catalog.game_by_id(game_id).rules.wire, json.loads(block)
        view = view_from_json(wire, data)
        assert json.loads(view_bytes(wire, view)) == data
        assert view.legal_actions(0) or view.legal_actions(1)
        schema = checked_in(game_id, "view")
        validate(data, schema, schema)
    shown = re.findall(r"events`: `(\[.*?\])`", section)
    assert len(shown) == 2
    for game_id, events in zip(("luckybox", "blanco"), shown, strict=True):
        wire = catalog.game_by_id(game_id).rules.wire
        for event in json.loads(events):
            assert event_json(wire, event_from_json(wire, event)) == event
