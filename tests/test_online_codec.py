"""The online codec and Blanco's wire actions: views rebuilt as the game's own objects, only
rules classes resolved, and a draw's play travelling as its own step."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.blanco.rules.actions import Discard, Draw, DrawThen, Play
from game.blanco.rules.wire import action_from_json, action_to_json
from game.catalog import game_by_id
from game.core.game import RecordError
from game.luckybox.rules.actions import Cross
from game.luckybox.rules.events import CardsDealt
from game.online.codec import (
    WireError,
    action_from_json as action_from_json_of,
    from_wire,
    intern,
    to_wire,
)

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("game_id", ["luckybox", "blanco"])
def test_a_view_comes_back_as_the_same_object_a_bot_decides_from(game_id: str) -> None:
    game = game_by_id(game_id)
    state, _ = game.new_game(["A", "B", "C"], 5)
    for _ in range(12):  # a few steps in, so hands, masks and actions are not empty
        if not state.waiting_for():
            state.advance()
        seat = state.waiting_for()[0]
        assert state.apply(game.make_bot("easy", 5, seat).choose(state.view_for(seat), seat)).ok
    view = state.view_for(1)
    text = json.dumps(to_wire(view))
    rebuilt = from_wire(json.loads(text))
    assert type(rebuilt) is type(view) and json.dumps(to_wire(rebuilt)) == text
    assert rebuilt.legal_actions(1) == view.legal_actions(1)
    assert game.make_bot("normal", 9, 1).choose(rebuilt, 1) == game.make_bot("normal", 9, 1).choose(
        view, 1
    )


@pytest.mark.parametrize(
    "data",
    [
        {"$obj": "os:system", "v": {}},
        {"$obj": "core.storage:Path", "v": {}},
        {"$nt": "luckybox.ui.shown:Seen", "v": []},
        {"$obj": "blanco.rules.state:_legal", "v": {}},
        {"$tuple": 3},
        {"plain": "object"},
        {"$float": "1e999"},
    ],
)
def test_only_rules_classes_and_the_codec_tags_decode(data: object) -> None:
    with pytest.raises(WireError):
        from_wire(data)


def test_blanco_sends_a_draws_play_as_its_own_step() -> None:
    for step in (
        Play(1, 57, (0, 2)),
        Discard(0, 12, (1, 1)),
        Discard(0, 12, None),
        Draw(1, "pile"),
        DrawThen(Draw(1, "discard"), Play(1, 3, (2, 2))),
    ):
        assert action_from_json(json.loads(json.dumps(action_to_json(step)))) == step
    with pytest.raises(RecordError, match="does not belong"):
        action_from_json({"player": 0, "play": 5, "at": [0, 0], "reveal": [1, 1]})
    with pytest.raises(RecordError, match='needs "at"'):
        action_from_json({"player": 0, "play": 5})
    with pytest.raises(RecordError, match="seat number"):
        action_from_json({"player": "0", "discard": 5})


def test_the_online_package_runs_without_pygame() -> None:
    code = (
        "import sys, game.online.server, game.online.client, game.online.tables\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, timeout=60)


def test_encoded_named_tuples_keep_their_types_and_their_changes() -> None:
    """Frozen NamedTuples in lists are encoded once each (by identity): an equal one of other
    types (True is not 1) is its own, and one holding a list is encoded afresh each time."""
    flagged, counted = Cross(0, 3, 4, True), Cross(0, 3, 4, 1)
    for _ in range(2):  # the second time from the cache
        assert to_wire([flagged, counted]) == [
            {"$nt": "luckybox.rules.actions:Cross", "v": [0, 3, 4, True]},
            {"$nt": "luckybox.rules.actions:Cross", "v": [0, 3, 4, 1]},
        ]
        assert type(to_wire([flagged])[0]["v"][3]) is bool
    cards = [1, 2]
    dealt = CardsDealt(0, cards)  # a list inside: not frozen
    assert to_wire([dealt])[0]["v"] == [0, [1, 2]]
    cards.append(3)
    assert to_wire([dealt])[0]["v"] == [0, [1, 2, 3]]


def test_decoded_named_tuples_are_shared_and_keep_their_types() -> None:
    wire = [{"$nt": "luckybox.rules.actions:Cross", "v": [0, 3, 4, v]} for v in (True, 1)]
    first, second = from_wire(json.loads(json.dumps(wire)))
    again = from_wire(json.loads(json.dumps(wire)))
    assert first == Cross(0, 3, 4, True) and type(first.lightning) is bool
    assert type(second.lightning) is int and first is again[0] and second is again[1]
    with pytest.raises(WireError):  # a name that is no class, even when unhashable
        from_wire([{"$nt": ["luckybox.rules.actions:Cross"], "v": [0]}])
    with pytest.raises(WireError):
        from_wire([{"$nt": "luckybox.rules.actions:Cross", "v": [0]}])  # too few fields


def test_equal_actions_are_one_object_of_the_same_types() -> None:
    """Every action a table takes goes through action_from_json, which shares equal actions
    (so a view's actions are encoded once each); equal values of other types stay apart."""
    lucky = game_by_id("luckybox")
    obj = {"player": 1, "cross": {"card": 7, "cell": 4}}
    assert action_from_json_of(lucky, obj) is action_from_json_of(lucky, dict(obj))
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
    assert getattr(type(game.new_game(["A"], 1)[0]), "same_for_every_seat", False) is True
    for seed in (3, 4):
        state, _ = game.new_game(["A", "B", "C"], seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            waiting = state.waiting_for()
            if not waiting:
                events = state.advance()
            else:
                seat = rng.choice(waiting)
                events = list(state.apply(rng.choice(state.legal_actions(seat))).events)
            views = [json.dumps(to_wire(state.view_for(s))) for s in (-1, 0, 1, 2)]
            assert len(set(views)) == 1
            for event in events:
                assert all(state.redact(event, s) == event for s in (-1, 0, 1, 2))
