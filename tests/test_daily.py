"""The daily deal without a window: the seed of a date (the records' contract), the `daily`
field written and checked by both games and `--check-record`, the share line, the history."""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from game import catalog
from game.core import daily, daily_history
from game.core.entry import Game
from game.core.game import RecordError
from game.core.keeper import GameKeeper
from game.core.records import check_records_cli
from game.core.session import Seat, Session

DAY = "2026-11-22"


def game(game_id: str) -> Game[Any]:
    return next(g for g in catalog.games() if g.id == game_id)


def played(game_id: str, seed: int, day: str | None = None) -> Session[Any, Any]:
    """A solo game played to its end by an Easy computer (the daily deal of `day`, if given)."""
    session: Session[Any, Any] = Session([Seat("Ann", "easy")], seed, game=game(game_id))
    session.daily = day
    state = session.state
    while not state.is_terminal():
        if session.chance_due():
            session.advance()
            continue
        seat = state.waiting_for()[0]
        assert session.apply(session.bots[seat].choose(state.view_for(seat), seat)).ok
    return session


def check(tmp_path: Path, record: dict[str, Any]) -> tuple[int, str, str]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    status = check_records_cli([str(path)], catalog.games(), out, err)
    return status, out.getvalue(), err.getvalue()


# ---------------------------------------------------------------- the seed


@pytest.mark.parametrize("game_id", ["luckybox", "blanco"])
def test_the_daily_seed_is_the_first_six_bytes_of_the_dates_sha256(game_id: str) -> None:
    digest = hashlib.sha256(f"{game_id}/daily/2026-11-22".encode()).digest()
    expected = int.from_bytes(digest[:6], "big")
    assert daily.daily_seed(game_id, DAY) == expected
    assert daily.daily_seed(game_id, daily.parse_day(DAY) or "") == expected


def test_the_daily_seed_by_hand() -> None:
    # The first 6 bytes of sha256("luckybox/daily/2026-11-22") are e5 60 e5 74 97 9e, and of
    # "blanco/daily/2026-11-22" be f3 28 23 57 e5: the integers below, written out once.
    assert daily.daily_seed("luckybox", DAY) == 252204329244574
    assert daily.daily_seed("blanco", DAY) == 209951559735269
    assert daily.daily_seed("luckybox", DAY) != daily.daily_seed("luckybox", "2026-11-23")
    assert 0 <= daily.daily_seed("luckybox", DAY) < 2**48


@pytest.mark.parametrize(
    "text",
    ["2026-02-30", "2026-13-01", "26-11-22", "2026-11-22 ", "2026/11/22", "", None, 20261122],
)
def test_a_date_that_is_not_a_real_one_is_none(text: Any) -> None:
    assert daily.parse_day(text) is None


# ---------------------------------------------------------------- records and --check-record


@pytest.mark.parametrize("game_id", ["luckybox", "blanco"])
def test_a_daily_record_is_written_and_accepted(tmp_path: Path, game_id: str) -> None:
    session = played(game_id, daily.daily_seed(game_id, DAY), DAY)
    record = session.record()
    assert record["daily"] == DAY
    assert "daily_practice" not in record
    status, out, err = check(tmp_path, record)
    assert (status, err) == (0, "")
    undated = dict(record)
    del undated["daily"]
    # The field changes nothing in the check's line.
    assert check(tmp_path, undated)[1] == out


@pytest.mark.parametrize("game_id", ["luckybox", "blanco"])
def test_a_practice_game_says_so_in_its_record(game_id: str) -> None:
    session = played(game_id, daily.daily_seed(game_id, DAY), DAY)
    session.daily_practice = True
    assert session.record()["daily_practice"] is True


@pytest.mark.parametrize("game_id", ["luckybox", "blanco"])
@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("2026-11-23", "not the daily deal of 2026-11-23"),
        ("2026-02-30", "daily: 2026-02-30 is not a real date"),
        (20261122, 'daily must be a date "YYYY-MM-DD"'),
        (None, 'daily must be a date "YYYY-MM-DD"'),
        ("22/11/2026", 'daily must be a date "YYYY-MM-DD"'),
    ],
)
def test_a_bad_daily_record_is_refused(
    tmp_path: Path, game_id: str, value: Any, reason: str
) -> None:
    session = played(game_id, daily.daily_seed(game_id, DAY), DAY)
    record = session.record()
    record["daily"] = value
    status, out, err = check(tmp_path, record)
    assert (status, out, err) == (2, "", reason + "\n")
    with pytest.raises(RecordError, match=reason.replace("(", r"\(")):
        game(game_id).rules.parse_record(record)


@pytest.mark.parametrize("game_id", ["luckybox", "blanco"])
def test_the_other_games_daily_seed_is_refused(tmp_path: Path, game_id: str) -> None:
    other = "blanco" if game_id == "luckybox" else "luckybox"
    session = played(game_id, daily.daily_seed(other, DAY))
    record = session.record()
    record["daily"] = DAY
    assert check(tmp_path, record)[:3:2] == (2, f"not the daily deal of {DAY}\n")


