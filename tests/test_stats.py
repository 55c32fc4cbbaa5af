"""Statistics: the numbers (solo high scores, the score history, multiplayer wins) from made-up
record summaries and from real records of bot games, and the screen driven headlessly."""

from __future__ import annotations

import copy
import itertools
import json
import random
from pathlib import Path
from typing import Any

import pygame
import pytest
from ui_helpers import click, frames, press, screenshot

from game import catalog
from game.core.session import VERSION, Seat, Session
from game.core.stats import (
    compute,
    date_label,
    multiplayer_wins,
    natural_key,
    solo_stats,
    time_key,
)
from game.core.storage import RECORDS, RecordInfo, finished_extra, keep_record, list_records
from game.core.ui.screens.stats import PLOT, StatsScene, moving_average, nice_step, score_axis
from game.luckybox.ai import make_bot
from game.luckybox.entry import LUCKYBOX
from game.luckybox.rules.state import solo_rating

# ---------------------------------------------------------------- helpers


def info(
    names: list[str],
    totals: list[int],
    winners: list[int] | None = None,
    kinds: list[str] | None = None,
    when: str = "2025-01-01T12:00:00",
    finished: bool = True,
    file: str = "",
    rating: str | None = None,
) -> RecordInfo:
    """A made-up record summary, as list_records would return it."""
    if winners is None:
        best = max(totals)
        winners = [i for i, t in enumerate(totals) if t == best]
    return RecordInfo(
        path=Path(file or f"{when or 'undated'}-{'-'.join(names)}-{totals}.json"),
        finished_at=when,
        names=list(names),
        kinds=kinds or ["human"] * len(names),
        totals=list(totals),
        winners=winners,
        finished=finished,
        seed=1,
        rating=rating if rating is not None or len(names) != 1 else solo_rating(totals[0]),
    )


def play(
    kinds: list[str], seed: int, names: list[str] | None = None, stop_after: int | None = None
) -> Session:
    """A game with a bot choosing for every seat (human seats too), optionally cut short."""
    names = names or [f"Player {i + 1}" for i in range(len(kinds))]
    session = Session([Seat(n, k) for n, k in zip(names, kinds, strict=True)], seed, game=LUCKYBOX)
    bots = [make_bot("easy", seed, i) for i in range(len(kinds))]  # easy: fast and legal
    moves = 0
    while not session.state.is_terminal():
        if stop_after is not None and moves >= stop_after:
            break
        waiting = session.state.waiting_for()
        if not waiting:
            session.advance()
            continue
        seat = waiting[0]
        assert session.apply(bots[seat].choose(session.state, seat)).ok
        moves += 1
    return session


def file_game(folder: Path, session: Session, when: str | None = None) -> Path:
    """File the game as the table does: session.record() with finished_extra."""
    record = session.record()
    record.update(
        finished_extra(session.state, [s.kind for s in session.seats], VERSION, game=session.game)
    )
    if when is not None:
        record["finished_at"] = when
    path, warning = keep_record(folder, record)
    assert warning is None and path is not None
    return path


def day(i: int) -> str:
    """A distinct, increasing date-time for the i-th made-up game."""
    return f"2025-{1 + i // 28 % 12:02d}-{1 + i % 28:02d}T{10 + i // 336 % 10:02d}:00:00"


# ---------------------------------------------------------------- solo, made up


def test_solo_table_series_and_summary_from_made_up_records() -> None:
    infos = [
        info(["Ann"], [52], when="2025-03-02T10:00:00"),
        info(["Ann"], [61], when="2025-01-05T09:00:00"),
        info(["Ann"], [47], when="2025-02-11T18:30:00"),
        info(["Ann"], [70], when="", file="zz-foreign.json"),  # undated: after the dated ones
        info(["Ann"], [44], when="", file="aa-foreign.json"),
    ]
    solo = solo_stats(infos)
    assert solo.count == 5
    assert solo.best == 70
    assert solo.mean == pytest.approx((52 + 61 + 47 + 70 + 44) / 5)
    # Dated in date order, then undated by file name.
    assert solo.series == [
        ("2025-01-05T09:00:00", 61),
        ("2025-02-11T18:30:00", 47),
        ("2025-03-02T10:00:00", 52),
        ("", 44),
        ("", 70),
    ]
    assert [g.score for g in solo.top] == [70, 61, 52, 47, 44]
    assert solo.top[0].rating == "Super Mega Lucky Champion!"
    assert solo.top[0].date == "date unknown"
    assert solo.top[1].date == "5 Jan 2025"
    assert solo.best_index == 4


