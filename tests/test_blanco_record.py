"""Blanco game records (BLANCO-RECORD.md): writing, reading, replaying, summarising."""

from __future__ import annotations

import json
import random

import pytest
from blanco_helpers import new_game, play_random, ready

from game.blanco.entry import BLANCO
from game.blanco.rules.actions import Clear, Discard, Draw, DrawThen, Look, Play, Setup, Swap
from game.blanco.rules.record import (
    action_from_record,
    action_to_record,
    parse_record,
    record_of,
    state_from_record,
    summary,
)
from game.blanco.rules.state import BlancoState
from game.core.entry import Game
from game.core.game import GameState, RecordError


def _finished(seed: int = 3) -> BlancoState:
    state = new_game(seed=seed)
    play_random(state, random.Random(seed), 4000)
    assert state.is_terminal()
    return state


def test_game_object_follows_the_protocol() -> None:
    assert isinstance(BLANCO, Game)
    assert (BLANCO.id, BLANCO.title, BLANCO.rules.record_format) == (
        "blanco",
        "Blanco",
        "blanco/record@1",
    )
    assert (BLANCO.rules.min_players, BLANCO.rules.max_players) == (1, 5)
    assert BLANCO.bots.bot_levels == ("easy", "normal", "hard", "expert")
    state, events = BLANCO.rules.new_game(["A", "B", "C"], 7)
    assert isinstance(state, GameState) and len(events) == 3 + 1 + 3
    with pytest.raises(ValueError):
        BLANCO.rules.new_game([], 1)
    with pytest.raises(ValueError):
        BLANCO.rules.new_game(list("ABCDEF"), 1)


def test_bots_come_from_game_blanco_ai_when_it_exists() -> None:
    try:
        import game.blanco.ai  # noqa: F401
    except ModuleNotFoundError:
        with pytest.raises(NotImplementedError, match="game.blanco.ai"):
            BLANCO.bots.make_bot("easy", 1, 0)
        with pytest.raises(NotImplementedError):
            BLANCO.bots.hint(ready().view_for(0), 0)


def test_record_shapes_follow_the_spec() -> None:
    assert action_to_record(Setup(0, (0, 1), (2, 2))) == {
        "player": 0,
        "setup": {"reveal": [0, 1], "look": [2, 2]},
    }
    assert action_to_record(DrawThen(Draw(0, "pile"), Play(0, 57, (1, 0)))) == {
        "player": 0,
        "draw": "pile",
        "play": 57,
        "at": [1, 0],
    }
    assert action_to_record(DrawThen(Draw(1, "discard"), Discard(1, 57, (2, 1)))) == {
        "player": 1,
        "draw": "discard",
        "discard": 57,
        "reveal": [2, 1],
    }
    assert action_to_record(DrawThen(Draw(1, "discard"), Discard(1, 57, None))) == {
        "player": 1,
        "draw": "discard",
        "discard": 57,
    }
    assert action_to_record(Swap(0, (0, 0), (0, 1))) == {"player": 0, "swap": [[0, 0], [0, 1]]}
    assert action_to_record(Swap(0, (0, 0), (1, 0), (1, 0))) == {
        "player": 0,
        "swap": [[0, 0], [1, 0]],
        "reveal": [1, 0],
    }
    assert action_to_record(Clear(0, "col", 2)) == {"player": 0, "clear": {"col": 2}}
    assert action_to_record(Look(0, (0, 2))) == {"player": 0, "look": [0, 2]}
    assert action_to_record(Look(0, (0, 2), True)) == {"player": 0, "look": [0, 2], "reveal": True}


def test_record_of_merges_draws_and_lists_the_deal() -> None:
    state = ready()
    state.apply(Draw(0, "pile"))
    card = state.players[0].hand[-1]
    state.apply(Play(0, card, (0, 0)))
    state.apply(Draw(1, "discard"))
    rec = record_of(state, {"version": "x", "format": "not this"})
    assert list(rec)[:5] == ["format", "players", "seed", "deal", "actions"]
    assert rec["format"] == "blanco/record@1" and rec["version"] == "x"
    assert rec["deal"] == {"deck": list(state.deck), "reshuffles": []}
    assert rec["actions"][2:] == [
        {"player": 0, "draw": "pile", "play": card, "at": [0, 0]},
        {"player": 1, "draw": "discard"},  # a record stopped mid-turn
    ]
    back = state_from_record(json.loads(json.dumps(rec)))
    assert back.key() == state.key()


def test_round_trip_of_whole_games_with_reshuffles() -> None:
    reshuffled = 0
    for seed in (8, 11, 15, 17):
        state = _finished(seed)
        reshuffled += len(state.reshuffles)
        rec = json.loads(json.dumps(record_of(state)))
        back = state_from_record(rec)
        assert back.key() == state.key()
        assert summary(back) == summary(state)
        # the seed alone gives the same game when the deal is left out
        rec.pop("deal")
        assert state_from_record(rec).key() == state.key()
    assert reshuffled >= 1


