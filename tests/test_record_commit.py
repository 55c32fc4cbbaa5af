"""Records of online deals (issue 62): seeds of 128 bits are read by every record reader and
`--check-record`, for both games, and the `commit` field (GAME-RECORD.md, BLANCO-RECORD.md) is
checked: a record whose commitment does not match its seed and salt is refused with the
contract's reason, exit 2. Records without `commit` check as before (tests/data/legacy)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.catalog import game_by_id, games
from game.core import records
from game.core.commitment import MISMATCH, commitment, new_salt
from game.core.game import RecordError
from game.core.storage import keep_record, list_records

ROOT = Path(__file__).resolve().parents[1]
BIG = 2**128 - 12345  # an online table's seed: 128 bits


def played(game_id: str, seed: int, players: int = 2) -> dict[str, Any]:
    game = game_by_id(game_id)
    state, _ = game.rules.new_game([f"P{i}" for i in range(players)], seed)
    bots = [game.bots.make_bot("easy", 0, i) for i in range(players)]
    while not state.is_terminal():
        waiting = state.waiting_for()
        if not waiting:
            state.advance()
            continue
        assert state.apply(bots[waiting[0]].choose(state.view_for(waiting[0]), waiting[0])).ok
    record: dict[str, Any] = game.rules.record_of(state)
    return record


def committed(record: dict[str, Any], salt: str | None = None) -> dict[str, Any]:
    salt = salt or new_salt()
    return {**record, "commit": {"salt": salt, "sha256": commitment(record["seed"], salt)}}


def check(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, *records_: dict[str, Any]
) -> subprocess.CompletedProcess[str]:
    """`main.py --check-record` of these records, run by the command line's own entry
    (`game.cli.main`, what main.py runs) in this process, its output captured: a process costs
    about a third of a second to start. The program started as a player starts it refuses a
    too large seed below (and tests/test_record.py checks records so)."""
    from game import cli

    paths = []
    for i, record in enumerate(records_):
        path = tmp_path / f"r{i}.json"
        path.write_text(json.dumps(record))
        paths.append(str(path))
    capsys.readouterr()
    status = cli.main(["--check-record", *paths], prog="main.py")
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(["main.py", "--check-record", *paths], status, out, err)


@pytest.mark.parametrize("game_id", ["luckybox", "blanco"])
def test_a_128_bit_seed_deals_replays_and_checks(
    game_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = played(game_id, BIG)
    text = json.dumps(record)
    assert str(BIG) in text
    done = records.replay(records.parse_json(text), game_by_id(game_id))
    assert done.state.is_terminal() and done.parsed.seed == BIG
    other = played(game_id, BIG + 1)
    assert other["deal"] != record["deal"]  # the whole seed deals, not a part of it
    result = check(capsys, tmp_path, record)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == game_by_id(game_id).rules.summary(done.state)


@pytest.mark.parametrize("game_id", ["luckybox", "blanco"])
def test_a_record_that_keeps_its_commitment_checks_as_without_it(
    game_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = played(game_id, BIG)
    plain, kept = check(capsys, tmp_path, record), check(capsys, tmp_path, committed(record))
    assert kept.returncode == 0 and kept.stdout == plain.stdout and kept.stderr == ""


@pytest.mark.parametrize("game_id", ["luckybox", "blanco"])
def test_a_record_that_breaks_its_commitment_is_refused(
    game_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = committed(played(game_id, 77))
    wrong_seed = {**record, "seed": 78}  # the deal listed whole, the seed changed after
    wrong_seed["deal"] = played(game_id, 78)["deal"]
    wrong_seed["actions"] = played(game_id, 78)["actions"]
    result = check(capsys, tmp_path, wrong_seed)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == f"{MISMATCH}\n"
    other_salt = {**record, "commit": {**record["commit"], "salt": new_salt()}}
    assert check(capsys, tmp_path, other_salt).stderr == f"{MISMATCH}\n"
    with pytest.raises(RecordError, match="^the deal does not match its commitment$"):
        game_by_id(game_id).rules.parse_record(wrong_seed)


@pytest.mark.parametrize(
    ("commit", "reason"),
    [
        ("abc", "commit must be an object"),
        ({"sha256": "0" * 64}, "commit.salt must be 32 lowercase hex digits"),
        ({"salt": "A" * 32, "sha256": "0" * 64}, "commit.salt must be 32 lowercase hex digits"),
        ({"salt": "a" * 32, "sha256": "0" * 63}, "commit.sha256 must be 64 lowercase hex digits"),
    ],
)
def test_a_malformed_commitment_is_refused_in_one_line(commit: Any, reason: str) -> None:
    record = {**played("blanco", 5), "commit": commit}
    with pytest.raises(RecordError, match=reason):
        game_by_id("blanco").rules.parse_record(record)


def test_the_commitment_is_the_worked_example_in_protocol_md() -> None:
    """H is the SHA-256 of the UTF-8 text SEED:SALT, the seed in decimal: the figures of
    docs/PROTOCOL.md's worked example, which any client can compute."""
    seed, salt = 12345678901234567890123456789012345678, "3f2a9c0e5b7d41e8a6c2f0193d7b5e84"
    h = "d43213b016113135c841c64c6904b72ebf2f17756b1b8af2981cf953ca0e84fa"
    assert commitment(seed, salt) == h
    doc = (ROOT / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    assert f"{seed}:{salt}" in doc and h in doc


def test_a_kept_online_record_with_a_big_seed_is_listed(tmp_path: Path) -> None:
    record = committed(played("blanco", BIG))
    folder = tmp_path / "blanco"
    _path, warning = keep_record(folder, record)
    assert warning is None
    infos, problems = list_records(folder, games())
    assert problems == [] and len(infos) == 1
    assert records.read_json(infos[0].path)["seed"] == BIG


def test_integers_past_128_bits_are_still_refused_in_a_record(tmp_path: Path) -> None:
    record = played("blanco", 5)
    text = json.dumps(record).replace('"seed": 5', f'"seed": {2**128 + 1}')
    path = tmp_path / "r.json"
    path.write_text(text)
    result = subprocess.run(
        [sys.executable, "main.py", "--check-record", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and "is too large" in result.stderr