def test_top_ten_keeps_the_ten_best_and_equal_scores_rank_by_who_got_there_first() -> None:
    scores = [40, 55, 61, 38, 55, 70, 49, 52, 66, 58, 43, 61, 35, 50]
    infos = [info(["Bo"], [s], when=day(i)) for i, s in enumerate(scores)]
    random.Random(3).shuffle(infos)  # list order must not matter
    top = solo_stats(infos).top
    assert [g.score for g in top] == [70, 66, 61, 61, 58, 55, 55, 52, 50, 49]
    # The two 61s: the earlier game (index 2) first.
    assert top[2].finished_at == day(2) and top[3].finished_at == day(11)
    assert top[5].finished_at == day(1) and top[6].finished_at == day(4)


def test_computer_solo_and_unfinished_games_do_not_count() -> None:
    infos = [
        info(["Ann"], [50], when=day(1)),
        info(["Bot"], [75], kinds=["hard"], when=day(2)),
        info(["Ann"], [90], finished=False, when=day(3)),
        info(["Ann", "Bo"], [30, 20], finished=False, when=day(4)),
    ]
    stats = compute(infos)
    assert [g.score for g in stats.solo.games] == [50]
    assert stats.solo.best == 50
    assert stats.computer_solo == 1
    assert stats.unfinished == 2
    assert stats.players == [] and stats.multiplayer_games == 0
    assert not stats.empty


def test_a_missing_rating_comes_from_the_rulebook_table() -> None:
    solo = solo_stats([info(["Ann"], [57], rating="")], rating=LUCKYBOX.words.solo_rating)
    assert solo.top[0].rating == solo_rating(57) == "Great game! Or was it just luck?"


def test_nothing_at_all_is_empty() -> None:
    stats = compute([])
    assert stats.empty
    assert stats.solo.best is None and stats.solo.mean is None and stats.solo.best_index is None


def test_undated_records_sort_after_dated_ones_by_file_name() -> None:
    a = info(["A"], [1], when="", file="b.json")
    b = info(["A"], [1], when="", file="a.json")
    c = info(["A"], [1], when="2030-01-01T00:00:00", file="z.json")
    d = info(["A"], [1], when="2020-01-01T00:00:00", file="y.json")
    assert [i.path.name for i in sorted([a, b, c, d], key=time_key)] == [
        "y.json",
        "z.json",
        "a.json",
        "b.json",
    ]


def test_names_sort_with_numbers_as_numbers() -> None:
    labels = ["Player 10", "player 2", "Player 1 (hard)", "Player 1", "Ann"]
    assert sorted(labels, key=natural_key) == [
        "Ann",
        "Player 1",
        "Player 1 (hard)",
        "player 2",
        "Player 10",
    ]


def test_date_labels() -> None:
    assert date_label("2025-05-03T14:02:11") == "3 May 2025"
    assert date_label("") == "date unknown"
    assert date_label("yesterday") == "date unknown"


# ---------------------------------------------------------------- multiplayer, made up