@pytest.mark.parametrize("game_id", ["luckybox", "blanco"])
def test_records_without_daily_are_written_as_before(game_id: str) -> None:
    session = played(game_id, 7)
    record = session.record()
    assert "daily" not in record and "daily_practice" not in record
    assert list(record)[: len(record) - 2] == list(game(game_id).rules.record_of(session.state))


# ---------------------------------------------------------------- sharing


def test_lucky_box_shares_its_score_and_a_group_of_squares_per_round() -> None:
    session = played("luckybox", daily.daily_seed("luckybox", DAY), DAY)
    text = daily.share_text(session.game, session.state, DAY)
    total = session.state.players[0].total
    head = f"Super Mega Lucky Box daily \u00b7 {DAY} \u00b7 {total} point"
    assert text.startswith(head)
    squares = text.split(" point")[1].split(" ", 1)[1]
    groups = squares.split(" ")
    assert len(groups) == 4
    player = session.state.players[0]
    for r, group in enumerate(groups):
        assert group.count(daily.GREEN) == len(player.completed[r])
        assert group.count(daily.YELLOW) == player.stars[r]
    assert "\n" not in text


def test_blanco_shares_its_turns_and_a_square_per_five_turns() -> None:
    session = played("blanco", daily.daily_seed("blanco", DAY), DAY)
    turns = session.state.players[0].turns
    text = daily.share_text(session.game, session.state, DAY)
    assert text.startswith(f"Blanco daily \u00b7 {DAY} \u00b7 {turns} turns ")
    squares = text.rsplit("turns ", 1)[1].replace(" ", "")
    # Each grid rounds its turns up to a square per five: between turns/5 and turns/5 + 2.
    assert turns / 5 <= len(squares) <= turns / 5 + 2
    assert set(squares) <= {daily.BLUE, daily.GREEN}
    assert daily.BLUE in squares and daily.GREEN in squares


# ---------------------------------------------------------------- the history


def test_the_first_game_of_the_day_counts_and_later_ones_are_practice(tmp_path: Path) -> None:
    assert daily_history.claim(tmp_path, DAY) == (True, None)
    assert daily_history.claim(tmp_path, DAY) == (False, None)
    assert daily_history.claim(tmp_path, "2026-11-23") == (True, None)
    history, warning = daily_history.load_history(tmp_path)
    assert warning is None
    assert sorted(history.days) == [DAY, "2026-11-23"]
    assert history.finished() == []  # claimed, not finished


def test_streaks_and_best(tmp_path: Path) -> None:
    for day, score in [("2026-11-18", 40), ("2026-11-20", 55), ("2026-11-21", 61), (DAY, 48)]:
        assert daily_history.keep_result(tmp_path, day, score, f"share {day}") is None
    history, _ = daily_history.load_history(tmp_path)
    assert history.streak(DAY) == 3
    assert history.streak("2026-11-23") == 3  # today not played yet: the streak still stands
    assert history.streak("2026-11-24") == 0
    assert history.best_streak() == 3
    assert history.best_score(fewest=False) == 61
    assert history.best_score(fewest=True) == 40
    assert history.days[DAY].share == f"share {DAY}"


def test_a_bad_history_is_set_aside_and_said(tmp_path: Path) -> None:
    (tmp_path / daily_history.HISTORY_FILE).write_text(
        '{"days": {"2026-02-30": {}}}', encoding="utf-8"
    )
    history, warning = daily_history.load_history(tmp_path)
    assert history.days == {}
    assert warning is not None and "daily" in warning
    assert not (tmp_path / daily_history.HISTORY_FILE).exists()
    assert list(tmp_path.glob("daily.json.bad-*"))


@pytest.mark.parametrize("game_id", ["luckybox", "blanco"])
def test_the_keeper_keeps_the_counting_games_result_only(tmp_path: Path, game_id: str) -> None:
    session = played(game_id, daily.daily_seed(game_id, DAY), DAY)
    told: list[str] = []
    GameKeeper(session, tmp_path, True, told.append).file_finished()
    history, _ = daily_history.load_history(tmp_path)
    assert told == []
    assert history.days[DAY].score == daily.score_of(session.game, session.state)
    assert history.days[DAY].share == daily.share_text(session.game, session.state, DAY)

    practice = played(game_id, daily.daily_seed(game_id, "2026-11-23"), "2026-11-23")
    practice.daily_practice = True
    GameKeeper(practice, tmp_path / "other", True, told.append).file_finished()
    assert daily_history.load_history(tmp_path / "other")[0].days == {}


@pytest.mark.parametrize("practice", [False, True])
def test_a_saved_daily_game_continues_as_one(practice: bool) -> None:
    lucky = game("luckybox")
    session: Session[Any, Any] = Session(
        [Seat("Ann")], daily.daily_seed("luckybox", DAY), game=lucky
    )
    session.daily, session.daily_practice = DAY, practice
    resumed = Session.resume(session.save(), lucky)[0]
    assert (resumed.daily, resumed.daily_practice) == (DAY, practice)
    plain = Session.resume(Session([Seat("Ann")], 5, game=lucky).save(), lucky)[0]
    assert (plain.daily, plain.daily_practice) == (None, False)
