"""The online codec and Blanco's wire actions: views rebuilt as the game's own objects, only
a game's own views and events decoded (no class is ever named on the wire), and a draw's play
travelling as its own step."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.blanco.rules.actions import Discard, Draw, DrawThen, Play
from game.blanco.rules.record import action_from_act, action_to_record
from game.catalog import game_by_id
from game.core.game import RecordError
from game.luckybox.rules.actions import Cross
from game.luckybox.rules.events import CardsDealt
from game.online.codec import (
    WireError,
    action_from_json as action_from_json_of,
    event_from_json,
    event_json,
    intern,
    view_bytes,
    view_from_json,
    view_json,
    wire_of,
)

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("game_id", ["luckybox", "blanco"])
def test_a_view_comes_back_as_the_same_object_a_bot_decides_from(game_id: str) -> None:
    game = game_by_id(game_id)
    state, _ = game.rules.new_game(["A", "B", "C"], 5)
    for _ in range(12):  # a few steps in, so hands, masks and actions are not empty
        if not state.waiting_for():
            state.advance()
        seat = state.waiting_for()[0]
        assert state.apply(
            game.bots.make_bot("easy", 5, seat).choose(state.view_for(seat), seat)
        ).ok
    view = state.view_for(1)
    wire = wire_of(game)
    text = view_bytes(wire, view)
    rebuilt = view_from_json(wire, json.loads(text))
    assert type(rebuilt) is type(view) and view_bytes(wire, rebuilt) == text
    assert rebuilt.legal_actions(1) == view.legal_actions(1)
    assert game.bots.make_bot("normal", 9, 1).choose(rebuilt, 1) == game.bots.make_bot(
        "normal", 9, 1
    ).choose(view, 1)


@pytest.mark.parametrize("game_id", ["luckybox", "blanco"])
@pytest.mark.parametrize(
    "data",
    [
        {"$obj": "os:system", "v": {}},
        {"$obj": "core.storage:Path", "v": {}},
        {"$nt": "luckybox.ui.shown:Seen", "v": []},
        {"$obj": "blanco.rules.state:_legal", "v": {}},
        {"$tuple": 3},
        {"plain": "object"},
        {"kind": "os.system", "player": 0},
        {"kind": "passed", "player": "0"},
        {"kind": "undone", "player": 0, "action": {"kind": "nothing", "player": 0}},
        [],
        "text",
    ],
)
def test_only_a_games_own_views_and_events_decode(game_id: str, data: object) -> None:
    """What is not one of the game's views or events, exactly (a class path of the old wire,
    an unknown kind, a string for a number), is refused as a WireError."""
    wire = wire_of(game_by_id(game_id))
    with pytest.raises(WireError):
        view_from_json(wire, data)
    with pytest.raises(WireError):
        event_from_json(wire, data)


def test_blanco_sends_a_draws_play_as_its_own_step() -> None:
    for step in (
        Play(1, 57, (0, 2)),
        Discard(0, 12, (1, 1)),
        Discard(0, 12, None),
        Draw(1, "pile"),
        DrawThen(Draw(1, "discard"), Play(1, 3, (2, 2))),
    ):
        assert action_from_act(json.loads(json.dumps(action_to_record(step)))) == step
    with pytest.raises(RecordError, match="does not belong"):
        action_from_act({"player": 0, "play": 5, "at": [0, 0], "reveal": [1, 1]})
    with pytest.raises(RecordError, match='needs "at"'):
        action_from_act({"player": 0, "play": 5})
    with pytest.raises(RecordError, match="seat number"):
        action_from_act({"player": "0", "discard": 5})


def test_the_online_package_runs_without_pygame() -> None:
    code = (
        "import sys, game.online.server, game.online.client, game.online.tables\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, timeout=60)


def test_the_wire_names_no_class_and_sends_an_events_changes() -> None:
    """A view and an event are plain JSON: no class path, no codec tag ("$..."), every action
    and event tagged by its kind alone; an event holding a list is encoded as it is now."""
    lucky = game_by_id("luckybox")
    wire = wire_of(lucky)
    state, events = lucky.rules.new_game(["A", "B"], 3)
    state.apply(state.legal_actions(0)[0])
    text = view_bytes(wire, state.view_for(0)).decode()
    assert "$" not in text and "rules" not in text and ":" + "Keep" not in text
    assert json.loads(text)["actions"] == [
        {"kind": "keep", "player": 0, "cards": [*state.actions[0].cards]}
    ]
    cards = [1, 2]
    dealt = CardsDealt(0, cards)  # a list inside: not frozen
    assert event_json(wire, dealt) == {"kind": "cards_dealt", "player": 0, "cards": [1, 2]}
    cards.append(3)
    assert event_json(wire, dealt)["cards"] == [1, 2, 3]
    assert event_from_json(wire, event_json(wire, events[0])) == events[0]


def test_decoded_actions_are_shared_and_keep_their_types() -> None:
    """The actions of views decoded one after another are one object each (a view repeats
    every action so far); a field of the wrong type or missing is refused."""
    lucky = game_by_id("luckybox")
    wire = wire_of(lucky)
    state, _ = lucky.rules.new_game(["A"], 4)
    state.apply(state.legal_actions(0)[0])
    data = view_json(wire, state.view_for(0))
    first, again = view_from_json(wire, data), view_from_json(wire, json.dumps(data))
    assert first.actions == state.actions and first.actions[0] is again.actions[0]
    bad = dict(
        data, actions=[{"kind": "cross", "player": 0, "card": 3, "cell": 4, "lightning": True}]
    )
    with pytest.raises(WireError):
        view_from_json(wire, bad)
    with pytest.raises(WireError):
        view_from_json(wire, dict(data, actions=[{"kind": "cross", "player": 0}]))  # too few


def test_equal_actions_are_one_object_of_the_same_types() -> None:
    """Every action a table takes goes through action_from_json, which shares equal actions
    (so a view's actions are encoded once each); equal values of other types stay apart."""
    lucky = game_by_id("luckybox")
    obj = {"player": 1, "cross": {"card": 7, "cell": 4}}
    wire = wire_of(lucky)
    assert action_from_json_of(wire, obj) is action_from_json_of(wire, dict(obj))
    assert intern(Cross(0, 3, 4, True)) is not intern(Cross(0, 3, 4, 1))
    assert type(intern(Cross(0, 3, 4, True)).lightning) is bool
    pair = DrawThen(Draw(1, "discard"), Play(1, 3, (2, 2)))
    assert intern(pair) is intern(DrawThen(Draw(1, "discard"), Play(1, 3, (2, 2))))
    listed = Play(1, 3, [2, 2])  # a list inside: left alone
    assert intern(listed) is listed


def test_every_lucky_box_seat_and_watcher_sees_the_same() -> None:
    """Lucky Box says so (`same_for_every_seat`), and the server then encodes one view for
    the whole table: true all through a game, or a seat would be sent another's view."""
    game = game_by_id("luckybox")
    assert getattr(type(game.rules.new_game(["A"], 1)[0]), "same_for_every_seat", False) is True
    for seed in (3, 4):
        state, _ = game.rules.new_game(["A", "B", "C"], seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            waiting = state.waiting_for()
            if not waiting:
                events = state.advance()
            else:
                seat = rng.choice(waiting)
                events = list(state.apply(rng.choice(state.legal_actions(seat))).events)
            views = [view_bytes(wire_of(game), state.view_for(s)) for s in (-1, 0, 1, 2)]
            assert len(set(views)) == 1
            for event in events:
                assert all(state.redact(event, s) == event for s in (-1, 0, 1, 2))


def test_the_codec_names_no_game() -> None:
    """It is handed a game's wire and dispatches to it: no game's name, no module path (the
    game's `rules.wire`, an attribute, is how it is handed the types)."""
    source = (ROOT / "game" / "online" / "codec.py").read_text(encoding="utf-8")
    assert not re.search(r"luckybox|blanco|highcard|import_module|\.rules\b(?!\.wire\b)", source)