def test_wins_per_name_with_ties_computers_and_spelling() -> None:
    infos = [
        info(["Ann", "Bot 2"], [60, 50], kinds=["human", "hard"], when=day(1)),
        info(["ann ", "Bot 2"], [40, 55], kinds=["human", "hard"], when=day(2)),
        # A tie: both winners get a win.
        info(
            ["Ann", "Cy", "Bot 2"],
            [50, 50, 20],
            winners=[0, 1],
            kinds=["human", "human", "easy"],
            when=day(3),
        ),
        # A human named like a computer is someone else.
        info(["Bot 2", "Cy"], [10, 30], when=day(4)),
        info(["Ann", "Cy"], [99, 1], finished=False, when=day(5)),  # unfinished: ignored
    ]
    rows, games = multiplayer_wins(infos)
    assert games == 4
    table = {r.label: (r.wins, r.played, r.computer) for r in rows}
    assert table == {
        "Ann": (2, 3, False),  # "ann " merged in; the newest spelling is shown
        "Cy": (2, 2, False),
        "Bot 2 (hard)": (1, 2, True),
        "Bot 2 (easy)": (0, 1, True),
        "Bot 2": (0, 1, False),
    }
    # Most wins first; equal wins: the better rate first.
    assert [r.label for r in rows][:3] == ["Cy", "Ann", "Bot 2 (hard)"]
    assert rows[0].rate == 1.0 and rows[0].rate_text == "100%"
    assert rows[1].rate_text == "67%"


def test_a_shared_win_counts_once_per_player_and_for_every_winner() -> None:
    rows, _ = multiplayer_wins(
        [
            info(["A", "B", "C"], [40, 40, 40], winners=[0, 1, 2], when=day(1)),
        ]
    )
    assert {r.label: r.wins for r in rows} == {"A": 1, "B": 1, "C": 1}
    # Two seats under one name: one game played, one win.
    rows, _ = multiplayer_wins([info(["A", "a"], [40, 40], winners=[0, 1], when=day(2))])
    assert [(r.label, r.wins, r.played) for r in rows] == [("a", 1, 1)]


# ---------------------------------------------------------------- real records


def test_real_bot_games_filed_and_read_back(data_dir: Path) -> None:
    expected_solo = []
    for i, seed in enumerate((11, 12, 13)):
        session = play(["human"], seed)
        file_game(data_dir, session, when=day(i))
        expected_solo.append((session.state.players[0].total, session.state.rating()))
    file_game(data_dir, play(["hard"], 14))  # a computer's solo game: not ours
    file_game(data_dir, play(["human"], 15, stop_after=20))  # unfinished solo
    multi = []
    for i, seed in enumerate((21, 22)):
        session = play(["human", "normal", "easy"], seed, names=["Ann", "Bot 2", "Bot 3"])
        file_game(data_dir, session, when=day(10 + i))
        multi.append(session.state)
    file_game(data_dir, play(["human", "easy"], 23, names=["Ann", "Bo"], stop_after=30))

    infos, problems = list_records(data_dir, catalog.games())
    assert problems == []
    assert len(infos) == 8
    stats = compute(infos)
    assert [(g.score, g.rating) for g in stats.solo.games] == expected_solo
    assert stats.solo.best == max(t for t, _ in expected_solo)
    assert stats.computer_solo == 1 and stats.unfinished == 2
    assert stats.multiplayer_games == 2
    labels = ["Ann", "Bot 2 (normal)", "Bot 3 (easy)"]
    wins = {label: 0 for label in labels}
    for state in multi:
        for w in state.winners():
            wins[labels[w]] += 1
    assert {r.label: r.wins for r in stats.players} == wins
    assert all(r.played == 2 for r in stats.players)
    assert sum(r.wins for r in stats.players) >= 2  # every game has at least one winner


# ---------------------------------------------------------------- chart helpers


def test_axis_steps_and_trend() -> None:
    assert nice_step(4, 8) == 1
    assert nice_step(199, 8) == 50
    assert nice_step(30, 4) == 10
    low, high, step = score_axis([55])
    assert low < 55 < high and (high - low) % step == 0
    low, high, step = score_axis([-4, 38, 71])
    assert low <= -4 and high >= 71 and (high - low) / step <= 6
    assert moving_average([10, 20, 30, 40], 2) == [10, 15, 25, 35]


# ---------------------------------------------------------------- the screen


