"""Game records (GAME-RECORD.md) and `python main.py --check-record`."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game import catalog
from game.core.records import check_records_cli
from game.luckybox.rules import GameState, RecordError
from game.luckybox.rules.actions import (
    Cross,
    Keep,
    Pass,
    Pick,
    Resolve,
    action_from_record,
    action_to_record,
)
from game.luckybox.rules.game import state_from_record
from game.luckybox.rules.record import FORMAT, state_to_record, summary
from tests.rules_helpers import act, snapshot

REPO = Path(__file__).resolve().parents[1]


def played(seed: int, players: int = 1, stop_after: int | None = None) -> GameState:
    rng = random.Random(seed)
    state, _ = GameState.new([f"P{i}" for i in range(players)], seed)
    steps = 0
    while not state.is_terminal() and (stop_after is None or steps < stop_after):
        player = state.waiting_for()[0]
        act(state, rng.choice(state.legal_actions(player)))
        steps += 1
    return state


def write(tmp_path: Path, name: str, obj) -> Path:
    path = tmp_path / name
    path.write_text(obj if isinstance(obj, str) else json.dumps(obj))
    return path


@pytest.mark.parametrize(
    "action, obj",
    [
        (Keep(0, (17, 3, 44)), {"player": 0, "keep": [17, 3, 44]}),
        (Pick(1, 58), {"player": 1, "pick": 58}),
        (Cross(0, 17, 4), {"player": 0, "cross": {"card": 17, "cell": 4}}),
        (Cross(0, 17, 4, -2), {"player": 0, "cross": {"card": 17, "cell": 4}, "lightning": -2}),
        (Pass(2), {"player": 2, "pass": True}),
        (
            Resolve(0, 17, "row", 1, 3, 0),
            {
                "player": 0,
                "bonus": {"card": 17, "line": "row", "index": 1},
                "cross": {"card": 3, "cell": 0},
            },
        ),
    ],
)
def test_actions_match_the_documented_json(action, obj):
    assert action_to_record(action) == obj
    assert action_from_record(obj) == action


@pytest.mark.parametrize(
    "obj, reason",
    [
        ([], "must be a JSON object"),
        ({"player": "0", "pass": True}, "player must be an integer"),
        ({"player": True, "pass": True}, "player must be an integer"),
        ({"player": 0}, "one of keep, pick, cross, pass or bonus"),
        ({"player": 0, "keep": [1, 2]}, "keep must list 3"),
        ({"player": 0, "pass": 1}, "pass must be true"),
        ({"player": 0, "cross": {"card": 1}}, "cross.cell must be an integer"),
        ({"player": 0, "bonus": {"card": 1, "line": "diag", "index": 0}}, "bonus.line"),
    ],
)
def test_malformed_actions_are_refused(obj, reason):
    with pytest.raises(RecordError, match=reason):
        action_from_record(obj)


def test_record_has_the_documented_shape_and_extra_fields():
    state = played(3, players=2)
    record = state_to_record(state, extra={"seats": ["human", "computer:easy"]})
    assert record["format"] == FORMAT
    assert record["players"] == ["P0", "P1"] and record["seed"] == 3
    assert record["options"] == {"token_supply": "unlimited"}
    assert len(record["deal"]["lucky_deck"]) == 60 and len(record["deal"]["numbers"]) == 4
    assert record["seats"] == ["human", "computer:easy"]
    assert all("player" in a for a in record["actions"])


@pytest.mark.parametrize("players", [1, 2, 7])
def test_reloading_a_record_rebuilds_the_identical_state(players):
    for stop in (0, 5, 40, None):
        state = played(players * 10 + 1, players, stop)
        again = state_from_record(json.loads(json.dumps(state_to_record(state))))
        assert snapshot(again) == snapshot(state)


def test_a_record_without_deal_uses_the_seed():
    state = played(5)
    record = state_to_record(state)
    del record["deal"]
    assert snapshot(state_from_record(record)) == snapshot(state)


def test_a_partial_deal_fixes_the_top_of_the_pile_and_some_rounds():
    record = {
        "format": FORMAT,
        "players": ["Ann"],
        "seed": 1,
        "deal": {"lucky_deck": [17, 3, 44, 9, 12], "numbers": [[5, 3, 9, 1, 1, 7, 2, 8, 4]]},
        "actions": [{"player": 0, "keep": [17, 3, 44]}],
    }
    state = state_from_record(record)
    assert state.players[0].cards == [17, 3, 44] and state.number == 5
    assert state.numbers[0] == [5, 3, 9, 1, 1, 7, 2, 8, 4]
    plain, _ = GameState.new(["Ann"], 1)
    assert state.numbers[1:] == plain.numbers[1:]


def test_readers_ignore_unknown_fields():
    record = state_to_record(played(9))
    record["created"] = "2026-11-21"
    record["actions"][0]["thinking_ms"] = 12
    assert state_from_record(record).is_terminal()


def test_summary_matches_the_documented_fields():
    state = played(12)
    out = summary(state)
    assert set(out) == {"finished", "round", "players", "winners"}
    assert out["finished"] is True and out["round"] == 4 and out["winners"] == [0]
    entry = out["players"][0]
    assert list(entry) == [
        "name",
        "total",
        "cards",
        "stars",
        "incomplete",
        "moon_points",
        "moons",
        "lightning",
        "rating",
    ]
    assert (
        entry["total"]
        == entry["cards"] + entry["stars"] + entry["incomplete"] + entry["moon_points"]
    )


def test_summary_of_an_unfinished_game():
    out = summary(played(12, players=3, stop_after=30))
    assert out["finished"] is False and out["winners"] == []
    assert all("rating" not in p and p["incomplete"] == 0 for p in out["players"])


# ------------------------------------------------------------------ the command line


def run_cli(*paths: str) -> subprocess.CompletedProcess:
    """`python main.py --check-record PATHS` in a process of its own."""
    return subprocess.run(
        [sys.executable, "main.py", "--check-record", *paths],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )


def check_cli(capsys: pytest.CaptureFixture[str], *paths: str) -> subprocess.CompletedProcess:
    """The same command line (`game.cli.main`, what main.py runs: parsing, the checks, the
    status) in this process, its output captured: a process costs about a third of a second
    to start. The whole program, started as a player starts it, is run_cli's (the tests of
    one record and of several)."""
    from game import cli

    capsys.readouterr()
    status = cli.main(["--check-record", *paths], prog="main.py")
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(["main.py", "--check-record", *paths], status, out, err)


def test_check_record_prints_one_json_line(tmp_path):
    state = played(21, players=2)
    path = write(tmp_path, "game.json", state_to_record(state))
    result = run_cli(str(path))
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert len(lines) == 1
    assert json.loads(lines[0]) == summary(state)


def test_check_record_solo_rating(tmp_path, capsys):
    state = played(8)
    result = check_cli(capsys, str(write(tmp_path, "solo.json", state_to_record(state))))
    player = json.loads(result.stdout)["players"][0]
    assert player["rating"] == state.rating() and player["total"] == state.players[0].total


BAD = {
    "not_json.json": ("{oops", "not valid JSON"),
    "empty.json": ("", "not valid JSON"),
    "wrong_format.json": (
        {"format": "chess/pgn@1", "players": ["A"], "seed": 1},
        "not a game record",
    ),
    "no_players.json": ({"format": FORMAT, "players": [], "seed": 1}, "players must list 1 to 12"),
    "thirteen.json": ({"format": FORMAT, "players": ["x"] * 13, "seed": 1}, "1 to 12"),
    "seed.json": ({"format": FORMAT, "players": ["A"], "seed": "x"}, "seed must be an integer"),
    "array.json": ([1, 2, 3], "must be a JSON object"),
    "deep.json": ("[" * 100000 + "]" * 100000, "not valid JSON"),
    "bad_deck.json": (
        {"format": FORMAT, "players": ["A"], "seed": 1, "deal": {"lucky_deck": [61]}},
        "no card 61",
    ),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_check_record_bad_files_exit_2_with_one_line(tmp_path, capsys, name):
    content, reason = BAD[name]
    result = check_cli(capsys, str(write(tmp_path, name, content)))
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and reason in result.stderr
    assert "Traceback" not in result.stderr


def test_check_record_illegal_action_names_its_index(tmp_path, capsys):
    record = {
        "format": FORMAT,
        "players": ["Ann"],
        "seed": 1,
        "deal": {"lucky_deck": [17, 3, 44, 9, 12], "numbers": [[5, 3, 9, 1, 1, 7, 2, 8, 4]]},
        "actions": [
            {"player": 0, "keep": [17, 3, 44]},
            {"player": 0, "cross": {"card": 44, "cell": 0}},
        ],
    }
    result = check_cli(capsys, str(write(tmp_path, "illegal.json", record)))
    assert result.returncode == 2
    expected = "action 1: player 0 has no open square showing 5 on card 44"
    assert result.stderr.strip() == expected


def test_check_record_unknown_player(tmp_path, capsys):
    record = {
        "format": FORMAT,
        "players": ["Ann"],
        "seed": 1,
        "actions": [{"player": 3, "pass": True}],
    }
    result = check_cli(capsys, str(write(tmp_path, "who.json", record)))
    assert result.returncode == 2 and result.stderr.strip() == "action 0: unknown player 3"


def test_check_record_several_paths(tmp_path):
    good = write(tmp_path, "good.json", state_to_record(played(2)))
    bad = write(tmp_path, "bad.json", "[")
    missing = tmp_path / "missing.json"
    result = run_cli(str(good), str(bad), str(missing), str(good))
    assert result.returncode == 2
    assert len(result.stdout.splitlines()) == 2
    errors = result.stderr.splitlines()
    assert len(errors) == 2
    assert errors[0].startswith(f"{bad}: not valid JSON")
    assert errors[1].startswith(f"{missing}: cannot read file")


def test_check_record_not_utf8(tmp_path):
    path = tmp_path / "latin.json"
    path.write_bytes(b'{"format": "\xff"}')
    out, err = io.StringIO(), io.StringIO()
    assert check_records_cli([str(path)], catalog.games(), out, err) == 2
    assert out.getvalue() == "" and "not UTF-8" in err.getvalue()


def test_mid_game_record_checks_as_unfinished(tmp_path, capsys):
    state = played(4, players=3, stop_after=25)
    result = check_cli(capsys, str(write(tmp_path, "mid.json", state_to_record(state))))
    out = json.loads(result.stdout)
    assert result.returncode == 0 and out["finished"] is False and out["round"] == state.round