def test_summary_matches_the_contract() -> None:
    state = _finished(0)
    s = summary(state)
    assert list(s) == ["game", "finished", "winner", "players"]
    assert s["game"] == "blanco" and s["finished"] is True and s["winner"] == state.winner
    assert list(s["players"][0]) == ["name", "stage", "cards_left", "turns"]
    won = s["players"][state.winner]
    assert won["stage"] == 2 and won["cards_left"] == 0
    assert BLANCO.rules.summary(state) == s
    fresh = summary(new_game())
    assert fresh == {
        "game": "blanco",
        "finished": False,
        "winner": None,
        "players": [
            {"name": "Ann", "stage": 1, "cards_left": 21, "turns": 0},
            {"name": "Bo", "stage": 1, "cards_left": 21, "turns": 0},
        ],
    }


def test_summary_before_the_second_grid_setup() -> None:
    state = _finished(2)
    rec = record_of(state)
    for i, raw in enumerate(rec["actions"]):
        if i > 2 and "setup" in raw:  # the set-up of a second grid
            cut = dict(rec, actions=rec["actions"][:i])
            s = summary(state_from_record(cut))
            p = s["players"][raw["player"]]
            assert (p["stage"], p["cards_left"]) == (2, 12)
            break
    else:
        pytest.fail("no second grid in this game")


@pytest.mark.parametrize(
    "record, words",
    [
        ([], "JSON object"),
        ({"format": "super-mega-lucky-box/record@1"}, "format"),
        ({"format": "blanco/record@1", "players": [], "seed": 1}, "players"),
        ({"format": "blanco/record@1", "players": list("ABCDEF"), "seed": 1}, "players"),
        ({"format": "blanco/record@1", "players": ["A", 2], "seed": 1}, "name"),
        ({"format": "blanco/record@1", "players": ["A"], "seed": "1"}, "seed"),
        ({"format": "blanco/record@1", "players": ["A"], "seed": True}, "seed"),
        ({"format": "blanco/record@1", "players": ["A"], "seed": 1, "deal": []}, "deal"),
        (
            {"format": "blanco/record@1", "players": ["A"], "seed": 1, "deal": {"deck": [1, 2]}},
            "permutation",
        ),
        (
            {
                "format": "blanco/record@1",
                "players": ["A"],
                "seed": 1,
                "deal": {"deck": [1] + list(range(1, 120))},
            },
            "card 1 is there twice",
        ),
        (
            {
                "format": "blanco/record@1",
                "players": ["A"],
                "seed": 1,
                "deal": {"reshuffles": [[1, "2"]]},
            },
            "reshuffles[0]",
        ),
        (
            {"format": "blanco/record@1", "players": ["A"], "seed": 1, "deal": {"reshuffles": 3}},
            "reshuffles",
        ),
        ({"format": "blanco/record@1", "players": ["A"], "seed": 1, "actions": {}}, "actions"),
    ],
)
def test_bad_headers_are_one_line_errors(record: object, words: str) -> None:
    with pytest.raises(RecordError) as err:
        parse_record(record)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_parse_record_gives_the_deal() -> None:
    rec = record_of(ready())
    parsed = BLANCO.rules.parse_record(rec)
    assert parsed.names == ("Ann", "Bo") and parsed.seed == 1 and parsed.options is None
    assert parsed.deal.deck == tuple(rec["deal"]["deck"]) and parsed.deal.reshuffles == ()
    assert len(parsed.actions) == 2


@pytest.mark.parametrize(
    "raw, expected",
    [
        ({"player": 0, "look": [0, 2], "reveal": False, "note": "x"}, Look(0, (0, 2), False)),
        ({"player": 0, "look": [0, 2], "reveal": True}, Look(0, (0, 2), True)),
        (
            {"player": 1, "swap": [[0, 0], [1, 0]], "reveal": [1, 0]},
            Swap(1, (0, 0), (1, 0), (1, 0)),
        ),
        ({"player": 0, "clear": {"row": 1}}, Clear(0, "row", 1)),
        (
            {"player": 0, "draw": "discard", "discard": 5, "seen": 1},
            DrawThen(Draw(0, "discard"), Discard(0, 5, None)),
        ),
        (
            {"player": 0, "setup": {"reveal": [0, 1], "look": [2, 2], "x": 0}},
            Setup(0, (0, 1), (2, 2)),
        ),
    ],
)
def test_actions_from_record(raw: dict, expected: object) -> None:
    assert action_from_record(raw) == expected
    assert BLANCO.rules.action_from_record(raw) == expected