def open_stats(app: Any) -> StatsScene:
    scene = StatsScene(app.ctx)
    app.ctx.stack.push(scene)
    frames(app, 75)  # past the line's sweep-in
    assert app.ctx.stack.top is scene
    return scene


def make_solo_records(folder: Path, solo_games: int) -> list[int]:
    """One real solo record copied `solo_games` times with made-up dates and scores (the list
    reads a record's stored result, so this is quick). Returns the scores in time order."""
    base = play(["human"], 5).record()
    rng = random.Random(8)
    scores = []
    records = folder / RECORDS
    records.mkdir(parents=True, exist_ok=True)
    for i in range(solo_games):
        score = round(34 + 28 * i / solo_games + rng.gauss(0, 6))  # getting better, noisily
        scores.append(score)
        record = copy.deepcopy(base)
        record["seats"] = ["human"]
        record["finished_at"] = day(i)
        record["result"] = {
            "finished": True,
            "round": 4,
            "winners": [0],
            "players": [{"name": "Player 1", "total": score, "rating": solo_rating(score)}],
        }
        (records / f"solo-{i:04d}.json").write_text(json.dumps(record))
    return scores


def make_many_records(folder: Path, solo_games: int) -> list[int]:
    """Many solo records and twelve real multiplayer games. Returns the solo scores."""
    scores = make_solo_records(folder, solo_games)
    tables = [
        (["Ann", "Bo"], ["human", "human"]),
        (["Ann", "Bot 2", "Cy"], ["human", "hard", "human"]),
        (["Dee", "Bot 2", "Bot 3", "Ann"], ["human", "hard", "easy", "human"]),
    ]
    for seed in range(30, 42):
        names, kinds = tables[seed % 3]
        file_game(folder, play(kinds, seed, names=names), when=day(400 + seed))
    return scores


def test_empty_screen_and_back_button(app: Any) -> None:
    scene = open_stats(app)
    assert scene.stats.empty
    assert scene.score_rows == [] and scene.win_rows == [] and scene.points == []
    assert scene.problem_line == ""
    screenshot(app, "stats_empty")
    before = len(app.ctx.stack)
    click(app, scene.widget("back").rect.center)
    assert len(app.ctx.stack) == before - 1
    assert scene not in app.ctx.stack.scenes


def test_full_screen_shows_tables_chart_and_problems(app: Any) -> None:
    folder = app.ctx.game_dir("luckybox")
    scores = make_many_records(folder, 220)
    (folder / RECORDS / "broken.json").write_text("{not json")
    (folder / RECORDS / "other.json").write_text('{"format": "something else"}')
    scene = open_stats(app)

    best = sorted(scores, reverse=True)[:10]
    assert [int(row[1]) for row in scene.score_rows] == best
    assert [row[0] for row in scene.score_rows] == [str(i) for i in range(1, 11)]
    assert scene.score_rows[0][2] == solo_rating(best[0])
    assert len(scene.points) == 220
    # Time order left to right, every point inside the plot, the best score highest.
    xs = [x for x, _ in scene.points]
    assert xs == sorted(xs)
    assert all(PLOT.collidepoint(x, y) for x, y in scene.points)
    assert scene.best_point is not None
    assert scene.best_point[1] == min(y for _, y in scene.points)
    assert scene.best_point == scene.points[scores.index(max(scores))]
    # The best point is painted gold on screen.
    r, g, b, _ = app.screen.get_at((round(scene.best_point[0]), round(scene.best_point[1])))
    assert r > 200 and g > 150 and b < 120

    labels = [row[0] for row in scene.win_rows]
    assert set(labels) == {"Ann", "Bo", "Cy", "Dee", "Bot 2 (hard)", "Bot 3 (easy)"}
    assert scene.stats.multiplayer_games == 12
    assert scene.wins_note == "12 games   |   6 players"
    ann = next(row for row in scene.win_rows if row[0] == "Ann")
    assert ann[2] == "12"  # Ann sat at every table
    assert sum(int(row[1]) for row in scene.win_rows) >= 12

    assert len(scene.problems) == 2
    assert scene.problem_line == "2 records could not be read"
    assert any("broken.json" in p for p in scene.problems)
    screenshot(app, "stats_full")
    press(app, pygame.K_ESCAPE)
    assert scene not in app.ctx.stack.scenes


