"""The online codec and Blanco's wire actions: views rebuilt as the game's own objects, only
rules classes resolved, and a draw's play travelling as its own step."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.blanco.rules.actions import Discard, Draw, DrawThen, Play
from game.blanco.rules.wire import action_from_json, action_to_json
from game.catalog import game_by_id
from game.core.game import RecordError
from game.online.codec import WireError, from_wire, to_wire

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