@pytest.mark.parametrize(
    "raw, words",
    [
        ([], "object"),
        ({"draw": "pile"}, "player"),
        ({"player": "0", "draw": "pile"}, "player"),
        ({"player": 0}, "one of"),
        ({"player": 0, "play": 5, "at": [0, 0]}, "draw"),
        ({"player": 0, "draw": "pile", "play": 5, "at": [0, 0], "reveal": [0, 0]}, '"reveal"'),
        ({"player": 0, "draw": "pile", "discard": 5, "at": [0, 0]}, '"at"'),
        ({"player": 0, "draw": "pile", "play": 5}, '"at"'),
        ({"player": 0, "draw": "pile", "play": 5.0, "at": [0, 0]}, "card id"),
        ({"player": 0, "draw": "pile", "play": True, "at": [0, 0]}, "card id"),
        ({"player": 0, "draw": "pile", "play": 5, "at": [0, "1"]}, "[row, column]"),
        ({"player": 0, "draw": "deck"}, '"pile" or "discard"'),
        ({"player": 0, "swap": [[0, 0]]}, "two positions"),
        ({"player": 0, "swap": [[0, 0], [0, 1]], "at": [0, 0]}, '"at"'),
        ({"player": 0, "clear": {"row": 1, "col": 1}}, "clear"),
        ({"player": 0, "clear": {"row": "1"}}, "clear"),
        ({"player": 0, "look": [0, 2], "reveal": [0, 2]}, "true or false"),
        ({"player": 0, "look": [0, 2], "swap": [[0, 0], [0, 1]]}, "does not belong"),
        ({"player": 0, "setup": {"reveal": [0, 1]}}, "setup.look"),
        ({"player": 0, "setup": {"reveal": [0, 1], "look": [1, 1]}, "reveal": [0, 0]}, '"reveal"'),
    ],
)
def test_malformed_actions(raw: object, words: str) -> None:
    with pytest.raises(RecordError) as err:
        action_from_record(raw)
    assert words in str(err.value)


def test_replay_errors_name_the_action() -> None:
    rec = record_of(ready())
    bad = dict(rec, actions=rec["actions"] + [{"player": 0, "swap": [[0, 0], [1, 1]]}])
    with pytest.raises(
        RecordError,
        match=r"^action 2: player 0 cannot swap \[0,0\] and \[1,1\]: "
        "not adjacent$",
    ):
        state_from_record(bad)
    bad = dict(rec, actions=rec["actions"] + [{"player": 0, "draw": "pile", "play": 1}])
    with pytest.raises(RecordError, match="^action 2: a play needs"):
        state_from_record(bad)
    bad = dict(rec, actions=rec["actions"][:1] + [{"player": 0, "look": [0, 0]}])
    with pytest.raises(RecordError, match="^action 1: it is not player 0's turn"):
        state_from_record(bad)
    bad = dict(
        rec, actions=rec["actions"] + [{"player": 0, "draw": "pile", "play": 999, "at": [0, 0]}]
    )
    with pytest.raises(RecordError, match="^action 2: "):
        state_from_record(bad)


def test_a_listed_reshuffle_must_hold_the_right_cards() -> None:
    state = next(s for s in (_finished(x) for x in (8, 11, 15, 17)) if s.reshuffles)
    rec = record_of(state)
    first = rec["deal"]["reshuffles"][0]
    wrong = dict(rec, deal={"deck": rec["deal"]["deck"], "reshuffles": [first[1:]]})
    with pytest.raises(
        RecordError,
        match=rf"^action \d+: deal.reshuffles\[0\] \(reshuffle 1\): "
        rf"card {first[0]} is missing",
    ):
        state_from_record(wrong)
    wrong["deal"]["reshuffles"] = [first + [first[0]]]
    with pytest.raises(RecordError, match=rf"card {first[0]} is listed twice"):
        state_from_record(wrong)
    # a listed reshuffle that never happens is ignored
    extra = dict(
        rec,
        deal={"deck": rec["deal"]["deck"], "reshuffles": rec["deal"]["reshuffles"] + [[1, 2, 3]]},
    )
    assert state_from_record(extra).key() == state.key()


def test_game_object_deals_a_fixed_deal_and_replays_records() -> None:
    state = _finished(5)
    parsed = BLANCO.rules.parse_record(BLANCO.rules.record_of(state))
    again, events = BLANCO.rules.new_game(parsed.names, parsed.seed, None, parsed.deal)
    assert events[0].cards[0] == tuple(parsed.deal.deck[:3])
    for raw in parsed.actions:  # the way a table replays: one record action per apply
        assert again.apply(BLANCO.rules.action_from_record(raw)).ok
    assert (
        again.key()
        == state.key()
        == BLANCO.rules.state_from_record(BLANCO.rules.record_of(state)).key()
    )
    with pytest.raises(ValueError):
        BLANCO.rules.new_game(["A"], 1, None, {"deck": []})