def test_one_solo_game_and_no_multiplayer(app: Any) -> None:
    session = play(["human"], 9)
    file_game(app.ctx.game_dir("luckybox"), session)
    scene = open_stats(app)
    assert len(scene.points) == 1
    assert scene.points[0][0] == PLOT.centerx  # a lone game sits in the middle
    assert len(scene.score_rows) == 1
    rank, score, rating, date, name = scene.score_rows[0]
    assert (rank, score, rating) == (
        "1",
        str(session.state.players[0].total),
        session.state.rating(),
    )
    assert date  # (its wording is the language's)
    assert name == session.state.names[0]  # the high-score row names its player
    assert scene.win_rows == []
    screenshot(app, "stats_one")


def test_multiplayer_only(app: Any) -> None:
    file_game(app.ctx.game_dir("luckybox"), play(["human", "normal"], 4, names=["Ann", "Bot 2"]))
    scene = open_stats(app)
    assert scene.points == [] and scene.score_rows == []
    assert {row[0] for row in scene.win_rows} == {"Ann", "Bot 2 (normal)"}
    screenshot(app, "stats_multi_only")
    click(app, scene.widget("back").rect.center)
    assert scene not in app.ctx.stack.scenes


def test_a_few_solo_games_and_more_players_than_the_table_shows(app: Any) -> None:
    folder = app.ctx.game_dir("luckybox")
    scores = make_solo_records(folder, 7)
    names = [f"Player {i + 1}" for i in range(12)]
    kinds = ["human"] * 6 + ["easy", "normal", "hard", "easy", "normal", "easy"]
    file_game(folder, play(kinds, 3, names=names), when=day(100))
    file_game(folder, play(["human"] * 3, 4, names=["Zed", "Yan", "Xi"]), when=day(101))
    scene = open_stats(app)
    assert [int(row[1]) for row in scene.score_rows] == sorted(scores, reverse=True)
    assert len(scene.points) == 7
    assert len(scene.win_rows) == 15
    assert "Player 7 (easy)" in {row[0] for row in scene.win_rows}
    assert scene.wins_note == "2 games   |   top 10 of 15 players"
    zero = [row[0] for row in scene.win_rows if row[1] == "0" and row[0].startswith("Player")]
    assert zero == sorted(zero, key=natural_key)
    screenshot(app, "stats_few")


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_wins_table_headings_stand_apart_in_every_language(
    app: Any, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The wins table's three headings ("wins", "games", "win rate") are painted onto the
    screen's cached background, out of sight of the overlap test: here their rects are taken
    as they are drawn. French's "victoires" and "parties" once ran together."""
    from game.core import i18n
    from game.core.i18n import t
    from game.core.ui.toolkit.text import TextCache

    i18n.set_language(lang)
    headings = {
        t("stats.col_wins", "wins"),
        t("stats.col_games", "games"),
        t("stats.col_rate", "win rate"),
    }
    drawn: list[tuple[str, pygame.Rect]] = []
    real = TextCache.blit_centered

    def recording(self: TextCache, surface: pygame.Surface, text: str, *a: Any, **k: Any):
        rect = real(self, surface, text, *a, **k)
        if text in headings:
            drawn.append((text, rect))
        return rect

    monkeypatch.setattr(TextCache, "blit_centered", recording)
    folder = app.ctx.game_dir("luckybox")
    file_game(folder, play(["human", "normal"], 4, names=["Ann", "Bot 2"]))
    open_stats(app)
    first = {text: rect for text, rect in reversed(drawn)}  # one set (the table is drawn once)
    assert set(first) == headings
    rects = sorted(first.values(), key=lambda r: r.x)
    for left, right in itertools.pairwise(rects):
        assert right.left - left.right >= 4, (lang, rects)
